"""Exact OEF models: LP (4) efficiency, LP (9) non-cooperative, LP (10) cooperative.

Backends (registry, not if/elif): ``highs`` (default with HiGHS: the LPs in matrix form through
highspy, with an active set for the n(n-1) envy rows; see highs.py and benchmarks/oef-scaling.md),
``pyomo`` (the readable model in model/, used for export and teaching, and for any other Pyomo
solver name) and ``cvxpy`` (the paper's and Gavel's approach; HiGHS through cvxpy). Cooperative
OEF also takes ``envy="full" | "lazy"``: lazy generation solves with a subset of the n(n-1)
envy rows, adds the violated ones and re-solves (warm-started: one persistent appsi HiGHS
session) until none is violated.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ...core import (
    HighsSession,
    Registry,
    Result,
    SolveOptions,
    SolveOutcome,
    Status,
    register_model,
    solve_pyomo,
)
from ...core.inputs import FORWARDS
from ..instance import OEFInstance
from ..model import add_envy_rows, build_model
from ..rules import require
from ..solution import make_solution, row_efficiency
from .envy import LAZY_TOL, envy_violations
from .highs import highs_backend

Backend = Callable[..., Result]
BACKENDS: Registry[Backend] = Registry("OEF backend")

def _x_values(m: pyo.ConcreteModel, R: int, k: int) -> np.ndarray:
    return np.array([[pyo.value(m.x[r, j]) for j in range(k)] for r in range(R)], dtype=float)


def _result(inst: OEFInstance, method: str, outcome: Any, X: np.ndarray | None, t0: float,
            build_s: float, stats: dict[str, Any], **extra: Any) -> Result:
    solution = make_solution(inst, X, **extra) if X is not None else None
    return Result(
        problem="oef", method=method, status=outcome.status, objective=outcome.objective,
        bound=outcome.bound, runtime_s=time.perf_counter() - t0, build_s=build_s,
        solution=solution, stats={**outcome.stats, **stats},
    )


def _pyomo_backend(inst: OEFInstance, mechanism: str, options: SolveOptions, envy: str = "full",
                   **_: Any) -> Result:
    """Solve one OEF LP as the readable Pyomo model (any Pyomo solver).

    Parameters
    ----------
    envy : str, default 'full'
        Envy-row strategy of ``oef-cooperative``: ``'full'`` adds all R(R-1) rows up front,
        ``'lazy'`` adds violated rows round by round; ignored by the other mechanisms.

    Returns
    -------
    Result
        The allocation, with lazy-round statistics in ``stats``.
    """
    t0 = time.perf_counter()
    R, k = inst.rows.size, inst.n_types
    lazy = mechanism == "cooperative" and envy == "lazy"
    m = build_model(inst, mechanism, envy_pairs=[] if lazy else None)
    build_s = time.perf_counter() - t0
    stats: dict[str, Any] = {"backend": "pyomo", "rows": R}
    # HiGHS: one persistent session, so each lazy round warm-starts from the last basis
    solve = HighsSession(options).solve if options.solver in ("highs", "appsi_highs") else (
        lambda model: solve_pyomo(model, options)
    )
    out = solve(m)
    rounds = 0
    while lazy and out.has_solution:
        X = _x_values(m, R, k)
        tol = LAZY_TOL * max(1.0, float(row_efficiency(inst, X).sum()))
        viol = envy_violations(inst.rows.W, inst.rows.weight, X, tol)
        if not viol.any():
            break
        # add, for every envious row, its most envied rows (all violated ones of this round)
        pairs = list(zip(*np.nonzero(viol), strict=True))
        tb = time.perf_counter()
        add_envy_rows(m, inst.rows.W, inst.rows.weight, pairs)
        build_s += time.perf_counter() - tb
        rounds += 1
        out = solve(m)
    if lazy:
        stats.update(lazy_rounds=rounds, envy_rows=len(m.envy_free), envy_rows_full=R * (R - 1))
    X = _x_values(m, R, k) if out.has_solution else None
    extra = {"level": pyo.value(m.T)} if mechanism == "noncooperative" and X is not None else {}
    return _result(inst, f"oef-{mechanism}", out, X, t0, build_s, stats, **extra)


def _cvxpy_backend(inst: OEFInstance, mechanism: str, options: SolveOptions, **_: Any) -> Result:
    import cvxpy as cp

    t0 = time.perf_counter()
    W, pi, cap = inst.rows.W, inst.rows.weight, inst.capacity
    R, k = W.shape
    X = cp.Variable((R, k), nonneg=True)
    E = cp.sum(cp.multiply(W, X), axis=1)
    cons = [cp.sum(X, axis=0) <= cap]
    T = None
    if mechanism == "noncooperative":
        T = cp.Variable()
        cons.append(pi * T == E)
    elif mechanism == "cooperative":
        V = W @ X.T  # V[r, s] = W_r . x_s
        own = cp.reshape(E, (R, 1), order="C") @ pi.reshape(1, R)  # own[r, s] = pi_s E_r
        cons.append(own >= cp.multiply(pi[:, None], V))
    prob = cp.Problem(cp.Maximize(cp.sum(E)), cons)
    solver_opts: dict[str, Any] = {}
    if options.time_limit is not None:
        solver_opts["time_limit"] = float(options.time_limit)
    build_s = time.perf_counter() - t0
    prob.solve(solver=cp.HIGHS, **solver_opts)
    status = {
        cp.OPTIMAL: Status.OPTIMAL,
        cp.INFEASIBLE: Status.INFEASIBLE,
        cp.UNBOUNDED: Status.UNBOUNDED,
        cp.OPTIMAL_INACCURATE: Status.FEASIBLE,
        cp.USER_LIMIT: Status.TIME_LIMIT,
    }.get(prob.status, Status.ERROR)
    sol = X.value if status.has_solution and X.value is not None else None
    obj = float(prob.value) if sol is not None else None

    solve_s = prob.solver_stats.solve_time if prob.solver_stats else None
    stats = {"solver": "cvxpy-highs", "termination": str(prob.status),
             "cvxpy_compile_s": prob.compilation_time, "solve_s": solve_s}
    bound = obj if status is Status.OPTIMAL else None
    out = SolveOutcome(status, obj, bound, solve_s or 0.0, stats)
    extra = {"level": float(T.value)} if T is not None and sol is not None else {}
    return _result(inst, f"oef-{mechanism}", out, sol, t0, build_s, {"backend": "cvxpy"}, **extra)


BACKENDS.add("pyomo", _pyomo_backend)
BACKENDS.add("cvxpy", _cvxpy_backend)
BACKENDS.add("highs", highs_backend)  # matrix form + active set for coop (highs.py)


def default_backend(options: SolveOptions) -> str:
    """``highs`` (matrix form + active set, benchmarks/oef-scaling.md) when the solver is HiGHS,
    else ``pyomo``, which passes any other Pyomo solver name through."""
    return "highs" if options.solver in ("highs", "appsi_highs") else "pyomo"


def solve_oef(inst: OEFInstance, mechanism: str, *, options: SolveOptions | None = None,
              backend: str | None = None, **params: Any) -> Result:
    """Solve one of the OEF LPs with the chosen backend (what the three registered models call).

    The LP is ``mechanism``'s whatever ``inst.fairness`` states (a building block: the
    registered models check the instance's rule first, ``dlsched.oef.rules.require``).

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    mechanism : str
        Which LP: ``'efficiency'`` (4), ``'noncooperative'`` (9) or ``'cooperative'`` (10).
    options : SolveOptions or None, default None
        Solver options; None uses the defaults (HiGHS).
    backend : str or None, default None
        ``'highs'``, ``'pyomo'`` or ``'cvxpy'`` (the keys of ``BACKENDS``); None picks
        ``default_backend(options)``.
    **params
        Passed to the backend: ``envy`` (and ``active_set`` for ``'highs'``), as documented
        on ``cooperative``.

    Returns
    -------
    Result
        The backend's result, method ``oef-<mechanism>`` (see ``cooperative``).

    Raises
    ------
    InputError
        ``backend`` is unknown, or the backend refuses a parameter (e.g. ``envy``).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.exact import solve_oef
    >>> res = solve_oef(generate(n=3, k=2, seed=0), "efficiency", backend="pyomo")
    >>> res.method, round(res.objective, 6)
    ('oef-efficiency', 5.110102)
    """
    options = options or SolveOptions()
    backend = backend or default_backend(options)
    return BACKENDS.get(backend, "backend")(inst, mechanism, options, **params)


@register_model("oef-efficiency", "oef", "LP (4): maximum total normalised throughput, no fairness")
def efficiency(inst: OEFInstance, *, options: SolveOptions | None = None, **params: Any) -> Result:
    """LP (4): the allocation of maximum total normalised throughput, with no fairness.

    The efficiency optimum every fair mechanism is compared with (its price of fairness).

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, threads); None uses the defaults (HiGHS).
    backend : str or None, default None
        How the LP is built and solved: ``'highs'`` (matrix form through highspy),
        ``'pyomo'`` (the readable Pyomo model, any Pyomo solver) or ``'cvxpy'``; None picks
        ``'highs'`` when the solver is HiGHS, else ``'pyomo'``.
    envy : str, default 'auto'
        Envy-row strategy of ``oef-cooperative``; accepted and ignored by this LP, which has no
        envy rows.

    Returns
    -------
    Result
        ``status`` (``optimal`` when solved), ``objective`` = ``bound`` = the total normalised
        throughput sum_r W_r . x_r (unit: normalised throughput, speedup x GPUs), and a
        ``Solution`` with ``allocation`` (n x k GPUs per user), ``efficiency`` (E_i per user),
        ``total_efficiency`` and ``rows`` (one per virtual row (user, job type)).

    Raises
    ------
    InputError
        ``backend`` is not a known backend, or ``envy`` is not ``'auto'``, ``'full'``,
        ``'lazy'`` or ``'menu'`` (``'highs'`` backend); field ``fairness``: the instance
        states another problem (``dlsched.oef.rules.require``: use the model it names, or
        ``inst.with_fairness(...)``).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.exact import efficiency
    >>> res = efficiency(generate(n=3, k=2, seed=0))  # fairness='none': LP (4)
    >>> res.status.value
    'optimal'
    >>> round(res.objective, 6)
    5.110102
    """
    require(inst, "oef-efficiency")
    return solve_oef(inst, "efficiency", options=options, **params)


@register_model(
    "oef-noncooperative",
    "oef",
    "LP (9): max efficiency with equal (weighted) normalised throughput; SP under inflation",
)
def noncooperative(
    inst: OEFInstance, *, options: SolveOptions | None = None, **params: Any
) -> Result:
    """LP (9): maximum total normalised throughput with equal weighted normalised throughput.

    Every user gets the same throughput per unit of weight (the level T); the mechanism is
    strategy-proof against speedup inflation (paper §4).

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, threads); None uses the defaults (HiGHS).
    backend : str or None, default None
        How the LP is built and solved: ``'highs'`` (matrix form through highspy),
        ``'pyomo'`` (the readable Pyomo model, any Pyomo solver) or ``'cvxpy'``; None picks
        ``'highs'`` when the solver is HiGHS, else ``'pyomo'``.
    envy : str, default 'auto'
        Envy-row strategy of ``oef-cooperative``; accepted and ignored by this LP, which has no
        envy rows.

    Returns
    -------
    Result
        ``status`` (``optimal`` when solved), ``objective`` = ``bound`` = the total normalised
        throughput sum_r W_r . x_r (unit: normalised throughput, speedup x GPUs), and a
        ``Solution`` with ``allocation`` (n x k GPUs per user), ``efficiency`` (E_i per user),
        ``total_efficiency`` and ``rows`` (one per virtual row (user, job type)); ``level``
        is T, the throughput per unit of weight.

    Raises
    ------
    InputError
        ``backend`` is not a known backend, or ``envy`` is not ``'auto'``, ``'full'``,
        ``'lazy'`` or ``'menu'`` (``'highs'`` backend); field ``fairness``: the instance
        states another problem (``dlsched.oef.rules.require``: use the model it names, or
        ``inst.with_fairness(...)``).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.exact import noncooperative
    >>> res = noncooperative(generate(n=3, k=2, seed=0, fairness="noncooperative"))
    >>> res.status.value
    'optimal'
    >>> round(res.objective, 6), round(res.solution.level, 6)
    (4.768415, 1.589472)
    """
    require(inst, "oef-noncooperative")
    return solve_oef(inst, "noncooperative", options=options, **params)


@register_model("oef-cooperative", "oef",
                "LP (10): max efficiency subject to envy-freeness (implies SI); envy=full|lazy")
def cooperative(inst: OEFInstance, *, options: SolveOptions | None = None, **params: Any) -> Result:
    """LP (10): maximum total normalised throughput subject to envy-freeness.

    No virtual row prefers another row's bundle (scaled by the weights); envy-freeness implies
    sharing incentive. LP (10) has R(R-1) envy rows for R virtual rows; ``envy`` chooses how
    they enter.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, threads); None uses the defaults (HiGHS).
    backend : str or None, default None
        How the LP is built and solved: ``'highs'`` (matrix form through highspy),
        ``'pyomo'`` (the readable Pyomo model, any Pyomo solver) or ``'cvxpy'``; None picks
        ``'highs'`` when the solver is HiGHS, else ``'pyomo'``.
    envy : str, default 'auto'
        How the envy rows enter the LP: ``'full'`` (all at once), ``'lazy'`` (solve, add the
        violated rows, re-solve until none is violated), ``'menu'`` (``'highs'`` backend
        only: one bundle per group of rows, groups refined until a lifted dual certificate
        of the full LP closes; see ``dlsched.oef.exact.menu``) or ``'auto'`` (``'highs'``
        backend: lazy from 30 virtual rows on; the ``'pyomo'`` backend reads it as
        ``'full'``; the ``'cvxpy'`` backend always adds all rows).
    active_set : ActiveSet or None, default None
        Tuning of the lazy strategy of the ``'highs'`` backend (seed neighbours, partners per
        round, rounds); None uses the measured defaults. Python API only (not a ``-p``
        parameter).
    menu : Menu or None, default None
        Tuning of the ``'menu'`` strategy (initial interval size, split parts, certificate
        band); None uses the measured defaults. Python API only (not a ``-p`` parameter).

    Returns
    -------
    Result
        ``status`` (``optimal`` when solved), ``objective`` = ``bound`` = the total normalised
        throughput sum_r W_r . x_r (unit: normalised throughput, speedup x GPUs), and a
        ``Solution`` with ``allocation`` (n x k GPUs per user), ``efficiency`` (E_i per user),
        ``total_efficiency`` and ``rows`` (one per virtual row (user, job type)).

    Raises
    ------
    InputError
        ``backend`` is not a known backend, or ``envy`` is not ``'auto'``, ``'full'``,
        ``'lazy'`` or ``'menu'`` (``'highs'`` backend); field ``fairness``: the instance
        states another problem (``dlsched.oef.rules.require``: use the model it names, or
        ``inst.with_fairness(...)``).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.exact import cooperative
    >>> inst = generate(n=3, k=2, seed=0, fairness="cooperative")
    >>> res = cooperative(inst)
    >>> res.status.value
    'optimal'
    >>> round(res.objective, 6)
    4.850132
    >>> round(cooperative(inst, backend="pyomo", envy="lazy").objective, 6)
    4.850132
    """
    require(inst, "oef-cooperative")
    return solve_oef(inst, "cooperative", options=options, **params)


# ``**params`` of the registered models reach ``solve_oef`` and the backends: name them so that
# parameter checking (core.inputs.FORWARDS, keyed by module:qualname) knows their keywords.
for _model in (efficiency, noncooperative, cooperative):
    FORWARDS[f"{_model.__module__}:{_model.__qualname__}"] = (
        f"{__name__}:solve_oef", f"{__name__}:_pyomo_backend")
