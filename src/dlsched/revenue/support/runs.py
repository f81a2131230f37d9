"""From a run of the Astraea mechanism (``mechanism``) to a validated Result, shared by the
paper's algorithms (``astraea``, ``a-round``, ``a-maxirev``) and the BatchSche baseline: the
mechanism's options from method parameters, the solution with payments and incomes, and the
job order and first batch of the one-batch variants."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...core import Result
from ..instance import RevenueInstance
from ..solution import Solution, finish, job_record
from ..validate import checked_result
from .mechanism import POOL, Mechanism, Options

#: ``mincost`` parameter -> the placements Alg. 3 may try (Alg. 4 MINCOSTD, Alg. 5 MINCOSTC)
MINCOST = {"both": ("C", "D"), "d": ("D",), "c": ("C",)}


def options_from(params: dict[str, Any]) -> Options:
    """The mechanism's ``Options`` from a method's keyword parameters (unknown ones are
    ignored; ``theta`` / ``phases`` lists become tuples; ``mincost`` selects placements)."""
    theta = params.get("theta")
    if isinstance(theta, list):
        theta = tuple(theta)
    kw = {k: v for k, v in params.items() if k in Options.__dataclass_fields__}
    kw["theta"] = theta
    if "phases" in kw:
        kw["phases"] = tuple(kw["phases"])
    if "mincost" in params:
        kw["placements"] = MINCOST[params["mincost"]]
    return Options(**kw)


def mechanism_solution(mech: Mechanism, money: bool = True) -> Solution:
    """Records of the mechanism -> the typed Solution (payments only for phase-2 jobs)."""
    inst, opt = mech.inst, mech.opt
    records: dict[int, dict[str, Any]] = {}
    for j, rec in mech.records.items():
        dec = rec["decision"]
        out = job_record(inst, j, dec.placement, rec["start"], dec.d, dec.workers, dec.ps,
                         opt.time_origin)
        out.update({"w": dec.w, "phase": rec["phase"] if money else 0,
                    "batch": rec["batch"], "round": rec["round"],
                    "window": list(rec["window"]), "order": rec["order"],
                    "mu": dec.mu, "ideal": dec.ideal,
                    "cost_w": [float(x) for x in dec.cost_w],
                    "cost_p": [float(x) for x in dec.cost_p]})
        if money and rec["phase"] == POOL:
            out["payment"] = float(dec.cost_w.sum() + dec.cost_p.sum())
            out["income"] = {inst.tenant_names[u]: float(x)
                             for u, x in enumerate(rec["income"])}
        records[j] = out
    extra = {"theta_w": mech.theta_w, "theta_p": mech.theta_p, "lambda": mech.lam,
             "fixed_workers": opt.fixed_workers}
    return finish(inst, records, opt.time_origin, extra)


def mechanism_result(inst: RevenueInstance, method: str, mech: Mechanism, t0: float,
                     money: bool = True) -> Result:
    """The validated Result of a mechanism run, with decision-time and fairness stats."""
    sol = mechanism_solution(mech, money)
    ds = np.array(mech.decision_s or [0.0])
    stats: dict[str, Any] = {"lambda": mech.lam, "theta_w": mech.theta_w,
                             "theta_p": mech.theta_p, "decisions": len(mech.decision_s),
                             "decision_ms_mean": float(ds.mean() * 1e3),
                             "decision_ms_max": float(ds.max() * 1e3),
                             "admitted": sum(r["admitted"] for r in sol["jobs"].values()),
                             "alpha_variance": sol["fairness"]["alpha_variance"]}
    return checked_result(inst, method, sol, t0, stats)


def first_batch(inst: RevenueInstance) -> int:
    """Smallest l with τ_l = 2^l > every arrival (all jobs are known at τ_l)."""
    return max(1, math.floor(math.log2(max(int(inst.arrival.max()), 1))) + 1)


def arrival_order(inst: RevenueInstance) -> list[int]:
    """Jobs by (arrival, tenant index, job index): the order Alg. 3 considers them in."""
    return sorted(range(inst.n_jobs), key=lambda j: (int(inst.arrival[j]),
                                                      int(inst.tenant[j]), j))
