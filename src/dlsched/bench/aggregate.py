"""Aggregation: per (problem, instance set, method, size, basis) ratio and runtime statistics.

Confidence intervals are percentile bootstraps of the mean and the median by
``scipy.stats.bootstrap`` (vectorised, seeded: the same rows always give the same table).
Proven and bound-based ratios are aggregated in separate groups (``basis``), never pooled.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .ratios import BOUND, PROVEN, attach
from .store import ResultsStore

ALL_SIZES = "all"


def geomean(values: np.ndarray) -> float | None:
    """Geometric mean of positive ratios (None for none; 0 when one is 0).

    Parameters
    ----------
    values : numpy.ndarray
        The ratios.

    Returns
    -------
    float or None
        ``exp(mean(log v))``.

    Examples
    --------
    >>> import numpy as np
    >>> round(geomean(np.array([1.0, 4.0])), 12), geomean(np.array([]))
    (2.0, None)
    """
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return None
    if np.any(x <= 0):
        return 0.0
    return float(np.exp(np.mean(np.log(x))))


@dataclass(frozen=True)
class CI:
    low: float
    high: float


def bootstrap_ci(values: np.ndarray, stat: str, resamples: int, confidence: float,
                 seed: int = 0) -> CI:
    """Percentile bootstrap interval of the mean or median of ``values``.

    ``scipy.stats.bootstrap`` with ``resamples`` resamples from a generator seeded by ``seed``.
    Percentile rather than scipy's default BCa: BCa needs a jackknife that is undefined for the
    near-constant ratio samples benchmarks produce (many methods hit the optimum exactly).

    Parameters
    ----------
    values : numpy.ndarray
        The sample (ratios).
    stat : str
        ``"mean"`` or ``"median"``.
    resamples : int
        Bootstrap resamples. Unit: resamples. Range: 10..1000000.
    confidence : float
        The interval's confidence level. Unit: dimensionless. Range: (0, 1).
    seed : int, default 0
        Seed of the resampling generator.

    Returns
    -------
    CI
        ``low`` and ``high``; both the value itself for a constant sample, NaN for an empty one.

    Examples
    --------
    >>> import numpy as np
    >>> bootstrap_ci(np.array([1.0, 1.0, 1.0]), "mean", 100, 0.95)
    CI(low=1.0, high=1.0)
    """
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return CI(math.nan, math.nan)
    if x.size == 1 or np.all(x == x[0]):
        return CI(float(x[0]), float(x[0]))
    from scipy.stats import bootstrap  # lazily: scipy.stats costs ~0.4 s to import

    fn = np.mean if stat == "mean" else np.median
    res = bootstrap((x,), fn, n_resamples=resamples, vectorized=True, axis=-1,
                    confidence_level=confidence, method="percentile",
                    rng=np.random.default_rng(seed))
    return CI(float(res.confidence_interval.low), float(res.confidence_interval.high))


@dataclass
class Group:
    """One line of the ratio table: a method's runs on one instance set (and size), one basis.

    Parameters
    ----------
    suite, problem, sense, group, method : str
        Where the line belongs: suite, problem, ``"max"``/``"min"``, instance set, method label.
    size : float or str
        The instance size (``"all"`` when not split by size).
    basis : str or None
        ``"proven"`` (ratio to a proven optimum), ``"bound"`` (to a bound) or ``None``.
    n : int, default 0
        Runs with a ratio.
    mean, median, worst, geomean : float or None, default None
        Statistics of the ratios (``ratios.py``: >= 1 is worse in both senses, so the worst is
        the largest); ``geomean`` is their geometric mean.
    mean_ci, median_ci : CI or None, default None
        Bootstrap intervals of the mean and the median.
    runs, failed, limited, invalid, suspicious : int, default 0
        Runs; of them: failed, stopped at a time limit, invalid, better than the reference.
    runtime_mean, runtime_median, runtime_max, build_mean : float or None, default None
        Wall times of the runs and mean build time. Unit: s.
    metrics : dict, default {}
        Mean of each extra metric of the problem.
    metric_counts : dict, default {}
        Runs contributing to each metric.
    reasons : dict, default {}
        Why runs have no ratio -> how many.
    first_failure : str or None, default None
        The first failed or invalid run's reason (its error's first line, or the validator's
        first violation), then the instance: ``"REASON (on INSTANCE)"``.
    warned : int, default 0
        Runs during which the method raised Python warnings (captured, stored per run).

    Examples
    --------
    >>> g = Group("quick", "oef", "max", "synthetic", "max-min", 4.0, "proven")
    >>> g.runs, g.mean
    (0, None)
    """

    suite: str
    problem: str
    sense: str
    group: str
    method: str
    size: float | str
    basis: str | None
    n: int = 0
    mean: float | None = None
    mean_ci: CI | None = None
    median: float | None = None
    median_ci: CI | None = None
    worst: float | None = None
    geomean: float | None = None
    runs: int = 0
    failed: int = 0
    limited: int = 0  # runs of this method that stopped at a time limit (incumbent used)
    invalid: int = 0
    suspicious: int = 0
    runtime_mean: float | None = None
    runtime_median: float | None = None
    runtime_max: float | None = None
    build_mean: float | None = None
    metrics: dict[str, float] = field(default_factory=dict)
    metric_counts: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    first_failure: str | None = None
    warned: int = 0


OK_STATUSES = ("optimal", "feasible", "time_limit")


def failure_reason(row: dict[str, Any]) -> str | None:
    """Why a stored run failed or is invalid, in one line; None for a valid run.

    Parameters
    ----------
    row : dict
        A stored row (``status``, ``valid``, ``error``, ``first_violation``).

    Returns
    -------
    str or None
        The error's first line (failed runs), the validator's first violation (invalid runs),
        or the status when neither was recorded.

    Examples
    --------
    >>> failure_reason({"status": "feasible", "valid": 0,
    ...                 "first_violation": "capacity of g2: 8.00000097 allocated > 8"})
    'capacity of g2: 8.00000097 allocated > 8'
    >>> failure_reason({"status": "error", "valid": 0, "error": "ValueError: bad\\nmore"})
    'ValueError: bad'
    >>> failure_reason({"status": "feasible", "valid": 1}) is None
    True
    """
    if row.get("status") in OK_STATUSES:
        if row.get("valid"):
            return None
        text = row.get("first_violation") or "solution fails validation"
    else:
        text = row.get("error") or f"status {row.get('status')}"
    return (str(text).strip().splitlines() or [str(row.get("status"))])[0]


def _stats(g: Group, rows: list[dict[str, Any]], resamples: int, confidence: float) -> Group:
    g.runs = len(rows)
    g.failed = sum(r["status"] not in OK_STATUSES for r in rows)
    g.limited = sum(r["status"] == "time_limit" for r in rows)
    g.invalid = sum(r["status"] in OK_STATUSES and not r["valid"] for r in rows)
    for r in rows:
        why = failure_reason(r)
        if why is not None:
            g.first_failure = f"{why} (on {r.get('instance_id', '?')})"
            break
    g.warned = sum(bool(r.get("warnings")) for r in rows)
    g.suspicious = sum(bool(r.get("suspicious")) for r in rows)
    ratios = np.array([r["ratio"] for r in rows if r.get("ratio") is not None], dtype=float)
    g.n = int(ratios.size)
    if g.n:
        g.mean, g.median = float(ratios.mean()), float(np.median(ratios))
        g.worst = float(ratios.max())  # >= 1 is worse in both senses
        g.geomean = geomean(ratios)
        g.mean_ci = bootstrap_ci(ratios, "mean", resamples, confidence)
        g.median_ci = bootstrap_ci(ratios, "median", resamples, confidence)
    times = np.array([r["runtime_s"] for r in rows if r.get("runtime_s") is not None], dtype=float)
    if times.size:
        g.runtime_mean, g.runtime_median = float(times.mean()), float(np.median(times))
        g.runtime_max = float(times.max())
    builds = [r["build_s"] for r in rows if r.get("build_s") is not None]
    g.build_mean = float(np.mean(builds)) if builds else None
    sums: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for k, v in (r.get("metrics") or {}).items():
            sums[k].append(float(v))
    g.metrics = {k: float(np.mean(v)) for k, v in sorted(sums.items())}
    g.metric_counts = {k: len(v) for k, v in sums.items()}
    for r in rows:
        if r.get("reason"):
            g.reasons[r["reason"]] = g.reasons.get(r["reason"], 0) + 1
    return g


def ratio_rows(store: ResultsStore, suite: str | None = None) -> list[dict[str, Any]]:
    """Rows of ``suite`` (or all suites) with their ratio attached.

    Only rows of tasks that the suite still contains (as of its last ``bench`` run) are used:
    rows of methods or instances since removed from the suite file stay stored but unreported.

    Parameters
    ----------
    store : ResultsStore
        The open results store.
    suite : str or None, default None
        A suite's name; ``None`` for every suite.

    Returns
    -------
    list of dict
        Stored rows with ``ratio``, ``basis``, ``reason``, ``sense`` (and ``size``) added.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from dlsched.bench import ResultsStore
    >>> with ResultsStore(pathlib.Path(tempfile.mkdtemp()) / "r.db") as store:
    ...     ratio_rows(store)
    []
    """
    out: list[dict[str, Any]] = []
    infos = [s for s in store.suites() if suite is None or s["suite"] == suite]
    for info in infos:
        current = info.get("task_keys")
        rows = [r for r in store.rows(info["suite"]) if r["problem"] == info["problem"]
                and (current is None or r["task_key"] in current)]
        for r in attach(rows, info["reference"], info["sense"]):
            r["sense"] = info["sense"]
            key = info.get("size_key")
            if key and isinstance(r.get("sizes"), dict) and key in r["sizes"]:
                r["size_key"], r["size"] = key, float(r["sizes"][key])  # suite's current choice
            out.append(r)
    return out


def _basis_key(r: dict[str, Any]) -> str | None:
    return r.get("basis")


def aggregate(rows: list[dict[str, Any]], resamples: int = 1000, confidence: float = 0.95,
              by_size: bool = True, method_order: dict[tuple[str, str], list[str]] | None = None
              ) -> list[Group]:
    """Group rows by (suite, problem, set, method, size, basis) and compute statistics.

    Rows without a ratio (failures, invalid, missing reference) are kept in the group whose
    basis is the one most of that method's rows have, so failure counts are never lost.

    Parameters
    ----------
    rows : list of dict
        Rows from ``ratio_rows``.
    resamples : int, default 1000
        Bootstrap resamples per interval. Unit: resamples.
    confidence : float, default 0.95
        Confidence level of the intervals. Unit: dimensionless. Range: (0, 1).
    by_size : bool, default True
        Whether lines are split by instance size.
    method_order : dict or None, default None
        (suite, problem) -> method labels in the suite's order (lines are sorted by it).

    Returns
    -------
    list of Group
        The table's lines, sorted.

    Examples
    --------
    >>> row = {"suite": "s", "problem": "oef", "sense": "max", "group": "g", "method": "m",
    ...        "status": "feasible", "valid": True, "ratio": 0.9, "basis": "proven",
    ...        "runtime_s": 0.5}
    >>> [(g.method, g.n, g.mean) for g in aggregate([row], resamples=10)]
    [('m', 1, 0.9)]
    """
    keyed: dict[tuple, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        size = r.get("size") if by_size and r.get("size") is not None else ALL_SIZES
        keyed[(r["suite"], r["problem"], r["sense"], r["group"], r["method"], size)].append(r)
    groups: list[Group] = []
    for (suite, problem, sense, grp, method, size), members in keyed.items():
        present = {_basis_key(r) for r in members}
        bases = [b for b in (PROVEN, BOUND) if b in present] or [None]
        for basis in bases:
            # unratioed rows go with the first basis group (proven sorts before bound)
            sel = [r for r in members if _basis_key(r) == basis
                   or (_basis_key(r) is None and basis == bases[0])]
            g = Group(suite, problem, sense, grp, method, size, basis)
            groups.append(_stats(g, sel, resamples, confidence))
    order = method_order or {}

    def sort_key(g: Group) -> tuple:
        methods = order.get((g.suite, g.problem), [])
        midx = methods.index(g.method) if g.method in methods else len(methods)
        size = g.size if isinstance(g.size, (int, float)) else math.inf
        basis = {PROVEN: 0, BOUND: 1}.get(g.basis or "", 2)
        return (g.suite, g.problem, g.group, midx, g.method, size, basis)

    return sorted(groups, key=sort_key)


def summarise(store: ResultsStore, suite: str | None = None, by_size: bool = False) -> list[Group]:
    """Aggregate a store, each suite with its own bootstrap settings and method order.

    Parameters
    ----------
    store : ResultsStore
        The open results store.
    suite : str or None, default None
        A suite's name; ``None`` for every suite.
    by_size : bool, default False
        Whether lines are split by instance size.

    Returns
    -------
    list of Group
        The table's lines.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from dlsched.bench import ResultsStore
    >>> with ResultsStore(pathlib.Path(tempfile.mkdtemp()) / "r.db") as store:
    ...     summarise(store)
    []
    """
    rows = ratio_rows(store, suite)
    infos = [s for s in store.suites() if suite is None or s["suite"] == suite]
    order = {(s["suite"], s["problem"]): s["methods"] for s in infos}
    groups: list[Group] = []
    for info in infos:
        sel = [r for r in rows if r["suite"] == info["suite"] and r["problem"] == info["problem"]]
        groups += aggregate(sel, info["bootstrap"], info["confidence"], by_size, order)
    return groups


@dataclass
class MethodLine:
    """One line of the headline table: a method's runs over every set and size of a problem.

    Parameters
    ----------
    suite, problem, sense, method : str
        Where the line belongs.
    runs, valid, n : int, default 0
        Runs; of them with a valid solution; of them with a ratio.
    geomean, worst : float or None, default None
        Geometric mean and largest of the ratios (>= 1 is worse).
    bases : set of str, default empty
        The bases of those ratios (``proven``, ``bound``).
    failed, invalid : int, default 0
        Runs without a solution; runs whose solution fails validation.
    first_failure : str or None, default None
        The first failed or invalid run: ``"REASON (on INSTANCE)"`` (the reason first: a
        summary cut to its width keeps it).
    warned : int, default 0
        Runs that raised Python warnings.
    warnings : dict, default {}
        Each distinct warning -> runs that raised it.
    """

    suite: str
    problem: str
    sense: str
    method: str
    runs: int = 0
    valid: int = 0
    n: int = 0
    geomean: float | None = None
    worst: float | None = None
    bases: set[str] = field(default_factory=set)
    failed: int = 0
    invalid: int = 0
    first_failure: str | None = None
    warned: int = 0
    warnings: dict[str, int] = field(default_factory=dict)

    @property
    def failures(self) -> int:
        """Failed plus invalid runs."""
        return self.failed + self.invalid


def method_lines(rows: list[dict[str, Any]],
                 method_order: dict[tuple[str, str], list[str]] | None = None
                 ) -> list[MethodLine]:
    """The headline lines: per (suite, problem, method), every set and size pooled.

    Parameters
    ----------
    rows : list of dict
        Rows from ``ratio_rows``.
    method_order : dict or None, default None
        (suite, problem) -> method labels in the suite's order.

    Returns
    -------
    list of MethodLine
        In row order of (suite, problem), methods in suite order.

    Examples
    --------
    >>> rows = [{"suite": "s", "problem": "oef", "sense": "max", "method": "m",
    ...          "instance_id": "a", "status": "feasible", "valid": 1, "ratio": 1.0,
    ...          "basis": "proven"},
    ...         {"suite": "s", "problem": "oef", "sense": "max", "method": "m",
    ...          "instance_id": "b", "status": "feasible", "valid": 1, "ratio": 4.0,
    ...          "basis": "proven"},
    ...         {"suite": "s", "problem": "oef", "sense": "max", "method": "m",
    ...          "instance_id": "c", "status": "feasible", "valid": 0, "ratio": None,
    ...          "first_violation": "capacity of g2: 8.1 allocated > 8"}]
    >>> line = method_lines(rows)[0]
    >>> line.runs, line.valid, line.geomean, line.worst, line.first_failure
    (3, 2, 2.0, 4.0, 'capacity of g2: 8.1 allocated > 8 (on c)')
    """
    keyed: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        keyed[(r["suite"], r["problem"], r["method"])].append(r)
    order = method_order or {}
    out = []
    for (suite, problem, method), members in keyed.items():
        line = MethodLine(suite, problem, members[0].get("sense", "max"), method)
        line.runs = len(members)
        line.failed = sum(r["status"] not in OK_STATUSES for r in members)
        line.invalid = sum(r["status"] in OK_STATUSES and not r["valid"] for r in members)
        line.valid = line.runs - line.failed - line.invalid
        ratios = np.array([r["ratio"] for r in members if r.get("ratio") is not None],
                          dtype=float)
        line.n = int(ratios.size)
        if line.n:
            line.geomean, line.worst = geomean(ratios), float(ratios.max())
        line.bases = {r["basis"] for r in members if r.get("basis")}
        for r in members:
            why = failure_reason(r)
            if why is not None:
                line.first_failure = f"{why} (on {r.get('instance_id', '?')})"
                break
        for r in members:
            found = r.get("warnings") or []
            line.warned += bool(found)
            for w in found:
                line.warnings[w] = line.warnings.get(w, 0) + 1
        out.append(line)

    def sort_key(line: MethodLine) -> tuple:
        methods = order.get((line.suite, line.problem), [])
        idx = methods.index(line.method) if line.method in methods else len(methods)
        return (line.suite, line.problem, idx, line.method)

    return sorted(out, key=sort_key)


def headline(store: ResultsStore, suite: str | None = None) -> list[MethodLine]:
    """``method_lines`` of a store (``suite`` only, or every suite), methods in suite order.

    Parameters
    ----------
    store : ResultsStore
        The open results store.
    suite : str or None, default None
        A suite's name; ``None`` for every suite.

    Returns
    -------
    list of MethodLine
        One per (suite, problem, method).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from dlsched.bench import ResultsStore
    >>> with ResultsStore(pathlib.Path(tempfile.mkdtemp()) / "r.db") as store:
    ...     headline(store)
    []
    """
    infos = [s for s in store.suites() if suite is None or s["suite"] == suite]
    order = {(s["suite"], s["problem"]): s["methods"] for s in infos}
    return method_lines(ratio_rows(store, suite), order)
