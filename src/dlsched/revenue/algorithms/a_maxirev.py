"""``a-maxirev``: A_maxIrev (Alg. 3) once on the pooled cluster over slots R+1..R+τ_l, no
payments; ``mincost`` = both | d | c restricts it to MINCOSTD / MINCOSTC (Algs. 4-5), also
registered on their own as ``mincost-d`` and ``mincost-c``."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ..instance import RevenueInstance
from ..support.mechanism import POOL, Mechanism, Round
from ..support.runs import arrival_order, first_batch, mechanism_result, options_from


@register_algorithm("a-maxirev", "revenue",
                    "A_maxIrev (Alg. 3) once on the pooled cluster over slots R+1..R+τ_l "
                    "(mincost = both | d | c selects Algs. 4-5); no payments")
def a_maxirev(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
    t0 = time.perf_counter()
    mech = Mechanism(inst, options_from(params))
    l = batch or first_batch(inst)
    tau = 2 ** l
    rnd = Round(mech.lam * tau, tau, np.zeros((inst.n_servers, tau)),
                np.zeros((inst.n_servers, tau)), np.zeros((inst.n_tenants, tau)),
                np.zeros((inst.n_tenants, tau)))
    mech.max_irev(arrival_order(inst), rnd, POOL, l, 1)
    return mechanism_result(inst, "a-maxirev", mech, t0, money=False)


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
