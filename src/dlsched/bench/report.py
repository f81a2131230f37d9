"""Reports from a results database: Markdown tables, rich terminal tables and PNG plots.

Everything here is importable for notebooks: ``summarise`` (aggregate.py) gives the groups,
``markdown_report`` the text, ``plot_*`` a matplotlib Figure, ``write_report`` all files.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from ..core.io import atomic_write_text
from .aggregate import ALL_SIZES, Group, bootstrap_ci, ratio_rows, summarise
from .ratios import BOUND, PROVEN
from .store import ResultsStore

BASIS_NOTE = {PROVEN: "proven", BOUND: "vs bound", None: "-"}


def _f(x: float | None, digits: int = 4) -> str:
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def _t(x: float | None) -> str:
    return "-" if x is None else f"{x:.3g}"


def _ci(g: Group, which: str) -> str:
    ci = getattr(g, f"{which}_ci")
    val = getattr(g, which)
    if val is None or ci is None:
        return "-"
    return f"{val:.4f} [{ci.low:.4f}, {ci.high:.4f}]"


RATIO_HEADERS = ["set", "method", "size", "basis", "n", "mean [CI]", "median [CI]", "worst",
                 "failed", "invalid", "time-limited", "suspicious", "time mean [s]",
                 "time max [s]"]


def ratio_cells(g: Group) -> list[str]:
    """One table line of a ratio group (shared by Markdown and the terminal table)."""
    size = g.size if g.size == ALL_SIZES else f"{g.size:g}"
    worst = _f(g.worst)
    return [g.group, g.method, str(size), BASIS_NOTE.get(g.basis, str(g.basis)), str(g.n),
            _ci(g, "mean"), _ci(g, "median"), worst, str(g.failed), str(g.invalid), str(g.limited),
            str(g.suspicious), _t(g.runtime_mean), _t(g.runtime_max)]


def metric_table(groups: list[Group]) -> tuple[list[str], list[list[str]]]:
    """Headers and lines of the per-method metric means (e.g. fairness pass rates).

    Groups of one (set, method) (sizes, bases) are pooled weighted by their row counts.
    """
    keys = sorted({k for g in groups for k in g.metrics})
    if not keys:
        return [], []
    sums: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(
        lambda: [0.0, 0.0]))
    order: list[tuple[str, str]] = []
    for g in groups:
        key = (g.group, g.method)
        if key not in sums:
            order.append(key)
        acc = sums[key]
        for k, v in g.metrics.items():
            c = g.metric_counts.get(k, 1)
            acc[k][0] += v * c
            acc[k][1] += c
    lines = [[s, m] + [_f(sums[(s, m)][k][0] / sums[(s, m)][k][1], 3)
                       if sums[(s, m)][k][1] else "-" for k in keys] for s, m in order]
    return ["set", "method", *keys], lines


def _md(headers: list[str], lines: list[list[str]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(c.replace("|", "\\|") for c in line) + " |" for line in lines]
    return "\n".join(out)


def _sections(store: ResultsStore, suite: str | None):
    overall = summarise(store, suite, by_size=False)
    sized = summarise(store, suite, by_size=True)
    infos = [s for s in store.suites() if suite is None or s["suite"] == suite]
    for info in infos:
        def mine(g: Group, info: dict[str, Any] = info) -> bool:
            return g.suite == info["suite"] and g.problem == info["problem"]

        yield info, [g for g in overall if mine(g)], [g for g in sized if mine(g)]


def _direction(sense: str) -> str:
    return ("maximisation: ALG/OPT in [0, 1], higher is better" if sense == "max"
            else "minimisation: ALG/OPT >= 1, lower is better")


def provenance(store: ResultsStore, info: dict[str, Any]) -> str:
    """One line: how many runs, when, where, with which dlsched / solver versions."""
    keys = info.get("task_keys")
    rows = [r for r in store.rows(info["suite"]) if r["problem"] == info["problem"]
            and (keys is None or r["task_key"] in keys)]
    if not rows:
        return "No runs stored."
    done = sorted(r["finished_at"] for r in rows if r.get("finished_at"))
    hosts = sorted({r["host"] for r in rows if r.get("host")})
    vers: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        for k, v in (r.get("versions") or {}).items():
            vers[k].add(str(v))
    shown = ", ".join(f"{k} {'/'.join(sorted(v))}" for k, v in sorted(vers.items()))
    span = f"{done[0]} to {done[-1]}" if done else "unknown time"
    return (f"Provenance: {len(rows)} runs finished {span} on {', '.join(hosts) or '?'}; "
            f"{shown}.")


def markdown_report(store: ResultsStore, suite: str | None = None,
                    images: dict[tuple[str, str], list[Path]] | None = None) -> str:
    """Markdown: per suite and problem, the ratio table, the table by size, the metrics."""
    parts = ["# dlsched benchmark report", ""]
    for info, overall, sized in _sections(store, suite):
        parts += [f"## {info['suite']} / {info['problem']}", "",
                  f"Reference: `{info['reference']}` ({_direction(info['sense'])}). "
                  f"Intervals: {info['confidence']:.0%} bootstrap ({info['bootstrap']} resamples). "
                  "Basis *proven*: the reference solve is optimal; *vs bound*: it stopped at a "
                  "limit and the ratio uses its bound (conservative); the two are never pooled.",
                  "", provenance(store, info), "", "### Ratios", "",
                  _md(RATIO_HEADERS, [ratio_cells(g) for g in overall]), ""]
        parts += ["### Ratios by instance size", "",
                  _md(RATIO_HEADERS, [ratio_cells(g) for g in sized]), ""]
        headers, lines = metric_table(overall)
        if headers:
            parts += ["### Metrics (means over valid results; 0/1 properties are pass rates)", "",
                      _md(headers, lines), ""]
        reasons = [(g.method, r, c) for g in overall for r, c in g.reasons.items()]
        if reasons:
            parts += ["### Rows without a ratio", ""]
            parts += [f"- {m}: {c} x {r}" for m, r, c in reasons] + [""]
        for img in (images or {}).get((info["suite"], info["problem"]), []):
            parts += [f"![{img.stem}]({img.name})", ""]
    return "\n".join(parts)


TERMINAL_HEADERS = ["set", "method", "size", "basis", "n", "mean [CI]", "median", "worst",
                    "fail/inval/limit", "susp", "time [s]"]


def terminal_cells(g: Group) -> list[str]:
    """Compact line for the terminal summary (3 decimals, mean runtime)."""
    size = g.size if g.size == ALL_SIZES else f"{g.size:g}"
    mean = "-" if g.mean is None or g.mean_ci is None else (
        f"{g.mean:.3f} [{g.mean_ci.low:.3f},{g.mean_ci.high:.3f}]")
    worst = _f(g.worst, 3)
    return [g.group, g.method, str(size), BASIS_NOTE.get(g.basis, str(g.basis)), str(g.n), mean,
            _f(g.median, 3), worst, f"{g.failed}/{g.invalid}/{g.limited}", str(g.suspicious),
            _t(g.runtime_mean)]


def rich_tables(groups: list[Group], title: str = "ratios") -> list[Any]:
    """Terminal tables (rich) for the groups of one or more suites."""
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    tables = []
    by_problem: dict[tuple[str, str], list[Group]] = defaultdict(list)
    for g in groups:
        by_problem[(g.suite, g.problem)].append(g)
    for (suite, problem), gs in by_problem.items():
        t = Table(title=f"{suite} / {problem}: {title} ({_direction(gs[0].sense)})",
                  box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
        sized = any(g.size != ALL_SIZES for g in gs)
        for h in TERMINAL_HEADERS:
            if h == "size" and not sized:
                continue
            t.add_column(escape(h), justify="left" if h in ("set", "method", "basis") else "right",
                         no_wrap=h == "mean [CI]")
        for g in gs:
            cells = terminal_cells(g)
            t.add_row(*map(escape, cells if sized else cells[:2] + cells[3:]))
        tables.append(t)
        headers, lines = metric_table(gs)
        if headers:
            m = Table(title=f"{suite} / {problem}: metric means (0/1 = pass rates)",
                      box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
            for h in headers:
                m.add_column(escape(h), justify="left" if h in ("set", "method") else "right")
            for line in lines:
                m.add_row(*map(escape, line))
            tables.append(m)
    return tables


# --- plots ------------------------------------------------------------------------------------
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
            figs = {
                "ratios": plot_ratio_distribution(
                    rs, methods, f"{head}: ALG/OPT per method (reference {info['reference']})",
                    info["sense"]),
                "ratio-vs-size": plot_ratio_vs_size(
                    rs, methods, f"{head}: ALG/OPT vs instance size", size_key, info["sense"],
                    info["confidence"]),
                "runtime-vs-size": plot_runtime_vs_size(
                    rs, methods, f"{head}: runtime vs instance size", size_key),
            }
            for kind, fig in figs.items():
                out[(s, p)].append(_save(fig, out_dir / f"{_slug(s, p, grp, kind)}.png"))
    return dict(out)


def write_report(db: str | Path, out_dir: str | Path, suite: str | None = None) -> list[Path]:
    """Write ``report.md`` and the PNG plots for ``db`` into ``out_dir``; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with ResultsStore(db, create=False) as store:
        images = write_plots(store, out, suite)
        text = markdown_report(store, suite, images)
    md = out / "report.md"
    atomic_write_text(md, text)
    return [md, *[p for ps in images.values() for p in ps]]
