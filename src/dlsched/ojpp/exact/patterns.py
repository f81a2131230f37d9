"""Set-partitioning OJPP model over feasible patterns (notes §5.2), Pyomo + HiGHS.

min sum_a lambda_a  s.t.  sum_a a_i lambda_a = omega_i (equality: dropping workers from a
pattern keeps it feasible but can break other jobs' balance), lambda_a integer >= 0. Balance (8)
exactly: job i picks one band [l, l + theta'] with l among the slowdowns it can have
(binaries beta_il, one per job), and a pattern with a_i > 0 may be used only if s_i(a) lies in
the chosen band: lambda_a <= floor(omega_i / a_i) * sum_{l: l <= s_i(a) <= l + theta'} beta_il.
Collision and interference caps are per pattern, so no lazy loop is needed. Without balance it
is the Gilmore-Gomory cutting-stock model (strong LP bound).

Which columns (``columns="auto"``):

* plain vector packing (no bursts, collision, interference), or OJPP whose patterns are too many
  to enumerate and whose balance constraint is inactive: the column-generation engine of
  ``colgen.py`` (covering LP in highspy, exact knapsack / DFS pricing, Farley bound at every
  iteration, heuristics, price-and-branch, diving, and for vector packing on integer data a
  CP-SAT fixed-device-count search that closes the remaining gaps). Optimal only when the
  incumbent meets the proven bound; otherwise time_limit with incumbent and bound.
* otherwise all feasible patterns (enumerated: exact) when there are at most ``max_patterns``,
  or -- with balance and too many patterns -- the columns of a plain column generation and the
  MILP over them (optimal only when it meets the rounded-up LP bound).

Every run returns at least the best heuristic packing (the Heuristic, or the engine's first /
best fit packings) as incumbent, and stops within the time limit plus the last solver call.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ...core import InputError, Result, SolveOptions, Status, register_model, solve_pyomo
from ..algorithms.heuristic import run_heuristic
from ..instance import OJPPInstance
from ..rules import require_devices
from ..solution import checked, counts, make_solution
from ..support.patterns import Patterns, enumerate_patterns
from .colgen import generate_columns
from .colgen import solve as colgen_solve

BAND_TOL = 1e-9
ENUMERATION_SHARE = 0.4  # of the time limit; beyond it the columns are generated instead


def build_master(inst: OJPPInstance, pats: Patterns) -> pyo.ConcreteModel:
    """The pattern MILP of notes §5.2 for the enumerated ``pats``."""
    A = pats.A
    P, n = A.shape
    omega = inst.omega
    m = pyo.ConcreteModel(name=f"ojpp-patterns-{inst.name}")
    m.P = pyo.RangeSet(0, P - 1)
    m.J = pyo.RangeSet(0, n - 1)
    ub = [int(min(omega[i] // A[a, i] for i in range(n) if A[a, i] > 0)) for a in range(P)]
    m.lam = pyo.Var(m.P, domain=pyo.NonNegativeIntegers, bounds=lambda m, a: (0, ub[a]))
    cols = [np.flatnonzero(A[:, i]) for i in range(n)]
    m.cover = pyo.Constraint(
        m.J, rule=lambda m, i: sum(int(A[a, i]) * m.lam[a] for a in cols[i]) == int(omega[i])
    )
    m.budget = pyo.Constraint(expr=sum(m.lam[a] for a in m.P) <= inst.devices)
    spread = inst.limits.balance
    if spread is not None and np.any(inst.I):
        _add_bands(m, inst, pats, cols, spread)
    m.devices_used = pyo.Objective(expr=sum(m.lam[a] for a in m.P), sense=pyo.minimize)
    return m


def _add_bands(m: pyo.ConcreteModel, inst: OJPPInstance, pats: Patterns,
               cols: list[np.ndarray], spread: float) -> None:
    A, S = pats.A, pats.S
    bands: dict[int, list[float]] = {}
    for i in range(inst.n_jobs):
        if inst.omega[i] < 2 or cols[i].size == 0:
            continue
        vals = np.unique(np.round(S[cols[i], i], 12))
        if vals[-1] - vals[0] <= spread + BAND_TOL:
            continue  # every combination of job i's patterns is balanced
        bands[i] = vals.tolist()
    keys = [(i, b) for i, vals in bands.items() for b in range(len(vals))]
    m.B = pyo.Set(initialize=keys, dimen=2)
    m.beta = pyo.Var(m.B, domain=pyo.Binary)
    m.one_band = pyo.Constraint(
        list(bands), rule=lambda m, i: sum(m.beta[i, b] for b in range(len(bands[i]))) == 1
    )
    m.in_band = pyo.ConstraintList()
    for i, vals in bands.items():
        for a in cols[i]:
            s = S[a, i]
            ok = [b for b, lo in enumerate(vals) if lo - BAND_TOL <= s <= lo + spread + BAND_TOL]
            cap = int(inst.omega[i] // A[a, i])
            m.in_band.add(m.lam[a] <= cap * sum(m.beta[i, b] for b in ok))


def _solve_master(inst: OJPPInstance, pats: Patterns, options: SolveOptions):
    """Solve the pattern MILP; (outcome, solution or None)."""
    m = build_master(inst, pats)
    out = solve_pyomo(m, options)
    out.stats["master_solve_s"] = out.solve_s
    sol = None
    if out.has_solution:
        lam = [round(pyo.value(m.lam[a])) for a in m.P]
        rows = [pats.A[a] for a in range(len(pats)) for _ in range(lam[a])]
        sol = make_solution(inst, np.array(rows).reshape(len(rows), inst.n_jobs))
    return out, sol


def _remaining(options: SolveOptions, t0: float) -> SolveOptions:
    """``options`` with the time limit reduced by what was spent since ``t0``."""
    if options.time_limit is None:
        return options
    left = max(0.01, t0 + options.time_limit - time.perf_counter())
    return SolveOptions(options.solver, left, options.mip_gap, options.threads,
                        options.presolve, dict(options.options))


def _with_heuristic(inst: OJPPInstance, status: Status, obj: float | None, sol: dict | None,
                    stats: dict):
    """Keep the Heuristic's placement when the MILP has none or a worse one."""
    heur = run_heuristic(inst)
    if heur.ok and (obj is None or heur.objective < obj):
        stats["incumbent"] = "heuristic"
        if status not in (Status.OPTIMAL, Status.INFEASIBLE):
            status = Status.TIME_LIMIT
        return status, float(heur.objective), heur.solution
    return status, obj, sol


def _enumerated(inst: OJPPInstance, pats: Patterns, options: SolveOptions, t0: float,
                stats: dict):
    out, sol = _solve_master(inst, pats, _remaining(options, t0))
    stats.update(out.stats, patterns=len(pats))
    obj = float(sol["used"]) if sol is not None else None
    bound = out.bound
    if out.status is Status.OPTIMAL:
        bound = obj
    elif bound is not None:
        bound = float(np.ceil(bound - 1e-6))
    status = out.status
    if status is not Status.OPTIMAL and status is not Status.INFEASIBLE:
        status, obj, sol = _with_heuristic(inst, status, obj, sol, stats)
    return status, obj, bound, sol


def _generated(inst: OJPPInstance, options: SolveOptions, t0: float, stats: dict):
    """Column generation, then the MILP over the generated columns (module colgen)."""
    heur = run_heuristic(inst)
    start = [np.array(list(counts(inst, heur.solution)[k])) for k in
             range(heur.solution["used"])] if heur.ok else []
    deadline = None if options.time_limit is None else t0 + options.time_limit
    pats, lp_bound, cg = generate_columns(inst, start, deadline)
    stats.update(cg)
    remaining = None if deadline is None else max(0.01, deadline - time.perf_counter())
    sub = SolveOptions(options.solver, remaining, options.mip_gap, options.threads,
                       options.presolve, dict(options.options))
    out, sol = _solve_master(inst, pats, sub)
    stats.update(out.stats)
    lb = float(inst.lower_bound())
    bound = lb if lp_bound is None else max(lb, float(math.ceil(lp_bound - 1e-6)))
    obj = float(sol["used"]) if sol is not None else None
    if heur.ok and (obj is None or heur.objective < obj):
        sol, obj = heur.solution, heur.objective
        stats["incumbent"] = "heuristic"
    if obj is None:
        return out.status if out.status is Status.INFEASIBLE else Status.ERROR, None, bound, None
    if obj <= bound:
        return Status.OPTIMAL, obj, obj, sol
    stopped = cg["pricing_timed_out"] or out.status is Status.TIME_LIMIT
    return (Status.TIME_LIMIT if stopped else Status.FEASIBLE), obj, bound, sol


def balance_active(inst: OJPPInstance) -> bool:
    """Balance (8) can bind only with a limit and some non-zero interference."""
    return inst.limits.balance is not None and bool(np.any(inst.I))


def _engine(inst: OJPPInstance, options: SolveOptions, t0: float, stats: dict):
    """The column-generation engine (colgen.solve); no balance constraint is active."""
    deadline = None if options.time_limit is None else t0 + options.time_limit
    start = []
    if not inst.is_vector_packing:  # the Heuristic knows every side constraint
        heur = run_heuristic(inst)
        if heur.ok:
            start.append(counts(inst, heur.solution))
    out = colgen_solve(inst, deadline, start, threads=options.threads or 2)
    stats.update(out.stats)
    sol = make_solution(inst, out.Y)
    obj = float(sol["used"])
    if obj > inst.devices:
        stats["reason"] = f"best packing needs {int(obj)} devices, only {inst.devices} available"
        if out.bound > inst.devices:
            return Status.INFEASIBLE, None, float(out.bound), None
        return Status.TIME_LIMIT, None, float(out.bound), None
    if out.proven:
        return Status.OPTIMAL, obj, obj, sol
    return Status.TIME_LIMIT, obj, float(out.bound), sol


@register_model("ojpp-patterns", "ojpp",
                "Set partitioning over feasible patterns with exact balance bands (notes §5.2); "
                "vector packing and large pattern sets: column generation (highspy master, "
                "exact knapsack pricing, Farley bound, price-and-branch, diving, CP-SAT on a "
                "fixed device count); otherwise enumerated patterns, Pyomo + HiGHS")
def patterns(inst: OJPPInstance, *, options: SolveOptions | None = None,
             max_patterns: int = 200_000, columns: str = "auto", **_: Any) -> Result:
    """Exact OJPP by set partitioning over feasible device patterns (notes §5.2).

    A pattern is a feasible multiset of workers on one device; collision and interference are
    checked per pattern and balance by exact bands, so no lazy loop is needed. Which columns
    are used is the module docstring's rule (``columns``).

    Parameters
    ----------
    inst : OJPPInstance
        The instance to place.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    max_patterns : int, default 200000
        Most patterns to enumerate; beyond it ``'auto'`` switches to column generation and
        ``'enumerate'`` refuses. Unit: patterns.
    columns : str, default 'auto'
        ``'enumerate'`` (all feasible patterns), ``'generate'`` (column generation) or
        ``'auto'`` (module docstring).

    Returns
    -------
    Result
        ``status`` (``optimal`` when proven, else ``time_limit`` with the incumbent and the
        proven lower ``bound``; ``error`` if the independent validator rejects the solution),
        ``objective`` = devices used, and a ``Solution`` listing per device the worker count
        of each job (``devices``) and ``used``.

    Raises
    ------
    InputError
        ``columns`` is not one of the three values, ``'enumerate'`` finds more than
        ``max_patterns`` patterns, or the instance states OJPAP (``objective``).

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> from dlsched.ojpp.exact.patterns import patterns
    >>> res = patterns(generate(n_jobs=4, max_workers=2, seed=0))
    >>> res.status.value, res.objective
    ('optimal', 3.0)
    """
    require_devices(inst, "ojpp-patterns")
    if columns not in ("auto", "enumerate", "generate"):
        raise InputError("columns", "must be 'auto', 'enumerate' or 'generate'")
    options = options or SolveOptions()
    t0 = time.perf_counter()
    stats: dict[str, Any] = {}
    pats = None
    engine = not balance_active(inst) and (
        columns == "generate" or (columns == "auto" and inst.is_vector_packing))
    if engine:
        stats["columns_mode"] = "generated"
        status, obj, bound, sol = _engine(inst, options, t0, stats)
        status = checked(inst, status, sol, stats)
        runtime = time.perf_counter() - t0
        return Result("ojpp", "ojpp-patterns", status, objective=obj, bound=bound,
                      runtime_s=runtime, build_s=0.0, solution=sol, stats=stats)
    if columns != "generate":
        try:
            deadline = (None if options.time_limit is None
                        else t0 + ENUMERATION_SHARE * options.time_limit)
            pats = enumerate_patterns(inst, max_patterns, deadline)
        except (InputError, RecursionError):  # recursion: one DFS level per job
            if columns == "enumerate":
                raise
    if pats is not None:
        stats["columns_mode"] = "enumerated"
        status, obj, bound, sol = _enumerated(inst, pats, options, t0, stats)
    elif not balance_active(inst):
        stats["columns_mode"] = "generated"
        status, obj, bound, sol = _engine(inst, options, t0, stats)
    else:
        stats["columns_mode"] = "generated"
        status, obj, bound, sol = _generated(inst, options, t0, stats)
    status = checked(inst, status, sol, stats)
    runtime = time.perf_counter() - t0
    build_s = max(0.0, runtime - stats.get("master_solve_s", 0.0))  # enumeration/pricing + build
    return Result("ojpp", "ojpp-patterns", status, objective=obj, bound=bound,
                  runtime_s=runtime, build_s=build_s, solution=sol, stats=stats)
