"""List schedules: the primal heuristics behind the exact models' warm starts.

A serial list schedule places the jobs one by one in a given order, each at the (configuration,
server, start) of earliest completion that fits the residual capacity, with single-server
configurations (q = 1: workers and PS colocated, so the PS bandwidth rule (2i) holds trivially).
Orders: WSPT (w_j / d^min_j descending, registered as the reference heuristic ``wspt-list``, not
in the paper) and the column-generation LP's mean completion times (Schulz's LP ordering, used by
``completion-interval``). Every schedule is validated before it is returned.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..core import Result, Status, register_algorithm
from .config import Config, configurations
from .instance import CompletionInstance
from .solution import JobPlan, make_solution
from .validate import check

TOL = 1e-9


def _load(inst: CompletionInstance, k: Config, n_ps: int = 1) -> np.ndarray:
    """Aggregate demand [r] of configuration k with ``n_ps`` parameter servers."""
    out = k.n * inst.worker_demand[k.m]
    return out + n_ps * inst.ps_demand[k.p] if k.p >= 0 else out


def _single_server_configs(inst: CompletionInstance) -> dict[int, list[Config]] | None:
    cands = {j: [k for k in configurations(inst, j) if k.q == 1] for j in range(inst.n_jobs)}
    return None if any(not ks for ks in cands.values()) else cands


def wspt_list(inst: CompletionInstance, tmax: int | None = None) -> Result | None:
    """Serial list schedule (:func:`list_schedule`) in WSPT order (w_j / d^min_j descending,
    ties by arrival). On one server with unit demands and common arrivals this is Smith's rule
    (optimal)."""
    cands = _single_server_configs(inst)
    if cands is None:
        return None
    dmin = np.array([min(k.d for k in ks) for ks in cands.values()], dtype=float)
    order = np.lexsort((np.arange(inst.n_jobs), inst.arrival, -inst.weight / dmin))
    return list_schedule(inst, order, tmax, method="wspt-list")


def list_schedule(inst: CompletionInstance, order: Any, tmax: int | None = None,
                  method: str = "list-schedule") -> Result | None:
    """Serial list schedule of the jobs in ``order`` with single-server configurations
    (q = 1, colocated PS: no off-server traffic, (2i) holds trivially): each job takes the
    (configuration, server, start) of earliest completion that fits the residual capacity,
    never before its arrival. Non-preemptive, validated; None when some job finds no slot by
    ``tmax`` (default the instance horizon)."""
    t0 = time.perf_counter()
    tmax = int(inst.horizon) if tmax is None else tmax
    H, R = inst.capacity.shape
    used = np.zeros((tmax + 2, H, R))
    cands = _single_server_configs(inst)
    if cands is None:
        return None
    plans: dict[int, JobPlan] = {}
    makespan = 0  # every slot from here on is free
    for j in order:
        a = int(inst.arrival[j])
        lo, hi = a, max(a, makespan)
        best: tuple[int, int, Config, int] | None = None
        for k in cands[j]:
            load = _load(inst, k)
            empty_ok = np.all(load[None, :] <= inst.capacity + TOL, axis=1)  # [h]
            fit = np.all(used[lo:hi] + load[None, None, :] <= inst.capacity[None] + TOL,
                         axis=2) & empty_ok[None, :]
            fit = np.concatenate([fit, np.repeat(empty_ok[None, :], k.d, axis=0)])
            cs = np.concatenate([np.zeros((1, H), int), np.cumsum(~fit, axis=0)])
            ok = (cs[k.d:k.d + hi - lo + 1] - cs[:hi - lo + 1]) == 0  # [start offset, h]
            for h in np.nonzero(ok.any(axis=0))[0]:
                st = lo + int(np.argmax(ok[:, h]))
                if st + k.d - 1 <= tmax and (best is None or st + k.d < best[0]):
                    best = (st + k.d, st, k, int(h))
        if best is None:
            return None
        _, st, k, h = best
        used[st:st + k.d, h] += _load(inst, k)
        makespan = max(makespan, st + k.d)
        plans[int(j)] = JobPlan(st, k.d, k.m, k.p, {h: k.n}, {h: 1} if k.p >= 0 else {})
    sol = make_solution(inst, plans, capped=tmax <= inst.horizon)
    if check(inst, sol):
        return None
    return Result(problem="completion", method=method, status=Status.FEASIBLE,
                  objective=float(sol["objective"]), runtime_s=time.perf_counter() - t0,
                  solution=sol)


def incumbent_pool(inst: CompletionInstance, tmax: int) -> Result | None:
    """Best validated non-preemptive schedule ending by ``tmax`` among A_online, FIFO and
    ``wspt_list`` (the preemptive / elastic baselines are not E1 schedules)."""
    from .baselines import fifo
    from .online import a_online

    runs = []
    for run in (lambda: a_online(inst), lambda: fifo(inst), lambda: wspt_list(inst, tmax)):
        r = run()
        if r is None or r.objective is None or r.solution is None or check(inst, r.solution):
            continue
        recs = r.solution["jobs"].values()
        if all("segments" not in x and x["start"] + x["duration"] - 1 <= tmax for x in recs):
            runs.append(r)
    return min(runs, key=lambda r: r.objective) if runs else None


@register_algorithm("wspt-list", "completion",
                    "Reference list heuristic (not in the paper): jobs in WSPT order, each at "
                    "its earliest-completing single-server configuration and start")
def wspt_list_algorithm(inst: CompletionInstance, *, horizon: int | None = None,
                        **_: Any) -> Result:
    """``horizon``: last slot a job may use (default: long enough for any order)."""
    tmax = horizon if horizon is not None else list_horizon(inst)
    res = wspt_list(inst, tmax)
    if res is None:
        return Result(problem="completion", method="wspt-list", status=Status.INFEASIBLE,
                      stats={"reason": f"some job has no single-server configuration ending "
                                       f"by slot {tmax}"})
    return res


def list_horizon(inst: CompletionInstance) -> int:
    """A slot by which every serial list schedule ends: last arrival + sum of the longest
    single-server durations (each job starts at latest when all before it have ended)."""
    cands = _single_server_configs(inst) or {}
    return int(inst.arrival.max()) + sum(max(k.d for k in ks) for ks in cands.values()) + 1


__all__ = ["incumbent_pool", "list_horizon", "list_schedule", "wspt_list"]
