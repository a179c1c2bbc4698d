#!/usr/bin/env python3
"""Filters compute-sanitizer racecheck output down to hazards that are not the documented pair.

The 1-CTA Ticket and Cancel paths deliver a response with one 128-bit shared store (STS.128) and a
release arrive on the slot's full barrier; consumers wait on that barrier (acquire) and read the
slot with one 128-bit load (LDS.128), then release it with an arrive on the empty barrier, which the
producer waits for before the next store. That is correct under the PTX memory model, but racecheck
does not model mbarrier ordering and reports the pair as RAW/WAR hazards (docs/protocol.md). The
handback (ClaimTiming::Handback) hands a held response from the scheduler warp to the producer warp
through a 16-byte slot with the same pair, ordered by a shared-memory CAS, which racecheck does not
model either.

This script accepts exactly that pair: every reported hazard must be between an LDS.128 and an
STS.128 of the same 16-byte-aligned shared address, both in the same clc kernel, read from the
binary's SASS (cuobjdump). Any other hazard fails (exit 1) and is printed.

usage: racecheck_filter.py RACECHECK_LOG BINARY
Run racecheck with --print-limit 0 (every hazard printed) and --show-backtrace no.
"""
import re
import subprocess
import sys
from collections import Counter, defaultdict

HAZARD = re.compile(r"Error: Potential (\w+) hazard detected at __shared__ (0x[0-9a-f]+) in block")
ACCESS = re.compile(r"(Read|Write) Thread \([^)]*\) at (.*)\+(0x[0-9a-f]+)\s*$")
SUMMARY = re.compile(r"RACECHECK SUMMARY: (\d+) hazards displayed \((\d+) errors, (\d+) warnings\)")


def normalize(name):
    """A kernel's name without return type and parameter list, spaces and '(int)' casts, so that
    racecheck's demangled form and c++filt's agree."""
    name = name.strip().replace("(anonymous namespace)", "<unnamed>")  # c++filt's spelling, racecheck's
    if name.startswith("void "):
        name = name[5:]
    depth = 0
    for i, ch in enumerate(name):  # cut at the parameter list: the first '(' outside <...>
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            name = name[:i]
            break
    name = re.sub(r"\((?:int|unsigned int|bool|long|unsigned long)\)", "", name)
    return name.replace(" ", "")


def sass_by_function(binary, arch="sm_90a"):
    # The SASS of the architecture racecheck ran (a binary with several would otherwise map the
    # offsets into the last one listed); every architecture when the binary has none for `arch`.
    out = subprocess.run(["cuobjdump", "-arch", arch, "-sass", binary], capture_output=True, text=True).stdout
    if "Function :" not in out:
        out = subprocess.run(["cuobjdump", "-sass", binary], capture_output=True, text=True, check=True).stdout
    funcs = {}
    current = None
    for line in out.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            current = m.group(1)
            funcs[current] = {}
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if m and current:
            funcs[current][int(m.group(1), 16)] = m.group(2)
    names = list(funcs)
    demangled = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                               check=True).stdout.splitlines()
    return {normalize(d): funcs[n] for n, d in zip(names, demangled)}


def opcode(text):
    # "@P0 LDS.128 R4, [UR4]" -> "LDS.128"
    parts = [p for p in text.split() if not p.startswith("@")]
    return parts[0] if parts else ""


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    log, binary = sys.argv[1], sys.argv[2]
    lines = open(log, errors="replace").read().splitlines()
    sass = sass_by_function(binary)
    hazards = []
    i = 0
    while i < len(lines):
        m = HAZARD.search(lines[i])
        if not m:
            i += 1
            continue
        accesses = []
        j = i + 1
        while j < len(lines) and len(accesses) < 2 and not HAZARD.search(lines[j]):
            a = ACCESS.search(lines[j])
            if a:
                accesses.append((a.group(1), normalize(a.group(2)), int(a.group(3), 16)))
            j += 1
        hazards.append((m.group(1), int(m.group(2), 16), accesses))
        i = j
    summary = [SUMMARY.search(l) for l in lines]
    summary = [s for s in summary if s]
    reported = sum(int(s.group(2)) + int(s.group(3)) for s in summary)
    bad = []
    kinds = Counter()
    for kind, addr, acc in hazards:
        ops = []
        for rw, fn, off in acc:
            ops.append((rw, opcode(sass.get(fn, {}).get(off, "?"))))
        documented = (len(acc) == 2 and acc[0][1] == acc[1][1] and kind in ("RAW", "WAR")
                      and sorted(op for _, op in ops) == ["LDS.128", "STS.128"]
                      and dict(ops).get("Read") == "LDS.128" and dict(ops).get("Write") == "STS.128")
        if documented:
            kinds[(kind, acc[0][1])] += 1
        else:
            bad.append((kind, hex(addr), acc, ops))
    print(f"racecheck_filter: {len(hazards)} hazards printed, {reported} reported in the summaries")
    for (kind, fn), n in sorted(kinds.items()):
        print(f"  documented pair (LDS.128 / STS.128 of a response slot), {kind}: {n} in {fn}")
    if len(hazards) < reported:
        bad.append(("unprinted", "-", [], [f"{reported - len(hazards)} hazards were not printed: run with --print-limit 0"]))
    for b in bad[:20]:
        print("  OTHER HAZARD:", b)
    if bad:
        print(f"racecheck_filter: FAIL: {len(bad)} hazards are not the documented pair")
        return 1
    print("racecheck_filter: ok (only the documented pair)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
