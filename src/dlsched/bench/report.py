"""Reports from a results database: Markdown, CSV and LaTeX tables, rich terminal tables
(plots: plots.py, as PNG + PDF + SVG).

Names come from suites and instances (suite, problem, set, method, metric, host): every format
escapes them with :mod:`dlsched.core.escape` (Markdown, LaTeX, CSV; rich markup for the
terminal), so a name is shown as text and never acts as markup, a command or a formula.

Everything here is importable for notebooks: ``summarise`` (aggregate.py) gives the groups,
``markdown_report`` the text, ``csv_table`` / ``latex_table`` the tables for papers and
spreadsheets, ``plots.plot_*`` a matplotlib Figure, ``write_report`` all files.
"""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from collections.abc import Collection
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..core import escape
from ..core.io import atomic_write_text
from .aggregate import ALL_SIZES, Group, summarise
from .plots import write_plots
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


RUN_HEADERS = ["set", "method", "runs", "failed", "invalid", "time-limited", "time mean [s]",
               "time max [s]"]


def run_cells(g: Group) -> list[str]:
    """One line of the runs table of a metrics-only section (no reference, no ratios)."""
    return [g.group, g.method, str(g.runs), str(g.failed), str(g.invalid), str(g.limited),
            _t(g.runtime_mean), _t(g.runtime_max)]


#: Columns of the CSV ratio table: plain numbers (empty when undefined), one row per group.
CSV_FIELDS = ["suite", "problem", "sense", "set", "method", "size", "basis", "n", "mean",
              "mean_ci_low", "mean_ci_high", "median", "median_ci_low", "median_ci_high", "worst",
              "runs", "failed", "invalid", "time_limited", "suspicious", "runtime_mean_s",
              "runtime_max_s"]


def _num(x: Any) -> Any:
    return "" if x is None or (isinstance(x, float) and math.isnan(x)) else x


def csv_table(groups: list[Group]) -> str:
    """The ratio groups as CSV (:data:`CSV_FIELDS`), full precision, for spreadsheets/pandas."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for g in groups:
        lo_m, hi_m = (g.mean_ci.low, g.mean_ci.high) if g.mean_ci else (None, None)
        lo_d, hi_d = (g.median_ci.low, g.median_ci.high) if g.median_ci else (None, None)
        w.writerow([escape.csv_cell(_num(v)) for v in (
            g.suite, g.problem, g.sense, g.group, g.method, g.size, BASIS_NOTE.get(g.basis),
            g.n, g.mean, lo_m, hi_m, g.median, lo_d, hi_d, g.worst, g.runs, g.failed, g.invalid,
            g.limited, g.suspicious, g.runtime_mean, g.runtime_max)])
    return buf.getvalue()


_tex = escape.latex


def latex_table(groups: list[Group], caption: str = "", label: str = "") -> str:
    """A booktabs ``tabular`` of the ratio groups: set, method, basis, n, mean [CI], median,
    worst, mean time; ready for ``\\input`` in a paper (needs ``\\usepackage{booktabs}``)."""
    head = ["set", "method", "basis", "$n$", "mean [CI]", "median", "worst", "time [s]"]
    lines = ["\\begin{table}[t]", "\\centering"]
    if caption:
        lines.append(f"\\caption{{{_tex(caption)}}}")
    if label:
        lines.append(f"\\label{{{_tex(label)}}}")
    lines += ["\\begin{tabular}{lllrlrrr}", "\\toprule", " & ".join(head) + " \\\\",
              "\\midrule"]
    for g in groups:
        ci = (f"{g.mean:.3f} [{g.mean_ci.low:.3f}, {g.mean_ci.high:.3f}]"
              if g.mean is not None and g.mean_ci is not None else "--")
        cells = [_tex(g.group), _tex(g.method), BASIS_NOTE.get(g.basis, "-"), str(g.n), ci,
                 "--" if g.median is None else f"{g.median:.3f}",
                 "--" if g.worst is None else f"{g.worst:.3f}",
                 "--" if g.runtime_mean is None else f"{g.runtime_mean:.3g}"]
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}", "\\end{table}", ""]
    return "\n".join(lines)


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
    out = ["| " + " | ".join(map(escape.markdown, headers)) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(map(escape.markdown, line)) + " |" for line in lines]
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
        md = escape.markdown
        parts += [f"## {md(info['suite'])} / {md(info['problem'])}", ""]
        if info["reference"] is None:
            sense = "maximisation" if info["sense"] == "max" else "minimisation"
            parts += [f"No reference: metrics only ({sense} objective; no exact optimum in "
                      "this section, so no ratios).", "", md(provenance(store, info)), "",
                      "### Runs", "", _md(RUN_HEADERS, [run_cells(g) for g in overall]), ""]
        else:
            parts += [f"Reference: {md(info['reference'])} ({_direction(info['sense'])}). "
                      f"Intervals: {info['confidence']:.0%} bootstrap ({info['bootstrap']} "
                      "resamples). Basis *proven*: the reference solve is optimal; *vs bound*: it "
                      "stopped at a limit and the ratio uses its bound (conservative); the two "
                      "are never pooled.",
                      "", md(provenance(store, info)), "", "### Ratios", "",
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
            parts += [f"- {md(m)}: {c} x {md(r)}" for m, r, c in reasons] + [""]
        for img in (images or {}).get((info["suite"], info["problem"]), []):
            parts += [f"![{md(img.stem)}]({quote(img.name)})", ""]
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


def rich_tables(groups: list[Group], title: str = "ratios",
                metrics_only: Collection[tuple[str, str]] = ()) -> list[Any]:
    """Terminal tables (rich) for the groups of one or more suites.

    ``metrics_only``: (suite, problem) sections without a reference; they get a runs table
    instead of the ratio table.
    """
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    tables = []
    by_problem: dict[tuple[str, str], list[Group]] = defaultdict(list)
    for g in groups:
        by_problem[(g.suite, g.problem)].append(g)
    for (suite, problem), gs in by_problem.items():
        if (suite, problem) in metrics_only:
            t = Table(title=f"{suite} / {problem}: runs (no reference: metrics only)",
                      box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
            for h in RUN_HEADERS:
                t.add_column(escape(h), justify="left" if h in ("set", "method") else "right")
            for g in gs:
                t.add_row(*map(escape, run_cells(g)))
            tables.append(t)
        else:
            tables.append(_ratio_table(suite, problem, gs, title))
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


def _ratio_table(suite: str, problem: str, gs: list[Group], title: str) -> Any:
    from rich import box
    from rich.markup import escape
    from rich.table import Table

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
    return t


def write_report(db: str | Path, out_dir: str | Path, suite: str | None = None) -> list[Path]:
    """Write ``report.md``, the plots (PNG + PDF + SVG) and the ratio tables ``ratios.csv`` and
    ``ratios.tex`` for ``db`` into ``out_dir``; return ``report.md`` and the PNG paths (the
    other files sit next to them)."""
    out = Path(out_dir)
    with ResultsStore(db, create=False) as store:  # a missing database fails before any mkdir
        out.mkdir(parents=True, exist_ok=True)
        images = write_plots(store, out, suite)
        text = markdown_report(store, suite, images)
        groups = summarise(store, suite, by_size=False)
    md = out / "report.md"
    atomic_write_text(out / "ratios.csv", csv_table(groups))
    atomic_write_text(out / "ratios.tex", latex_table(groups, "ALG/OPT per method", "tab:ratios"))
    atomic_write_text(md, text)
    return [md, *[p for ps in images.values() for p in ps]]
