"""Paper-ready plots of a results database: ratio distribution per method, ratio vs instance
size, runtime vs size on log-log axes. Each ``plot_*`` returns a Figure (notebooks);
:func:`write_plots` writes each as PNG, PDF and SVG per (suite, problem, instance set).

Style (shared with :mod:`dlsched.plot`): the colour-blind-safe Okabe-Ito palette and one marker
per method; the reference method is a dashed line at ratio 1, not a method; integer sizes get
integer ticks; the ratio axis turns logarithmic when one method's ratios exceed another's by
more than 10x; with fewer than :data:`STRIP_BELOW` points per method every point is drawn
(a strip plot) instead of a box over 3-4 points; titles wrap instead of being clipped.

Names from suites (suite, problem, set, method, size key) are drawn literally
(:func:`dlsched.core.escape.mathtext`: no ``$...$`` math, no usetex) and become file names only
through :func:`dlsched.core.paths.safe_filename`; files are staged in a private directory
inside the output directory and renamed into place (:mod:`dlsched.core.paths`).
"""

from __future__ import annotations

import math
import textwrap
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from ..core.escape import MPL_RC
from ..core.escape import mathtext as _tx
from ..core.paths import inside, publish, safe_filename, staging
from ..plot.style import integer_axis, method_style
from .aggregate import bootstrap_ci, ratio_rows
from .ratios import BOUND, PROVEN
from .store import ResultsStore

#: Below this many ratios per method the distribution is a strip plot only (no box).
STRIP_BELOW = 10
#: Image formats written for every plot (PNG for Markdown, PDF/SVG for papers and slides).
FORMATS = ("png", "pdf", "svg")


def _plt():
    import matplotlib.pyplot as plt

    return plt


def _figure(width: float, height: float = 4.2):
    """A figure with constrained layout (titles and outside legends are never clipped)."""
    return _plt().subplots(figsize=(width, height), layout="constrained")


def _title(ax: Any, text: str, width: int = 70) -> None:
    ax.set_title(textwrap.fill(_tx(text), width), fontsize=10)


def _maybe_log(ax: Any, values: list[float]) -> None:
    """Log ratio axis when the largest positive value exceeds 10x the smallest."""
    pos = [v for v in values if v is not None and v > 0 and math.isfinite(v)]
    if pos and max(pos) > 10 * min(pos):
        ax.set_yscale("log")


def _integer_sizes(ax: Any, sizes: list[float]) -> None:
    if sizes and all(float(s).is_integer() for s in sizes):
        integer_axis(ax.xaxis)


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
    """Ratios per method: every point (proven filled, vs-bound hollow) in the method's colour
    and marker, a box behind them when a method has at least :data:`STRIP_BELOW` proven ratios;
    the reference is the dashed line at 1 (pass ``methods`` without the reference method)."""
    fig, ax = _figure(max(5.0, 1.1 * len(methods) + 2))
    rng = np.random.default_rng(0)
    data = [[r["ratio"] for r in rows if r["method"] == m and r["basis"] == PROVEN]
            for m in methods]
    boxed = [i for i, d in enumerate(data, start=1) if len(d) >= STRIP_BELOW]
    if boxed:
        ax.boxplot([data[i - 1] for i in boxed], positions=boxed, showfliers=False, widths=0.5)
    ax.set_xticks(range(1, len(methods) + 1), [_tx(m) for m in methods], rotation=20,
                  ha="right")
    for i, m in enumerate(methods, start=1):
        st = method_style(i - 1)
        for basis in (PROVEN, BOUND):
            ys = [r["ratio"] for r in rows if r["method"] == m and r["basis"] == basis]
            if ys:
                xs = i + rng.uniform(-0.15, 0.15, len(ys))
                face = st["color"] if basis == PROVEN else "none"
                ax.scatter(xs, ys, s=18, alpha=0.8, marker=st["marker"], facecolors=face,
                           edgecolors=st["color"], linewidths=0.8)
    ax.axhline(1.0, color="grey", lw=1.0, ls="--", label="reference (ratio 1)")
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color="grey", ls="--", label="reference (ratio 1)"),
               Line2D([], [], ls="", marker="o", color="black", label="proven ratio"),
               Line2D([], [], ls="", marker="o", mfc="none", color="black", label="vs bound")]
    ax.legend(handles=handles, loc="best", fontsize=8)
    _maybe_log(ax, [r["ratio"] for r in rows if r["method"] in methods])
    ax.set_ylabel("ALG / OPT" + (" (higher is better)" if sense == "max" else " (lower is better)"))
    ax.set_xlabel("method")
    _title(ax, title)
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
    fig, ax = _figure(7.6)
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
        ax.errorbar(xs, mean, yerr=[lo, hi], ms=5, capsize=3, label=_tx(m), **method_style(i))
    ax.axhline(1.0, color="grey", lw=1.0, ls="--", label="reference")
    _maybe_log(ax, [r["ratio"] for r in proven if r["method"] in methods])
    _integer_sizes(ax, [float(r["size"]) for r in proven if r.get("size") is not None])
    ax.set_xlabel(f"instance size ({_tx(size_key)})")
    ax.set_ylabel(f"mean ALG / OPT ({confidence:.0%} CI)"
                  + (", higher is better" if sense == "max" else ", lower is better"))
    _title(ax, title)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="method")
    ax.grid(True, alpha=0.3)
    return fig


def plot_runtime_vs_size(rows: list[dict[str, Any]], methods: list[str], title: str,
                         size_key: str):
    """Median runtime per size on log-log axes, one line per method."""
    fig, ax = _figure(7.6)
    for i, m in enumerate(methods):
        series = [(s, v) for s, v in _size_series(rows, m, "runtime_s") if s > 0]
        if not series:
            continue
        xs = [s for s, _ in series]
        ys = [max(float(np.median(v)), 1e-6) for _, v in series]
        ax.plot(xs, ys, ms=5, label=_tx(m), **method_style(i))
    ax.set_xscale("log")
    ax.set_yscale("log")
    sizes = sorted({s for m in methods for s, _ in _size_series(rows, m, "runtime_s") if s > 0})
    if sizes:  # label the measured sizes plainly instead of 3x10^0-style ticks
        from matplotlib.ticker import NullFormatter

        ax.set_xticks(sizes, [f"{s:g}" for s in sizes])
        ax.xaxis.set_minor_formatter(NullFormatter())
    ax.set_xlabel(f"instance size ({_tx(size_key)}, log scale)")
    ax.set_ylabel("median runtime [s] (log scale)")
    _title(ax, title)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="method")
    ax.grid(True, which="both", alpha=0.3)
    return fig


def _slug(*parts: str) -> str:
    """One safe file-name stem for the parts (suite, problem, set, kind)."""
    return safe_filename("-".join(parts))


def _save(fig: Any, path: Path) -> Path:
    """Write ``fig`` as every format in :data:`FORMATS`: each into a private staging directory
    inside ``path``'s directory, then renamed into place; returns the PNG path."""
    from matplotlib import rc_context

    finals = [inside(path.parent, f"{path.stem}.{ext}") for ext in FORMATS]
    try:
        with staging(path.parent) as tmp_dir, rc_context(MPL_RC):
            for ext, final in zip(FORMATS, finals, strict=True):
                tmp = tmp_dir / f"plot.{ext}"
                with open(tmp, "xb") as fh:  # exclusive: a fresh file in a private directory
                    fig.savefig(fh, dpi=150, format=ext)
                publish(tmp, final)
    finally:
        _plt().close(fig)
    return finals[FORMATS.index("png")]


def write_plots(store: ResultsStore, out_dir: Path, suite: str | None = None
                ) -> dict[tuple[str, str], list[Path]]:
    """Three plots per (suite, problem, instance set), each as PNG, PDF and SVG; returns the PNG
    paths by (suite, problem) (the PDF/SVG siblings share their stem)."""
    rows = ratio_rows(store, suite)
    out: dict[tuple[str, str], list[Path]] = defaultdict(list)
    for info in [s for s in store.suites() if suite is None or s["suite"] == suite]:
        s, p = info["suite"], info["problem"]
        for grp, rs in _by_set(rows, s, p).items():
            methods = _methods(rs, info["methods"])
            ratio_methods = [m for m in methods if m != info["reference"]]  # it is the line
            size_key = next((r["size_key"] for r in rs if r.get("size_key")), "size")
            head = f"{s} / {p} [{grp}]"
            figs = {} if info["reference"] is None else {  # metrics only: no ratio plots
                "ratios": plot_ratio_distribution(
                    rs, ratio_methods,
                    f"{head}: ALG/OPT per method (reference {info['reference']})",
                    info["sense"]),
                "ratio-vs-size": plot_ratio_vs_size(
                    rs, ratio_methods, f"{head}: ALG/OPT vs instance size", size_key, info["sense"],
                    info["confidence"]),
            }
            figs["runtime-vs-size"] = plot_runtime_vs_size(
                rs, methods, f"{head}: runtime vs instance size", size_key)
            for kind, fig in figs.items():
                out[(s, p)].append(_save(fig, out_dir / f"{_slug(s, p, grp, kind)}.png"))
    return dict(out)
