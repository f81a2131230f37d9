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

The problem is the instance's (issue 32): an instance with ``objective = "max_slowdown"`` states
y0 (``reference``) and c-bar (``migration_budget``), and the validator checks exactly the
constraints above (the m0-device count and (19) with device k = reference device k), so the
model's feasible set is the validator's up to the relabelling above. ``ojpap_instance`` states
it on an OJPP instance; on an instance whose ``objective`` is ``"devices"`` the model refuses.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ...core import InputError, Result, SolveOptions, Status, register_model, solve_pyomo
from ...core.tolerance import exceeds
from ..algorithms.heuristic import run_heuristic
from ..instance import OJPPInstance, default_budget, with_ojpap  # noqa: F401 (re-export)
from ..model import add_no_good, add_tangent_cut, build_model
from ..model.constraints import big_m, slowdown
from ..solution import Solution, counts, initial_json, make_solution
from ..support.collision import minimal_colliding, tau_counts
from ..validate import check


def ojpap_instance(inst: OJPPInstance, initial: Solution | dict | None = None,
                   budget: float | None = None) -> OJPPInstance:
    """The OJPAP statement on an OJPP instance: re-place ``initial`` within ``budget``.

    Parameters
    ----------
    inst : OJPPInstance
        The instance (its constraints stay; its ``objective`` becomes ``"max_slowdown"``).
    initial : Solution or dict or None, default None
        The reference placement y0; None: the Heuristic's placement.
    budget : float or None, default None
        c-bar; None: ``default_budget`` (5 % of moving every worker). Unit: migration_cost.

    Returns
    -------
    OJPPInstance
        The instance stating OJPAP.

    Raises
    ------
    InputError
        ``initial`` infeasible or malformed (field ``reference``), a negative budget, or the
        Heuristic finds no placement.

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> stated = ojpap_instance(generate(n_jobs=4, max_workers=2, seed=0))
    >>> stated.objective, stated.migration_budget
    ('max_slowdown', 0.8)
    """
    if initial is None:
        start = run_heuristic(inst)
        if not start.ok:
            raise InputError("reference", "the Heuristic finds no placement to re-place")
        initial = start.solution
    return with_ojpap(inst, initial_json(initial), budget)


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
    "Exact OJPAP (notes §6): min max slowdown Theta over re-placements of the instance's "
    "reference within its migration_budget and device count (objective='max_slowdown' "
    "instances: ojpap_instance); Pyomo + HiGHS with lazy collision cuts")
def ojpap_exact(inst: OJPPInstance, *, options: SolveOptions | None = None,
                initial: Solution | dict | None = None, budget: float | None = None,
                **_: Any) -> Result:
    """Exact OJPAP (notes §6): re-place a placement to minimise the maximum slowdown Theta.

    Over re-placements of the instance's ``reference`` on its devices whose migration cost
    stays within its ``migration_budget``; Pyomo + HiGHS with lazy collision cuts. The
    objective is Theta, not devices. The instance must state OJPAP (``objective`` =
    ``'max_slowdown'``, e.g. by ``ojpap_instance``).

    Parameters
    ----------
    inst : OJPPInstance
        The instance (additive interference model, objective ``'max_slowdown'``).
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    initial : Solution or dict or None, default None
        None, or the instance's reference placement (typed or its JSON); another placement
        states another problem and is refused.
    budget : float or None, default None
        None, or the instance's ``migration_budget``; another value is refused.
        Unit: migration_cost.

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
        An instance whose ``objective`` is not ``'max_slowdown'``, a non-additive
        interference model, or ``initial`` / ``budget`` other than the instance's.

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> from dlsched.ojpp.exact.ojpap import ojpap_exact, ojpap_instance
    >>> res = ojpap_exact(ojpap_instance(generate(n_jobs=4, max_workers=2, seed=0)))
    >>> res.status.value, round(res.objective, 6)
    ('optimal', 0.0522)
    """
    options = options or SolveOptions()
    if inst.objective != "max_slowdown":
        raise InputError("objective", "ojpap-exact minimises the largest slowdown of a "
                         "re-placement; the instance states objective='devices': state OJPAP "
                         "with ojpap_instance(inst, initial, budget)")
    if inst.interference_model != "additive":
        raise InputError("interference.model", "ojpap-exact models 'additive' interference only")
    t0 = time.perf_counter()
    ref = {"devices": [dict(dev) for dev in inst.reference or ()]}
    if initial is not None and counts(inst, initial_json(initial)).tolist() != counts(
            inst, ref).tolist():
        raise InputError("initial", "differs from the instance's reference placement: state "
                         "it with ojpap_instance(inst, initial, budget)")
    if budget is not None and float(budget) != inst.migration_budget:
        raise InputError("budget", f"differs from the instance's migration_budget "
                         f"{inst.migration_budget}: state it with ojpap_instance(...)")
    initial = ref
    Y0 = counts(inst, initial)
    budget = float(inst.migration_budget)
    predicted = inst.n_jobs * len(Y0) / PYOMO_PAIRS_PER_S
    if options.time_limit is not None and predicted > 0.5 * options.time_limit:
        # the Pyomo build alone would eat the budget: keep the initial placement (feasible,
        # zero migration) as the incumbent, no proof
        from ..algorithms.adjustment import max_slowdown

        return Result("ojpp", "ojpap-exact", Status.TIME_LIMIT,
                      objective=max_slowdown(inst, Y0),
                      solution=make_solution(inst, Y0, keep_empty=True,
                                             objective_kind="max_slowdown"),
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
            bad = [k for k in range(len(Y)) if exceeds(t[k], inst.limits.collision)]
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

        sol = make_solution(inst, Y, keep_empty=True, objective_kind="max_slowdown")
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
