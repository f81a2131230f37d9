"""OEF LPs (4), (9), (10) in matrix form for ``highspy`` (used by the ``"highs"`` backend).

Why (benchmarks/oef-scaling.md): the numpy build is 30-100x faster than Pyomo's (LP (9),
n = 2000: 0.009 s vs 0.28 s; the Pyomo lazy LP (10) at n = 300 spent 10.6 s building), and it
lets the active set add rows to a live HiGHS model. Build time is not the whole story, though:
the larger wins are the solver choice for big LPs (IPM + crossover, below) and the active set
for (10). The constraint matrix is assembled without Python loops over the n(n-1) user pairs;
the Pyomo models stay the reference formulation for export and teaching.

Variables: x[r, j] (column r*k + j), plus the free level T (last column) for LP (9). Rows:
capacity (k), then LP (9): W_r.x_r - pi_r T = 0, or LP (10): pi_s W_r.x_r - pi_r W_r.x_s >= 0
(the weighted forms of lp.py / notes §3). Simplex is used so a vertex is returned (notes §7
sparsity). The cooperative active-set strategy is in ``activeset.py``, the backend in ``highs.py``.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import highspy
import numpy as np

from ...core import Result, SolveOptions, Status
from ...core.highs import HIGHS_STATUS as STATUS
from ...core.highs import lagrangian_bound, use_threads
from ..instance import OEFInstance
from ..solution import make_solution

INF = highspy.kHighsInf

_FEASIBLE = 2  # HiGHS kSolutionStatusFeasible
#: LPs (9) and (10) are solved by interior point + crossover from this many rows on (measured,
#: monotone k = 10; crossover still returns a vertex, nnz = n + k - 1 for (9)): (9) n = 2000
#: IPM 0.4-0.6 s vs dual simplex 5.5 s, n = 500 0.13 s vs 0.53 s; (10) full, n = 200 17 s vs
#: 34 s, n = 100 about equal.
IPM_FROM_ROWS = 100


@dataclass
class RowBlock:
    """Rows in compressed-row form, ready for ``Highs.addRows``."""

    lower: np.ndarray
    upper: np.ndarray
    starts: np.ndarray  # int32, one per row
    index: np.ndarray  # int32
    value: np.ndarray

    @property
    def size(self) -> int:
        return int(self.lower.size)

    def add_to(self, h: highspy.Highs) -> None:
        if self.size:
            h.addRows(self.size, self.lower, self.upper, int(self.index.size), self.starts,
                      self.index, self.value)


def _block(lower: np.ndarray, upper: np.ndarray, index: np.ndarray, value: np.ndarray) -> RowBlock:
    """Rows whose entries are the rows of the equal-width 2-D arrays ``index`` / ``value``."""
    n_rows, width = index.shape
    starts = (np.arange(n_rows, dtype=np.int64) * width).astype(np.int32)
    return RowBlock(np.asarray(lower, float), np.asarray(upper, float), starts,
                    index.ravel().astype(np.int32), value.ravel().astype(float))


def capacity_rows(R: int, k: int, capacity: np.ndarray) -> RowBlock:
    """sum_r x[r, j] <= m_j for every type j (LPs (4), (9), (10))."""
    index = np.arange(k)[:, None] + k * np.arange(R)[None, :]
    return _block(np.full(k, -INF), capacity, index, np.ones((k, R)))


def level_rows(W: np.ndarray, weight: np.ndarray) -> RowBlock:
    """W_r.x_r - pi_r T = 0 for every row (LP (9), weighted direct form of notes §3)."""
    R, k = W.shape
    index = np.hstack([np.arange(R * k).reshape(R, k), np.full((R, 1), R * k)])
    value = np.hstack([W, -weight[:, None]])
    return _block(np.zeros(R), np.zeros(R), index, value)


def envy_rows(W: np.ndarray, weight: np.ndarray, r: np.ndarray, s: np.ndarray) -> RowBlock:
    """pi_s W_r.x_r - pi_r W_r.x_s >= 0 for the pairs (r[i], s[i]), r != s (LP (10))."""
    k = W.shape[1]
    r, s = np.asarray(r, dtype=np.int64), np.asarray(s, dtype=np.int64)
    cols = np.arange(k)
    index = np.hstack([r[:, None] * k + cols, s[:, None] * k + cols])
    value = np.hstack([weight[s, None] * W[r], -weight[r, None] * W[r]])
    return _block(np.zeros(r.size), np.full(r.size, INF), index, value)


def all_pairs(R: int) -> tuple[np.ndarray, np.ndarray]:
    """Every ordered pair (r, s) with r != s."""
    r, s = np.nonzero(~np.eye(R, dtype=bool))
    return r, s


def new_highs(inst: OEFInstance, options: SolveOptions, with_level: bool = False) -> highspy.Highs:
    """A silent HiGHS holding the columns x (and T) with the objective max sum_r W_r.x_r."""
    W = inst.rows.W
    n_x = W.size
    h = empty_highs(options)
    cost = np.append(W.ravel(), 0.0) if with_level else W.ravel()
    lower = np.append(np.zeros(n_x), -INF) if with_level else np.zeros(n_x)
    upper = np.full(cost.size, INF)
    h.addVars(cost.size, lower, upper)
    h.changeColsCost(cost.size, np.arange(cost.size, dtype=np.int32), cost)
    return h


def empty_highs(options: SolveOptions) -> highspy.Highs:
    """A silent, maximising simplex HiGHS with the solve options applied and no columns yet."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("solver", "simplex")
    if options.time_limit is not None:
        h.setOptionValue("time_limit", float(options.time_limit))
    if options.threads is not None:
        use_threads(options.threads)
        h.setOptionValue("threads", int(options.threads))
    if not options.presolve:
        h.setOptionValue("presolve", "off")
    for key, val in options.options.items():
        h.setOptionValue(key, val)
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    return h


@dataclass
class Solved:
    """Outcome of one HiGHS run in core terms."""

    status: Status
    objective: float | None
    bound: float | None
    X: np.ndarray | None
    col: np.ndarray | None
    solve_s: float
    termination: str
    iterations: int


def run(h: highspy.Highs, R: int, k: int) -> Solved:
    """Run HiGHS and map its model status honestly; the primal point is kept only if feasible."""
    t0 = time.perf_counter()
    h.run()
    solve_s = time.perf_counter() - t0
    ms = h.getModelStatus()
    info = h.getInfo()
    status = STATUS.get(ms, Status.ERROR)
    col = X = obj = bound = None
    if status.has_solution and info.primal_solution_status == _FEASIBLE:
        col = np.asarray(h.getSolution().col_value, dtype=float)
        X = col[: R * k].reshape(R, k)
        obj = float(info.objective_function_value)
    elif status.has_solution:
        status = Status.TIME_LIMIT if status is Status.TIME_LIMIT else Status.ERROR
    if status is Status.OPTIMAL:
        bound = obj
    elif info.dual_solution_status == _FEASIBLE:
        bound = lagrangian_bound(h)  # from the row duals: a valid upper bound
    return Solved(status, obj, bound, X, col, solve_s, h.modelStatusToString(ms),
                  int(info.simplex_iteration_count) + int(info.crossover_iteration_count))


def result(inst: OEFInstance, mechanism: str, s: Solved, t0: float, build_s: float,
           stats: dict[str, Any], X: np.ndarray | None = None, **extra: Any) -> Result:
    """Result of a HiGHS-backend solve (solution via ``make_solution``)."""
    X = s.X if X is None else X
    return Result(
        problem="oef", method=f"oef-{mechanism}", status=s.status, objective=s.objective,
        bound=s.bound, runtime_s=time.perf_counter() - t0, build_s=build_s,
        solution=make_solution(inst, X, **extra) if X is not None else None,
        stats={"backend": "highs", "solver": "highspy", "termination": s.termination,
               "rows": inst.rows.size, **stats},
    )


def solve_full(inst: OEFInstance, mechanism: str, options: SolveOptions) -> Result:
    """LP (4), (9) or (10) with every row, built in matrix form and solved once."""
    t0 = time.perf_counter()
    W, pi = inst.rows.W, inst.rows.weight
    R, k = W.shape
    noncoop = mechanism == "noncooperative"
    h = new_highs(inst, options, with_level=noncoop)
    capacity_rows(R, k, inst.capacity).add_to(h)
    n_envy = 0
    if noncoop:
        level_rows(W, pi).add_to(h)
    elif mechanism == "cooperative":
        block = envy_rows(W, pi, *all_pairs(R))
        n_envy = block.size
        block.add_to(h)
    elif mechanism != "efficiency":
        raise ValueError(f"unknown OEF mechanism {mechanism!r}")
    if R >= IPM_FROM_ROWS and mechanism != "efficiency" and "solver" not in options.options:
        h.setOptionValue("solver", "ipm")  # + crossover (on by default): still a vertex
    build_s = time.perf_counter() - t0
    s = run(h, R, k)
    stats: dict[str, Any] = {"solve_s": s.solve_s, "simplex_iterations": s.iterations,
                             "highs_solver": h.getOptionValue("solver")[1]}
    if mechanism == "cooperative":
        stats.update(envy="full", envy_rows=n_envy, envy_rows_full=R * (R - 1))
    extra = {"level": float(s.col[-1])} if noncoop and s.col is not None else {}
    return result(inst, mechanism, s, t0, build_s, stats, **extra)
