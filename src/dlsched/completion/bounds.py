"""Lower bounds of spec §2.5 (each <= OPT over the instance's horizon; take the max).

- ``lb0``: sum_j w_j (a_j + d^min_j).
- ``area``: per resource r, single-machine relaxation with p_j = min_k d_k (N_k e^r + z^r) /
  sum_h C^r_h; Smith's rule on 1||sum w_j C_j plus w(J) for the first slot (slot 1 is the
  earliest start).
- ``aggregate_lp``: min sum w (t + d_k) X s.t. sum X = 1 and the aggregate cut, X >= 0
  (sparse LP, HiGHS through scipy).
- ``lp_relaxation``: the LP relaxation of E1 (Pyomo + HiGHS); only when asked (bigger).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from .config import configurations, min_duration
from .instance import CompletionInstance
from .model import build_e1, e1_data, load_of


def lb0(inst: CompletionInstance) -> float:
    dmin = np.array([min_duration(inst, j) for j in range(inst.n_jobs)], dtype=float)
    return float(np.dot(inst.weight, inst.arrival + dmin))


def area_bound(inst: CompletionInstance) -> float:
    best = 0.0
    total = inst.capacity.sum(axis=0)
    w = inst.weight
    for r in range(len(inst.resources)):
        if total[r] <= 0:
            continue
        area = np.array([min((k.d * load_of(k, inst)[r] for k in configurations(inst, j)),
                             default=np.inf) for j in range(inst.n_jobs)])
        p = area / total[r]
        order = np.lexsort((np.arange(len(p)), p / w))  # Smith: p_j / w_j ascending
        comp = np.cumsum(p[order])
        best = max(best, float(w.sum() + np.dot(w[order], comp)))
    return best


def aggregate_lp(inst: CompletionInstance, tmax: int | None = None) -> float | None:
    data = e1_data(inst, tmax)
    keys = data.xkeys()
    if not keys:
        return None
    J, R, T = inst.n_jobs, len(inst.resources), data.tmax
    cost = np.array([inst.weight[j] * (t + data.configs[j][k].d) for j, k, t in keys])
    rows_eq, cols_eq = zip(*[(j, i) for i, (j, _, _) in enumerate(keys)], strict=False)
    A_eq = sp.csr_matrix((np.ones(len(keys)), (rows_eq, cols_eq)), shape=(J, len(keys)))
    ri, ci, vi = [], [], []
    for i, (j, k, t0) in enumerate(keys):
        cfg = data.configs[j][k]
        lk = load_of(cfg, inst)
        for r in np.nonzero(lk)[0]:
            for t in range(t0, t0 + cfg.d):
                ri.append(r * T + (t - 1))
                ci.append(i)
                vi.append(lk[r])
    A_ub = sp.csr_matrix((vi, (ri, ci)), shape=(R * T, len(keys)))
    b_ub = np.repeat(inst.capacity.sum(axis=0), T)
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=np.ones(J), bounds=(0, None),
                  method="highs")
    return float(res.fun) if res.status == 0 else None


def lp_relaxation(inst: CompletionInstance, tmax: int | None = None) -> float | None:
    import pyomo.environ as pyo

    from ..core import SolveOptions, solve_pyomo

    m = build_e1(e1_data(inst, tmax))
    pyo.TransformationFactory("core.relax_integer_vars").apply_to(m)
    out = solve_pyomo(m, SolveOptions())
    return out.objective if out.status.value == "optimal" else None


def lower_bounds(inst: CompletionInstance, tmax: int | None = None, lp: bool = False,
                 exact_lp: bool = False) -> dict[str, Any]:
    """All cheap bounds (and the LPs when asked); ``best`` is their maximum."""
    out: dict[str, Any] = {"lb0": lb0(inst), "area": area_bound(inst)}
    if lp:
        out["aggregate_lp"] = aggregate_lp(inst, tmax)
    if exact_lp:
        out["lp_relaxation"] = lp_relaxation(inst, tmax)
    out["best"] = max(v for v in out.values() if v is not None)
    return out
