"""The pattern ILP E2 of notes §2.4 in matrix form and its HiGHS solves.

Shared by the exact model ``completion-patterns`` (``.patterns``, the integer solve) and the
configuration LP bound (``.bounds.solve_config_lp``, the same arrays with integrality
dropped), which is why it sits below both.

Why highspy directly, not Pyomo: the model is a 0/1 matrix plus a cost vector that numpy builds
as CSR arrays in one pass (10^5 columns in a fraction of a second, where Pyomo would spend
seconds creating components), and the configuration LP is the same arrays with integrality
dropped: one more solve, no second build. Statuses are mapped honestly (a time-limited run keeps
its incumbent and the MIP dual bound); an ``infeasible`` verdict with presolve on is re-checked
with presolve off (DESIGN.md).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import highspy
import numpy as np

from ...core import SolveOptions, Status
from ...core.highs import HIGHS_STATUS, use_threads
from ..support.pattern_set import PatternSet, _too_big

_FEASIBLE = 2  # HiGHS kSolutionStatusFeasible


@dataclass(frozen=True)
class PatternModel:
    """E2 in matrix form: columns ``ps``, rows = J assignment rows then the packing rows."""

    ps: PatternSet
    cost: np.ndarray
    rows: Any  # scipy CSR, (J + packing rows) x columns
    lower: np.ndarray
    upper: np.ndarray

    @property
    def n_rows(self) -> int:
        return int(self.lower.size)


#: Above this many nonzeros HiGHS (1.14) spends minutes before its root LP on these dense
#: capacity rows and overruns its time limit (measured: 8 PS jobs, 2 servers, T = 193: 56,556
#: columns, 1.58 M nonzeros, 150 s against a 60 s limit, incumbent 7.5x the optimum; every
#: instance of the completion-small suite up to 0.3 M nonzeros solved in <= 14 s).
NONZERO_LIMIT = 800_000


def build_pattern_model(ps: PatternSet) -> PatternModel:
    import scipy.sparse as sp

    cap, upper, _ = ps.capacity()
    J = ps.inst.n_jobs
    rows = sp.vstack([ps.assignment(), cap], format="csr")
    if rows.nnz > NONZERO_LIMIT:
        raise _too_big("matrix nonzeros", int(rows.nnz), NONZERO_LIMIT)
    lower = np.concatenate([np.ones(J), np.full(cap.shape[0], -highspy.kHighsInf)])
    return PatternModel(ps, ps.cost(), rows, lower, np.concatenate([np.ones(J), upper]))


def _highs(pm: PatternModel, options: SolveOptions, integer: bool,
           presolve: bool | None = None) -> highspy.Highs:
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    if options.time_limit is not None:
        h.setOptionValue("time_limit", float(options.time_limit))
    if options.mip_gap is not None:
        h.setOptionValue("mip_rel_gap", float(options.mip_gap))
    if options.threads is not None:
        use_threads(options.threads)
        h.setOptionValue("threads", int(options.threads))
    if not (options.presolve if presolve is None else presolve):
        h.setOptionValue("presolve", "off")
    for key, val in options.options.items():
        h.setOptionValue(key, val)
    n = pm.ps.n_columns
    h.addVars(n, np.zeros(n), np.ones(n))
    idx = np.arange(n, dtype=np.int32)
    h.changeColsCost(n, idx, pm.cost.astype(float))
    A = pm.rows
    h.addRows(pm.n_rows, pm.lower, pm.upper, int(A.nnz), A.indptr[:-1].astype(np.int32),
              A.indices.astype(np.int32), A.data.astype(float))
    if integer and n:
        h.changeColsIntegrality(n, idx, np.full(n, highspy.HighsVarType.kInteger))
    return h


@dataclass(frozen=True)
class Run:
    status: Status
    objective: float | None
    bound: float | None
    x: np.ndarray | None
    stats: dict[str, Any]


def run_model(pm: PatternModel, options: SolveOptions, integer: bool) -> Run:
    """Solve E2 (or its LP); an ``infeasible`` verdict with presolve on is re-solved without."""
    h = _highs(pm, options, integer)
    t0 = time.perf_counter()
    h.run()
    out = _read(h, integer, time.perf_counter() - t0)
    if out.status is Status.INFEASIBLE and options.presolve:
        again = _highs(pm, options, integer, presolve=False)
        t0 = time.perf_counter()
        again.run()
        second = _read(again, integer, time.perf_counter() - t0)
        second.stats["presolve_recheck"] = (
            f"presolve on said infeasible; off says {second.status.value}")
        return second
    return out


def _read(h: highspy.Highs, integer: bool, solve_s: float) -> Run:
    ms = h.getModelStatus()
    info = h.getInfo()
    status = HIGHS_STATUS.get(ms, Status.ERROR)
    obj = bound = x = None
    if status.has_solution and info.primal_solution_status == _FEASIBLE:
        obj = float(info.objective_function_value)
        x = np.asarray(h.getSolution().col_value, dtype=float)
    elif status.has_solution:
        status = Status.TIME_LIMIT if status is Status.TIME_LIMIT else Status.ERROR
    if status is Status.OPTIMAL:
        bound = float(info.mip_dual_bound) if integer else obj
    elif integer and np.isfinite(info.mip_dual_bound):
        bound = float(info.mip_dual_bound)
    stats: dict[str, Any] = {"termination": h.modelStatusToString(ms), "solver": "highspy",
                             "solve_s": solve_s}
    if integer:
        stats["nodes"] = int(info.mip_node_count)
    return Run(status, obj, bound, x, stats)
