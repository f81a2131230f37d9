"""Benchmark metrics: payments, fairness (variance and extremes of α_u), revenue per job,
admission rate, the per-decision time of the online mechanism, and the four readings of the
paper's "total revenue" (``revenue_readings``)."""

from __future__ import annotations

from typing import Any

import numpy as np

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
    return {r: float(sum(job_values(inst, sol, r).values())) for r in REVENUE_READINGS}


def job_values(inst: RevenueInstance, sol: dict[str, Any], reading: str = "actual"
               ) -> dict[int, float]:
    """Each admitted job's value under one of ``REVENUE_READINGS``."""
    out: dict[int, float] = {}
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"][name]
        if not rec.get("admitted"):
            continue
        tp = int(rec["completion"])
        R = int(rec["window"][0]) - 1 if rec.get("window") else int(rec["start"]) - 1
        x = {"actual": tp - int(inst.arrival[j]), "clipped": tp - int(inst.arrival[j]),
             "absolute": tp, "ideal": tp - R}[reading]
        v = float(inst.f(j, x))
        out[j] = max(v, 0.0) if reading == "clipped" else v
    return out


def fairness_under(inst: RevenueInstance, sol: dict[str, Any], reading: str = "actual"
                   ) -> dict[str, Any]:
    """α_u (notes §3.6) with every job's value taken under ``reading``: g_u = Σ_{j∈u} (v_j -
    payment_j) + Σ_j ρ^u_j, α_u = (g_u / Σ v) / β_u; undefined (None) when Σ v <= 0.
    ``actual`` equals the solution's own ``fairness``."""
    from .solution import beta

    vals = job_values(inst, sol, reading)
    total = sum(vals.values())
    if total <= 0:
        return {"alpha": None, "alpha_variance": None, "alpha_maxdev": None}
    g = np.zeros(inst.n_tenants)
    for j, v in vals.items():
        rec = sol["jobs"][inst.job_names[j]]
        g[inst.tenant[j]] += v - rec.get("payment", 0.0)
        for u, x in rec.get("income", {}).items():
            g[inst.tenant_names.index(u)] += x
    b = beta(inst)
    alpha = np.where(b > 0, g / total / np.where(b > 0, b, 1.0), np.nan)
    a = alpha[np.isfinite(alpha)]
    return {"alpha": dict(zip(inst.tenant_names, alpha.tolist(), strict=True)),
            "alpha_variance": float(a.var()), "alpha_maxdev": float(np.abs(a - 1).max())}


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
