#!/usr/bin/env python3
"""Turn the committed benchmark results (bench/results/*.json) into the figures docs/ shows.

    python3 scripts/plot_results.py            # writes docs/figures/*.png
    python3 scripts/plot_results.py --out DIR  # elsewhere

Needs matplotlib (on the GPU image; `pip install matplotlib` elsewhere). Every figure names the
results file and the commit its numbers come from; a missing or unreadable results file is an error,
not a silently skipped figure.
"""
import argparse
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    path = os.path.join(ROOT, "bench", "results", name)
    with open(path) as f:
        return json.load(f), os.path.relpath(path, ROOT)


def commit_of(doc):
    meta = doc.get("meta", doc)
    return str(meta.get("commit", "unknown"))


def ratio_bars(ax, labels, ratios, title, source, ref_label):
    import matplotlib.ticker as mticker
    ys = range(len(labels))
    colours = ["#59a14f" if r >= 1.0 else ("#edc948" if r >= 0.9 else "#e15759") for r in ratios]
    ax.barh(list(ys), ratios, color=colours)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(list(ys))
    ax.set_yticklabels(labels, fontsize=7)
    if not ax.yaxis_inverted():  # first row on top; axes that share y are inverted once, not twice
        ax.invert_yaxis()
    ax.set_xlabel(f"speed ratio ({ref_label} time / clc time; > 1: clc faster)")
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) if ratios else float("nan")
    ax.set_title(f"{title}\ngeomean {gm:.3f} over {len(ratios)} shapes\n{source}", fontsize=8)
    ax.xaxis.set_major_formatter(mticker.FormatStrFormatter("%.2f"))


def gemm_figure(plt, out):
    doc, path = load("h200-gemm.json")
    rows = [r for r in doc["results"] if r.get("check_ok") and r.get("ratio", 0) > 0]
    labels = [f"{r['m']}x{r['n']}x{r['k']}" + (f"x{r['batch']}" if r.get("batch", 1) > 1 else "") for r in rows]
    fig, ax = plt.subplots(figsize=(6, 0.25 * len(rows) + 1.2))
    ratio_bars(ax, labels, [r["ratio"] for r in rows], "clc::gemm vs cuBLAS, H200, bf16",
               f"{path} (commit {commit_of(doc)})", "cuBLAS")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "gemm-ratios.png"), dpi=130)
    plt.close(fig)


def attention_figure(plt, out):
    doc, path = load("h200-attention.json")
    rows = [r for r in doc["results"] if r.get("gate") == "pass" and r.get("ratio_vs_cudnn")
            and not r["name"].startswith("varlen")]
    labels = [r["name"] for r in rows]
    fig, axes = plt.subplots(1, 2, figsize=(11, 0.22 * len(rows) + 1.4), sharey=True)
    src = f"{path} (commit {commit_of(doc)})"
    ratio_bars(axes[0], labels, [r["ratio_vs_cudnn"] for r in rows], "clc::attention vs cuDNN (SDPA), H200, bf16",
               src, "cuDNN")
    ratio_bars(axes[1], labels, [r["ratio_vs_flash"] for r in rows], "clc::attention vs FlashAttention-2", src, "FA2")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "attention-ratios.png"), dpi=130)
    plt.close(fig)


def sched_figure(plt, out):
    doc, path = load("h200-sched.json")
    targets = doc.get("targets", [])
    if not targets:
        raise SystemExit(f"{path}: no 'targets'")
    fig, ax = plt.subplots(figsize=(7, 0.45 * len(targets) + 1.2))
    names = [t["name"] for t in targets]
    vals = [t["value"] for t in targets]
    cols = ["#bab0ac" if "target" not in t else ("#59a14f" if t.get("met") else "#e15759") for t in targets]
    ax.barh(range(len(targets)), vals, color=cols)
    for i, t in enumerate(targets):
        if "target" in t:
            ax.plot([t["target"], t["target"]], [i - 0.4, i + 0.4], color="black", linewidth=1.2)
    ax.set_yticks(range(len(targets)))
    ax.set_yticklabels(names, fontsize=7)
    ax.invert_yaxis()
    ax.set_title("clc-bench sched: targets\n(bar: measured, line: target; green met, red missed, grey: reported)\n"
                 f"{path} (commit {commit_of(doc)})", fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(out, "sched-targets.png"), dpi=130)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "figures"), help="output folder")
    args = ap.parse_args()
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        print(f"plot_results.py: matplotlib is needed ({e})", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    for fig in (gemm_figure, attention_figure, sched_figure):
        fig(plt, args.out)
        print(f"{fig.__name__}: written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
