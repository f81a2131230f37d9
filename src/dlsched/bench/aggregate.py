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


@dataclass(frozen=True)
class CI:
    low: float
    high: float


def bootstrap_ci(values: np.ndarray, stat: str, resamples: int, confidence: float,
                 seed: int = 0) -> CI:
    """Percentile bootstrap interval of ``stat`` ("mean" or "median") of ``values``
    (``scipy.stats.bootstrap``, ``resamples`` resamples from a generator seeded by ``seed``).

    Percentile rather than scipy's default BCa: BCa needs a jackknife that is undefined for the
    near-constant ratio samples benchmarks produce (many methods hit the optimum exactly)."""
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
    """One line of the ratio table."""

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


def _stats(g: Group, rows: list[dict[str, Any]], resamples: int, confidence: float) -> Group:
    g.runs = len(rows)
    g.failed = sum(r["status"] not in ("optimal", "feasible", "time_limit") for r in rows)
    g.limited = sum(r["status"] == "time_limit" for r in rows)
    g.invalid = sum(r["status"] in ("optimal", "feasible", "time_limit") and not r["valid"]
                    for r in rows)
    g.suspicious = sum(bool(r.get("suspicious")) for r in rows)
    ratios = np.array([r["ratio"] for r in rows if r.get("ratio") is not None], dtype=float)
    g.n = int(ratios.size)
    if g.n:
        g.mean, g.median = float(ratios.mean()), float(np.median(ratios))
        g.worst = float(ratios.min() if g.sense == "max" else ratios.max())
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
    """Aggregate a store (per suite: its bootstrap settings and method order)."""
    rows = ratio_rows(store, suite)
    infos = [s for s in store.suites() if suite is None or s["suite"] == suite]
    order = {(s["suite"], s["problem"]): s["methods"] for s in infos}
    groups: list[Group] = []
    for info in infos:
        sel = [r for r in rows if r["suite"] == info["suite"] and r["problem"] == info["problem"]]
        groups += aggregate(sel, info["bootstrap"], info["confidence"], by_size, order)
    return groups
