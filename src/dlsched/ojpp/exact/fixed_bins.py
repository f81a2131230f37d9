"""Do the workers fit on exactly t devices? CP-SAT on integer vector-packing data.

The last resort of the pattern model when column generation leaves a gap (incumbent >
ceil(bound)) on plain vector packing: t = the proven bound, so every packing into t devices
uses all of them and each device carries at least total_d - (t - 1) C_d in every dimension
(``bounds.min_loads``); devices are labelled by their first job in decreasing-size order
(``bounds.device_limits``). Feasible => t is optimal; infeasible => the bound rises to t + 1.
Variables y_ik in [0, min(omega_i, workers of i that fit alone)], rows sum_k y_ik = omega_i and
sum_i W_id y_ik <= C_d.
"""

from __future__ import annotations

import time

import numpy as np

from .bounds import device_limits, min_loads
from .pricing import IntData

#: Models with more count variables are not attempted (memory and build time).
MAX_VARS = 10_000


def fits_in(data: IntData, omega: np.ndarray, t: int, deadline: float, threads: int = 2,
            ) -> tuple[str, np.ndarray | None]:
    """("feasible", Y) | ("infeasible", None) | ("unknown" | "too large", None) for exactly
    ``t`` devices."""
    from ortools.sat.python import cp_model

    W, C = data.W, data.C
    n, d = W.shape
    budget = deadline - time.perf_counter()
    if budget <= 0.05:
        return "unknown", None
    lim = device_limits(W.astype(float), C.astype(float), omega)
    with np.errstate(divide="ignore"):
        per = np.where(W > 0, C[None, :] // np.maximum(W, 1), np.iinfo(np.int64).max)
    ub = np.minimum(omega, per.min(axis=1))
    if int(np.minimum(lim, t).sum()) > MAX_VARS:
        return "too large", None
    need = np.ceil(min_loads(W.astype(float), C.astype(float), omega, t) - 1e-9).astype(np.int64)
    m = cp_model.CpModel()
    y = {(i, k): m.new_int_var(0, int(ub[i]), f"y{i}_{k}")
         for i in range(n) for k in range(min(t, int(lim[i])))}
    for i in range(n):
        m.add(sum(y[i, k] for k in range(t) if (i, k) in y) == int(omega[i]))
    for k in range(t):
        for dd in range(d):
            terms = [(int(W[i, dd]), y[i, k]) for i in range(n) if (i, k) in y and W[i, dd] > 0]
            if not terms:
                continue
            load = sum(c * v for c, v in terms)
            m.add(load <= int(C[dd]))
            if need[dd] > 0:
                m.add(load >= int(need[dd]))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = budget
    solver.parameters.num_workers = threads
    code = solver.solve(m)
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        Y = np.zeros((t, n), dtype=np.int64)
        for (i, k), v in y.items():
            Y[k, i] = solver.value(v)
        return "feasible", Y
    if code == cp_model.INFEASIBLE:
        return "infeasible", None
    return "unknown", None
