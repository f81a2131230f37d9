"""``gandiva-fair``: the Gandiva_fair baseline (notes §5.2): weighted water-filling entitlements
(weights q_w), work-conserving, centralized first fit else distributed first fit, ignoring
communication; non-preemptive with a fixed allocation of w_j = min(D_j, dem_j) workers. A job
that cannot be placed even on the empty cluster, or cannot end by the horizon T, is rejected
(utility 0)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...core import Result, register_algorithm
from ...core.deadline import check_deadline
from ...sim import Cluster
from ..instance import RevenueInstance
from ..rules import stated
from ..support.configs import TIME_ORIGINS, check_choice
from ..support.placement import (
    Plan,
    baseline_result,
    capacity,
    ends_by_horizon,
    job_size,
    place_distributed,
    record_run,
)


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
    return place_distributed(inst, j, w, cl.residual(t, t + d), list(range(inst.n_servers)))


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


def gandiva_fair(inst: RevenueInstance, time_origin: str | None = None,
                 skip_idle_slots: bool = True, **_: Any) -> Result:
    """Gandiva_fair baseline: weighted water-filling entitlements, work-conserving first fit.

    Slot by slot, each tenant is entitled to a weighted (weights q_w) water-filling share of
    the workers; queued jobs start in FIFO order within their tenant's entitlement, then on
    whatever is idle, with w_j = min(D_j, dem_j) workers placed centralised if a server fits,
    else distributed first fit, ignoring communication. A job that does not fit the empty
    cluster is rejected.

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
    time_origin : str or None, default None
        Argument of a job's utility: completion minus arrival (``'arrival'``) or the
        completion slot itself (``'absolute'``); None = the instance's ``time_origin``, which
        any other value must equal.
    skip_idle_slots : bool, default True
        Jump to the next completion or arrival, where alone a decision can change (the same
        schedule, 10-130x faster on long jobs).

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the independent validator rejects the schedule);
        ``objective`` = the total revenue (unit: utility); the ``Solution`` has per job
        ``admitted`` and, if so, ``placement``, ``start`` / ``completion``, ``workers`` /
        ``ps`` per server and ``utility``; plus ``revenue``, ``gains`` and ``fairness``.

    Raises
    ------
    InputError
        An unknown ``time_origin`` or one other than the instance's.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> from dlsched.revenue.baselines import gandiva_fair
    >>> res = gandiva_fair(inst)
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 1873.192)
    """
    if time_origin is not None:
        check_choice(time_origin, "time_origin", TIME_ORIGINS)
    time_origin = stated(inst, "time_origin", time_origin)
    t0 = time.perf_counter()
    cl = Cluster(capacity(inst), slots=64)
    size = [job_size(inst, j) for j in range(inst.n_jobs)]
    empty = Cluster(capacity(inst), slots=8)
    todo = [j for j in range(inst.n_jobs) if _first_fit(inst, empty, j, size[j], 1)]
    todo.sort(key=lambda j: (int(inst.arrival[j]), j))
    records: dict[int, dict[str, Any]] = {}
    weights = inst.quota_w.astype(float)
    t = 0
    while todo and t < inst.horizon:
        check_deadline()  # only inside the label guard's time limit (core.deadline)
        t += 1
        # a job that cannot end by the horizon T even now never will: rejected
        todo = [j for j in todo if ends_by_horizon(inst, j, size[j], max(t, inst.arrival[j] + 1))]
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
                        if plan and ends_by_horizon(inst, j, size[j], t, plan):
                            record_run(inst, cl, j, t, plan, records, time_origin)
                            used[u] += size[j]
                            queued.remove(j)
                            todo.remove(j)
                            started = True
                            break
                    if started:
                        break
        if skip_idle_slots:
            t = _next_event(inst, records, todo, t) - 1
    return baseline_result(inst, "gandiva-fair", records, t0, time_origin)


# registered by a call, not a decorator: mutmut (scripts/mutation.py) mutates only
# undecorated functions
register_algorithm(
    "gandiva-fair", "revenue",
    "Gandiva_fair baseline: weighted water-filling entitlements (weights q_w), "
    "work-conserving, first-fit placement ignoring communication",
)(gandiva_fair)


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

