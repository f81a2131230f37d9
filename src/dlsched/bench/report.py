"""Reports from a results database: Markdown, CSV and LaTeX tables, rich terminal tables
(plots: plots.py, as PNG + PDF + SVG).

Names come from suites and instances (suite, problem, set, method, metric, host): every format
escapes them with ``dlsched.core.escape`` (Markdown, LaTeX, CSV; rich markup for the
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
from ..core.paths import inside
from .aggregate import ALL_SIZES, Group, MethodLine, headline, summarise
from .plots import FORMATS, _slug, write_plots
from .ratios import BOUND, PROVEN, RATIO_LABEL
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


RATIO_HEADERS = ["set", "method", "size", "basis", "n", f"geomean {RATIO_LABEL}", "mean [CI]",
                 "median [CI]", "worst", "failed", "invalid", "time-limited", "suspicious",
                 "warned", "time mean [s]", "time max [s]"]


def ratio_cells(g: Group) -> list[str]:
    """One Markdown table line of a ratio group.

    Parameters
    ----------
    g : Group
        An aggregated group.

    Returns
    -------
    list of str
        The cells under ``RATIO_HEADERS``.
    """
    size = g.size if g.size == ALL_SIZES else f"{g.size:g}"
    worst = _f(g.worst)
    return [g.group, g.method, str(size), BASIS_NOTE.get(g.basis, str(g.basis)), str(g.n),
            _f(g.geomean), _ci(g, "mean"), _ci(g, "median"), worst, str(g.failed),
            str(g.invalid), str(g.limited), str(g.suspicious), str(g.warned),
            _t(g.runtime_mean), _t(g.runtime_max)]


RUN_HEADERS = ["set", "method", "runs", "failed", "invalid", "time-limited", "warned",
               "time mean [s]", "time max [s]"]


def run_cells(g: Group) -> list[str]:
    """One line of the runs table of a metrics-only section (no reference, no ratios).

    Parameters
    ----------
    g : Group
        An aggregated group.

    Returns
    -------
    list of str
        The cells under ``RUN_HEADERS``.
    """
    return [g.group, g.method, str(g.runs), str(g.failed), str(g.invalid), str(g.limited),
            str(g.warned), _t(g.runtime_mean), _t(g.runtime_max)]


#: Columns of the CSV ratio table: plain numbers (empty when undefined), one row per group.
CSV_FIELDS = ["suite", "problem", "sense", "set", "method", "size", "basis", "n", "geomean",
              "mean", "mean_ci_low", "mean_ci_high", "median", "median_ci_low", "median_ci_high",
              "worst", "runs", "failed", "invalid", "time_limited", "suspicious", "warned",
              "runtime_mean_s", "runtime_max_s", "first_failure"]


def _num(x: Any) -> Any:
    return "" if x is None or (isinstance(x, float) and math.isnan(x)) else x


def csv_table(groups: list[Group]) -> str:
    """The ratio groups as CSV, full precision, for spreadsheets and pandas.

    Parameters
    ----------
    groups : list of Group
        Aggregated groups (``summarise``), of one problem or several (the ``suite`` and
        ``problem`` columns tell them apart).

    Returns
    -------
    str
        A header line with ``CSV_FIELDS``, then one line per group; undefined numbers are empty.
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for g in groups:
        lo_m, hi_m = (g.mean_ci.low, g.mean_ci.high) if g.mean_ci else (None, None)
        lo_d, hi_d = (g.median_ci.low, g.median_ci.high) if g.median_ci else (None, None)
        w.writerow([escape.csv_cell(_num(v)) for v in (
            g.suite, g.problem, g.sense, g.group, g.method, g.size, BASIS_NOTE.get(g.basis),
            g.n, g.geomean, g.mean, lo_m, hi_m, g.median, lo_d, hi_d, g.worst, g.runs, g.failed,
            g.invalid, g.limited, g.suspicious, g.warned, g.runtime_mean, g.runtime_max,
            g.first_failure)])
    return buf.getvalue()


_tex = escape.latex


def latex_table(groups: list[Group], caption: str = "", label: str = "") -> str:
    """One booktabs ``table`` of the ratio groups, for ``\\input`` in a paper.

    Parameters
    ----------
    groups : list of Group
        The groups of ONE problem (``latex_tables`` splits several problems into one table
        each: their ratios point in different directions and must not share a column).
    caption : str, default ""
        Table caption (escaped).
    label : str, default ""
        LaTeX label (escaped).

    Returns
    -------
    str
        Set, method, basis, n, geometric mean, mean [CI], median, worst and mean time per
        group (ratios >= 1 are worse, ``ratios.py``); needs
        ``\\usepackage{booktabs}``.
    """
    head = ["set", "method", "basis", "$n$", "geomean", "mean [CI]", "median", "worst",
            "time [s]"]
    lines = ["\\begin{table}[t]", "\\centering"]
    if caption:
        lines.append(f"\\caption{{{_tex(caption)}}}")
    if label:
        lines.append(f"\\label{{{_tex(label)}}}")
    lines += ["\\begin{tabular}{lllrrlrrr}", "\\toprule", " & ".join(head) + " \\\\",
              "\\midrule"]
    for g in groups:
        ci = (f"{g.mean:.3f} [{g.mean_ci.low:.3f}, {g.mean_ci.high:.3f}]"
              if g.mean is not None and g.mean_ci is not None else "--")
        cells = [_tex(g.group), _tex(g.method), BASIS_NOTE.get(g.basis, "-"), str(g.n),
                 "--" if g.geomean is None else f"{g.geomean:.3f}", ci,
                 "--" if g.median is None else f"{g.median:.3f}",
                 "--" if g.worst is None else f"{g.worst:.3f}",
                 "--" if g.runtime_mean is None else f"{g.runtime_mean:.3g}"]
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}", "\\end{table}", ""]
    return "\n".join(lines)


def by_problem(groups: list[Group]) -> dict[tuple[str, str], list[Group]]:
    """The groups split by (suite, problem), in their order.

    Parameters
    ----------
    groups : list of Group
        Groups of any number of suites and problems.

    Returns
    -------
    dict
        ``(suite, problem) -> groups`` in first-seen order: one table per problem.
    """
    out: dict[tuple[str, str], list[Group]] = defaultdict(list)
    for g in groups:
        out[(g.suite, g.problem)].append(g)
    return dict(out)


def latex_tables(groups: list[Group]) -> str:
    """One LaTeX table per (suite, problem), each captioned with its problem and direction.

    Parameters
    ----------
    groups : list of Group
        Groups of any number of problems.

    Returns
    -------
    str
        The tables one after the other (labels ``tab:ratios-SUITE-PROBLEM``).
    """
    return "\n".join(
        latex_table(gs, f"{suite} / {problem}: {RATIO_LABEL} per method "
                        f"({_direction(gs[0].sense)})",
                    f"tab:ratios-{suite}-{problem}")
        for (suite, problem), gs in by_problem(groups).items())


def markdown_table(groups: list[Group]) -> str:
    """The ratio table of one problem as Markdown (the headers of ``RATIO_HEADERS``).

    Parameters
    ----------
    groups : list of Group
        The groups of one (suite, problem).

    Returns
    -------
    str
        A Markdown table, names escaped.
    """
    return _md(RATIO_HEADERS, [ratio_cells(g) for g in groups]) + "\n"


def metric_table(groups: list[Group]) -> tuple[list[str], list[list[str]]]:
    """Headers and lines of the per-method metric means (e.g. fairness pass rates).

    Parameters
    ----------
    groups : list of Group
        Groups of one (suite, problem); those of one (set, method) (sizes, bases) are pooled,
        weighted by their row counts.

    Returns
    -------
    tuple of (list of str, list of list of str)
        Headers (set, method, then the metric names) and lines; both empty without metrics.
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


#: Every column of the report's tables (Markdown, terminal, CSV, LaTeX): name -> meaning.
COLUMN_DOCS: dict[str, str] = {
    "set": "instance set: the `label` of an `instances` table of the suite",
    "method": "method label in the suite (an exact model or an algorithm)",
    "size": "instance size: the value of the suite's `size` key of the problem's size dict; "
            "`all` pools every size",
    "basis": "*proven*: the reference solve is optimal (or stopped at a limit with objective = "
             "bound, zero gap), ratio to OPT; *vs bound*: the reference stopped at a limit "
             "with a gap, ratio to its bound, conservative (at least the ratio to OPT); the two "
             "are never pooled",
    "n": "number of ratios in the line (valid results of this method with a usable reference)",
    f"geomean {RATIO_LABEL}": "geometric mean of the ratios; ratios >= 1 are worse, the "
                              "library's convention: ALG/OPT for minimisation, OPT/ALG for "
                              "maximisation (1 = the reference)",
    "mean [CI]": "mean ratio (>= 1 is worse) with its percentile-bootstrap confidence interval",
    "median [CI]": "median ratio with its percentile-bootstrap confidence interval",
    "worst": "the worst (largest) ratio",
    "runs": "results of this method in the line (with or without a ratio)",
    "valid": "headline: runs whose solution passes the problem's validator",
    "failed/invalid: first reason": "headline: how many runs failed (no solution) or are invalid, "
                                    "and the first one's instance and reason (its error's first "
                                    "line, or the validator's first violation)",
    "failed": "runs that ended without a solution (error, infeasible, unbounded)",
    "invalid": "runs whose solution fails the problem's validator or misreports its objective",
    "time-limited": "runs stopped by their time limit (their incumbent is used)",
    "suspicious": "ratios below 1: better than a proven optimum or bound (beyond 1e-6), or a "
                  "valid solution where the reference said infeasible: a bug somewhere",
    "warned": "runs during which the method raised Python warnings (e.g. a solver's "
              "'Solution may be inaccurate'); captured per run, listed under Warnings",
    "time mean [s]": "mean runtime of the method (s)",
    "time max [s]": "largest runtime of the method (s)",
    "mean_ci_low, mean_ci_high, median_ci_low, median_ci_high": "CSV: the interval bounds",
    "runtime_mean_s, runtime_max_s, time_limited, sense": "CSV: as above; sense = max or min",
    "geomean, first_failure": "CSV: the geometric-mean ratio; the first failed or invalid run "
                              "of the line and its reason",
}

#: Metrics (the per-result measures of the metrics table): problem -> name -> meaning. The
#: same name can mean different things in different problems (``alpha``), and ``lower_bound``
#: depends on the method.
METRIC_DOCS: dict[str, dict[str, str]] = {
    "completion": {
        "lower_bound": "a lower bound on the optimal weighted completion time; it differs by "
                       "method: for exact models the best of the bounds the model computed "
                       "(LB0, area/Smith and any LP or column-generation bound it solved), for "
                       "algorithms only the horizon-free max(LB0, area bound), which is weaker",
        "ratio_to_bound": "objective / lower_bound: an upper bound on the true ratio ALG/OPT "
                          "(left out for a-maxweight and jain-greedy, which optimise another "
                          "objective); compare it only between methods with the same bound",
        "alpha": "A_online only: the largest alpha (sub-rounds allowed per round) it used",
        "subrounds_max": "A_online only: the most A_maxweight sub-rounds any round ran",
    },
    "revenue": {
        "alpha_variance": "variance over tenants of alpha_u = (tenant gain / total gain) / "
                          "budget share; 0 = every tenant gains in proportion to its share",
        "alpha_min": "smallest alpha_u over tenants (1 = proportional)",
        "alpha_max": "largest alpha_u over tenants (1 = proportional)",
        "revenue_per_job": "revenue / number of jobs",
        "admitted_frac": "fraction of jobs admitted",
        "payments": "sum of the jobs' payments",
        "decision_ms": "mean decision time per arrival (ms)",
    },
    "oef": {
        "si": "pass rate of sharing incentive (every user gets at least its equal slice)",
        "ef": "pass rate of envy-freeness",
        "pe": "pass rate of Pareto efficiency (the improvement LP finds nothing)",
        "adjacent": "pass rate of contiguous GPU-type support per user",
        "sparse": "pass rate of nnz(X) <= users + types - 1",
        "total_efficiency": "total normalised throughput of the allocation",
        "realised_ratio": "recorded by the method: its realised efficiency ratio",
        "max_avg_deviation": "recorded by the method: largest mean deviation from its target",
    },
    "ojpp": {
        "devices": "devices used",
        "resource_saving": "1 - devices used / workers",
        "guaranteed_performance": "jobs / sum of (1 + slowdown)",
        "mean_slowdown": "mean interference slowdown sigma over jobs",
        "max_slowdown": "largest interference slowdown sigma",
    },
    "ltgf": {
        "min_tenant_rho": "smallest tenant LTGF rho (allocation / fair share)",
        "unfairness_ratio": "fraction of (tenant, window) pairs below their fair share",
        "sharing_loss_jobs": "fraction of jobs that lose from sharing",
        "min_job_rho": "smallest job rho",
        "avg_slowdown": "mean JCT / duration",
        "avg_jct": "mean job completion time (s)",
        "makespan": "last completion (s)",
        "preemptions": "number of preemptions",
        "overhead_ratio": "cold-start and checkpoint time / total JCT",
        "utilisation": "busy GPU-seconds / (GPUs x makespan)",
        "tenant_windows": "number of (tenant, window) pairs measured",
    },
}


def metric_doc(problem: str, name: str) -> str:
    """The meaning of metric ``name`` of ``problem`` (``METRIC_DOCS``).

    Parameters
    ----------
    problem : str
        Problem name.
    name : str
        Metric name as stored in the results database.

    Returns
    -------
    str
        Its definition, or a pointer to ``record_stats`` for a metric nobody registered (a
        plug-in's).

    Examples
    --------
    >>> metric_doc("completion", "alpha")[:13]
    'A_online only'
    """
    return METRIC_DOCS.get(problem, {}).get(
        name, "recorded from the method's Result.stats (`record_stats`) or its problem's metrics "
              "hook: see that method's documentation")


def columns_section(problem: str, metrics: list[str], headers: list[str]) -> list[str]:
    """Markdown lines of the "Columns" section: every table column and metric defined.

    Parameters
    ----------
    problem : str
        Problem of the section (metric meanings depend on it).
    metrics : list of str
        Metric names shown in its metrics table.
    headers : list of str
        Table columns shown (their order is kept).

    Returns
    -------
    list of str
        A bullet list, one definition per line.
    """
    md = escape.markdown
    lines = [f"- **{md(h)}**: {COLUMN_DOCS[h]}" for h in headers if h in COLUMN_DOCS]
    lines += [f"- **{md(m)}** (metric): {metric_doc(problem, m)}" for m in metrics]
    return lines


def reference_notes(rows: list[dict[str, Any]], reference: str) -> list[str]:
    """Why reference solves are not proven optima, counted (one sentence per reason).

    Parameters
    ----------
    rows : list of dict
        Stored rows of one (suite, problem).
    reference : str
        The reference method's label.

    Returns
    -------
    list of str
        E.g. ``"3 x stopped at the time limit with a gap (largest 4.1%): ratios vs bound"``; a
        zero-gap stop is listed as counted optimal. Empty when every reference is proven.
    """
    from .ratios import zero_gap

    counts: dict[str, int] = defaultdict(int)
    gaps: list[float] = []
    for r in rows:
        if r["method"] != reference or (r["status"] == "optimal" and r.get("valid")):
            continue
        if zero_gap(r):
            why = (f"stopped at {'the time limit' if r['status'] == 'time_limit' else 'a limit'}"
                   " with objective = bound (zero gap): counted optimal, basis proven")
        elif r.get("note"):
            why = str(r["note"])
        elif r["status"] == "time_limit":
            why = "stopped at the time limit before closing the gap: ratios vs its bound"
            if isinstance(r.get("gap"), (int, float)):
                gaps.append(float(r["gap"]))
        elif r["status"] == "feasible":
            why = "the solver returned a solution without an optimality proof: ratios vs bound"
        elif r["status"] in ("optimal", "feasible", "time_limit"):
            why = "its solution fails validation: no ratios on these instances"
        else:
            why = f"status {r['status']}: no optimum and no bound, no ratios on these instances"
        counts[why] += 1
    out = []
    for why, c in counts.items():
        extra = (f" (gap up to {max(gaps):.2%})" if gaps and why.startswith("stopped at the "
                 "time limit before") else "")
        out.append(f"{c} x {why}{extra}")
    return out


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
    return ("maximisation: ratio = OPT/ALG, >= 1 is worse" if sense == "max"
            else "minimisation: ratio = ALG/OPT, >= 1 is worse")


def _section_rows(store: ResultsStore, info: dict[str, Any]) -> list[dict[str, Any]]:
    keys = info.get("task_keys")
    return [r for r in store.rows(info["suite"]) if r["problem"] == info["problem"]
            and (keys is None or r["task_key"] in keys)]


def provenance(store: ResultsStore, info: dict[str, Any]) -> str:
    """One line: how many runs, when, where, with which dlsched / solver versions.

    Parameters
    ----------
    store : ResultsStore
        The open results database.
    info : dict
        One entry of ``store.suites()`` (a suite and problem).

    Returns
    -------
    str
        ``"Provenance: N runs finished FROM to TO on HOSTS; VERSIONS."``
    """
    rows = _section_rows(store, info)
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
    """The Markdown report: per suite and problem, its tables, notes and column definitions.

    Parameters
    ----------
    store : ResultsStore
        The open results database.
    suite : str or None, default None
        Only this suite (default: every suite in the database).
    images : dict or None, default None
        ``(suite, problem) -> PNG paths`` to embed (from ``write_plots``).

    Returns
    -------
    str
        Per section: the reference and why any of its solves is unproven, provenance, the
        ratio tables (overall and by size) or the runs table, the metric means, the rows
        without a ratio, a "Columns" section defining every column and metric, the plots.

    Examples
    --------
    A results database of a tiny suite: the OEF efficiency LP as the reference and one
    algorithm, on two generated instances.

    >>> import tempfile
    >>> from pathlib import Path
    >>> from dlsched.bench import ResultsStore, markdown_report, parse_suite, run_suite
    >>> tiny = parse_suite({"suite": {"name": "tiny", "bootstrap": 50}, "problems": {"oef": {
    ...     "reference": "efficiency", "size": "users",
    ...     "instances": [{"label": "synthetic", "grid": {"n": [3, 4], "k": [2]}, "seeds": 1}],
    ...     "methods": [{"label": "efficiency", "model": "oef-efficiency"},
    ...                 {"label": "max-min", "algorithm": "max-min"}]}}}, Path("tiny.toml"))
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = Path(tmp.name) / "results.db"
    >>> run_suite(tiny, db, executor="serial", progress=False).ran
    4
    >>> with ResultsStore(db, create=False) as store:
    ...     text = markdown_report(store)
    >>> for line in text.splitlines():
    ...     if line.startswith("#"):
    ...         print(line)
    # dlsched benchmark report
    ## tiny / oef
    ### At a glance
    ### Ratios
    ### Ratios by instance size
    ### Metrics (means over valid results; 0/1 properties are pass rates)
    ### Columns
    >>> [line.split(" | ")[:5] for line in text.splitlines()
    ...  if line.startswith("| synthetic | max-min | all")]
    [['| synthetic', 'max-min', 'all', 'proven', '2']]
    >>> tmp.cleanup()
    """
    parts = ["# dlsched benchmark report", "",
             f"Ratios follow the library's convention, {RATIO_LABEL}: ALG/OPT for a "
             "minimisation, OPT/ALG for a maximisation, 1 = the reference.", ""]
    glances = headline(store, suite)
    for info, overall, sized in _sections(store, suite):
        md = escape.markdown
        shown_headers = RUN_HEADERS if info["reference"] is None else RATIO_HEADERS
        mine = [m for m in glances if (m.suite, m.problem) == (info["suite"], info["problem"])]
        parts += [f"## {md(info['suite'])} / {md(info['problem'])}", ""]
        glance = HEADLINE_HEADERS if info["reference"] else RUNS_HEADLINE
        parts += ["### At a glance", "",
                  _md(glance, [_pick(headline_cells(m), glance) for m in mine]), ""]
        parts += failures_section(mine) + warnings_section(mine)
        if info["reference"] is None:
            sense = "maximisation" if info["sense"] == "max" else "minimisation"
            parts += [f"No reference: metrics only ({sense} objective; no exact optimum in "
                      "this section, so no ratios).", "", md(provenance(store, info)), "",
                      "### Runs", "", _md(RUN_HEADERS, [run_cells(g) for g in overall]), ""]
        else:
            parts += [f"Reference: {md(info['reference'])} ({_direction(info['sense'])}). "
                      f"Intervals: {info['confidence']:.0%} bootstrap ({info['bootstrap']} "
                      "resamples). Basis *proven*: the reference solve is optimal (or stopped at a "
                      "limit with objective = bound: zero gap, labelled optimal); *vs bound*: it "
                      "stopped at a limit with a gap and the ratio uses its bound "
                      "(conservative); the two are never pooled. Columns: see the Columns "
                      "section below.",
                      ""]
            notes = reference_notes(_section_rows(store, info), info["reference"])
            if notes:
                parts += ["### Why references are not proven", ""]
                parts += [f"- {md(n)}" for n in notes] + [""]
            parts += [md(provenance(store, info)), "", "### Ratios", "",
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
        parts += ["### Columns", ""]
        documented = glance + [h for h in shown_headers if h not in glance]
        parts += [*columns_section(info["problem"], headers[2:], documented), ""]
        for img in (images or {}).get((info["suite"], info["problem"]), []):
            parts += [f"![{md(img.stem)}]({quote(img.name)})", ""]
    return "\n".join(parts)


#: Columns of the headline table (terminal summary of ``dlsched bench``, "At a glance").
HEADLINE_HEADERS = ["method", "runs", "valid", f"geomean {RATIO_LABEL}", "worst",
                    "failed/invalid: first reason"]


#: The headline of a metrics-only section (no reference: no ratio columns).
RUNS_HEADLINE = [h for h in HEADLINE_HEADERS if h not in (f"geomean {RATIO_LABEL}", "worst")]


def _pick(cells: list[str], headers: list[str]) -> list[str]:
    return [c for h, c in zip(HEADLINE_HEADERS, cells, strict=True) if h in headers]


def _fails(m: MethodLine) -> str:
    if not m.failures:
        return ""
    counts = ", ".join(f"{c} {w}" for c, w in ((m.failed, "failed"), (m.invalid, "invalid"))
                       if c)
    return f"{counts}: {m.first_failure}"


def headline_cells(m: MethodLine) -> list[str]:
    """The cells of one headline line (under ``HEADLINE_HEADERS``), the reason in full.

    Parameters
    ----------
    m : MethodLine
        A method's pooled line.

    Returns
    -------
    list of str
        Method, runs, valid runs, geometric-mean ratio (``*`` when some ratios are vs a
        bound), worst ratio, and the failures with the first reason.

    Examples
    --------
    >>> from dlsched.bench.aggregate import MethodLine
    >>> headline_cells(MethodLine("s", "oef", "max", "gavel", runs=4, valid=3, n=3,
    ...                           geomean=1.02, worst=1.05, bases={"proven"}, invalid=1,
    ...                           first_failure="capacity of g2 (on w1.json)"))
    ['gavel', '4', '3', '1.0200', '1.0500', '1 invalid: capacity of g2 (on w1.json)']
    """
    star = "*" if BOUND in m.bases else ""
    return [m.method, str(m.runs), str(m.valid),
            _f(m.geomean) + (star if m.geomean is not None else ""), _f(m.worst), _fails(m)]


#: Width the terminal summary of ``dlsched bench`` fits in. Unit: characters.
SUMMARY_WIDTH = 100


def headline_text(lines: list[MethodLine], width: int = SUMMARY_WIDTH,
                  references: dict[tuple[str, str], str | None] | None = None) -> list[str]:
    """The terminal summary: one plain-text table per problem, every line at most ``width``.

    Parameters
    ----------
    lines : list of MethodLine
        From ``headline``.
    width : int, default SUMMARY_WIDTH
        Line width; long method labels and reasons are cut, ending in ``...``. Unit: characters.
    references : dict or None, default None
        (suite, problem) -> the reference method's label (None: metrics only).

    Returns
    -------
    list of str
        Per problem a title line, a header line and one line per method, then a blank line.

    Examples
    --------
    >>> from dlsched.bench.aggregate import MethodLine
    >>> text = headline_text([
    ...     MethodLine("s", "oef", "max", "max-min", runs=4, valid=4, n=4, geomean=1.1,
    ...                worst=1.2, bases={"proven"}),
    ...     MethodLine("s", "oef", "max", "gavel", runs=4, valid=3, n=3, geomean=1.0,
    ...                worst=1.0, bases={"proven"}, invalid=1,
    ...                first_failure="capacity of g2: 8.000001 > 8 (on w1.json)")],
    ...     references={("s", "oef"): "efficiency"})
    >>> print("\\n".join(text))
    s / oef: ratio (>=1 worse) = OPT/ALG vs efficiency (maximisation)
    method   runs valid geomean   worst failed/invalid: first reason
    max-min     4     4  1.1000  1.2000
    gavel       4     3  1.0000  1.0000 1 invalid: capacity of g2: 8.000001 > 8 (on w1.json)
    <BLANKLINE>
    >>> max(map(len, text)) <= 100
    True
    """
    out: list[str] = []
    groups: dict[tuple[str, str], list[MethodLine]] = defaultdict(list)
    for m in lines:
        groups[(m.suite, m.problem)].append(m)
    for (suite, problem), ms in groups.items():
        ref = (references or {}).get((suite, problem), "?")
        sense = ms[0].sense
        if ref is None:
            title = f"{suite} / {problem}: runs (no reference: metrics only)"
        else:
            form = "OPT/ALG" if sense == "max" else "ALG/OPT"
            kind = "maximisation" if sense == "max" else "minimisation"
            title = f"{suite} / {problem}: {RATIO_LABEL} = {form} vs {ref} ({kind})"
        wm = min(max([len("method")] + [len(m.method) for m in ms]), 24)
        ratios = ref is not None
        head = f"{'method':<{wm}} {'runs':>5} {'valid':>5} " + (
            f"{'geomean':>7} {'worst':>7} " if ratios else "")
        out += [_cut(title, width), _cut(head + "failed/invalid: first reason", width)]
        for m in ms:
            c = headline_cells(m)
            label = m.method if len(m.method) <= wm else m.method[:wm - 3] + "..."
            mid = f"{c[3]:>7} {c[4]:>7} " if ratios else ""
            text = f"{label:<{wm}} {c[1]:>5} {c[2]:>5} {mid}{c[5]}"
            out.append(_cut(text.rstrip(), width))
        if any(BOUND in m.bases for m in ms):
            out.append("* some ratios are against a reference's bound (conservative)")
        out.append("")
    return out


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 3] + "..."


def failures_section(lines: list[MethodLine]) -> list[str]:
    """Markdown lines: per method with failed or invalid runs, the counts and first reason.

    Parameters
    ----------
    lines : list of MethodLine
        The headline lines of one section.

    Returns
    -------
    list of str
        A ``### Failed and invalid runs`` section, or nothing when every run is valid.
    """
    bad = [m for m in lines if m.failures]
    if not bad:
        return []
    md = escape.markdown
    return (["### Failed and invalid runs", ""]
            + [f"- **{md(m.method)}**: {md(_fails(m))}" for m in bad] + [""])


def warnings_section(lines: list[MethodLine]) -> list[str]:
    """Markdown lines: per method, the Python warnings its runs raised (captured, not printed).

    Parameters
    ----------
    lines : list of MethodLine
        The headline lines of one section.

    Returns
    -------
    list of str
        A ``### Warnings`` section (each distinct warning with the runs that raised it), or
        nothing when no run warned.
    """
    warned = [m for m in lines if m.warned]
    if not warned:
        return []
    md = escape.markdown
    out = ["### Warnings", "", "Python warnings raised during runs (captured per run and kept "
           "in the `warnings` column of the results database, never printed):", ""]
    for m in warned:
        shown = "; ".join(f"{c} x {md(w)}" for w, c in m.warnings.items())
        out.append(f"- **{md(m.method)}** ({m.warned} of {m.runs} runs): {shown}")
    return [*out, ""]


TERMINAL_HEADERS = ["set", "method", "size", "basis", "n", "mean [CI]", "median", "worst",
                    "fail/inval/limit", "susp", "time [s]"]


def terminal_cells(g: Group) -> list[str]:
    """Compact line for the terminal summary (3 decimals, mean runtime).

    Parameters
    ----------
    g : Group
        An aggregated group.

    Returns
    -------
    list of str
        The cells under ``TERMINAL_HEADERS``.
    """
    size = g.size if g.size == ALL_SIZES else f"{g.size:g}"
    mean = "-" if g.mean is None or g.mean_ci is None else (
        f"{g.mean:.3f} [{g.mean_ci.low:.3f},{g.mean_ci.high:.3f}]")
    worst = _f(g.worst, 3)
    return [g.group, g.method, str(size), BASIS_NOTE.get(g.basis, str(g.basis)), str(g.n), mean,
            _f(g.median, 3), worst, f"{g.failed}/{g.invalid}/{g.limited}", str(g.suspicious),
            _t(g.runtime_mean)]


def rich_tables(groups: list[Group], title: str = "ratios",
                metrics_only: Collection[tuple[str, str]] = ()) -> list[Any]:
    """Terminal tables (rich) for the groups of one or more suites, one per problem.

    Parameters
    ----------
    groups : list of Group
        Groups of any number of suites and problems.
    title : str, default "ratios"
        Word in each ratio table's title.
    metrics_only : Collection of (str, str), default ()
        (suite, problem) sections without a reference: they get a runs table instead of the
        ratio table.

    Returns
    -------
    list of rich.table.Table
        Per problem its ratio (or runs) table and, when there are metrics, a metric table.

    Examples
    --------
    The groups usually come from ``summarise(store)``; two are built by hand here.

    >>> from dlsched.bench import Group, rich_tables
    >>> groups = [Group("tiny", "oef", "max", "synthetic", "max-min", "all", "proven",
    ...                 n=2, mean=0.857, runs=2, metrics={"ef": 1.0}, metric_counts={"ef": 2}),
    ...           Group("tiny", "oef", "max", "synthetic", "gavel", "all", "proven",
    ...                 n=2, mean=0.91, runs=2, metrics={"ef": 0.5}, metric_counts={"ef": 2})]
    >>> for table in rich_tables(groups):
    ...     print(table.title, "|", table.row_count, "rows")
    tiny / oef: ratios (maximisation: ratio = OPT/ALG, >= 1 is worse) | 2 rows
    tiny / oef: metric means (0/1 = pass rates) | 2 rows
    >>> [t.title for t in rich_tables(groups, metrics_only={("tiny", "oef")})][0]
    'tiny / oef: runs (no reference: metrics only)'

    Print them with ``rich.console.Console().print(*tables)``.
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


class ReportPaths(list):  # type: ignore[type-arg]
    """``report.md`` and the PNG plots (the files to open), in that order; ``written`` lists
    every file ``write_report`` wrote (tables and PDF/SVG siblings included)."""

    def __init__(self, main: list[Path], written: list[Path]) -> None:
        super().__init__(main)
        self.written = written


def write_report(db: str | Path, out_dir: str | Path, suite: str | None = None, *,
                 ylim: tuple[float, float] | None = None, methods: list[str] | None = None,
                 console: Any = None, progress: bool = True) -> ReportPaths:
    """Write the report of a results database: Markdown, tables per problem, plots.

    Parameters
    ----------
    db : str or Path
        The results database written by ``dlsched bench``.
    out_dir : str or Path
        Output directory (created).
    suite : str or None, default None
        Only this suite.
    ylim : tuple of float or None, default None
        (low, high) limits of the ratio axes of the plots. Unit: dimensionless.
    methods : list of str or None, default None
        Plot only these method labels (tables keep every method).
    console : rich.console.Console or None, default None
        Where to show progress (one step per stage); nothing unless it is a terminal.
    progress : bool, default True
        False: no progress at all.

    Returns
    -------
    ReportPaths
        ``[report.md, *PNG plots]``; its ``written`` attribute lists every file written:
        ``index.md`` (every file, one line each), ``report.md``, ``ratios.csv`` and
        ``ratios.tex`` (every problem, one LaTeX table per problem), per (suite,
        problem) ``SUITE-PROBLEM-ratios.md/.csv/.tex``, and each plot as
        PNG, PDF and SVG.

    Raises
    ------
    InputError
        For a database that does not exist, or a plot option out of range.

    Examples
    --------
    A tiny suite without a reference (metrics only: no ratio plots, so a single plot, written
    in three formats).

    >>> import tempfile
    >>> from pathlib import Path
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dlsched.bench import parse_suite, run_suite, write_report
    >>> tiny = parse_suite({"suite": {"name": "tiny"}, "problems": {"oef": {
    ...     "size": "users",
    ...     "instances": [{"label": "synthetic", "grid": {"n": [3, 4], "k": [2]}, "seeds": 1}],
    ...     "methods": [{"label": "max-min", "algorithm": "max-min"},
    ...                 {"label": "gavel", "algorithm": "gavel"}]}}}, Path("tiny.toml"))
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = Path(tmp.name) / "results.db"
    >>> run_suite(tiny, db, executor="serial", progress=False).ran
    4
    >>> paths = write_report(db, Path(tmp.name) / "report", progress=False)
    >>> [p.name for p in paths]
    ['report.md', 'tiny-oef-synthetic-runtime-vs-size.png']
    >>> for p in paths.written:
    ...     print(p.name)
    index.md
    report.md
    ratios.csv
    ratios.tex
    tiny-oef-ratios.md
    tiny-oef-ratios.csv
    tiny-oef-ratios.tex
    tiny-oef-synthetic-runtime-vs-size.png
    tiny-oef-synthetic-runtime-vs-size.pdf
    tiny-oef-synthetic-runtime-vs-size.svg
    >>> all(p.exists() for p in paths.written)
    True
    >>> tmp.cleanup()
    """
    from ..core.progress import stages
    from .plots import check_ylim, plot_sets

    ylim = check_ylim(ylim)
    out = Path(out_dir)
    with ResultsStore(db, create=False) as store:  # a missing database fails before any mkdir
        total = len(plot_sets(store, suite)) + 2
        with stages(console, "report", total, enabled=progress) as step:
            out.mkdir(parents=True, exist_ok=True)
            images = write_plots(store, out, suite, ylim=ylim, methods=methods, step=step)
            step("Markdown report")
            text = markdown_report(store, suite, images)
            groups = summarise(store, suite, by_size=False)
            step("tables")
            md = out / "report.md"
            written = [md]
            tables = {out / "ratios.csv": csv_table(groups),
                      out / "ratios.tex": latex_tables(groups)}
            for (s, p), gs in by_problem(groups).items():
                stem = _slug(s, p, "ratios")
                tables[inside(out, f"{stem}.md")] = markdown_table(gs)
                tables[inside(out, f"{stem}.csv")] = csv_table(gs)
                tables[inside(out, f"{stem}.tex")] = latex_table(
                    gs, f"{s} / {p}: {RATIO_LABEL} per method ({_direction(gs[0].sense)})",
                    f"tab:ratios-{s}-{p}")
            for path, body in tables.items():
                atomic_write_text(path, body)
                written.append(path)
            atomic_write_text(md, text)
            pngs = [p for ps in images.values() for p in ps]
            written += [p.with_suffix(f".{ext}") for p in pngs for ext in FORMATS]
            index = out / INDEX
            written.insert(0, index)
            atomic_write_text(index, index_page(written, out))
    return ReportPaths([md, *pngs], written)


#: The report's index page: every file ``write_report`` wrote, one line each.
INDEX = "index.md"

_PLOT_KINDS = {"ratios": "ratio (>=1 worse) per method, every run a point",
               "ratio-vs-size": "mean ratio (>=1 worse) vs instance size, bootstrap CIs",
               "runtime-vs-size": "median runtime vs instance size, log-log"}
_FORMAT_USE = {"png": "PNG, embedded in report.md", "pdf": "PDF, for papers",
               "svg": "SVG, for slides", "md": "Markdown", "csv": "CSV, full precision",
               "tex": "LaTeX booktabs table"}


def _describe(path: Path) -> str:
    name, ext = path.name, path.suffix.lstrip(".")
    if name == INDEX:
        return "this index"
    if name == "report.md":
        return ("**open this first**: per problem the headline table, failed and invalid runs, "
                "warnings, ratio tables, metrics, column definitions and the plots")
    use = _FORMAT_USE.get(ext, ext)
    if ext in FORMATS:  # a plot: SUITE-PROBLEM-SET-KIND
        for kind in sorted(_PLOT_KINDS, key=len, reverse=True):
            if path.stem.endswith(f"-{kind}"):
                return f"plot of {path.stem[:-len(kind) - 1]}: {_PLOT_KINDS[kind]} ({use})"
    if path.stem == "ratios":
        return f"every problem's ratio table ({use})"
    if path.stem.endswith("-ratios"):
        return f"ratio table of {path.stem[:-len('-ratios')]} ({use})"
    return use


def index_page(written: list[Path], out: Path) -> str:
    """The Markdown index of a report directory: every file written, one line each.

    Parameters
    ----------
    written : list of Path
        The files ``write_report`` wrote (``index.md`` included).
    out : Path
        The report directory (links are relative to it).

    Returns
    -------
    str
        A title, which file to open first, then one bullet line per file.

    Examples
    --------
    >>> from pathlib import Path
    >>> text = index_page([Path("r/index.md"), Path("r/report.md"),
    ...                    Path("r/q-oef-paper-ratios.png")], Path("r"))
    >>> text.splitlines()[-1].split(": ")[:2]
    ['- [q-oef-paper-ratios.png](q-oef-paper-ratios.png)', 'plot of q-oef-paper']
    """
    lines = ["# Benchmark report: files", "",
             f"{len(written)} files; open [report.md](report.md) first. Ratios: "
             f"{RATIO_LABEL} (ALG/OPT for minimisation, OPT/ALG for maximisation).", ""]
    for p in written:
        rel = p.relative_to(out).as_posix() if p.is_relative_to(out) else p.name
        lines.append(f"- [{escape.markdown(rel)}]({quote(rel)}): {_describe(p)}")
    return "\n".join(lines) + "\n"
