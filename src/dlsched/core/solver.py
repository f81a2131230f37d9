"""Solver layer for Pyomo models: HiGHS via appsi by default, any Pyomo solver by name.

Statuses are honest: a solve stopped by the time limit reports ``time_limit`` with its incumbent
and bound, never ``optimal``. An ``infeasible`` verdict from HiGHS is re-checked with presolve
off (DESIGN.md: HiGHS presolve once wrongly declared small time-indexed MILPs infeasible).
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any

import pyomo.environ as pyo

from .errors import InputError, SolverError
from .result import Status, relative_gap


@dataclass(frozen=True)
class SolveOptions:
    """Solver settings shared by every exact model."""

    solver: str = "highs"
    time_limit: float | None = None
    mip_gap: float | None = None
    threads: int | None = None
    presolve: bool = True
    options: dict[str, Any] = field(default_factory=dict)
    #: CP-SAT: deterministic search under a deterministic time budget (core/cpsat.py)
    reproducible: bool = False
    #: reproducible mode: the limit its deterministic budget is derived from (default
    #: ``time_limit``). The CLI hands a model what is left of the user's limit after the
    #: process start, which depends on load; the budget must not, so it keeps the nominal limit.
    deterministic_basis: float | None = None

    @property
    def budget_basis(self) -> float | None:
        """Seconds the deterministic budget of reproducible mode is derived from."""
        return self.time_limit if self.deterministic_basis is None else self.deterministic_basis

    def __post_init__(self) -> None:
        """Refuse what no solver can take (types, NaN / inf, gaps outside [0, 1], thread counts
        outside 1..MAX_THREADS). The user-facing range of ``time_limit``, (0, 10^6] s, is checked
        at the boundary (:func:`dlsched.api.solve`, the CLI, suites): internal remaining budgets
        may be cut to any finite value."""
        from . import inputs, limits

        if not isinstance(self.solver, str) or not self.solver:
            raise InputError("solver", f"expected a solver name, got {self.solver!r}")
        if self.time_limit is not None:
            limit = inputs.number(self.time_limit, "time_limit", -math.inf, limits.MAX_TIME_LIMIT)
            object.__setattr__(self, "time_limit", float(limit))
        object.__setattr__(self, "mip_gap", inputs.mip_gap(self.mip_gap))
        object.__setattr__(self, "threads", inputs.threads(self.threads))
        if not isinstance(self.presolve, bool):
            raise InputError("presolve", f"expected true/false, got {self.presolve!r}")
        if not isinstance(self.options, dict):
            raise InputError("solver_options", f"expected a table, got {self.options!r}")
        inputs.check_value(self.options, "solver_options")


@dataclass
class SolveOutcome:
    """What the solver said; the variables of the model hold the solution when ``has_solution``."""

    status: Status
    objective: float | None
    bound: float | None
    solve_s: float
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def gap(self) -> float | None:
        return relative_gap(self.objective, self.bound)

    @property
    def has_solution(self) -> bool:
        return self.objective is not None and self.status.has_solution


def _finite(x: Any) -> float | None:
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


@functools.cache
def _budgeted_highs() -> type:
    """appsi HiGHS whose time limit also covers loading the Pyomo model into HiGHS.

    HiGHS counts only its own run; ``set_instance`` / ``update`` before it took 3.3 s of a 5-s
    limit on instances/ltgf/philly-window-n50-s0.json under load (issue 20). The limit handed to
    HiGHS is what is left after loading.
    """
    from pyomo.contrib.appsi.solvers import Highs

    class BudgetedHighs(Highs):  # type: ignore[misc, valid-type]
        def set_instance(self, model: Any) -> None:
            t = time.perf_counter()
            super().set_instance(model)
            self._spent(time.perf_counter() - t)

        def update(self, timer: Any = None) -> None:
            t = time.perf_counter()
            super().update(timer=timer)
            self._spent(time.perf_counter() - t)

        def _spent(self, seconds: float) -> None:
            if self.config.time_limit is not None:  # HiGHS accepts 0: stop at once
                self.config.time_limit = max(0.0, float(self.config.time_limit) - seconds)

    return BudgetedHighs


class HighsSession:
    """A persistent appsi HiGHS solver for one model.

    Re-solving after adding constraints (lazy rows, cutting planes) reuses the solver, which
    updates the HiGHS model incrementally and warm-starts from the previous basis. ``time_limit``
    may be changed per call (e.g. the remaining budget of a cut loop). An ``infeasible`` verdict
    with presolve on is re-checked by a fresh solve with presolve off (DESIGN.md).
    """

    def __init__(self, opts: SolveOptions | None = None, presolve: bool | None = None) -> None:
        opts = opts or SolveOptions()
        self.opts = opts
        self.presolve = opts.presolve if presolve is None else presolve
        self.solver = _budgeted_highs()()
        if not self.solver.available():
            raise SolverError("HiGHS (highspy) is not available")
        self.solver.config.load_solution = False
        self.solver.config.stream_solver = False
        if opts.mip_gap is not None:
            self.solver.config.mip_gap = float(opts.mip_gap)
        hopts: dict[str, Any] = dict(opts.options)
        if opts.threads is not None:
            hopts["threads"] = int(opts.threads)
        if not self.presolve:
            hopts["presolve"] = "off"
        self.solver.highs_options = hopts
        self.time_limit = opts.time_limit

    def solve(self, model: pyo.ConcreteModel, time_limit: float | None = None) -> SolveOutcome:
        """Solve (or re-solve) ``model``; load the incumbent into its variables if there is one."""
        from pyomo.contrib.appsi.base import TerminationCondition as TC

        limit = self.time_limit if time_limit is None else time_limit
        self.solver.config.time_limit = None if limit is None else float(limit)
        from .highs import use_threads

        use_threads(self.opts.threads)
        t0 = time.perf_counter()
        res = self.solver.solve(model)
        solve_s = time.perf_counter() - t0
        tc = res.termination_condition
        obj = _finite(res.best_feasible_objective)
        bound = _finite(res.best_objective_bound)
        mapping = {
            TC.optimal: Status.OPTIMAL,
            TC.maxTimeLimit: Status.TIME_LIMIT,
            TC.maxIterations: Status.TIME_LIMIT,
            TC.objectiveLimit: Status.FEASIBLE,
            TC.interrupted: Status.TIME_LIMIT,
            TC.infeasible: Status.INFEASIBLE,
            TC.unbounded: Status.UNBOUNDED,
            TC.infeasibleOrUnbounded: Status.INFEASIBLE,
        }
        status = mapping.get(tc, Status.ERROR)
        if obj is not None and status.has_solution:
            res.solution_loader.load_vars()
        if status is Status.OPTIMAL and bound is None:
            bound = obj
        stats = {"termination": str(tc.name), "solver": "highs", "presolve": self.presolve}
        out = SolveOutcome(status, obj, bound, solve_s, stats)
        if status is Status.INFEASIBLE and self.presolve:
            again = HighsSession(self.opts, presolve=False).solve(
                model, None if limit is None else max(0.01, limit - out.solve_s))
            again.stats["presolve_recheck"] = (
                f"presolve on said infeasible; off says {again.status.value}"
            )
            again.solve_s += out.solve_s
            return again
        return out


_TIME_LIMIT_OPTION = {
    "gurobi": "TimeLimit",
    "gurobi_direct": "TimeLimit",
    "gurobi_persistent": "TimeLimit",
    "cplex": "timelimit",
    "cplex_direct": "timelimit",
    "cbc": "seconds",
    "glpk": "tmlim",
    "scip": "limits/time",
    "xpress": "maxtime",
}
_GAP_OPTION = {
    "gurobi": "MIPGap",
    "gurobi_direct": "MIPGap",
    "gurobi_persistent": "MIPGap",
    "cplex": "mipgap",
    "cplex_direct": "mipgap",
    "cbc": "ratioGap",
    "glpk": "mipgap",
    "scip": "limits/gap",
    "xpress": "miprelstop",
}


def _solve_generic(model: pyo.ConcreteModel, opts: SolveOptions) -> SolveOutcome:
    from pyomo.opt import SolverStatus
    from pyomo.opt import TerminationCondition as TC

    solver = pyo.SolverFactory(opts.solver)
    if solver is None or not solver.available(exception_flag=False):
        raise SolverError(f"Pyomo solver {opts.solver!r} is not available on this machine")
    options: dict[str, Any] = dict(opts.options)
    if opts.time_limit is not None and opts.solver in _TIME_LIMIT_OPTION:
        options[_TIME_LIMIT_OPTION[opts.solver]] = opts.time_limit
    if opts.mip_gap is not None and opts.solver in _GAP_OPTION:
        options[_GAP_OPTION[opts.solver]] = opts.mip_gap
    if opts.threads is not None:
        options.setdefault("threads", opts.threads)
    t0 = time.perf_counter()
    res = solver.solve(model, options=options, load_solutions=False)
    solve_s = time.perf_counter() - t0
    tc = res.solver.termination_condition
    sense_max = _objective(model).sense == pyo.maximize
    mapping = {
        TC.optimal: Status.OPTIMAL,
        TC.globallyOptimal: Status.OPTIMAL,
        TC.locallyOptimal: Status.FEASIBLE,
        TC.feasible: Status.FEASIBLE,
        TC.maxTimeLimit: Status.TIME_LIMIT,
        TC.maxIterations: Status.TIME_LIMIT,
        TC.maxEvaluations: Status.TIME_LIMIT,
        TC.infeasible: Status.INFEASIBLE,
        TC.unbounded: Status.UNBOUNDED,
        TC.infeasibleOrUnbounded: Status.INFEASIBLE,
    }
    status = mapping.get(tc, Status.ERROR)
    obj = None
    if status.has_solution and len(res.solution) > 0:
        model.solutions.load_from(res)
        obj = _finite(pyo.value(_objective(model)))
    upper = _finite(res.problem.upper_bound)
    lower = _finite(res.problem.lower_bound)
    bound = upper if sense_max else lower
    if status is Status.OPTIMAL and obj is not None:
        bound = obj if bound is None else bound
    if res.solver.status == SolverStatus.error and status is Status.ERROR:
        status = Status.ERROR
    stats = {"termination": str(tc), "solver": opts.solver}
    return SolveOutcome(status, obj, bound, solve_s, stats)


def _objective(model: pyo.ConcreteModel) -> Any:
    objs = list(model.component_data_objects(pyo.Objective, active=True))
    if len(objs) != 1:
        raise SolverError(f"model has {len(objs)} active objectives, expected 1")
    return objs[0]


def solve_pyomo(model: pyo.ConcreteModel, opts: SolveOptions | None = None) -> SolveOutcome:
    """Solve a Pyomo model and map the outcome to dlsched's statuses."""
    opts = opts or SolveOptions()
    if opts.solver in ("highs", "appsi_highs"):
        return HighsSession(opts).solve(model)
    return _solve_generic(model, opts)
