"""``completion-cpsat``: CP-SAT with one interval per job, optional configuration literals
and a cumulative per (server, resource); its placement variables, hints and integer data are
shared with the interval model (``.interval``)."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...core import Result, SolveOptions, Status, register_model
from ...core.cpsat import solve_cpsat
from ...core.deadline import past_deadline, remaining
from ...core.intscale import exact_integers, scaled_int
from ...core.solver import uses_solver
from ..instance import CompletionInstance
from ..model import e1_data
from ..solution import JobPlan
from ..support.config import Config
from .bounds import LpSwitch, check_lp_switch
from .finish import fallback, finish, stopped
from .incumbent import best_heuristic, resolve_horizon, statement_horizon


def read_plans(inst: CompletionInstance, out: Any, vars_: dict[int, Any],
               ) -> dict[int, JobPlan] | None:
    """The job plans of a CP-SAT solution (None without one): chosen configuration, start and
    per-server worker / PS counts."""
    if out.objective is None:
        return None
    sv, H = out.solver, inst.n_servers
    plans = {}
    for j, (ks, xi, start, Y, S, _) in vars_.items():
        k = next(k for k, x in zip(ks, xi, strict=True) if sv.value(x))
        y = {h: int(sv.value(Y[h, k.m])) for h in range(H)}
        s = {h: int(sv.value(S[h, k.p])) for h in range(H)} if not inst.ring else {}
        plans[j] = JobPlan(int(sv.value(start)), k.d, k.m, k.p, y, s)
    return plans


def placement_vars(cp: Any, inst: CompletionInstance, j: int, ks: list[Config], xi: list[Any],
                   s_hat: int, bandwidth: tuple[np.ndarray, np.ndarray],
                   ) -> tuple[dict[tuple[int, int], Any], dict[tuple[int, int], Any],
                              dict[str, Any]]:
    """Job j's placement in the CP-SAT models: workers Y[h, m] (sum = N of the chosen
    configuration, type m only if chosen), server literals o[h] (one server when q = 1), and
    under PS the PS counts S[h, p] (at least one; type p only if chosen), PS-host literals
    g[h] and the bandwidth rule (2i) on each host. Returns (Y, S, {"o": o, "g": g})."""
    H, M, P = inst.n_servers, len(inst.worker_names), len(inst.ps_names)
    bi, Bi = bandwidth
    D = int(inst.chunks[j])
    Y = {(h, m): cp.new_int_var(0, D, f"Y[{j},{h},{m}]") for h in range(H) for m in range(M)}
    o = [cp.new_bool_var(f"o[{j},{h}]") for h in range(H)]
    cp.add(sum(Y.values()) == sum(k.n * x for k, x in zip(ks, xi, strict=True)))
    for m in range(M):
        mu = [x for k, x in zip(ks, xi, strict=True) if k.m == m]
        for h in range(H):
            cp.add(Y[h, m] <= (D * sum(mu) if mu else 0))
            cp.add(Y[h, m] <= D * o[h])
    q1 = [x for k, x in zip(ks, xi, strict=True) if k.q == 1]
    cp.add(sum(o) <= 1 + (H - 1) * (1 - sum(q1)))
    aux: dict[str, Any] = {"o": o, "g": []}
    S: dict[tuple[int, int], Any] = {}
    if inst.ring:
        return Y, S, aux
    S = {(h, p): cp.new_int_var(0, s_hat, f"S[{j},{h},{p}]") for h in range(H)
         for p in range(P)}
    g = [cp.new_bool_var(f"g[{j},{h}]") for h in range(H)]
    aux["g"] = g
    cp.add(sum(S.values()) >= 1)
    for p in range(P):
        sig = [x for k, x in zip(ks, xi, strict=True) if k.p == p]
        for h in range(H):
            cp.add(S[h, p] <= (s_hat * sum(sig) if sig else 0))
            cp.add(S[h, p] <= s_hat * o[h])
            cp.add(S[h, p] <= s_hat * g[h])
    for h in range(H):
        cp.add(sum(int(bi[m]) * Y[h2, m] for h2 in range(H) if h2 != h for m in range(M))
               <= sum(int(Bi[p]) * S[h, p] for p in range(P))).only_enforce_if(g[h])
    return Y, S, aux


def server_loads(cp: Any, inst: CompletionInstance, j: int, Y: dict[tuple[int, int], Any],
                 S: dict[tuple[int, int], Any], ei: np.ndarray, zi: np.ndarray,
                 Ci: np.ndarray, loads: dict[tuple[int, int], Any]) -> None:
    """Job j's integer load on each (server h, resource r) from its workers and PSs, as a
    variable l[j, h, r] in [0, C_hr] stored in ``loads`` (pairs the job cannot load are left
    out); both CP-SAT models feed these to their per-server cumulatives."""
    M, P = len(inst.worker_names), len(inst.ps_names)
    for h in range(inst.n_servers):
        for r in range(ei.shape[1]):
            expr = sum(int(ei[m, r]) * Y[h, m] for m in range(M) if ei[m, r])
            if not inst.ring:
                expr += sum(int(zi[p, r]) * S[h, p] for p in range(P) if zi[p, r])
            if isinstance(expr, int):
                continue
            lv = cp.new_int_var(0, int(Ci[h, r]), f"l[{j},{h},{r}]")
            cp.add(lv == expr)
            loads[h, r] = lv


def add_hints(cp: Any, inst: CompletionInstance, sol: dict[str, Any],
               vars_: dict[int, Any], tmax: int, demand: tuple[np.ndarray, np.ndarray]) -> int:
    """Hint every variable of each job (configuration literal, start, end, per-server counts,
    server/PS-host literals, loads) from ``sol``: a complete hint is a feasible first solution."""
    ei, zi = demand
    hinted = 0
    for j, (ks, xi, start, Y, S, aux) in vars_.items():
        rec = sol["jobs"].get(inst.job_names[j])
        if rec is None or "segments" in rec or rec["start"] + rec["duration"] - 1 > tmax:
            continue
        m = inst.worker_names.index(rec["worker_type"])
        p = inst.ps_names.index(rec["ps_type"]) if not inst.ring else -1
        n = sum(rec["workers"].values())
        pick = next((i for i, k in enumerate(ks) if (k.m, k.p, k.n, k.d)
                     == (m, p, n, rec["duration"])), None)
        if pick is None:
            continue
        for i, x in enumerate(xi):
            cp.add_hint(x, i == pick)
        cp.add_hint(start, int(rec["start"]))
        for (h, mm), v in Y.items():
            cp.add_hint(v, int(rec["workers"].get(inst.server_names[h], 0)) if mm == m else 0)
        for (h, pp), v in S.items():
            cp.add_hint(v, int(rec.get("ps", {}).get(inst.server_names[h], 0)) if pp == p else 0)
        y = np.array([rec["workers"].get(n, 0) for n in inst.server_names])
        z = np.array([rec.get("ps", {}).get(n, 0) for n in inst.server_names])
        cp.add_hint(aux["dur"], int(rec["duration"]))
        cp.add_hint(aux["end"], int(rec["start"] + rec["duration"]))
        for h, o in enumerate(aux["o"]):
            cp.add_hint(o, bool(y[h] or z[h]))
        for h, g in enumerate(aux["g"]):
            cp.add_hint(g, bool(z[h]))
        for (h, r), lv in aux["l"].items():
            cp.add_hint(lv, int(y[h] * ei[m, r] + (z[h] * zi[p, r] if p >= 0 else 0)))
        hinted += 1
    return hinted


def _scale(values: np.ndarray, multiplicity: float) -> tuple[int, bool]:
    """The smallest exact integer scale of ``values`` (core.intscale), or 10**6 with
    ``exact=False`` when none fits CP-SAT's magnitudes (then the data are rounded safely)."""
    finite = np.asarray(values, dtype=float)
    got = exact_integers(finite[np.isfinite(finite)], multiplicity=multiplicity)
    return (10**6, False) if got is None else (got[1], True)


def _scaled(values: np.ndarray, f: int, exact: bool, rounding: Any) -> np.ndarray:
    """``values * f`` as ints: exact, or rounded by ``rounding`` (np.floor / np.ceil / np.round)
    when no exact scale exists."""
    if exact:
        return np.vectorize(lambda v: scaled_int(v, f), otypes=[np.int64])(values)
    return rounding(np.asarray(values, dtype=float) * f).astype(np.int64)


def cp_integer_data(inst: CompletionInstance, data: Any, tmax: int) -> tuple:
    """Integer data of the CP-SAT models: capacities Ci, worker / PS demands ei, zi, worker and
    PS bandwidths bi, Bi, weights wi, the weight scale fw and the groups without an exact scale
    (``inexact``; then the data are rounded into a restriction, see ``_scale``)."""
    R = len(inst.resources)
    inexact = []
    many = float(inst.n_jobs * (int(inst.chunks.max(initial=1)) + max(data.s_hat, default=0) + 1))
    Ci = np.zeros(inst.capacity.shape, dtype=np.int64)
    ei = np.zeros(inst.worker_demand.shape, dtype=np.int64)
    zi = np.zeros(inst.ps_demand.shape, dtype=np.int64)
    for r in range(R):  # one exact scale per resource: capacities and both demand kinds
        f, ok = _scale(np.concatenate([inst.capacity[:, r], inst.worker_demand[:, r],
                                       inst.ps_demand[:, r]]), many)
        Ci[:, r] = _scaled(inst.capacity[:, r], f, ok, lambda v: np.floor(v + 1e-9))
        ei[:, r] = _scaled(inst.worker_demand[:, r], f, ok, lambda v: np.ceil(v - 1e-9))
        zi[:, r] = _scaled(inst.ps_demand[:, r], f, ok, lambda v: np.ceil(v - 1e-9))
        if not ok:
            inexact.append(inst.resources[r])
    fb, okb = _scale(np.concatenate([inst.worker_bw, inst.ps_bw]), many)
    bi = _scaled(inst.worker_bw, fb, okb, lambda v: np.ceil(v - 1e-9))
    Bi = _scaled(inst.ps_bw, fb, okb, lambda v: np.floor(v + 1e-9))
    fw, okw = _scale(inst.weight, float(inst.n_jobs * (tmax + 1)))
    wi = _scaled(inst.weight, fw, okw, np.round)
    if not okb:
        inexact.append("bandwidth")
    if not okw:
        inexact.append("weight")
    return Ci, ei, zi, bi, Bi, wi, fw, inexact


@register_model("completion-cpsat", "completion",
                "CP-SAT: one interval per job, optional configuration literals, cumulative per "
                "(server, resource)")
@uses_solver("OR-Tools CP-SAT")
def solve_cp(inst: CompletionInstance, *, options: SolveOptions | None = None,
             horizon: int | str | None = None, lp_bound: LpSwitch = "auto",
             warm_start: bool = True, **_: Any) -> Result:
    """CP-SAT model: one interval per job, optional configuration literals, cumulative per
    (server, resource).

    CP-SAT needs integer data: when the capacities and demands of a resource, the bandwidths
    or the weights have no exact integer scale, they are rounded into a restriction
    (``stats["scaled_inexact"]``); then an ``optimal`` verdict is reported as ``feasible``
    and CP-SAT's bound is dropped (only the instance's own lower bounds remain).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to solve.
    options : SolveOptions or None, default None
        Solver settings (``time_limit``, ``mip_gap``, ``threads``, ...); None uses the
        defaults (no limit).
    horizon : int or str or None, default None
        T_max, the last slot a schedule may use. None follows the instance's rule:
        ``"instance"`` (T_max = T) when ``horizon_hard``, else ``"extended"`` (the bound of
        notes §2.4 from the best heuristic, by which every optimal schedule ends). A value
        that states another problem (``"instance"`` or an int below the extended horizon on
        an open instance, anything but T on a hard one) is refused
        (``incumbent.statement_horizon``). Unit: slots.
    lp_bound : bool or str, default "auto"
        Also solve the LP bounds of E1 (aggregate LP and LP relaxation): True, False, or
        ``"auto"`` (only up to ``bounds.LP_COLUMN_LIMIT`` configuration x start columns).
    warm_start : bool, default True
        Hint CP-SAT with the best of A_online and FIFO (jobs whose configuration was pruned
        or that end past T_max are left unhinted) and fall back to it when the search stops
        with a worse incumbent.

    Returns
    -------
    Result
        ``status`` (``optimal``, ``feasible``, ``time_limit``, ``infeasible`` or ``error``
        when the validator rejects the schedule); ``objective`` sum_j w_j C_j of the schedule
        (Unit: weight x slots); ``bound`` the best lower bound (solver bound or the bounds of
        notes §2.5 in ``stats["bounds"]``, with ``stats["bounds_missing"]`` saying why an LP
        bound is absent); ``solution`` a completion ``Solution`` (per job ``start``,
        ``duration``, ``worker_type``, ``workers``, ``ps_type`` / ``ps`` under PS) with
        ``capped`` true when T_max <= T (information); ``stats["tmax"]`` the T_max used.

    Raises
    ------
    InputError
        ``horizon`` does not state the instance's horizon rule (or is not ``"instance"``,
        ``"extended"``, a positive int or None), ``preemption`` is true (the model is
        non-preemptive), or
        ``lp_bound`` is not true, false or ``"auto"``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = solve_cp(golden("s4"), lp_bound=False)
    >>> res.status.value, res.objective
    ('optimal', 7.0)
    """
    check_lp_switch(lp_bound)
    from ortools.sat.python import cp_model

    options = options or SolveOptions()
    t0 = time.perf_counter()
    horizon = statement_horizon(inst, horizon)
    heur = best_heuristic(inst) if warm_start or horizon == "extended" else None
    tmax = resolve_horizon(inst, horizon, heur)
    if past_deadline():  # e1_data enumerates every configuration: seconds at paper scale
        return stopped(inst, "completion-cpsat", heur, tmax, t0, {}, options.time_limit)
    data = e1_data(inst, tmax)
    cp = cp_model.CpModel()
    H, R = inst.n_servers, len(inst.resources)
    Ci, ei, zi, bi, Bi, wi, fw, inexact = cp_integer_data(inst, data, tmax)
    status = Status.OPTIMAL
    vars_: dict[int, Any] = {}
    objective_terms = []
    intervals: dict[tuple[int, int], list] = {(h, r): [] for h in range(H) for r in range(R)}
    for j in range(inst.n_jobs):
        if past_deadline():
            return stopped(inst, "completion-cpsat", heur, tmax, t0, {}, options.time_limit)
        ks = [k for k, rng in zip(data.configs[j], data.starts[j], strict=False) if len(rng)]
        if not ks:
            status = Status.INFEASIBLE
            break
        xi = [cp.new_bool_var(f"xi[{j},{i}]") for i in range(len(ks))]
        cp.add_exactly_one(xi)
        dmin = min(k.d for k in ks)
        start = cp.new_int_var(int(inst.arrival[j]), tmax - dmin + 1, f"s[{j}]")
        dur = cp.new_int_var(dmin, max(k.d for k in ks), f"d[{j}]")
        cp.add(dur == sum(k.d * x for k, x in zip(ks, xi, strict=False)))
        end = cp.new_int_var(int(inst.arrival[j]) + dmin, tmax + 1, f"e[{j}]")
        itv = cp.new_interval_var(start, dur, end, f"job[{j}]")
        Y, S, aux = placement_vars(cp, inst, j, ks, xi, data.s_hat[j], (bi, Bi))
        aux.update(dur=dur, end=end, l={})
        server_loads(cp, inst, j, Y, S, ei, zi, Ci, aux["l"])
        for hr, lv in aux["l"].items():
            intervals[hr].append((itv, lv))
        vars_[j] = (ks, xi, start, Y, S, aux)
        objective_terms.append(int(wi[j]) * end)
    stats: dict[str, Any] = {"scaled_inexact": inexact} if inexact else {}
    if status is Status.INFEASIBLE:
        return finish(inst, "completion-cpsat", status, None, None, None, t0,
                       time.perf_counter() - t0, stats, tmax, False)
    for (h, r), items in intervals.items():
        if items:
            cp.add_cumulative([i for i, _ in items], [lv for _, lv in items], int(Ci[h, r]))
    cp.minimize(sum(objective_terms))
    if warm_start and heur is not None and heur.solution is not None:
        hinted = add_hints(cp, inst, heur.solution, vars_, tmax, (ei, zi))
        stats["warm_start"] = {"method": heur.method, "objective": heur.objective,
                               "jobs_hinted": hinted}
    build_s = time.perf_counter() - t0
    left = remaining(options.time_limit, build_s)
    out = solve_cpsat(cp, time_limit=left, threads=options.threads, scale=fw,
                      reproducible=options.reproducible, budget_s=options.budget_basis)
    stats.update(out.stats)
    status = out.status
    if inexact:  # rounded data: a restriction, its verdicts say nothing about the instance
        status = {Status.OPTIMAL: Status.FEASIBLE, Status.INFEASIBLE: Status.TIME_LIMIT}.get(
            status, status)
    plans = read_plans(inst, out, vars_)
    obj = out.objective
    if warm_start and status in (Status.TIME_LIMIT, Status.FEASIBLE) and not inexact:
        # e.g. CP-SAT stopped before loading its (complete, feasible) hint
        obj, plans = fallback(inst, heur, tmax, obj, plans, stats)
    bound = out.bound if not inexact else None
    return finish(inst, "completion-cpsat", status, obj, bound, plans, t0, build_s,
                   stats, tmax, lp_bound, time_limit=options.time_limit)
