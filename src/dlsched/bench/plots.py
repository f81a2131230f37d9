"""PNG plots of a results database (matplotlib, Agg): ratio distribution per method, ratio vs
instance size, runtime vs size on log-log axes. Each ``plot_*`` returns a Figure (notebooks);
:func:`write_plots` writes three PNGs per (suite, problem, instance set).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from .aggregate import bootstrap_ci, ratio_rows
from .ratios import BOUND, PROVEN
from .store import ResultsStore


def _plt():
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    return plt


def _by_set(rows: list[dict[str, Any]], suite: str, problem: str):
    sets: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if r["suite"] == suite and r["problem"] == problem:
            sets[r["group"]].append(r)
    return sets


def _methods(rows: list[dict[str, Any]], order: list[str]) -> list[str]:
    present = {r["method"] for r in rows}
    return [m for m in order if m in present] + sorted(present - set(order))


def plot_ratio_distribution(rows: list[dict[str, Any]], methods: list[str], title: str,
                            sense: str = "max"):
    """Box plot of ratios per method; proven ratios filled, bound-based ratios hollow."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(5.0, 1.1 * len(methods) + 2), 4.2))
    rng = np.random.default_rng(0)
    data = [[r["ratio"] for r in rows if r["method"] == m and r["basis"] == PROVEN]
            for m in methods]
    ax.boxplot([d if d else [math.nan] for d in data], showfliers=False)
    ax.set_xticks(range(1, len(methods) + 1), methods, rotation=20, ha="right")
    for i, m in enumerate(methods, start=1):
        for basis, style in ((PROVEN, {"color": "C0"}),
                             (BOUND, {"facecolors": "none", "edgecolors": "C3"})):
            ys = [r["ratio"] for r in rows if r["method"] == m and r["basis"] == basis]
            if ys:
                xs = i + rng.uniform(-0.15, 0.15, len(ys))
                ax.scatter(xs, ys, s=14, alpha=0.7, **style,
                           label=f"{'proven' if basis == PROVEN else 'vs bound'} ratio")
    handles, labels = ax.get_legend_handles_labels()
    uniq = dict(zip(labels, handles, strict=False))
    if uniq:
        ax.legend(uniq.values(), uniq.keys(), loc="best", fontsize=8)
    ax.axhline(1.0, color="grey", lw=0.8, ls="--")
    ax.set_ylabel("ALG / OPT" + (" (higher is better)" if sense == "max" else " (lower is better)"))
    ax.set_xlabel("method")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig


def _size_series(rows: list[dict[str, Any]], method: str, value: str):
    by: dict[float, list[float]] = defaultdict(list)
    for r in rows:
        if r["method"] == method and r.get("size") is not None and r.get(value) is not None:
            by[float(r["size"])].append(float(r[value]))
    return sorted(by.items())


def plot_ratio_vs_size(rows: list[dict[str, Any]], methods: list[str], title: str,
                       size_key: str, sense: str = "max", confidence: float = 0.95):
    """Mean proven ratio per size with bootstrap CI whiskers, one line per method.

    Methods are dodged slightly along x so their whiskers do not hide each other.
    """
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7.6, 4.2))
    proven = [r for r in rows if r["basis"] == PROVEN]
    spread = 0.02 * (len(methods) - 1)
    for i, m in enumerate(methods):
        series = _size_series(proven, m, "ratio")
        if not series:
            continue
        dodge = 1.0 + (i * 0.04 - spread if len(methods) > 1 else 0.0) * 0.25
        xs = np.array([s for s, _ in series]) * dodge
        mean = np.array([np.mean(v) for _, v in series])
        cis = [bootstrap_ci(np.array(v), "mean", 500, confidence) for _, v in series]
        lo = mean - np.array([c.low for c in cis])
        hi = np.array([c.high for c in cis]) - mean
        ax.errorbar(xs, mean, yerr=[lo, hi], marker="o", ms=4, capsize=3, label=m)
    ax.axhline(1.0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel(f"instance size ({size_key})")
    ax.set_ylabel(f"mean ALG / OPT ({confidence:.0%} CI)"
                  + (", higher is better" if sense == "max" else ", lower is better"))
    ax.set_title(title, fontsize=10)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="method")
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    return fig


def plot_runtime_vs_size(rows: list[dict[str, Any]], methods: list[str], title: str,
                         size_key: str):
    """Median runtime per size on log-log axes, one line per method."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7.6, 4.2))
    for m in methods:
        series = [(s, v) for s, v in _size_series(rows, m, "runtime_s") if s > 0]
        if not series:
            continue
        xs = [s for s, _ in series]
        ys = [max(float(np.median(v)), 1e-6) for _, v in series]
        ax.plot(xs, ys, marker="o", ms=4, label=m)
    ax.set_xscale("log")
    ax.set_yscale("log")
    sizes = sorted({s for m in methods for s, _ in _size_series(rows, m, "runtime_s") if s > 0})
    if sizes:  # label the measured sizes plainly instead of 3x10^0-style ticks
        from matplotlib.ticker import NullFormatter

        ax.set_xticks(sizes, [f"{s:g}" for s in sizes])
        ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel(f"instance size ({size_key}, log scale)")
    ax.set_ylabel("median runtime [s] (log scale)")
    ax.set_title(title, fontsize=10)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="method")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return fig


def _slug(*parts: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", "-".join(parts)).strip("_")


def _save(fig: Any, path: Path) -> Path:
    tmp = path.with_name(f".{path.stem}.tmp.png")
    fig.savefig(tmp, dpi=110)
    _plt().close(fig)
    tmp.replace(path)
    return path


def write_plots(store: ResultsStore, out_dir: Path, suite: str | None = None
                ) -> dict[tuple[str, str], list[Path]]:
    """Three PNGs per (suite, problem, instance set); returns the paths by (suite, problem)."""
    rows = ratio_rows(store, suite)
    out: dict[tuple[str, str], list[Path]] = defaultdict(list)
    for info in [s for s in store.suites() if suite is None or s["suite"] == suite]:
        s, p = info["suite"], info["problem"]
        for grp, rs in _by_set(rows, s, p).items():
            methods = _methods(rs, info["methods"])
            size_key = next((r["size_key"] for r in rs if r.get("size_key")), "size")
            head = f"{s} / {p} [{grp}]"
            figs = {} if info["reference"] is None else {  # metrics only: no ratio plots
                "ratios": plot_ratio_distribution(
                    rs, methods, f"{head}: ALG/OPT per method (reference {info['reference']})",
                    info["sense"]),
                "ratio-vs-size": plot_ratio_vs_size(
                    rs, methods, f"{head}: ALG/OPT vs instance size", size_key, info["sense"],
                    info["confidence"]),
            }
            figs["runtime-vs-size"] = plot_runtime_vs_size(
                rs, methods, f"{head}: runtime vs instance size", size_key)
            for kind, fig in figs.items():
                out[(s, p)].append(_save(fig, out_dir / f"{_slug(s, p, grp, kind)}.png"))
    return dict(out)
