"""Set-partitioning OJPP model over enumerated patterns (spec ojpp.md §5.2), Pyomo + HiGHS.

min sum_a lambda_a  s.t.  sum_a a_i lambda_a = omega_i (equality: dropping workers from a
pattern keeps it feasible but can break other jobs' balance), lambda_a integer >= 0. Balance (8)
exactly: job i picks one band [l, l + theta'] with l among the slowdowns it can have
(binaries beta_il, one per job), and a pattern with a_i > 0 may be used only if s_i(a) lies in
the chosen band: lambda_a <= floor(omega_i / a_i) * sum_{l: l <= s_i(a) <= l + theta'} beta_il.
Collision and interference caps are per pattern, so no lazy loop is needed. Without balance it
is the Gilmore-Gomory cutting-stock model (strong LP bound). Column generation is not
implemented: instances with more than ``max_patterns`` feasible patterns are refused.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ..core import Result, SolveOptions, Status, register_model, solve_pyomo
from .instance import OJPPInstance
from .patterns import Patterns, enumerate_patterns
from .solution import checked, make_solution

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


@register_model("ojpp-patterns", "ojpp",
                "Set partitioning over enumerated feasible patterns with exact balance bands "
                "(spec §5.2); Pyomo + HiGHS; refuses > max_patterns patterns (no column "
                "generation yet)")
def patterns(inst: OJPPInstance, *, options: SolveOptions | None = None,
             max_patterns: int = 200_000, **_: Any) -> Result:
    options = options or SolveOptions()
    t0 = time.perf_counter()
    pats = enumerate_patterns(inst, max_patterns)
    m = build_master(inst, pats)
    build_s = time.perf_counter() - t0
    out = solve_pyomo(m, options)
    stats = {**out.stats, "patterns": len(pats)}
    sol = obj = None
    if out.has_solution:
        lam = [round(pyo.value(m.lam[a])) for a in m.P]
        rows = [pats.A[a] for a in range(len(pats)) for _ in range(lam[a])]
        sol = make_solution(inst, np.array(rows).reshape(len(rows), inst.n_jobs))
        obj = float(sol["used"])
    status = out.status
    bound = out.bound
    if status is Status.OPTIMAL:
        bound = obj
    elif bound is not None:
        bound = float(np.ceil(bound - 1e-6))
    status = checked(inst, status, sol, stats)
    return Result("ojpp", "ojpp-patterns", status, objective=obj, bound=bound,
                  runtime_s=time.perf_counter() - t0, build_s=build_s, solution=sol, stats=stats)
