"""Benchmark metrics: payments, fairness (variance and extremes of α_u), revenue per job,
admission rate, the per-decision time of the online mechanism, and the four readings of the
paper's "total revenue" (:func:`revenue_readings`)."""

from __future__ import annotations

from typing import Any

from .instance import RevenueInstance

#: Readings of "total revenue" (paper §5.1 Metrics: "the total revenue resulted from Algorithm
#: 1"), which the paper does not pin down (docs/specs/revenue.md, "Revenue readings").
REVENUE_READINGS = ("actual", "absolute", "ideal", "clipped")


def revenue_readings(inst: RevenueInstance, sol: dict[str, Any]) -> dict[str, float]:
    """Total revenue of a solution under each reading, over admitted jobs:

    * ``actual``: sum of F_j = f_j(t+ - r_j), negatives included (objective (4) with the
      arrival time origin; dlsched's default objective);
    * ``absolute``: sum of f_j(t+) with the absolute completion slot (objective (3) literally);
    * ``ideal``: sum of f_j(t+ - R), the ideal revenue of Definition 1 measured from the start
      R of the job's window (Astraea: its round, the value Fig. 12 plots; a method without
      rounds: R = t- - 1, i.e. f_j of the job's run length);
    * ``clipped``: sum of max(F_j, 0) (a job that would lose value counts as earning nothing).
    """
    out = dict.fromkeys(REVENUE_READINGS, 0.0)
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"][name]
        if not rec.get("admitted"):
            continue
        tp, tm = int(rec["completion"]), int(rec["start"])
        actual = float(inst.f(j, tp - int(inst.arrival[j])))
        R = int(rec["window"][0]) - 1 if rec.get("window") else tm - 1
        out["actual"] += actual
        out["absolute"] += float(inst.f(j, tp))
        out["ideal"] += float(inst.f(j, tp - R))
        out["clipped"] += max(actual, 0.0)
    return out


def metrics(inst: RevenueInstance, result: Any) -> dict[str, float]:
    sol = result.solution or {}
    out: dict[str, float] = {}
    jobs = sol.get("jobs", {})
    if not jobs:
        return out
    out["revenue_per_job"] = float(sol["revenue"]) / max(inst.n_jobs, 1)
    out["admitted_frac"] = sum(bool(r["admitted"]) for r in jobs.values()) / len(jobs)
    out["payments"] = float(sum(r.get("payment", 0.0) for r in jobs.values()))
    fair = sol.get("fairness") or {}
    if fair.get("alpha_variance") is not None:
        alphas = [a for a in fair["alpha"].values() if a is not None]
        out["alpha_variance"] = float(fair["alpha_variance"])
        out["alpha_min"] = float(min(alphas))
        out["alpha_max"] = float(max(alphas))
    if "decision_ms_mean" in (result.stats or {}):
        out["decision_ms"] = float(result.stats["decision_ms_mean"])
    return out
