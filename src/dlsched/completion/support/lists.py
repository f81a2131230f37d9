"""List schedules: the primal heuristics behind the exact models' warm starts.

A serial list schedule places the jobs one by one in a given order, each at the (configuration,
placement, start) of earliest completion that fits the residual capacity: single-server
configurations (q = 1: workers and PS colocated, so the PS bandwidth rule (2i) holds trivially)
and, unless ``spread=False``, spread ones over several servers (q = 0). Orders: WSPT
(w_j / d^min_j descending, registered as the reference heuristic ``wspt-list`` in
``baselines/wspt_list.py``, not in the paper) and the column-generation LP's mean completion
times (Schulz's LP ordering, used by ``completion-interval``). Every schedule is validated
before it is returned. Used by the exact models (warm starts), the ``wspt-list`` baseline and
plug-ins: ``list_schedule(inst, order)`` with its defaults is what ``wspt-list`` does with that
order (spread placements on, ``tmax = list_horizon(inst)``).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from scipy.ndimage import minimum_filter1d

from ...core import Result, Status
from ...core.deadline import check_deadline
from ..instance import CompletionInstance
from ..solution import JobPlan, make_solution
from ..validate import check
from .config import Config, configurations

TOL = 1e-9


def _load(inst: CompletionInstance, k: Config, n_ps: int = 1) -> np.ndarray:
    """Aggregate demand [r] of configuration k with ``n_ps`` parameter servers."""
    out = k.n * inst.worker_demand[k.m]
    return out + n_ps * inst.ps_demand[k.p] if k.p >= 0 else out


def _single_server_configs(inst: CompletionInstance) -> dict[int, list[Config]] | None:
    cands = {j: [k for k in configurations(inst, j) if k.q == 1] for j in range(inst.n_jobs)}
    return None if any(not ks for ks in cands.values()) else cands


def wspt_list(inst: CompletionInstance, tmax: int | None = None,
              spread: bool = True) -> Result | None:
    """Serial list schedule (``list_schedule``) in WSPT order: the ``wspt-list`` method.

    Jobs by w_j / d^min_j descending (single-server d^min), ties by arrival. On one server
    with unit demands and common arrivals this is Smith's rule (optimal).

    Its defaults are the registered method's (spread placements); ``spread=False`` keeps every
    job on one server (the exact models' warm starts try both). A plug-in choosing its own
    order calls ``list_schedule``, whose defaults are the method's too.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    tmax : int or None, default None
        Last slot a job may use; None uses ``list_horizon(inst)`` (as ``wspt-list`` does).
        Unit: slots.
    spread : bool, default True
        Also try multi-server configurations (q = 0), as ``wspt-list`` does.

    Returns
    -------
    Result or None
        As ``list_schedule`` (method ``wspt-list``); None when some job has no single-server
        configuration (the order needs its d^min) or no slot by ``tmax``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> wspt_list(golden("s1-ring")).objective
    66.0
    """
    order = wspt_order(inst)
    if order is None:
        return None
    return list_schedule(inst, order, tmax, method="wspt-list", spread=spread)


def wspt_order(inst: CompletionInstance) -> list[int] | None:
    """Job indices by w_j / d^min_j descending (single-server d^min), ties by arrival then index.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    list of int or None
        The order; None when some job has no single-server configuration.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> wspt_order(golden("s1-ring"))
    [2, 1, 3, 0]
    """
    cands = _single_server_configs(inst)
    if cands is None:
        return None
    dmin = np.array([min(k.d for k in ks) for ks in cands.values()], dtype=float)
    return [int(j) for j in np.lexsort((np.arange(inst.n_jobs), inst.arrival,
                                        -inst.weight / dmin))]


def list_schedule(inst: CompletionInstance, order: Any, tmax: int | None = None,
                  method: str = "list-schedule", spread: bool = True,
                  spread_ps: int = 1) -> Result | None:
    """Serial list schedule of the jobs in ``order``: each at its earliest-completing fit.

    Each job, in turn, takes the (configuration, placement, start) of earliest completion that
    fits the residual capacity, never before its arrival: single-server configurations (q = 1,
    colocated PS: no off-server traffic, so (2i) holds trivially) and, with ``spread`` (the
    default), spread configurations over several servers (q = 0). Non-preemptive; the schedule
    is validated. A plugin that only chooses an order can hand it here to get a valid
    schedule; with the defaults, ``list_schedule(inst, wspt_order(inst))`` is the schedule of
    the registered ``wspt-list``.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    order : sequence of int
        Job indices in the order to place them (each once).
    tmax : int or None, default None
        Last slot a job may use; None uses ``list_horizon(inst)``, a slot by which every order
        ends (as ``wspt-list`` does; pass ``inst.horizon`` to stay within the horizon).
        Unit: slots.
    method : str, default "list-schedule"
        Method name written into the Result.
    spread : bool, default True
        Also try multi-server configurations (q = 0), as ``wspt-list`` does; False keeps
        every job on one server.
    spread_ps : int, default 1
        Most PSs a spread placement puts on its PS host (more PSs carry the traffic of more
        off-host workers, rule (2i)). Unit: PSs. Range: 1..1000.

    Returns
    -------
    Result or None
        Status ``feasible``, ``objective`` sum_j w_j C_j (Unit: weight x slots) and a
        completion ``Solution`` (``capped`` true when ``tmax`` <= the horizon); None when
        some job finds no slot by ``tmax``, has no single-server configuration, or the
        schedule fails the validator (a job ending after a hard horizon, ``horizon_hard``:
        pass ``tmax=inst.horizon`` there to fail fast).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = list_schedule(golden("s1-ring"), [2, 1, 3, 0])
    >>> res.status.value, res.objective
    ('feasible', 66.0)
    """
    t0 = time.perf_counter()
    tmax = list_horizon(inst) if tmax is None else tmax
    H, R = inst.capacity.shape
    used = np.zeros((tmax + 2, H, R))
    cands = _single_server_configs(inst)
    if cands is None:
        return None
    spread_ks = ({j: [k for k in configurations(inst, j) if k.q == 0]
                  for j in range(inst.n_jobs)} if spread else {})
    plans: dict[int, JobPlan] = {}
    makespan = 0  # every slot from here on is free
    for j in order:
        check_deadline()  # only inside a caller's time limit (core.deadline)
        a = int(inst.arrival[j])
        lo, hi = a, max(a, makespan)
        best: tuple[int, int, Config, dict[int, int], dict[int, int]] | None = None
        for k in cands[j]:
            # starts that could still end earlier than the best found; used[] is all zeros
            # after the makespan, and last + k.d <= tmax + 1 < len(used)
            last = min(hi, tmax - k.d + 1, best[0] - k.d - 1 if best else hi)
            if last < lo:
                continue
            load = _load(inst, k)
            fit = np.all(used[lo:last + k.d] + load[None, None, :]
                         <= inst.capacity[None] + TOL, axis=2)  # [slot, h]
            cs = np.concatenate([np.zeros((1, H), int), np.cumsum(~fit, axis=0)])
            n_st = last - lo + 1
            ok = (cs[k.d:k.d + n_st] - cs[:n_st]) == 0  # [start offset, h]
            for h in np.nonzero(ok.any(axis=0))[0]:
                st = lo + int(np.argmax(ok[:, h]))
                if best is None or st + k.d < best[0]:
                    best = (st + k.d, st, k, {int(h): k.n},
                            {int(h): 1} if k.p >= 0 else {})
        rooms = None
        for k in spread_ks.get(j, ()):
            last = min(hi, best[0] - k.d - 1 if best else hi)
            if last < lo:
                continue  # cannot end earlier than the best found
            if rooms is None:
                dmax = max(x.d for x in spread_ks[j])
                end = min(hi + dmax, tmax + 1, best[0] if best else tmax + 1)
                rooms = _Rooms(inst, used, lo, end)  # a useful run ends before best[0]
            found = _spread_fit(inst, rooms, k, lo, last, tmax, spread_ps)
            if found is not None and (best is None or found[0] + k.d < best[0]):
                best = (found[0] + k.d, found[0], k, found[1], found[2])
        if best is None:
            return None
        _, st, k, workers, ps = best
        for h, c in workers.items():
            used[st:st + k.d, h] += c * inst.worker_demand[k.m]
        for h, c in ps.items():
            used[st:st + k.d, h] += c * inst.ps_demand[k.p]
        makespan = max(makespan, st + k.d)
        plans[int(j)] = JobPlan(st, k.d, k.m, k.p, workers, ps)
    sol = make_solution(inst, plans, capped=tmax <= inst.horizon)
    if check(inst, sol):
        return None
    return Result(problem="completion", method=method, status=Status.FEASIBLE,
                  objective=float(sol["objective"]), runtime_s=time.perf_counter() - t0,
                  solution=sol)


class _Rooms:
    """Per job: free worker slots per (slot, server) from slot ``lo`` on, by worker type alone
    and beside one PS of a type; computed once per type (pair) and shared by the job's
    spread configurations."""

    def __init__(self, inst: CompletionInstance, used: np.ndarray, lo: int, end: int) -> None:
        self.inst, self.lo = inst, lo
        self.resid = inst.capacity[None] - used[lo:end]  # [slot, h, r]
        self._cache: dict[tuple[int, int], np.ndarray] = {}

    def slots(self, m: int, p: int = -1, n_ps: int = 1) -> np.ndarray:
        """[slot, h]: workers of type m that fit on h in each slot (beside ``n_ps`` PSs of
        type p when p >= 0; -1 where those PSs themselves do not fit)."""
        key = (m, p, n_ps)
        if key not in self._cache:
            resid = self.resid if p < 0 else self.resid - n_ps * self.inst.ps_demand[p]
            e = self.inst.worker_demand[m]
            pos = e > 0
            room = np.floor(np.min(resid[:, :, pos] / e[pos], axis=2) + TOL)
            self._cache[key] = np.where(np.all(resid >= -TOL, axis=2), room.clip(min=0), -1)
        return self._cache[key]

    def window(self, m: int, p: int, d: int, last: int, n_ps: int = 1) -> np.ndarray:
        """[start offset, h] for starts lo..last: the minimum over the d slots of the run
        (O(slots) van Herk / Gil-Werman window minimum of scipy)."""
        room = self.slots(m, p, n_ps)[:last - self.lo + d]
        return minimum_filter1d(room, d, axis=0, origin=-(d // 2), mode="nearest")[
            :last - self.lo + 1]


def _spread_fit(inst: CompletionInstance, rooms: _Rooms, k: Config, lo: int, hi: int,
                tmax: int, max_ps: int = 1) -> tuple[int, dict[int, int], dict[int, int]] | None:
    """Earliest start in [lo, hi] (hi: every later slot is free) at which k.n workers of type
    k.m fit for k.d slots over several servers, filled greedily into the servers with the most
    room; under PS s <= ``max_ps`` PSs on a host h0 with its workers there first and at most
    floor(s B_p / b_m) workers elsewhere (the bandwidth rule (2i)); the s of the earliest
    start, the fewest on ties. (start, workers, PSs) or None if nothing ends by ``tmax``."""
    last = min(hi, tmax - k.d + 1)
    if last < lo:
        return None
    room = rooms.window(k.m, -1, k.d, last)  # [o, h]
    if k.p < 0:
        ok = np.nonzero(room.sum(axis=1) >= k.n)[0]
        if ok.size == 0:
            return None
        o = int(ok[0])
        return lo + o, _fill(room[o], k.n), {}
    found = None
    need = int(np.ceil(k.n * inst.worker_bw[k.m] / inst.ps_bw[k.p] - TOL))  # all off-host
    for n_ps in range(1, max(1, min(max_ps, need)) + 1):
        host = rooms.window(k.m, k.p, k.d, last, n_ps)  # beside n_ps PSs
        off_cap = int(np.floor(n_ps * inst.ps_bw[k.p] / inst.worker_bw[k.m] + TOL))
        others = np.minimum(room.sum(axis=1, keepdims=True) - room, off_cap)  # [o, h0]
        total = np.where(host >= 0, host + others, -1)
        ok = np.nonzero((total >= k.n).any(axis=1))[0]
        if ok.size and (found is None or ok[0] < found[0]):
            found = (int(ok[0]), n_ps, host, total)
            if ok[0] == 0:
                break
    if found is None:
        return None
    o, n_ps, host, total = found
    h0 = int(np.argmax(np.where(total[o] >= k.n, host[o], -1)))
    on_host = int(min(k.n, host[o, h0]))
    rest = room[o].copy()
    rest[h0] = 0
    workers = _fill(rest, k.n - on_host)
    if on_host:
        workers[h0] = on_host
    return lo + o, workers, {h0: n_ps}


def _fill(room: np.ndarray, n: int) -> dict[int, int]:
    """n workers into the servers with the most room first."""
    workers: dict[int, int] = {}
    for h in np.argsort(-room, kind="stable"):
        if n <= 0:
            break
        c = int(min(n, room[h]))
        if c > 0:
            workers[int(h)] = c
            n -= c
    return workers






def list_horizon(inst: CompletionInstance) -> int:
    """A slot by which every serial list schedule ends.

    Last arrival + the sum of the longest single-server durations + 1: each job starts at the
    latest when all jobs before it have ended.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    int
        The slot. Unit: slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> list_horizon(golden("s4"))
    8
    """
    cands = _single_server_configs(inst) or {}
    return int(inst.arrival.max()) + sum(max(k.d for k in ks) for ks in cands.values()) + 1




def stall_limit(n_jobs: int) -> int:
    """Moves without a strict improvement after which the order search stops: enough to walk
    the plateaus of paper-scale instances within their budget, not seconds on 3 jobs."""
    return max(200, 20 * n_jobs * n_jobs)


def improve_order(inst: CompletionInstance, order: Any, tmax: int, budget_s: float, *,
                  spread: bool = True, seed: int = 0,
                  target: float | None = None, spread_ps: int = 1) -> Result | None:
    """Local search over the job order of ``list_schedule``: move a random job to a random
    position (insertion neighbourhood), keep the move if the list schedule's objective does
    not get worse, until ``budget_s`` seconds have passed, ``stall_limit`` moves in a row
    brought no strict improvement, or the objective reaches ``target`` (a lower bound: nothing
    better exists). Returns the best validated schedule found (None if even ``order`` gives
    none); ``stats["stopped"]`` says why it stopped. ``spread_ps``: as in ``list_schedule``."""
    t0 = time.perf_counter()
    rng = np.random.default_rng(seed)
    cur = [int(j) for j in order]
    best = list_schedule(inst, cur, tmax, method="list-local-search", spread=spread,
                         spread_ps=spread_ps)
    if best is None or inst.n_jobs < 2:
        return best
    goal = None if target is None else target + 1e-9 * max(1.0, abs(target))
    moves = stalled = 0
    stall = stall_limit(inst.n_jobs)
    stopped = "budget"
    while time.perf_counter() - t0 < budget_s:
        if goal is not None and best.objective <= goal:
            stopped = "target"
            break
        if stalled >= stall:
            stopped = "stalled"
            break
        i, k = rng.choice(inst.n_jobs, size=2, replace=False)
        cand = cur[:i] + cur[i + 1:]
        cand.insert(int(k), cur[i])
        res = list_schedule(inst, cand, tmax, method="list-local-search", spread=spread,
                            spread_ps=spread_ps)
        moves += 1
        stalled += 1
        if res is not None and res.objective <= best.objective:
            if res.objective < best.objective:
                stalled = 0
            cur, best = cand, res
    best.stats["moves"] = moves
    best.stats["stopped"] = stopped
    return best


__all__ = ["improve_order", "list_horizon", "list_schedule", "stall_limit", "wspt_list",
           "wspt_order"]
