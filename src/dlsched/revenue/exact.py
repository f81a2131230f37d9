"""Exact models: ``revenue-milp`` (notes §2.2, Pyomo + HiGHS) and ``revenue-cpsat`` (optional
interval per configuration, cumulative per server with variable demands).

Options: ``horizon`` ("instance", "auto" = covering the makespan of every scheduler, or an int
T_opt, which must cover every compared schedule for OPT >= ALG),
``fixed_workers`` (K_j restricted to w = D_j, notes §4's narrative), ``time_origin``. A time-limited
solve returns its incumbent with status ``time_limit`` and the proven bound; every solution is
re-checked by the independent validator (violations -> status ``error``).
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from fractions import Fraction
from typing import Any

import numpy as np
import pyomo.environ as pyo

from ..core import InputError, Result, SolveOptions, Status, register_model, solve_pyomo
from ..core.cpsat import solve_cpsat
from ..core.deadline import DeadlineExceeded, past_deadline, remaining
from ..core.intscale import LIMIT, exact_integers, scaled_int, simplest_fraction
from .configs import utility_x
from .instance import RevenueInstance
from .model import MilpData, build_milp, milp_data
from .model.data import milp_extent
from .solution import finish, job_record
from .validate import check

#: schedulers whose makespan ``horizon="auto"`` covers (notes §2.2: T_opt >= every compared
#: scheduler's completion, so that OPT >= ALG)
AUTO_HORIZON_RUNS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("astraea", {}), ("astraea", {"fixed_workers": True}), ("a-round", {}),
    ("a-maxirev", {}), ("batchsche", {}), ("gandiva-fair", {}),
    ("hived", {}))


def auto_horizon(inst: RevenueInstance) -> int:
    """max(instance horizon, last completion of every scheduler in AUTO_HORIZON_RUNS)."""
    from ..core.registry import ALGORITHMS

    last = int(inst.horizon)
    for name, params in AUTO_HORIZON_RUNS:
        sol = ALGORITHMS.get(name, problem="revenue").run(inst, **params).solution or {"jobs": {}}
        last = max([last] + [r["completion"] for r in sol["jobs"].values() if r["admitted"]])
    return last


#: Build rates, start columns per second (conservative; benchmarks/time-limits.md: 704k start
#: values took 5.8 s in CP-SAT)
PYOMO_COLUMNS_PER_S = 4_000
CP_VALUES_PER_S = 100_000
#: a model is built only if its predicted build takes at most this share of the limit: under
#: load (issue 20) the 1.28M-value CP-SAT build of philly-vc-4pervc predicted at 12.8 s of a
#: 26-s budget ran the solve to 63 s
BUILD_SHARE = 0.25


def _remaining(options: SolveOptions, t0: float) -> SolveOptions:
    """``options`` with the time limit cut to what is left since ``t0`` (build included)."""
    if options.time_limit is None:
        return options
    left = remaining(options.time_limit, time.perf_counter() - t0)
    return SolveOptions(**{**options.__dict__, "time_limit": left})


def _or_empty(plans: dict[int, Any] | None, status: Status, stats: dict[str, Any],
              ) -> dict[int, Any] | None:
    """A solve stopped without incumbent gets the empty schedule (nobody admitted, revenue 0:
    always feasible), so a stopped revenue model always returns a validated incumbent."""
    if plans is None and status is Status.TIME_LIMIT:
        stats["incumbent"] = "empty schedule"
        return {}
    return plans


def _refused(inst: RevenueInstance, method: str, alone: float | None, t0: float, time_origin: str,
             reason: str) -> Result:
    """No model (its build would eat the limit): status ``time_limit`` with the empty schedule
    (nobody admitted, revenue 0: always feasible) as validated incumbent and the bound of every
    job alone; the guard's heuristics may replace the incumbent."""
    stats = {"refused": reason, "bound_alone": alone, "time_origin": time_origin,
             "incumbent": "empty schedule"}
    return _finish(inst, method, Status.TIME_LIMIT, None, alone, {}, t0,
                   time.perf_counter() - t0, stats)


def _size_gate(inst: RevenueInstance, method: str, options: SolveOptions, t0: float, T: int,
               time_origin: str, fixed_workers: bool, rate: float, unit: str,
               build: str) -> Result | None:
    """Size the model before building it: a refusal (:func:`_refused`) when the time limit is
    over before the data or building ``unit`` at ``rate`` per second would take more than
    :data:`BUILD_SHARE` of the limit (the guard then adds the heuristics); ``None`` to go on."""
    try:
        count, alone = milp_extent(inst, T, time_origin, fixed_workers)
    except DeadlineExceeded:  # the time limit (core.deadline) is over before the data
        return _refused(inst, method, None, t0, time_origin, "no time left for the model")
    predicted = count / rate
    if options.time_limit is not None and predicted > BUILD_SHARE * options.time_limit:
        return _refused(inst, method, alone, t0, time_origin,
                        f"{count} {unit}, ~{predicted:.0f} s to build {build} "
                        "(> a quarter of the limit)")
    return None


def _horizon(inst: RevenueInstance, horizon: int | str) -> int:
    if horizon == "instance":
        return int(inst.horizon)
    if horizon == "auto":
        return auto_horizon(inst)
    if isinstance(horizon, int) and horizon >= 1:
        return horizon
    raise InputError("horizon", "must be 'instance', 'auto' or a positive int")


def _plan(inst: RevenueInstance, data: MilpData, j: int, k: int, t0: int,
          Y: dict[int, int], Z: dict[int, int]) -> dict[str, Any]:
    cfg = data.configs[j][k]
    placement = cfg.placement
    hosts = {s for s, v in Y.items() if v} | {s for s, v in Z.items() if v}
    if placement == "D" and len(hosts) == 1 and sum(Z.values()) == 1 and \
            inst.duration(j, "C", cfg.w) == cfg.d:
        placement = "C"  # notes §6.11: a D-solution on one server tied with C is relabelled
    return job_record(inst, j, placement, t0, cfg.d, Y, Z, data.time_origin)


def alone_bound(data: MilpData) -> float:
    """Σ_j max_{k, t0} f_j: every job alone on the empty cluster, earliest best start (a valid
    upper bound on OPT; often tight on lightly loaded clusters)."""
    best: dict[int, float] = {}
    for (j, _k, _t), v in data.value.items():
        best[j] = max(best.get(j, 0.0), v)
    return float(sum(best.values()))


def _finish(inst: RevenueInstance, method: str, status: Status, obj: float | None,
            bound: float | None, plans: dict[int, dict[str, Any]] | None, t0: float,
            build_s: float, stats: dict[str, Any]) -> Result:
    alone = stats.get("bound_alone")
    if alone is not None and status is not Status.OPTIMAL and status.has_solution:
        bound = alone if bound is None else min(bound, alone)
    sol = None
    if plans is not None:
        sol = finish(inst, plans, stats["time_origin"], {"ps_multi": True})
        viol = check(inst, sol)
        if viol:
            stats["violations"] = viol[:10]
            status = Status.ERROR
        obj = sol["revenue"]
        if status is Status.TIME_LIMIT and bound is not None and obj >= bound - 1e-9 * max(
                1.0, abs(bound)):
            status = Status.OPTIMAL  # the incumbent meets a proven bound
            stats["optimal_by"] = "bound_alone"
    return Result(problem="revenue", method=method, status=status, objective=obj,
                  bound=bound, runtime_s=time.perf_counter() - t0, build_s=build_s,
                  solution=sol, stats=stats)


@register_model("revenue-milp", "revenue",
                "Linearised revenue MILP (notes §2.2): configuration x start binaries, static "
                "placement, per-slot usage, (3i) on PS hosts, admission as in (4)")
def solve_milp(inst: RevenueInstance, *, options: SolveOptions | None = None,
               horizon: int | str = "instance", fixed_workers: bool = False,
               time_origin: str = "arrival", **_: Any) -> Result:
    options = options or SolveOptions()
    t0 = time.perf_counter()
    T = _horizon(inst, horizon)
    refused = _size_gate(inst, "revenue-milp", options, t0, T, time_origin, fixed_workers,
                         PYOMO_COLUMNS_PER_S, "start columns", "in Pyomo")
    if refused is not None:
        return refused
    data = milp_data(inst, T, time_origin, fixed_workers)
    m = build_milp(data)
    build_s = time.perf_counter() - t0
    stats: dict[str, Any] = {"binaries": len(data.value) + 2 * inst.n_jobs * inst.n_servers,
                             "rows": m.nconstraints(), "columns": m.nvariables(),
                             "T": data.T, "time_origin": time_origin,
                             "fixed_workers": fixed_workers, "bound_alone": alone_bound(data)}
    out = solve_pyomo(m, _remaining(options, t0))
    stats.update(out.stats)
    plans = None
    if out.has_solution:
        plans = {}
        for j, k, t in m.XK:
            if pyo.value(m.x[j, k, t]) > 0.5:
                Y = {s: round(pyo.value(m.Y[j, s])) for s in range(inst.n_servers)}
                Z = {s: round(pyo.value(m.Z[j, s])) for s in range(inst.n_servers)}
                plans[j] = _plan(inst, data, j, k, t, Y, Z)
    plans = _or_empty(plans, out.status, stats)
    return _finish(inst, "revenue-milp", out.status, out.objective, out.bound, plans, t0,
                   build_s, stats)


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
    from ..core.registry import ALGORITHMS

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
def solve_cp(inst: RevenueInstance, *, options: SolveOptions | None = None,
             horizon: int | str = "instance", fixed_workers: bool = False,
             time_origin: str = "arrival", hint: str | None = "gandiva-fair",
             **_: Any) -> Result:
    from ortools.sat.python import cp_model

    options = options or SolveOptions()
    t0 = time.perf_counter()
    T = _horizon(inst, horizon)
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
