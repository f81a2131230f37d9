"""Solver layer for Pyomo models: HiGHS via appsi by default, any Pyomo solver by name.

Statuses are honest: a solve stopped by the time limit reports ``time_limit`` with its incumbent
and bound, never ``optimal``. An ``infeasible`` verdict from HiGHS is re-checked with presolve
off (DESIGN.md: HiGHS presolve once wrongly declared small time-indexed MILPs infeasible).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pyomo.environ as pyo

from .errors import InputError, SolverError
from .result import Status, relative_gap

T = TypeVar("T")

#: The solver names every Pyomo model takes by default (HiGHS via highspy, always installed).
DEFAULT_SOLVERS: tuple[str, ...] = ("highs", "appsi_highs")
#: MILP solvers looked for when listing the installed ones (any other registered Pyomo solver
#: name is still accepted when it is available).
KNOWN_MILP_SOLVERS: tuple[str, ...] = (
    "highs", "appsi_highs", "gurobi", "gurobi_direct", "gurobi_persistent", "cplex",
    "cplex_direct", "cbc", "glpk", "scip", "xpress", "mosek",
)
#: Attribute a model's run function carries when it uses one fixed solver (see ``uses_solver``).
_FIXED_ATTR = "__dlsched_fixed_solver__"


def uses_solver(engine: str) -> Callable[[T], T]:
    """Mark an exact model that always uses ``engine`` and ignores a Pyomo solver name.

    Parameters
    ----------
    engine : str
        The solver the model runs, as users should read it (e.g. ``"OR-Tools CP-SAT"``).

    Returns
    -------
    Callable
        A decorator that returns the model function unchanged apart from the mark, so
        ``check_solver`` can refuse a ``--solver`` the model would silently ignore.

    Examples
    --------
    >>> @uses_solver("OR-Tools CP-SAT")
    ... def my_model(inst, options=None):
    ...     return None
    >>> fixed_solver(my_model)
    'OR-Tools CP-SAT'
    """

    def mark(fn: T) -> T:
        setattr(fn, _FIXED_ATTR, engine)
        return fn

    return mark


def fixed_solver(run: Callable[..., Any] | None) -> str | None:
    """The solver a model always uses (``uses_solver``), or None when it takes a Pyomo solver.

    Parameters
    ----------
    run : Callable or None
        A registered model's run function.

    Returns
    -------
    str or None
        The engine name, or None for models that pass ``SolveOptions.solver`` on to Pyomo.
        Wrappers that keep the model in ``__wrapped__`` are followed.

    Examples
    --------
    >>> @uses_solver("OR-Tools CP-SAT")
    ... def cpsat_model(inst, options=None):
    ...     return None
    >>> def pyomo_model(inst, options=None):
    ...     return None
    >>> fixed_solver(cpsat_model)
    'OR-Tools CP-SAT'
    >>> fixed_solver(pyomo_model) is None, fixed_solver(None) is None
    (True, True)
    """
    while run is not None:  # registry wrappers (guard, typing) may not copy the mark
        engine = getattr(run, _FIXED_ATTR, None)
        if engine is not None:
            return str(engine)
        run = getattr(run, "__wrapped__", None)
    return None


def _registered(name: str) -> bool:
    from pyomo.opt import SolverFactory

    return name in set(SolverFactory)


@functools.cache
def solver_available(name: str) -> bool:
    """Whether the Pyomo solver ``name`` is registered and usable on this machine.

    Parameters
    ----------
    name : str
        A Pyomo solver name such as ``"highs"``, ``"gurobi"`` or ``"cbc"``.

    Returns
    -------
    bool
        True when Pyomo knows the name and the solver (library or executable) is found. An
        unregistered name is False without Pyomo's warning about a missing executable.
    """
    import pyomo.environ  # noqa: F401  (registers the solver plug-ins)

    if not _registered(name):
        return False
    try:
        return bool(pyo.SolverFactory(name).available(exception_flag=False))
    except Exception:  # a broken installation counts as not available
        return False


def installed_solvers() -> list[str]:
    """The MILP solvers of ``KNOWN_MILP_SOLVERS`` that are available here, in that order.

    Returns
    -------
    list of str
        Always starts with ``highs`` and ``appsi_highs`` (highspy is a dependency).

    Examples
    --------
    >>> print(", ".join(installed_solvers()[:2]))
    highs, appsi_highs
    """
    return [n for n in KNOWN_MILP_SOLVERS if solver_available(n)]


def check_solver(name: Any, run: Callable[..., Any] | None = None, model: str = "",
                 field_name: str = "solver") -> str:
    """Refuse a solver that is unknown, not installed, or that the model cannot use.

    Parameters
    ----------
    name : str
        The requested Pyomo solver name.
    run : Callable or None, default None
        The model's run function; a model marked with ``uses_solver`` accepts only the default
        (``highs``), since it would ignore any other name.
    model : str, default ""
        The model's name, for the message.
    field_name : str, default "solver"
        The field the error names (``--solver`` on the command line).

    Returns
    -------
    str
        ``name`` unchanged, when it can be used.

    Raises
    ------
    InputError
        When ``name`` is not a solver name, not available on this machine (the message lists
        the installed ones), or not usable by the model (the message says what it uses).

    Examples
    --------
    >>> check_solver("highs")
    'highs'
    >>> try:
    ...     check_solver("no-such-solver")
    ... except InputError as exc:
    ...     print(exc.field, "|", str(exc).split(";")[0])
    solver | solver: 'no-such-solver' is not available
    """
    if not isinstance(name, str) or not name:
        raise InputError(field_name, f"expected a solver name, got {name!r}")
    engine = fixed_solver(run)
    if engine is not None and name not in DEFAULT_SOLVERS:
        which = f"model {model!r}" if model else "this model"
        raise InputError(field_name, f"{which} uses {engine} and cannot use {name!r}; "
                                     "leave the solver at its default (highs)")
    if name in DEFAULT_SOLVERS or solver_available(name):
        return name
    raise InputError(field_name, f"{name!r} is not available; installed: "
                                 f"{', '.join(installed_solvers())}")


@dataclass(frozen=True)
class SolveOptions:
    """Solver settings shared by every exact model.

    Parameters
    ----------
    solver : str, default "highs"
        Pyomo solver name; models marked with ``uses_solver`` (CP-SAT, highspy) take only the
        default. ``check_solver`` refuses names that are not installed.
    time_limit : float or None, default None
        Wall-clock limit of the solve. Unit: s. Range: (0, 1e6].
    mip_gap : float or None, default None
        Relative MIP gap to stop at. Unit: dimensionless. Range: [0, 1].
    threads : int or None, default None
        Solver threads. Unit: threads.
    presolve : bool, default True
        HiGHS presolve (an infeasible verdict is re-checked with it off).
    options : dict, default {}
        Solver-specific options passed through unchanged.
    reproducible : bool, default False
        CP-SAT: deterministic search under a deterministic time budget.
    deterministic_basis : float or None, default None
        Reproducible mode: the limit its deterministic budget is derived from (default
        ``time_limit``). Unit: s.

    Raises
    ------
    InputError
        For a value no solver can take (types, NaN / inf, gaps outside [0, 1], thread counts
        outside 1..MAX_THREADS).

    Examples
    --------
    >>> from dlsched.core import SolveOptions
    >>> from dlsched.core.errors import InputError
    >>> opts = SolveOptions(time_limit=30, mip_gap=0.01)
    >>> opts.solver, opts.time_limit, opts.mip_gap, opts.presolve
    ('highs', 30.0, 0.01, True)
    >>> try:
    ...     SolveOptions(mip_gap=2)
    ... except InputError as exc:
    ...     print(exc.field)
    mip_gap
    """

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
        """Seconds the deterministic budget of reproducible mode is derived from (Unit: s).

        Returns
        -------
        float or None
            ``deterministic_basis`` when set, else ``time_limit`` (None: no limit). Unit: s.

        Examples
        --------
        >>> from dlsched.core import SolveOptions
        >>> SolveOptions(time_limit=12.5).budget_basis
        12.5
        >>> SolveOptions(time_limit=12.5, deterministic_basis=30.0).budget_basis
        30.0
        """
        return self.time_limit if self.deterministic_basis is None else self.deterministic_basis

    def __post_init__(self) -> None:
        """Refuse what no solver can take (types, NaN / inf, gaps outside [0, 1], thread counts
        outside 1..MAX_THREADS). The user-facing range of ``time_limit``, (0, 10^6] s, is checked
        at the boundary (``dlsched.api.solve``, the CLI, suites): internal remaining budgets
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
    """What the solver said; the variables of the model hold the solution when ``has_solution``.

    Parameters
    ----------
    status : Status
        dlsched's status (``time_limit`` for a stopped solve, never ``optimal``).
    objective : float or None
        Incumbent objective, None without a solution. Unit: as the model's objective.
    bound : float or None
        Proven bound on the optimum, None when the solver gave none. Unit: as the model's
        objective.
    solve_s : float
        Solver wall-clock time. Unit: s.
    stats : dict, default {}
        Solver details (termination, solver name, presolve re-check).

    Examples
    --------
    >>> from dlsched.core import SolveOutcome, Status
    >>> out = SolveOutcome(Status.TIME_LIMIT, objective=90.0, bound=100.0, solve_s=5.0)
    >>> out.has_solution, round(out.gap, 4)
    (True, 0.1111)
    """

    status: Status
    objective: float | None
    bound: float | None
    solve_s: float
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def gap(self) -> float | None:
        """Relative gap between objective and bound (None when either is missing).

        Returns
        -------
        float or None
            ``|objective - bound| / max(|objective|, 1e-10)`` (``relative_gap``); ``inf`` when
            either is infinite. Unit: dimensionless.

        Examples
        --------
        >>> from dlsched.core import SolveOutcome, Status
        >>> SolveOutcome(Status.TIME_LIMIT, 8.0, 10.0, 1.0).gap
        0.25
        >>> SolveOutcome(Status.INFEASIBLE, None, None, 1.0).gap is None
        True
        """
        return relative_gap(self.objective, self.bound)

    @property
    def has_solution(self) -> bool:
        """Whether there is an incumbent whose status admits a solution.

        Returns
        -------
        bool
            True when ``objective`` is set and the status is optimal, feasible or time limit.

        Examples
        --------
        >>> from dlsched.core import SolveOutcome, Status
        >>> SolveOutcome(Status.TIME_LIMIT, 8.0, 10.0, 1.0).has_solution
        True
        >>> SolveOutcome(Status.TIME_LIMIT, None, 10.0, 1.0).has_solution
        False
        """
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

    Parameters
    ----------
    opts : SolveOptions or None, default None
        Settings (default ``SolveOptions()``).
    presolve : bool or None, default None
        Override ``opts.presolve`` (the re-check uses False).

    Raises
    ------
    SolverError
        When highspy is not available.

    Examples
    --------
    A cut loop in miniature: solve, add a row, re-solve on the same session.

    >>> import pyomo.environ as pyo
    >>> from dlsched.core import HighsSession, SolveOptions
    >>> m = pyo.ConcreteModel()
    >>> m.x = pyo.Var(bounds=(0, 3))
    >>> m.y = pyo.Var(bounds=(0, None))
    >>> m.cap = pyo.Constraint(expr=m.x + 2 * m.y <= 4)
    >>> m.obj = pyo.Objective(expr=m.x + m.y, sense=pyo.maximize)
    >>> session = HighsSession(SolveOptions(time_limit=10))
    >>> out = session.solve(m)
    >>> out.status.value, round(out.objective, 3)
    ('optimal', 3.5)
    >>> m.cut = pyo.Constraint(expr=m.y <= 0.25)
    >>> out = session.solve(m)
    >>> out.status.value, round(out.objective, 3), round(pyo.value(m.y), 3)
    ('optimal', 3.25, 0.25)
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
        """Solve (or re-solve) ``model``; load the incumbent into its variables if there is one.

        Parameters
        ----------
        model : pyomo.environ.ConcreteModel
            The model (re-solves update the HiGHS model incrementally).
        time_limit : float or None, default None
            Limit of this call (default: the session's). Unit: s.

        Returns
        -------
        SolveOutcome
            Status, objective, bound and solver time; after an ``infeasible`` verdict with
            presolve on, the outcome of the re-check with presolve off (its ``stats`` say so).

        Raises
        ------
        pyomo.common.errors.PyomoException
            When the model cannot be loaded into HiGHS (e.g. a nonlinear expression).

        Examples
        --------
        >>> import pyomo.environ as pyo
        >>> from dlsched.core import HighsSession
        >>> m = pyo.ConcreteModel()
        >>> m.x = pyo.Var(domain=pyo.NonNegativeIntegers)
        >>> m.c = pyo.Constraint(expr=2 * m.x <= 7)
        >>> m.obj = pyo.Objective(expr=m.x, sense=pyo.maximize)
        >>> out = HighsSession().solve(m, time_limit=5.0)
        >>> out.status.value, out.objective, out.gap, pyo.value(m.x)
        ('optimal', 3.0, 0.0, 3.0)
        """
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
    """Solve a Pyomo model and map the outcome to dlsched's statuses.

    Parameters
    ----------
    model : pyomo.environ.ConcreteModel
        A model with exactly one active objective.
    opts : SolveOptions or None, default None
        Settings (default ``SolveOptions()``: HiGHS through appsi).

    Returns
    -------
    SolveOutcome
        The solution is loaded into the model's variables when ``has_solution``.

    Raises
    ------
    SolverError
        When the named solver is not available or the model has not one objective.

    Examples
    --------
    >>> import pyomo.environ as pyo
    >>> from dlsched.core import SolveOptions, solve_pyomo
    >>> m = pyo.ConcreteModel()
    >>> m.x = pyo.Var(bounds=(0, 3))
    >>> m.y = pyo.Var(bounds=(0, None))
    >>> m.cap = pyo.Constraint(expr=m.x + 2 * m.y <= 4)
    >>> m.obj = pyo.Objective(expr=m.x + m.y, sense=pyo.maximize)
    >>> out = solve_pyomo(m, SolveOptions(time_limit=10))
    >>> out.status.value, round(out.objective, 3), round(pyo.value(m.y), 3)
    ('optimal', 3.5, 0.5)
    """
    opts = opts or SolveOptions()
    if opts.solver in ("highs", "appsi_highs"):
        return HighsSession(opts).solve(model)
    return _solve_generic(model, opts)
