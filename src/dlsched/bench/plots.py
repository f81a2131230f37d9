"""Paper-ready plots of a results database: ratio distribution per method, ratio vs instance
size, runtime vs size on log-log axes. Each ``plot_*`` returns a Figure (notebooks);
``write_plots`` writes each as PNG, PDF and SVG per (suite, problem, instance set).

Style (shared with ``dlsched.plot``): the colour-blind-safe Okabe-Ito palette and one marker
per method; the reference method is a dashed line at ratio 1, not a method; integer sizes get
integer ticks; the ratio axis turns logarithmic when one method's ratios exceed another's by
more than 10x; with fewer than ``STRIP_BELOW`` points per method every point is drawn
(a strip plot) instead of a box over 3-4 points; titles wrap instead of being clipped.
Style (shared with ``dlsched.plot``).

Names from suites (suite, problem, set, method, size key) are drawn literally
(``dlsched.core.escape.mathtext``: no ``$...$`` math, no usetex) and become file names only
through ``dlsched.core.paths.safe_filename``; files are staged in a private directory
inside the output directory and renamed into place (``dlsched.core.paths``).

A ratio plot is never empty: vs-bound ratios are drawn (hollow, dashed) next to proven ones,
and a plot without any ratio is not written (the report's tables say why). ``ylim`` fixes the
ratio axis (points outside are counted in the title) and ``methods`` picks the methods drawn.
"""

from __future__ import annotations

import math
import textwrap
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..core.escape import MPL_RC
from ..core.escape import mathtext as _tx
from ..core.paths import inside, publish, safe_filename, staging
from ..plot.style import integer_axis, method_style
from .aggregate import bootstrap_ci, ratio_rows
from .ratios import BOUND, PROVEN, RATIO_LABEL
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


def check_ylim(ylim: Any) -> tuple[float, float] | None:
    """``ylim`` as a (low, high) pair of finite numbers with low < high, or None.

    Parameters
    ----------
    ylim : sequence of two numbers or None
        Ratio-axis limits asked for by the user. Unit: dimensionless.

    Returns
    -------
    tuple of float or None
        The checked pair.

    Raises
    ------
    InputError
        Field ``ylim`` for anything but two finite numbers in increasing order.

    Examples
    --------
    >>> check_ylim([0.9, 1.6])
    (0.9, 1.6)
    """
    from ..core.errors import InputError

    if ylim is None:
        return None
    try:
        lo, hi = (float(v) for v in ylim)
    except (TypeError, ValueError):
        raise InputError("ylim", f"expected two numbers LO HI, got {ylim!r}") from None
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise InputError("ylim", f"expected finite LO < HI, got {lo:g} {hi:g}")
    return lo, hi


def _maybe_log(ax: Any, values: list[float]) -> None:
    """Log ratio axis when the largest positive value exceeds 10x the smallest (never when a
    ratio is 0 or less: those points would vanish from a log axis)."""
    vals = [v for v in values if v is not None and math.isfinite(v)]
    pos = [v for v in vals if v > 0]
    if pos and len(pos) == len(vals) and max(pos) > 10 * min(pos):
        ax.set_yscale("log")


def _limit(ax: Any, values: list[float], ylim: tuple[float, float] | None,
           what: str = "point(s)") -> str:
    """Apply the user's ratio-axis limits (else the automatic log rule); returns a note for the
    x-axis label saying how many values fall outside them ("" when none), so a clipped outlier
    is never silently lost."""
    if ylim is None:
        _maybe_log(ax, values)
        return ""
    ax.set_ylim(*ylim)
    out = sum(1 for v in values if v is not None and not ylim[0] <= v <= ylim[1])
    return f"\n{out} {what} outside the y-limits {ylim[0]:g}-{ylim[1]:g}" if out else ""


def _form(sense: str) -> str:
    """The ratio's formula for ``sense`` (>= 1 is worse in both, ``ratios.py``)."""
    return "OPT / ALG" if sense == "max" else "ALG / OPT"


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
                            sense: str = "max", ylim: tuple[float, float] | None = None):
    """Ratios per method, every point drawn.

    Parameters
    ----------
    rows : list of dict
        Rows with ``method``, ``basis`` and ``ratio`` (``ratio_rows``).
    methods : list of str
        Methods to draw, in order (without the reference: it is the dashed line at 1).
    title : str
        Plot title (drawn literally, wrapped).
    sense : str, default "max"
        ``"max"`` or ``"min"``: the ratio's formula on the axis label (OPT/ALG or ALG/OPT;
        >= 1 is worse in both, so lower is better on every ratio axis).
    ylim : tuple of float or None, default None
        Ratio-axis limits (default: automatic, log when one ratio exceeds another 10x).
        Unit: dimensionless.

    Returns
    -------
    matplotlib.figure.Figure
        Proven ratios filled, vs-bound hollow, in the method's colour and marker; a box behind
        them when a method has at least ``STRIP_BELOW`` proven ratios.

    Examples
    --------
    In a notebook the rows come from ``ratio_rows(store)``; three are written out here.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from dlsched.bench import plot_ratio_distribution
    >>> rows = [{"method": "max-min", "basis": "proven", "ratio": 1.12},
    ...         {"method": "max-min", "basis": "proven", "ratio": 1.2},
    ...         {"method": "gavel", "basis": "bound", "ratio": 1.05}]
    >>> fig = plot_ratio_distribution(rows, ["max-min", "gavel"], "tiny / oef", "max",
    ...                               ylim=(1.0, 1.15))
    >>> ax = fig.axes[0]
    >>> [t.get_text() for t in ax.get_xticklabels()], ax.get_ylabel()
    (['max-min', 'gavel'], 'ratio (>=1 worse): OPT / ALG')
    >>> len(ax.collections)  # one strip per method and basis, no box below STRIP_BELOW points
    2
    >>> print(ax.get_xlabel())  # the ratio 1.2 lies above the y-limits: counted, not lost
    method
    1 point(s) outside the y-limits 1-1.15
    >>> plt.close(fig)
    """
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
    clipped = _limit(ax, [r["ratio"] for r in rows if r["method"] in methods
                          and r.get("ratio") is not None], ylim)
    ax.set_ylabel(f"{RATIO_LABEL}: {_form(sense)}")
    ax.set_xlabel("method" + clipped)
    _title(ax, title)
    return fig


def _size_series(rows: list[dict[str, Any]], method: str, value: str):
    by: dict[float, list[float]] = defaultdict(list)
    for r in rows:
        if r["method"] == method and r.get("size") is not None and r.get(value) is not None:
            by[float(r["size"])].append(float(r[value]))
    return sorted(by.items())


def plot_ratio_vs_size(rows: list[dict[str, Any]], methods: list[str], title: str,
                       size_key: str, sense: str = "max", confidence: float = 0.95,
                       ylim: tuple[float, float] | None = None):
    """Mean ratio per size with bootstrap CI whiskers, one line per method and basis.

    Parameters
    ----------
    rows : list of dict
        Rows with ``method``, ``basis``, ``ratio`` and ``size`` (``ratio_rows``).
    methods : list of str
        Methods to draw, in order (without the reference).
    title : str
        Plot title.
    size_key : str
        Name of the size (x-axis label).
    sense : str, default "max"
        ``"max"`` or ``"min"`` (axis label).
    confidence : float, default 0.95
        Level of the bootstrap intervals. Unit: dimensionless. Range: (0, 1).
    ylim : tuple of float or None, default None
        Ratio-axis limits (default automatic). Unit: dimensionless.

    Returns
    -------
    matplotlib.figure.Figure
        Proven ratios as solid lines with filled markers, vs-bound ratios (when the reference
        stopped at a limit) as dashed lines with hollow markers; methods are dodged slightly
        along x so their whiskers do not hide each other.

    Examples
    --------
    In a notebook the rows come from ``ratio_rows(store)``; a few are written out here.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from dlsched.bench import plot_ratio_vs_size
    >>> rows = [{"method": m, "basis": "proven", "ratio": r, "size": n}
    ...         for m, r, n in [("max-min", 1.12, 3), ("max-min", 1.15, 3), ("max-min", 1.2, 4),
    ...                         ("gavel", 1.05, 3), ("gavel", 1.03, 4)]]
    >>> fig = plot_ratio_vs_size(rows, ["max-min", "gavel"], "tiny / oef", "users")
    >>> ax = fig.axes[0]
    >>> ax.get_legend_handles_labels()[1]
    ['reference', 'max-min', 'gavel']
    >>> ax.get_xlabel(), ax.get_ylabel()
    ('instance size (users)', 'mean ratio (>=1 worse): OPT / ALG (95% CI)')
    >>> plt.close(fig)
    """
    fig, ax = _figure(7.6)
    ratioed = [r for r in rows if r["basis"] in (PROVEN, BOUND)]
    spread = 0.02 * (len(methods) - 1)
    means: list[float] = []
    for i, m in enumerate(methods):
        for basis in (PROVEN, BOUND):
            series = _size_series([r for r in ratioed if r["basis"] == basis], m, "ratio")
            if not series:
                continue
            dodge = 1.0 + (i * 0.04 - spread if len(methods) > 1 else 0.0) * 0.25
            xs = np.array([s for s, _ in series]) * dodge
            mean = np.array([np.mean(v) for _, v in series])
            means += [float(v) for v in mean]
            cis = [bootstrap_ci(np.array(v), "mean", 500, confidence) for _, v in series]
            lo = mean - np.array([c.low for c in cis])
            hi = np.array([c.high for c in cis]) - mean
            style = method_style(i)
            extra = {} if basis == PROVEN else {"ls": "--", "mfc": "none"}
            label = _tx(m) if basis == PROVEN else _tx(f"{m} (vs bound)")
            ax.errorbar(xs, mean, yerr=[lo, hi], ms=5, capsize=3, label=label, **style, **extra)
    ax.axhline(1.0, color="grey", lw=1.0, ls="--", label="reference")
    clipped = _limit(ax, means, ylim, "mean(s)")
    _integer_sizes(ax, [float(r["size"]) for r in ratioed if r.get("size") is not None])
    ax.set_xlabel(f"instance size ({_tx(size_key)})" + clipped)
    ax.set_ylabel(f"mean {RATIO_LABEL}: {_form(sense)} ({confidence:.0%} CI)")
    _title(ax, title)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="method")
    ax.grid(True, alpha=0.3)
    return fig


def plot_runtime_vs_size(rows: list[dict[str, Any]], methods: list[str], title: str,
                         size_key: str):
    """Median runtime per size on log-log axes, one line per method.

    Parameters
    ----------
    rows : list of dict
        Rows with ``method``, ``runtime_s`` and ``size``.
    methods : list of str
        Methods to draw, in order.
    title : str
        Plot title.
    size_key : str
        Name of the size (x-axis label).

    Returns
    -------
    matplotlib.figure.Figure
        The figure; sizes without a positive value are left out (log axis).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from dlsched.bench import plot_runtime_vs_size
    >>> rows = [{"method": m, "runtime_s": t, "size": n}
    ...         for m, t, n in [("efficiency", 0.06, 3), ("efficiency", 0.09, 4),
    ...                         ("max-min", 0.0004, 3), ("max-min", 0.0005, 4)]]
    >>> fig = plot_runtime_vs_size(rows, ["efficiency", "max-min"], "tiny / oef", "users")
    >>> ax = fig.axes[0]
    >>> ax.get_xscale(), ax.get_yscale(), [t.get_text() for t in ax.get_xticklabels()]
    ('log', 'log', ['3', '4'])
    >>> ax.get_legend_handles_labels()[1]
    ['efficiency', 'max-min']
    >>> plt.close(fig)
    """
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
    """Write ``fig`` as every format in ``FORMATS``: each into a private staging directory
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


def plot_sets(store: ResultsStore, suite: str | None = None
              ) -> list[tuple[dict[str, Any], str, list[dict[str, Any]]]]:
    """The (suite info, instance set, rows) triples ``write_plots`` draws, one per stage.

    Parameters
    ----------
    store : ResultsStore
        The open results database.
    suite : str or None, default None
        Only this suite.

    Returns
    -------
    list of tuple
        ``(info, set label, rows with ratios)`` per (suite, problem, instance set).
    """
    rows = ratio_rows(store, suite)
    return [(info, grp, rs) for info in store.suites() if suite is None or info["suite"] == suite
            for grp, rs in _by_set(rows, info["suite"], info["problem"]).items()]


def write_plots(store: ResultsStore, out_dir: Path, suite: str | None = None, *,
                ylim: tuple[float, float] | None = None, methods: list[str] | None = None,
                step: Callable[[str], None] | None = None
                ) -> dict[tuple[str, str], list[Path]]:
    """Write up to three plots per (suite, problem, instance set), each as PNG, PDF and SVG.

    Parameters
    ----------
    store : ResultsStore
        The open results database.
    out_dir : Path
        Output directory (must exist).
    suite : str or None, default None
        Only this suite.
    ylim : tuple of float or None, default None
        Ratio-axis limits of both ratio plots. Unit: dimensionless.
    methods : list of str or None, default None
        Draw only these method labels (default: all).
    step : Callable or None, default None
        Called with a label as each instance set starts (progress).

    Returns
    -------
    dict
        ``(suite, problem) -> PNG paths`` (the PDF/SVG siblings share their stem). A ratio plot
        without any ratio to draw is not written.

    Raises
    ------
    InputError
        Field ``ylim`` for limits that are not two finite numbers in increasing order.

    Examples
    --------
    A suite without a reference (metrics only) gets the runtime plot alone; with one, the two
    ratio plots come first. Each plot is written in three formats.

    >>> import tempfile
    >>> from pathlib import Path
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dlsched.bench import ResultsStore, parse_suite, run_suite, write_plots
    >>> tiny = parse_suite({"suite": {"name": "tiny"}, "problems": {"oef": {
    ...     "size": "users",
    ...     "instances": [{"label": "synthetic", "grid": {"n": [3, 4], "k": [2]}, "seeds": 1}],
    ...     "methods": [{"label": "max-min", "algorithm": "max-min"},
    ...                 {"label": "gavel", "algorithm": "gavel"}]}}}, Path("tiny.toml"))
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = Path(tmp.name) / "results.db"
    >>> run_suite(tiny, db, executor="serial", progress=False).ran
    4
    >>> with ResultsStore(db, create=False) as store:
    ...     pngs = write_plots(store, Path(tmp.name))
    >>> [p.name for p in pngs[("tiny", "oef")]]
    ['tiny-oef-synthetic-runtime-vs-size.png']
    >>> sorted(p.suffix for p in Path(tmp.name).glob("tiny-oef-*"))  # PNG, PDF and SVG
    ['.pdf', '.png', '.svg']
    >>> tmp.cleanup()
    """
    ylim = check_ylim(ylim)
    out: dict[tuple[str, str], list[Path]] = defaultdict(list)
    for info, grp, rs in plot_sets(store, suite):
        s, p = info["suite"], info["problem"]
        if step is not None:
            step(f"plots {s} / {p} [{grp}]")
        chosen = _methods(rs, info["methods"])
        if methods is not None:
            chosen = [m for m in chosen if m in methods]
        ratio_methods = [m for m in chosen if m != info["reference"]]  # it is the line
        size_key = next((r["size_key"] for r in rs if r.get("size_key")), "size")
        head = f"{s} / {p} [{grp}]"
        has_ratios = any(r.get("ratio") is not None and r["method"] in ratio_methods
                         for r in rs)
        figs = {} if info["reference"] is None or not has_ratios else {
            "ratios": plot_ratio_distribution(
                rs, ratio_methods,
                f"{head}: {RATIO_LABEL} per method (reference {info['reference']})",
                info["sense"], ylim=ylim),
            "ratio-vs-size": plot_ratio_vs_size(
                rs, ratio_methods, f"{head}: {RATIO_LABEL} vs instance size", size_key,
                info["sense"],
                info["confidence"], ylim=ylim),
        }
        if chosen:
            figs["runtime-vs-size"] = plot_runtime_vs_size(
                rs, chosen, f"{head}: runtime vs instance size", size_key)
        for kind, fig in figs.items():
            out[(s, p)].append(_save(fig, out_dir / f"{_slug(s, p, grp, kind)}.png"))
    return dict(out)
