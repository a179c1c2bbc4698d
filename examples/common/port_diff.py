#!/usr/bin/env python3
"""Print the diff between each porting example's original kernel and its port, as shown in
docs/porting.md; with --check DOC, exit 1 unless DOC contains every diff verbatim (so the guide cannot
drift from the code)."""
import difflib
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEADERS = ["10_port_stencil/stencil.cuh", "11_port_histogram/histogram.cuh", "12_port_transpose/transpose.cuh",
           "13_port_elementwise/elementwise.cuh"]


def function_lines(text, ns):
    """The code of `namespace ns { ... }`, without its leading comments."""
    begin = text.index("namespace %s {" % ns)
    end = text.index("}  // namespace %s" % ns)
    lines = text[begin:end].split("\n")[1:]
    while lines and (not lines[0].strip() or lines[0].startswith("//")):
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def diff_of(header):
    text = (ROOT / header).read_text()
    return "\n".join(difflib.unified_diff(function_lines(text, "original"), function_lines(text, "ported"),
                                          "original", "ported", lineterm="", n=1))


def main():
    diffs = {h: diff_of(h) for h in HEADERS}
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        doc = pathlib.Path(sys.argv[2]).read_text()
        missing = [h for h, d in diffs.items() if d not in doc]
        for h in missing:
            print("%s: the diff of %s is not in the guide; regenerate it with %s" % (sys.argv[2], h, sys.argv[0]))
        return 1 if missing else 0
    for h, d in diffs.items():
        print("### examples/%s\n\n```diff\n%s\n```\n" % (h, d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
