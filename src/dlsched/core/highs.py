"""HiGHS model status -> core ``Status``, for models solved through highspy directly
(OEF matrix LPs, the completion pattern ILP). Pyomo models go through ``solver.HighsSession``."""

from __future__ import annotations

from typing import Any

import highspy

from .result import Status

_MS = highspy.HighsModelStatus


def use_threads(threads: int | None) -> None:
    """Prepare HiGHS's one process-wide thread pool for a solve with ``threads`` threads.

    HiGHS sizes that pool at its first parallel solve; a later solve asking for another size
    fails (status error) unless the pool is reset first. ``None`` keeps the pool as it is.
    """
    if threads is not None:
        highspy.Highs.resetGlobalScheduler(True)

#: A solution is only reported if HiGHS says it is feasible; limits map to ``time_limit``.
HIGHS_STATUS: dict[Any, Status] = {
    _MS.kOptimal: Status.OPTIMAL,
    _MS.kInfeasible: Status.INFEASIBLE,
    _MS.kUnbounded: Status.UNBOUNDED,
    _MS.kUnboundedOrInfeasible: Status.INFEASIBLE,
    _MS.kTimeLimit: Status.TIME_LIMIT,
    _MS.kIterationLimit: Status.TIME_LIMIT,
    _MS.kInterrupt: Status.TIME_LIMIT,
    _MS.kHighsInterrupt: Status.TIME_LIMIT,
    _MS.kObjectiveBound: Status.FEASIBLE,
    _MS.kObjectiveTarget: Status.FEASIBLE,
    _MS.kSolutionLimit: Status.FEASIBLE,
}


#: reduced costs / duals below this are taken as zero when they meet an infinite bound (HiGHS's
#: own dual feasibility tolerance is 1e-7)
DUAL_ZERO = 1e-9


def lagrangian_bound(h: highspy.Highs) -> float | None:
    """A bound on the optimum of the LP held by ``h`` from its current row duals, or ``None``.

    Why not ``Highs.getDualObjectiveValue``: the highspy 1.14 binding takes a ``float`` it
    cannot write back and returns only a status (a TypeError when called without it). For any
    row prices y, weak duality gives for a maximisation
    ``c.x <= sum_j max_{x_j in [l_j, u_j]} (c - A'y)_j x_j + sum_i max_{r_i in [L_i, U_i]} y_i r_i``
    (minimisation: min and min); it holds whatever the solve's state, so it is valid also for a
    solve stopped at its time limit. Both signs of y are tried (sign conventions); ``None`` when
    both are infinite.
    """
    import numpy as np
    import scipy.sparse as sp

    lp = h.getLp()
    m, n = lp.num_row_, lp.num_col_
    if m == 0:
        return None
    a = lp.a_matrix_
    shape = (m, n)
    if a.format_ == highspy.MatrixFormat.kColwise:
        A = sp.csc_matrix((a.value_, a.index_, a.start_), shape=shape)
    else:
        A = sp.csr_matrix((a.value_, a.index_, a.start_), shape=shape)
    y0 = np.asarray(h.getSolution().row_dual, dtype=float)
    if y0.size != m or not np.all(np.isfinite(y0)):
        return None
    c = np.asarray(lp.col_cost_, float)
    maximise = lp.sense_ == highspy.ObjSense.kMaximize
    sign = 1.0 if maximise else -1.0  # work on max sign*c.x, report sign * bound

    def side(coef: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> float:
        coef = np.where(np.abs(coef) <= DUAL_ZERO, 0.0, coef)
        with np.errstate(invalid="ignore"):
            best = np.where(coef > 0, coef * hi, np.where(coef < 0, coef * lo, 0.0))
        return float(best.sum())

    bounds = []
    for y in (y0, -y0):
        val = side(sign * c - A.T @ y, np.asarray(lp.col_lower_, float),
                   np.asarray(lp.col_upper_, float)) + side(
            y, np.asarray(lp.row_lower_, float), np.asarray(lp.row_upper_, float))
        if np.isfinite(val):
            bounds.append(val)
    if not bounds:
        return None
    return sign * min(bounds) + float(lp.offset_)
