"""Exact OJPAP (notes §6, offline counterpart of Alg. 4): re-place the workers of a given
placement y0 to minimise the largest worker slowdown Theta under a migration budget.

    min Theta  s.t.  every OJPP constraint on y (compact MILP, notes §5.1, collision by lazy cuts),
                     Theta >= s_ik - M_i (1 - u_ik),
                     mu_ik >= y0_ik - y_ik, mu >= 0,  sum_ik c_i mu_ik <= c-bar   (19),
                     devices = the m0 devices of y0 (so sum_k x_k <= sum_k x0_k).

Devices are labelled by y0, so 5.1's symmetry rows are *not* used (notes [AUDIT]). Restricting to
the m0 labelled devices loses nothing: a solution that uses a fresh device while (necessarily)
emptying an old one is relabelled onto the old one with migration cost no higher.
Additive interference only (linear slowdowns); the objective of the Result is Theta, not devices.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ...core import InputError, Result, SolveOptions, Status, register_model, solve_pyomo
from ..algorithms.heuristic import run_heuristic
from ..instance import OJPPInstance
from ..model import add_no_good, add_tangent_cut, build_model
from ..model.constraints import big_m, slowdown
from ..solution import Solution, counts, initial_json, make_solution
from ..support.collision import minimal_colliding, tau_counts
from ..validate import check

TAU_TOL = 1e-10


def default_budget(inst: OJPPInstance) -> float:
    """c-bar default: 5 % of the cost of moving every worker (at least one cheapest move)."""
    c = np.array([j.migration_cost for j in inst.jobs])
    return max(float(c.min()), 0.05 * float(c @ inst.omega))


def build_ojpap(inst: OJPPInstance, Y0: np.ndarray, budget: float) -> pyo.ConcreteModel:
    """The OJPAP MILP on the m0 = len(Y0) devices of y0 (without collision cuts)."""
    m = build_model(inst, len(Y0), symmetry=False)
    m.symmetry.deactivate()
    m.volume_bound.deactivate()
    m.devices_used.deactivate()
    M = big_m(inst)
    c = [j.migration_cost for j in inst.jobs]
    m.theta = pyo.Var(domain=pyo.NonNegativeReals)
    m.mu = pyo.Var(m.J, m.K, domain=pyo.NonNegativeReals)
    m.theta_def = pyo.Constraint(
        m.J, m.K,
        rule=lambda m, i, k: m.theta >= slowdown(m, inst, i, k) - float(M[i]) * (1 - m.u[i, k]),
    )
    m.moved = pyo.Constraint(m.J, m.K,
                             rule=lambda m, i, k: m.mu[i, k] >= int(Y0[k, i]) - m.y[i, k])
    m.budget = pyo.Constraint(
        expr=sum(float(c[i]) * m.mu[i, k] for i in m.J for k in m.K) <= budget)
    m.max_slowdown = pyo.Objective(expr=m.theta, sense=pyo.minimize)
    return m


def moved_cost(inst: OJPPInstance, Y0: np.ndarray, Y: np.ndarray) -> float:
    """sum_i c_i * (workers of i that left their y0 device), device labels aligned."""
    c = np.array([j.migration_cost for j in inst.jobs])
    return float((np.maximum(Y0 - Y, 0) @ c).sum())


#: Pyomo build rate of the OJPAP model, (job, device) pairs per second (benchmarks/time-limits.md:
#: 80 jobs x 238 devices took 21 s)
PYOMO_PAIRS_PER_S = 900


@register_model(
    "ojpap-exact", "ojpp",
    "Exact OJPAP (notes §6): min max slowdown Theta over re-placements of `initial` (default: the "
    "Heuristic's) within migration budget `budget` and its device count; Pyomo + HiGHS with lazy "
    "collision cuts. The objective is Theta, not devices")
def ojpap_exact(inst: OJPPInstance, *, options: SolveOptions | None = None,
                initial: Solution | dict | None = None, budget: float | None = None,
                **_: Any) -> Result:
    """Exact OJPAP (notes §6): re-place a placement to minimise the maximum slowdown Theta.

    Over re-placements of ``initial`` on its devices whose migration cost stays within
    ``budget``; Pyomo + HiGHS with lazy collision cuts. The objective is Theta, not devices.

    Parameters
    ----------
    inst : OJPPInstance
        The instance (additive interference model).
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    initial : Solution or dict or None, default None
        The placement to re-place (typed or its JSON); None runs the Heuristic.
    budget : float or None, default None
        Migration budget c-bar, in the jobs' ``migration_cost`` unit; None = 5 % of the cost
        of moving every worker once (at least one cheapest move). Unit: migration_cost.

    Returns
    -------
    Result
        ``status`` (``optimal`` when proven), ``objective`` = the maximum slowdown Theta of
        the new placement (unit: dimensionless, relative slowdown), and a ``Solution`` with
        ``devices``, ``used`` and ``objective_kind`` = ``'max_slowdown'``;
        ``stats["migration_cost"]`` is the cost of the moves.

    Raises
    ------
    InputError
        A non-additive interference model, or an ``initial`` placement that violates the
        instance's constraints.

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> from dlsched.ojpp.exact.ojpap import ojpap_exact
    >>> res = ojpap_exact(generate(n_jobs=4, max_workers=2, seed=0))
    >>> res.status.value, round(res.objective, 6)
    ('optimal', 0.0522)
    """
    options = options or SolveOptions()
    if inst.interference_model != "additive":
        raise InputError("interference.model", "ojpap-exact models 'additive' interference only")
    t0 = time.perf_counter()
    if initial is None:
        start = run_heuristic(inst)
        if not start.ok:
            return Result("ojpp", "ojpap-exact", Status.ERROR, stats=start.stats)
        initial = start.solution
    initial = initial_json(initial)
    if check(inst, initial):
        raise InputError("initial", "the initial placement violates the instance's constraints")
    Y0 = counts(inst, initial)
    budget = default_budget(inst) if budget is None else float(budget)
    predicted = inst.n_jobs * len(Y0) / PYOMO_PAIRS_PER_S
    if options.time_limit is not None and predicted > 0.5 * options.time_limit:
        # the Pyomo build alone would eat the budget: keep the initial placement (feasible,
        # zero migration) as the incumbent, no proof
        from ..algorithms.adjustment import max_slowdown

        return Result("ojpp", "ojpap-exact", Status.TIME_LIMIT,
                      objective=max_slowdown(inst, Y0),
                      solution=make_solution(inst, Y0, objective_kind="max_slowdown"),
                      runtime_s=time.perf_counter() - t0,
                      stats={"refused": f"{inst.n_jobs} jobs x {len(Y0)} devices, ~"
                                        f"{predicted:.0f} s to build in Pyomo (> half the "
                                        "limit)", "migration_cost": 0.0, "budget": budget})
    m = build_ojpap(inst, Y0, budget)
    deadline = None if options.time_limit is None else t0 + options.time_limit
    stats: dict[str, Any] = {"devices": len(Y0), "budget": budget, "lazy_rounds": 0}
    seen: set[tuple] = set()
    use_oa = inst.collision_model == "independent"
    Y = None
    while True:
        remaining = None if deadline is None else max(0.01, deadline - time.perf_counter())
        out = solve_pyomo(m, SolveOptions(options.solver, remaining, options.mip_gap,
                                          options.threads, options.presolve,
                                          dict(options.options)))
        stats["lazy_rounds"] += 1
        if not out.has_solution:
            Y = None
            break
        Y = np.array([[round(pyo.value(m.y[i, k])) for i in m.J] for k in m.K], dtype=int)
        bad = []
        if inst.limits.collision is not None:
            t = tau_counts(Y, inst.p, inst.collision_model)
            bad = [k for k in range(len(Y)) if t[k] > inst.limits.collision + TAU_TOL]
        if not bad:
            break
        for k in bad:
            key = tuple(int(v) for v in Y[k])
            if use_oa and key not in seen:
                seen.add(key)
                add_tangent_cut(m, inst, Y[k])
            else:
                cvec = minimal_colliding(Y[k], inst.p, inst.limits.collision,
                                         inst.collision_model)
                ckey = ("nogood", *(int(v) for v in cvec))
                if ckey not in seen:
                    seen.add(ckey)
                    add_no_good(m, inst, cvec)
        if deadline is not None and time.perf_counter() >= deadline:
            out.status, Y = Status.TIME_LIMIT, None
            break
    stats.update(out.stats)
    status, obj, bound, sol = out.status, None, out.bound, None
    if Y is not None:
        from ..algorithms.adjustment import max_slowdown

        sol = make_solution(inst, Y, objective_kind="max_slowdown")
        obj = max_slowdown(inst, Y)
        stats["migration_cost"] = moved_cost(inst, Y0, Y)
        if status is Status.OPTIMAL:
            bound = obj
        if check(inst, sol.to_json()) or stats["migration_cost"] > budget + 1e-9:
            stats["violations"] = check(inst, sol.to_json())
            status = Status.ERROR
    elif status.has_solution:
        status = Status.TIME_LIMIT
    return Result("ojpp", "ojpap-exact", status, objective=obj, bound=bound,
                  runtime_s=time.perf_counter() - t0, solution=sol, stats=stats)
