"""Set-partitioning OJPP model over feasible patterns (spec ojpp.md §5.2), Pyomo + HiGHS.

min sum_a lambda_a  s.t.  sum_a a_i lambda_a = omega_i (equality: dropping workers from a
pattern keeps it feasible but can break other jobs' balance), lambda_a integer >= 0. Balance (8)
exactly: job i picks one band [l, l + theta'] with l among the slowdowns it can have
(binaries beta_il, one per job), and a pattern with a_i > 0 may be used only if s_i(a) lies in
the chosen band: lambda_a <= floor(omega_i / a_i) * sum_{l: l <= s_i(a) <= l + theta'} beta_il.
Collision and interference caps are per pattern, so no lazy loop is needed. Without balance it
is the Gilmore-Gomory cutting-stock model (strong LP bound). The columns are all feasible
patterns (enumerated: exact), or -- beyond ``max_patterns`` -- those found by column generation
(colgen.py): then the answer is optimal only when it meets the rounded-up LP bound, otherwise
it is reported as feasible/time_limit with that bound and the gap (no branch-and-price).
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ..core import InputError, Result, SolveOptions, Status, register_model, solve_pyomo
from .algorithms import run_variant
from .colgen import generate_columns
from .instance import OJPPInstance
from .patterns import Patterns, enumerate_patterns
from .solution import checked, counts, make_solution

BAND_TOL = 1e-9


def build_master(inst: OJPPInstance, pats: Patterns) -> pyo.ConcreteModel:
    """The pattern MILP of spec §5.2 for the enumerated ``pats``."""
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


def _enumerated(inst: OJPPInstance, pats: Patterns, options: SolveOptions, stats: dict):
    out, sol = _solve_master(inst, pats, options)
    stats.update(out.stats, patterns=len(pats))
    obj = float(sol["used"]) if sol is not None else None
    bound = out.bound
    if out.status is Status.OPTIMAL:
        bound = obj
    elif bound is not None:
        bound = float(np.ceil(bound - 1e-6))
    return out.status, obj, bound, sol


def _generated(inst: OJPPInstance, options: SolveOptions, t0: float, stats: dict):
    """Column generation, then the MILP over the generated columns (module colgen)."""
    heur = run_variant(inst, "heuristic")
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


@register_model("ojpp-patterns", "ojpp",
                "Set partitioning over feasible patterns with exact balance bands (spec §5.2); "
                "Pyomo + HiGHS; patterns enumerated, or generated (column generation + MILP "
                "over the columns, gap reported) beyond max_patterns")
def patterns(inst: OJPPInstance, *, options: SolveOptions | None = None,
             max_patterns: int = 200_000, columns: str = "auto", **_: Any) -> Result:
    """``columns``: ``enumerate`` (refuse beyond ``max_patterns``), ``generate`` or ``auto``."""
    if columns not in ("auto", "enumerate", "generate"):
        raise InputError("columns", "must be 'auto', 'enumerate' or 'generate'")
    options = options or SolveOptions()
    t0 = time.perf_counter()
    stats: dict[str, Any] = {}
    pats = None
    if columns != "generate":
        try:
            pats = enumerate_patterns(inst, max_patterns)
        except InputError:
            if columns == "enumerate":
                raise
    if pats is not None:
        stats["columns_mode"] = "enumerated"
        status, obj, bound, sol = _enumerated(inst, pats, options, stats)
    else:
        stats["columns_mode"] = "generated"
        status, obj, bound, sol = _generated(inst, options, t0, stats)
    status = checked(inst, status, sol, stats)
    runtime = time.perf_counter() - t0
    build_s = max(0.0, runtime - stats.get("master_solve_s", 0.0))  # enumeration/pricing + build
    return Result("ojpp", "ojpp-patterns", status, objective=obj, bound=bound,
                  runtime_s=runtime, build_s=build_s, solution=sol, stats=stats)
