"""Registered online algorithms: ``astraea`` (Alg. 1), ``a-round`` (Alg. 2 on one batch) and
``a-maxirev`` (Alg. 3, one pooled phase; ``mincost`` "both" / "d" / "c" restricts it to
MINCOSTD / MINCOSTC, Algs. 4-5). Every result is re-checked by the independent validator."""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from ..core import Result, register_algorithm
from .instance import RevenueInstance
from .mechanism import POOL, Mechanism, Options, Round
from .solution import finish, job_record
from .validate import checked_result

_MINCOST = {"both": ("C", "D"), "d": ("D",), "c": ("C",)}


def _options(params: dict[str, Any]) -> Options:
    theta = params.get("theta")
    if isinstance(theta, list):
        theta = tuple(theta)
    kw = {k: v for k, v in params.items() if k in Options.__dataclass_fields__}
    kw["theta"] = theta
    if "phases" in kw:
        kw["phases"] = tuple(kw["phases"])
    if "mincost" in params:
        kw["placements"] = _MINCOST[params["mincost"]]
    return Options(**kw)


def mechanism_solution(mech: Mechanism, money: bool = True) -> dict[str, Any]:
    """Records of the mechanism -> solution dict (payments only for phase-2 jobs)."""
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


def _result(inst: RevenueInstance, method: str, mech: Mechanism, t0: float,
            money: bool = True) -> Result:
    sol = mechanism_solution(mech, money)
    ds = np.array(mech.decision_s or [0.0])
    stats: dict[str, Any] = {"lambda": mech.lam, "theta_w": mech.theta_w,
                             "theta_p": mech.theta_p, "decisions": len(mech.decision_s),
                             "decision_ms_mean": float(ds.mean() * 1e3),
                             "decision_ms_max": float(ds.max() * 1e3),
                             "admitted": sum(r["admitted"] for r in sol["jobs"].values()),
                             "alpha_variance": sol["fairness"]["alpha_variance"]}
    return checked_result(inst, method, sol, t0, stats)


@register_algorithm("astraea", "revenue",
                    "Astraea online mechanism (Alg. 1: geometric batches, A_round, A_maxIrev, "
                    "posted prices (8), income division (2))")
def astraea(inst: RevenueInstance, **params: Any) -> Result:
    t0 = time.perf_counter()
    mech = Mechanism(inst, _options(params))
    mech.run()
    return _result(inst, "astraea", mech, t0)


def _first_batch(inst: RevenueInstance) -> int:
    """Smallest l with τ_l = 2^l > every arrival (all jobs are known at τ_l)."""
    return max(1, math.floor(math.log2(max(int(inst.arrival.max()), 1))) + 1)


@register_algorithm("a-round", "revenue",
                    "A_round (Alg. 2) on all jobs as one batch: λ rounds, phase 1 in each "
                    "tenant's share, phase 2 on pooled idle resources, payments")
def a_round(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
    t0 = time.perf_counter()
    mech = Mechanism(inst, _options(params))
    mech.a_round(list(_order(inst)), batch or _first_batch(inst))
    return _result(inst, "a-round", mech, t0)


def _order(inst: RevenueInstance) -> list[int]:
    return sorted(range(inst.n_jobs), key=lambda j: (int(inst.arrival[j]),
                                                      int(inst.tenant[j]), j))


@register_algorithm("a-maxirev", "revenue",
                    "A_maxIrev (Alg. 3) once on the pooled cluster over slots R+1..R+τ_l "
                    "(mincost = both | d | c selects Algs. 4-5); no payments")
def a_maxirev(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
    t0 = time.perf_counter()
    mech = Mechanism(inst, _options(params))
    l = batch or _first_batch(inst)
    tau = 2 ** l
    rnd = Round(mech.lam * tau, tau, np.zeros((inst.n_servers, tau)),
                np.zeros((inst.n_servers, tau)), np.zeros((inst.n_tenants, tau)),
                np.zeros((inst.n_tenants, tau)))
    mech.max_irev(_order(inst), rnd, POOL, l, 1)
    return _result(inst, "a-maxirev", mech, t0, money=False)


def _a_maxirev_with(mincost: str, name: str):
    """A_maxIrev restricted to one cost-minimisation routine (Alg. 4 or 5), under its own name."""

    def run(inst: RevenueInstance, **params: Any) -> Result:
        res = a_maxirev(inst, **{**params, "mincost": mincost})
        res.method = name
        return res

    return run


register_algorithm("mincost-d", "revenue",
                   "A_maxIrev with MINCOSTD only (Alg. 4: distributed placement of workers/PSs)")(
    _a_maxirev_with("d", "mincost-d"))
register_algorithm("mincost-c", "revenue",
                   "A_maxIrev with MINCOSTC only (Alg. 5: centralised placement on one server)")(
    _a_maxirev_with("c", "mincost-c"))
