"""Benchmark metrics: payments, fairness (variance and extremes of α_u), revenue per job,
admission rate, and the per-decision time of the online mechanism."""

from __future__ import annotations

from typing import Any

from .instance import RevenueInstance


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
