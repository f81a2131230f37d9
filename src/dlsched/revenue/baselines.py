"""Baselines of notes §5.2 on the shared slotted engine (``dlsched.sim.Cluster`` usage table,
resources = [workers, PSs] per server): BatchSche (Astraea's machinery per tenant on its own
servers, phase 1 only, no payments), Gandiva_fair (weighted water-filling entitlements,
work-conserving, first-fit placement) and HiveD (server cells bound dynamically, FIFO per
tenant, no opportunistic jobs). All are non-preemptive with a fixed allocation, so their
schedules are feasible for (3); size w_j = min(D_j, dem_j) except BatchSche; a job that cannot
be placed even on the empty cluster (or its empty virtual cluster) is rejected (utility 0).

Registered names carry a ``-revenue`` suffix where another problem already uses the plain name
(``gandiva-fair``, ``hived``; the registries are global).
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

import numpy as np

from ..core import Result, register_algorithm
from ..core.deadline import check_deadline
from ..core.errors import InputError
from ..sim import Cluster
from .configs import theta_rule
from .instance import RevenueInstance
from .mechanism import Mechanism
from .online import _options
from .solution import finish, job_record
from .validate import checked_result

Plan = tuple[str, int, dict[int, int], dict[int, int]]  # placement, d, workers, ps


def owners(inst: RevenueInstance) -> list[int]:
    """Server -> owning tenant: the instance's ``owner`` fields, else servers in index order
    filled up to each tenant's worker quota (error if that does not match the quotas)."""
    if all(o is not None for o in inst.owner):
        return [int(o) for o in inst.owner]  # type: ignore[arg-type]
    out, u, left = [], 0, int(inst.quota_w[0])
    for s in range(inst.n_servers):
        while left <= 0 and u + 1 < inst.n_tenants:
            u += 1
            left = int(inst.quota_w[u])
        out.append(u)
        left -= int(inst.cap_w[s])
    return out


def _size(inst: RevenueInstance, j: int) -> int:
    return int(min(inst.chunks[j], inst.demand[j], inst.cap_w.sum()))


def _ps_need(inst: RevenueInstance, w: int, local: int) -> int:
    """Fewest PSs on a server with ``local`` of the w workers satisfying (3i), at least 1."""
    return max(1, math.ceil((w - local) * inst.bw_worker / inst.bw_ps - 1e-9))


def _distributed(inst: RevenueInstance, j: int, w: int, free: np.ndarray, order: list[int]
                 ) -> Plan | None:
    """Fill workers over ``order``; PSs on the server holding most workers (ties: index)."""
    workers: dict[int, int] = {}
    rem = w
    for s in order:
        k = int(min(free[s, 0], rem))
        if k > 0:
            workers[s] = k
            rem -= k
        if rem == 0:
            break
    if rem or len(workers) < 2:
        return None
    s1 = min(workers, key=lambda s: (-workers[s], s))
    need = _ps_need(inst, w, workers[s1])
    if need > free[s1, 1]:
        return None
    return "D", inst.duration(j, "D", w), workers, {s1: need}


def _record(inst: RevenueInstance, cl: Cluster, j: int, t: int, plan: Plan,
            records: dict[int, dict[str, Any]], time_origin: str) -> None:
    placement, d, workers, ps = plan
    load = np.zeros_like(cl.capacity)
    for s, k in workers.items():
        load[s, 0] += k
    for s, k in ps.items():
        load[s, 1] += k
    cl.allocate(load, t, t + d)
    records[j] = job_record(inst, j, placement, t, d, workers, ps, time_origin)


def _capacity(inst: RevenueInstance) -> np.ndarray:
    return np.stack([inst.cap_w, inst.cap_p], axis=1).astype(float)


def _result(inst: RevenueInstance, method: str, records: dict[int, dict[str, Any]],
            t0: float, time_origin: str, stats: dict[str, Any] | None = None) -> Result:
    sol = finish(inst, records, time_origin)
    stats = dict(stats or {}, admitted=len(records),
                 alpha_variance=sol["fairness"]["alpha_variance"])
    return checked_result(inst, method, sol, t0, stats)


# -- Gandiva_fair ------------------------------------------------------------------------
def _first_fit(inst: RevenueInstance, cl: Cluster, j: int, w: int, t: int) -> Plan | None:
    """Centralized on the lowest-index server that fits, else first-fit distributed."""
    if w <= inst.cap_w.max():
        d = inst.duration(j, "C", w)
        free = cl.residual(t, t + d)
        ok = np.flatnonzero((free[:, 0] >= w) & (free[:, 1] >= 1))
        if ok.size:
            s = int(ok[0])
            return "C", d, {s: w}, {s: 1}
    d = inst.duration(j, "D", w)
    return _distributed(inst, j, w, cl.residual(t, t + d), list(range(inst.n_servers)))


def _water_fill(weights: np.ndarray, demand: np.ndarray, total: float) -> np.ndarray:
    """Weighted max-min shares of ``total`` capped at ``demand``."""
    share = np.zeros_like(weights, dtype=float)
    active = (demand > 0) & (weights > 0)
    left = float(total)
    while active.any() and left > 1e-9:
        unit = left / weights[active].sum()
        give = np.where(active, np.minimum(weights * unit, demand - share), 0.0)
        share += give
        left -= give.sum()
        active &= share < demand - 1e-9
    return share


@register_algorithm("gandiva-fair", "revenue",
                    "Gandiva_fair baseline: weighted water-filling entitlements (weights q_w), "
                    "work-conserving, first-fit placement ignoring communication")
def gandiva_fair(inst: RevenueInstance, time_origin: str = "arrival",
                 skip_idle_slots: bool = True, **_: Any) -> Result:
    """Slot by slot; ``skip_idle_slots`` jumps to the next completion or arrival, where alone
    a decision can change (``_next_event``; same schedule, 10-130x faster on long jobs)."""
    t0 = time.perf_counter()
    cl = Cluster(_capacity(inst), slots=64)
    size = [_size(inst, j) for j in range(inst.n_jobs)]
    empty = Cluster(_capacity(inst), slots=8)
    todo = [j for j in range(inst.n_jobs) if _first_fit(inst, empty, j, size[j], 1)]
    todo.sort(key=lambda j: (int(inst.arrival[j]), j))
    records: dict[int, dict[str, Any]] = {}
    weights = inst.quota_w.astype(float)
    t = 0
    while todo:
        check_deadline()  # only inside the label guard's time limit (core.deadline)
        t += 1
        used = np.zeros(inst.n_tenants)
        for j, r in records.items():
            if r["start"] <= t <= r["completion"]:
                used[inst.tenant[j]] += size[j]
        queued = [j for j in todo if inst.arrival[j] + 1 <= t]
        demand = used.copy()
        for j in queued:
            demand[inst.tenant[j]] += size[j]
        entitled = _water_fill(weights, demand, float(inst.cap_w.sum()))
        for conserving in (False, True):
            started = True
            while started and queued:
                started = False
                tenants = sorted({int(inst.tenant[j]) for j in queued},
                                 key=lambda u: (used[u] / max(weights[u], 1e-12), u))
                for u in tenants:
                    if not conserving and used[u] >= entitled[u] - 1e-9:
                        continue
                    for j in (j for j in queued if inst.tenant[j] == u):
                        plan = _first_fit(inst, cl, j, size[j], t)
                        if plan:
                            _record(inst, cl, j, t, plan, records, time_origin)
                            used[u] += size[j]
                            queued.remove(j)
                            todo.remove(j)
                            started = True
                            break
                    if started:
                        break
        if skip_idle_slots:
            t = _next_event(inst, records, todo, t) - 1
    return _result(inst, "gandiva-fair", records, t0, time_origin)


def _next_event(inst: RevenueInstance, records: dict[int, dict[str, Any]], todo: list[int],
                t: int) -> int:
    """The next slot after ``t`` where Gandiva_fair's decision can change: a running job has
    ended (its workers free one slot after its completion) or a job has arrived. Between
    events nothing that failed to start in slot ``t`` can start: every reservation began at or
    before ``t``, so the residual of any window [t', t' + d) is that of its first slot, which
    only grows at a completion; entitlements change only with arrivals and completions."""
    ends = [r["completion"] + 1 for r in records.values() if r["completion"] >= t]
    arrivals = [int(inst.arrival[j]) + 1 for j in todo if int(inst.arrival[j]) + 1 > t]
    return min(ends + arrivals, default=t + 1)


# -- HiveD ---------------------------------------------------------------------------------
def _hived_place(inst: RevenueInstance, cl: Cluster, j: int, w: int, t: int, u: int,
                 bound: dict[int, int], cells: int) -> tuple[Plan, list[int]] | None:
    """Best fit on a bound server, else bind a free server (quota allowing); jobs larger
    than a server bind ceil(w / C_sw) whole free servers. Returns the plan and new bindings."""
    mine = [s for s, v in bound.items() if v == u]
    unbound = [s for s in range(inst.n_servers) if s not in bound]
    if w <= inst.cap_w.max():
        d = inst.duration(j, "C", w)
        free = cl.residual(t, t + d)
        fits = [s for s in mine if free[s, 0] >= w and free[s, 1] >= 1]
        if fits:
            s = min(fits, key=lambda s: (free[s, 0], s))
            return ("C", d, {s: w}, {s: 1}), []
        if len(mine) < cells:
            fits = [s for s in unbound if inst.cap_w[s] >= w and free[s, 1] >= 1]
            if fits:
                s = min(fits, key=lambda s: (inst.cap_w[s], s))
                return ("C", d, {s: w}, {s: 1}), [s]
        return None
    d = inst.duration(j, "D", w)
    order = sorted(unbound, key=lambda s: (-inst.cap_w[s], s))
    take, got = [], 0
    for s in order:
        if got >= w:
            break
        take.append(s)
        got += int(inst.cap_w[s])
    if got < w or len(mine) + len(take) > cells:
        return None
    plan = _distributed(inst, j, w, cl.residual(t, t + d), take)
    return (plan, take) if plan else None


@register_algorithm("hived", "revenue",
                    "HiveD baseline: per-tenant virtual cluster of k_u server cells bound "
                    "dynamically, best-fit packing, FIFO per tenant, no opportunistic jobs")
def hived(inst: RevenueInstance, time_origin: str = "arrival", **_: Any) -> Result:
    t0 = time.perf_counter()
    own = owners(inst)
    cells = [own.count(u) for u in range(inst.n_tenants)]
    size = [_size(inst, j) for j in range(inst.n_jobs)]
    queues: list[list[int]] = [[] for _ in range(inst.n_tenants)]
    for j in sorted(range(inst.n_jobs), key=lambda j: (int(inst.arrival[j]), j)):
        empty = Cluster(_capacity(inst), slots=8)
        u = int(inst.tenant[j])
        if _hived_place(inst, empty, j, size[j], 1, u, {}, cells[u]):
            queues[u].append(j)
    cl = Cluster(_capacity(inst), slots=64)
    records: dict[int, dict[str, Any]] = {}
    bound_until: dict[int, tuple[int, int]] = {}  # server -> (tenant, last reserved slot)
    t = 0
    while any(queues):
        check_deadline()  # only inside a caller's time limit (core.deadline)
        t += 1
        bound_until = {s: v for s, v in bound_until.items() if v[1] >= t}
        for u, q in enumerate(queues):
            while q and inst.arrival[q[0]] + 1 <= t:
                j = q[0]
                bound = {s: v[0] for s, v in bound_until.items()}
                got = _hived_place(inst, cl, j, size[j], t, u, bound, cells[u])
                if got is None:
                    break
                plan, _new = got
                _record(inst, cl, j, t, plan, records, time_origin)
                end = t + plan[1] - 1
                for s in set(plan[2]) | set(plan[3]):
                    prev = bound_until.get(s, (u, end))[1]
                    bound_until[s] = (u, max(prev, end))
                q.pop(0)
    return _result(inst, "hived", records, t0, time_origin, {"cells": cells})


# -- BatchSche -----------------------------------------------------------------------------
def private_instance(inst: RevenueInstance, u: int, servers: list[int]) -> RevenueInstance:
    """Tenant u alone on its own servers (quota = their capacity), with its own jobs."""
    jobs = [j for j in range(inst.n_jobs) if inst.tenant[j] == u]
    cw, cp = inst.cap_w[servers], inst.cap_p[servers]
    return replace(
        inst, name=f"{inst.name}-{inst.tenant_names[u]}", tenant_names=(inst.tenant_names[u],),
        quota_w=np.array([cw.sum()]), quota_p=np.array([cp.sum()]),
        server_names=tuple(inst.server_names[s] for s in servers), cap_w=cw, cap_p=cp,
        owner=(0,) * len(servers), job_names=tuple(inst.job_names[j] for j in jobs),
        tenant=np.zeros(len(jobs), dtype=np.int64), arrival=inst.arrival[jobs],
        epochs=inst.epochs[jobs], chunks=inst.chunks[jobs],
        minibatches=inst.minibatches[jobs], rate_c=inst.rate_c[jobs],
        rate_d=inst.rate_d[jobs], utility=tuple(inst.utility[j] for j in jobs),
        demand=inst.demand[jobs], raw_jobs=tuple(inst.raw_jobs[j] for j in jobs))


#: Where BatchSche's price base comes from when ``theta`` is not given: ``global`` = the θ rule
#: on the whole instance (the same θ Astraea prices with; default), ``private`` = the rule on each
#: tenant's private sub-instance (the behaviour before; softer prices, mostly θ = 2).
THETA_SCOPES = ("global", "private")


def astraea_private(inst: RevenueInstance, theta_scope: str = "global", **params: Any
                    ) -> Result:
    """Astraea's phase 1 per tenant on its own servers (no sharing, no payments): what the
    registered ``batchsche`` is (the citing paper: "We perform this algorithm for each user to
    schedule its jobs in its private cluster"); not the MobiHoc'20 BatchSche algorithm."""
    if theta_scope not in THETA_SCOPES:
        raise InputError("theta_scope", f"must be one of {', '.join(THETA_SCOPES)}, "
                                        f"got {theta_scope!r}")
    opts = _options(params)
    if opts.theta is None and theta_scope == "global":
        params = {**params, "theta": theta_rule(inst, opts.fixed_workers,
                                                worker_cap=opts.worker_cap)}
    return _private_runs(inst, params, str(params.get("_method", "batchsche")))


register_algorithm("astraea-private", "revenue",
                   "Astraea without sharing: phase 1 of Astraea per tenant on its own servers, "
                   "the same price base θ as Astraea by default (theta_scope=global|private), no "
                   "sharing or payments")(
    lambda inst, **params: astraea_private(inst, **{**params, "_method": "astraea-private"}))
register_algorithm("batchsche", "revenue",
                   "The Astraea paper's 'BatchSche' baseline as it describes it: = "
                   "astraea-private (Astraea's phase 1 per private cluster; NOT the MobiHoc'20 "
                   "BatchSche algorithm); theta_scope=global (default, same θ as Astraea) | "
                   "private")(astraea_private)
batchsche = astraea_private


def _private_runs(inst: RevenueInstance, params: dict[str, Any], method: str) -> Result:
    t0 = time.perf_counter()
    own = owners(inst)
    opts = replace(_options({k: v for k, v in params.items() if k != "_method"}), phases=(1,))
    records: dict[int, dict[str, Any]] = {}
    decisions: list[float] = []
    for u in range(inst.n_tenants):
        servers = [s for s in range(inst.n_servers) if own[s] == u]
        jobs = [j for j in range(inst.n_jobs) if inst.tenant[j] == u]
        if not servers or not jobs:
            continue
        sub = private_instance(inst, u, servers)
        mech = Mechanism(sub, opts)
        mech.run()
        decisions += mech.decision_s
        for jj, rec in mech.records.items():
            dec = rec["decision"]
            j = jobs[jj]
            records[j] = job_record(inst, j, dec.placement, rec["start"], dec.d,
                                    {servers[s]: k for s, k in dec.workers.items()},
                                    {servers[s]: k for s, k in dec.ps.items()},
                                    opts.time_origin)
    ds = np.array(decisions or [0.0])
    return _result(inst, method, records, t0, opts.time_origin,
                   {"decision_ms_mean": float(ds.mean() * 1e3), "theta": list(opts.theta)
                    if isinstance(opts.theta, tuple) else opts.theta})
