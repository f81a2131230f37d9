"""Exact model ``revenue-cpsat``: one optional interval per (job, configuration), cumulative
per server with variable worker / PS demands, utility by element on the start (OR-Tools CP-SAT).

Options as ``revenue-milp`` (``horizon``, ``fixed_workers``, ``time_origin``) plus ``hint``:
the scheduler whose schedule seeds the search. Coefficients are exact integers when the
utilities are linear with decimals that scale (core.intscale); otherwise rounded, and the
verdicts are labelled as those of a proxy instance.
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import Any

import numpy as np

from ...core import ALGORITHMS, InputError, Result, SolveOptions, Status, register_model
from ...core.cpsat import solve_cpsat
from ...core.deadline import DeadlineExceeded, past_deadline
from ...core.intscale import LIMIT, exact_integers, scaled_int, simplest_fraction
from ...core.solver import uses_solver
from ..instance import RevenueInstance
from ..model import MilpData, milp_data
from ..support.configs import utility_x
from ..support.horizon import model_rules
from .bounds import alone_bound
from .common import _finish, _or_empty, _plan, _refused, _remaining, _size_gate

#: Build rate of the CP-SAT model, start values per second (conservative;
#: benchmarks/time-limits.md: 704k start values took 5.8 s)
CP_VALUES_PER_S = 100_000


def _scale(values: list[float], multiplicity: float) -> tuple[int, bool]:
    """The smallest exact integer scale of ``values`` (core.intscale), or 10**6 with
    ``exact=False`` when none fits CP-SAT's magnitudes (then coefficients are rounded)."""
    got = exact_integers(np.asarray(values, dtype=float), multiplicity=multiplicity)
    return (10**6, False) if got is None else (got[1], True)


def _int(v: float, f: int, exact: bool) -> int:
    return scaled_int(v, f) if exact else round(v * f)


def _exact_values(inst: RevenueInstance, data: MilpData) -> tuple[dict[Any, int], int] | None:
    """Objective coefficients as exact integers, computed from the instance's own numbers:
    f_j(x) = slope * x + intercept with slope and intercept read as the decimals the user wrote
    (core.intscale) — not from the float products, whose rounding error has no small scale.
    ``None`` when some utility is convex ((e/x)^kappa is irrational in general) or the scale
    does not fit CP-SAT's magnitudes."""
    exact: dict[Any, Fraction] = {}
    for (j, k, t0), _ in data.value.items():
        kind, a, b = inst.utility[j]
        if kind != "linear":
            return None
        x = utility_x(inst, j, t0 + data.configs[j][k].d - 1, data.time_origin)
        exact[j, k, t0] = simplest_fraction(a) * x + simplest_fraction(b)
    if not exact:
        return {}, 1
    scale = 1
    for v in exact.values():
        scale = math.lcm(scale, v.denominator)
    top = max(abs(v) for v in exact.values()) * scale * max(inst.n_jobs, 1)
    if top > LIMIT:
        return None
    return {key: int(v * scale) for key, v in exact.items()}, scale


def _hints(inst: RevenueInstance, data: MilpData, jobvars: dict[int, Any], algorithm: str
           ) -> dict[Any, int]:
    """Solution hint from a fast scheduler (a feasible schedule of (3)): per scheduled job the
    configuration with its (P, d), its start and its per-server workers / PSs."""
    from ...core.registry import ALGORITHMS

    hint_run = ALGORITHMS.get(algorithm, problem="revenue").run
    sol = hint_run(inst, time_origin=data.time_origin).solution
    s_of = {n: s for s, n in enumerate(inst.server_names)}
    hints: dict[Any, int] = {}
    for j, (ks, x, starts, Y, Z) in jobvars.items():
        rec = sol["jobs"][inst.job_names[j]] if sol else {"admitted": False}
        chosen = None
        if rec["admitted"]:
            d = rec["completion"] - rec["start"] + 1
            w = sum(rec["workers"].values())
            chosen = next((k for k in ks if data.configs[j][k].placement == rec["placement"]
                           and data.configs[j][k].d == d and data.configs[j][k].w == w
                           and rec["start"] in data.starts[j][k]), None)
        for k in ks:
            hints[x[k]] = int(k == chosen)
        if chosen is None:
            continue
        hints[starts[chosen][0]] = int(rec["start"])
        for s in range(inst.n_servers):
            hints[Y[s]] = 0
            hints[Z[s]] = 0
        for name, k in rec["workers"].items():
            hints[Y[s_of[name]]] = int(k)
        for name, k in rec["ps"].items():
            hints[Z[s_of[name]]] = int(k)
    return hints


@register_model("revenue-cpsat", "revenue",
                "CP-SAT: one optional interval per (job, configuration), cumulative per server "
                "with variable worker / PS demands, utility by element on the start")
@uses_solver("OR-Tools CP-SAT")
def solve_cp(inst: RevenueInstance, *, options: SolveOptions | None = None,
             horizon: int | str = "instance", fixed_workers: bool | None = None,
             time_origin: str | None = None, hint: str | None = "gandiva-fair",
             **_: Any) -> Result:
    """Exact revenue by CP-SAT (OR-Tools).

    One optional interval per (job, configuration), cumulative constraints per server with
    variable worker / PS demands, the utility by element on the start. Coefficients are exact
    integers when the utilities scale; otherwise rounded, and the verdict is labelled as that
    of a proxy instance (``stats``).

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    horizon : int or str, default 'instance'
        The model's horizon T: ``'instance'`` or the instance's horizon (T caps every
        schedule; another T is refused: ``inst.with_rules(horizon=auto_horizon(inst))``
        states the problem that covers every scheduler). Unit: slots.
    fixed_workers : bool or None, default None
        None or the instance's ``fixed_workers`` (every job at exactly D_j workers, the
        notes §4 narrative); another value would solve another problem and is refused.
    time_origin : str or None, default None
        None or the instance's ``time_origin`` (argument of the utilities); another value
        is refused.
    hint : str or None, default 'gandiva-fair'
        The registered revenue algorithm whose schedule seeds the search; None gives no hint.

    Returns
    -------
    Result
        ``status`` (``optimal`` when proven; ``time_limit`` with the incumbent and the proven
        ``bound``; ``error`` if the independent validator rejects the schedule),
        ``objective`` = the total revenue sum F_j (unit: utility) and a ``Solution`` with per
        job ``admitted`` and, if so, ``placement``, ``start`` / ``completion``, ``workers`` /
        ``ps`` per server and ``utility``; plus ``revenue``, ``gains`` and ``fairness``.

    Raises
    ------
    InputError
        ``horizon``, ``time_origin`` or ``fixed_workers`` differs from the instance's rule
        (a model solves exactly the instance's problem), or ``hint`` is not a registered
        revenue algorithm.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small",
    ...                 arrival_max=2, horizon=12)
    >>> from dlsched.revenue.exact.cpsat import solve_cp
    >>> res = solve_cp(inst)
    >>> res.status.value, round(res.objective, 6)
    ('optimal', 1513.374)
    """
    from ortools.sat.python import cp_model

    if hint is not None and not ALGORITHMS.has(hint, "revenue"):
        known = ", ".join(n for n, _ in ALGORITHMS.items("revenue"))
        raise InputError("hint", f"unknown algorithm {hint!r} (known: {known})")
    options = options or SolveOptions()
    t0 = time.perf_counter()
    T, time_origin, fixed_workers = model_rules(inst, horizon, time_origin, fixed_workers)
    refused = _size_gate(inst, "revenue-cpsat", options, t0, T, time_origin, fixed_workers,
                         CP_VALUES_PER_S, "start values", "the CP-SAT model")
    if refused is not None:
        return refused
    data = milp_data(inst, T, time_origin, fixed_workers)
    got = _exact_values(inst, data)
    exact = got is not None
    if got is None:  # rounded coefficients: a proxy objective, labelled as such below
        f = 10**6
        coefs = {key: round(v * f) for key, v in data.value.items()}
    else:
        coefs, f = got
    cp = cp_model.CpModel()
    S = inst.n_servers
    cum_w: list[list[tuple[Any, Any]]] = [[] for _ in range(S)]
    cum_p: list[list[tuple[Any, Any]]] = [[] for _ in range(S)]
    obj = []
    jobvars: dict[int, Any] = {}
    fb, bw_exact = _scale([inst.bw_worker, inst.bw_ps],
                          multiplicity=float(inst.cap_w.sum() + inst.cap_p.sum()))
    bw_w, bw_p = _int(inst.bw_worker, fb, bw_exact), _int(inst.bw_ps, fb, bw_exact)
    exact = exact and bw_exact
    for j in range(inst.n_jobs):
        if past_deadline():  # the build is slower than CP_VALUES_PER_S on a loaded machine
            return _refused(inst, "revenue-cpsat", alone_bound(data), t0, time_origin,
                            "the CP-SAT build did not fit the time limit")
        ks = [k for k, ts in enumerate(data.starts[j]) if ts]
        if not ks:
            continue
        x = {}
        starts = {}
        for k in ks:
            cfg, ts = data.configs[j][k], data.starts[j][k]
            x[k] = cp.new_bool_var(f"x[{j},{k}]")
            st = cp.new_int_var_from_domain(cp_model.Domain.from_values(ts), f"st[{j},{k}]")
            itv = cp.new_optional_fixed_size_interval_var(st, cfg.d, x[k], f"i[{j},{k}]")
            coef = [coefs[j, k, t] for t in ts]
            val = cp.new_int_var(0, max(coef), f"v[{j},{k}]")
            if ts == list(range(ts[0], ts[-1] + 1)):
                cp.add_element(st - ts[0], coef, val)
            else:
                cp.add_allowed_assignments([st, val], list(zip(ts, coef, strict=True)))
            gain = cp.new_int_var(0, max(coef), f"g[{j},{k}]")
            cp.add(gain <= val)
            cp.add(gain == 0).only_enforce_if(~x[k])
            obj.append(gain)
            starts[k] = (st, itv)
        cp.add_at_most_one(x.values())
        xc = [x[k] for k in ks if data.configs[j][k].placement == "C"]
        xd = [x[k] for k in ks if data.configs[j][k].placement == "D"]
        wtot = sum(data.configs[j][k].w * x[k] for k in ks)
        Y = [cp.new_int_var(0, int(inst.cap_w[s]), f"Y[{j},{s}]") for s in range(S)]
        Z = [cp.new_int_var(0, int(inst.cap_p[s]), f"Z[{j},{s}]") for s in range(S)]
        h = [cp.new_bool_var(f"h[{j},{s}]") for s in range(S)]
        pi = [cp.new_bool_var(f"pi[{j},{s}]") for s in range(S)]
        cp.add(sum(Y) == wtot)  # M2
        cp.add(sum(Z) >= sum(x.values()))  # M3
        cp.add(sum(h) == sum(xc))  # M4
        cp.add(sum(Z) <= sum(xc) + int(inst.cap_p.sum()) * sum(xd))
        for s in range(S):
            cp.add(Y[s] <= int(inst.cap_w[s]) * (h[s] + sum(xd)))
            cp.add(Z[s] <= int(inst.cap_p[s]) * (h[s] + sum(xd)))
            cp.add(Z[s] >= 1).only_enforce_if(pi[s])  # M5
            cp.add(Z[s] == 0).only_enforce_if(~pi[s])
            cp.add(bw_w * (wtot - Y[s]) <= bw_p * Z[s]).only_enforce_if(pi[s])
            for k in ks:
                cum_w[s].append((starts[k][1], Y[s]))
                cum_p[s].append((starts[k][1], Z[s]))
        jobvars[j] = (ks, x, starts, Y, Z)
    for s in range(S):
        if cum_w[s]:
            cp.add_cumulative([i for i, _ in cum_w[s]], [d for _, d in cum_w[s]],
                              int(inst.cap_w[s]))
            cp.add_cumulative([i for i, _ in cum_p[s]], [d for _, d in cum_p[s]],
                              int(inst.cap_p[s]))
    # M8 (aggregate Σq) is implied by the per-server cumulatives since Σq = ΣC (notes §2.1)
    cp.maximize(sum(obj))
    build_s = time.perf_counter() - t0
    try:
        hints = _hints(inst, data, jobvars, hint) if hint else None
    except DeadlineExceeded:  # the hint's scheduler did not finish in time: no hint
        hints = None
    out = solve_cpsat(cp, time_limit=_remaining(options, t0).time_limit,
                      threads=options.threads, scale=f, hint_solution=hints,
                      reproducible=options.reproducible, budget_s=options.budget_basis)
    stats: dict[str, Any] = dict(out.stats, T=data.T, time_origin=time_origin,
                                 fixed_workers=fixed_workers, scale=f, scaled_exact=exact,
                                 bound_alone=alone_bound(data))
    status, bound = out.status, out.bound
    if not exact:  # rounded data: a proxy instance, its verdicts say nothing about this one
        status = {Status.OPTIMAL: Status.FEASIBLE, Status.INFEASIBLE: Status.TIME_LIMIT}.get(
            status, status)
        bound = None
    plans = None
    if out.objective is not None:
        sv = out.solver
        plans = {}
        for j, (ks, x, starts, Y, Z) in jobvars.items():
            for k in ks:
                if sv.value(x[k]):
                    t = int(sv.value(starts[k][0]))
                    plans[j] = _plan(inst, data, j, k, t, {s: int(sv.value(v)) for s, v in
                                                           enumerate(Y)},
                                     {s: int(sv.value(v)) for s, v in enumerate(Z)})
    if bound is not None and not math.isfinite(bound):
        bound = None
    plans = _or_empty(plans, status, stats)
    return _finish(inst, "revenue-cpsat", status, out.objective, bound, plans, t0, build_s,
                   stats)
