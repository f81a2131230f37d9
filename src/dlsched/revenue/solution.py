"""Solution dicts shared by every method, and the money metrics of notes §3.6.

A solution is ``{"time_origin", "jobs": {name: record}, "revenue", "gains", ...}``; a record
of an admitted job has ``placement`` ("C"/"D"), ``start`` t-, ``completion`` t+ (inclusive
slots), ``workers`` / ``ps`` ({server name: count}) and ``utility`` F_j. Astraea adds
``phase``, ``batch``, ``round``, ``window``, ``order``, ``mu``, ``ideal``, per-slot
``cost_w`` / ``cost_p``, ``payment`` and ``income`` ({tenant: amount}).
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from .instance import RevenueInstance
from .support.configs import utility_x


def job_record(inst: RevenueInstance, j: int, placement: str, start: int, d: int,
               workers: dict[int, int], ps: dict[int, int], time_origin: str
               ) -> dict[str, Any]:
    completion = start + d - 1
    return {"admitted": True, "placement": placement, "start": int(start),
            "completion": int(completion),
            "workers": {inst.server_names[s]: int(k) for s, k in sorted(workers.items()) if k},
            "ps": {inst.server_names[s]: int(k) for s, k in sorted(ps.items()) if k},
            "utility": float(inst.f(j, utility_x(inst, j, completion, time_origin)))}


def finish(inst: RevenueInstance, records: dict[int, dict[str, Any]], time_origin: str,
           extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Complete a solution: rejected jobs, total revenue, tenant gains and fairness."""
    jobs: dict[str, Any] = {}
    for j, name in enumerate(inst.job_names):
        jobs[name] = records.get(j, {"admitted": False})
    sol: dict[str, Any] = {"time_origin": time_origin, "jobs": jobs}
    sol.update(extra or {})
    sol["revenue"] = float(sum(r["utility"] for r in jobs.values() if r["admitted"]))
    sol["gains"] = tenant_gains(inst, sol)
    sol["fairness"] = fairness(inst, sol)
    return sol


def tenant_gains(inst: RevenueInstance, sol: dict[str, Any]) -> dict[str, float]:
    """g_u = Σ_{J1^u} F + Σ_{J2^u} (F - payment) + Σ_{J2} ρ^u (self-payments counted)."""
    g = dict.fromkeys(inst.tenant_names, 0.0)
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"][name]
        if not rec["admitted"]:
            continue
        g[inst.tenant_names[inst.tenant[j]]] += rec["utility"] - rec.get("payment", 0.0)
        for u, x in rec.get("income", {}).items():
            g[u] += x
    return g


def beta(inst: RevenueInstance) -> np.ndarray:
    """β_u = (q_w^u / Σq_w + q_p^u / Σq_p) / 2."""
    bw = inst.quota_w / max(inst.quota_w.sum(), 1)
    bp = inst.quota_p / max(inst.quota_p.sum(), 1)
    return 0.5 * (bw + bp)


def fairness(inst: RevenueInstance, sol: dict[str, Any]) -> dict[str, Any]:
    """α_u = (g_u / ΣF) / β_u and its population variance (undefined when ΣF <= 0)."""
    total = sol["revenue"]
    if total <= 0:
        return {"alpha": None, "alpha_variance": None}
    b = beta(inst)
    alpha = {u: float((sol["gains"][u] / total) / b[k]) if b[k] > 0 else None
             for k, u in enumerate(inst.tenant_names)}
    vals = np.array([a for a in alpha.values() if a is not None])
    return {"alpha": alpha, "alpha_variance": float(vals.var()) if vals.size else None}


def usage(inst: RevenueInstance, sol: dict[str, Any], horizon: int | None = None
          ) -> tuple[np.ndarray, np.ndarray]:
    """Per-slot usage y[s, t], z[s, t] (t = 0..T, index t = slot t) of a solution."""
    name_to_s = {n: s for s, n in enumerate(inst.server_names)}
    ends = [r["completion"] for r in sol["jobs"].values() if r["admitted"]]
    T = max([horizon or 0, *ends, 1])
    y = np.zeros((inst.n_servers, T + 1))
    z = np.zeros((inst.n_servers, T + 1))
    for rec in sol["jobs"].values():
        if rec["admitted"]:
            run = slice(rec["start"], rec["completion"] + 1)
            for s, k in rec["workers"].items():
                y[name_to_s[s], run] += k
            for s, k in rec["ps"].items():
                z[name_to_s[s], run] += k
    return y, z
