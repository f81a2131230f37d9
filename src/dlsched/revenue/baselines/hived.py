"""``hived``: the HiveD baseline (notes §5.2): each tenant's virtual cluster of k_u server cells
(its owned servers) bound dynamically to free servers, best-fit packing on bound servers, FIFO
per tenant, no opportunistic jobs; non-preemptive, w_j = min(D_j, dem_j). A job that does not
fit its empty virtual cluster, or cannot end by the horizon T, is rejected (utility 0)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import time
from typing import Any

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
    owners,
    place_distributed,
    record_run,
)


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
    plan = place_distributed(inst, j, w, cl.residual(t, t + d), take)
    return (plan, take) if plan else None


def hived(inst: RevenueInstance, time_origin: str | None = None) -> Result:
    """HiveD baseline: each tenant's virtual cluster of k_u server cells, bound dynamically.

    k_u = the servers the tenant owns; jobs run FIFO per tenant with w_j = min(D_j, dem_j)
    workers, best fit on the tenant's bound servers, else binding free servers within its
    k_u; no opportunistic jobs. A job that does not fit its empty virtual cluster is
    rejected.

    Parameters
    ----------
    inst : RevenueInstance
        The instance to schedule.
    time_origin : str or None, default None
        Argument of a job's utility: completion minus arrival (``'arrival'``) or the
        completion slot itself (``'absolute'``); None = the instance's ``time_origin``, which
        any other value must equal.

    Returns
    -------
    Result
        Status ``feasible`` (``error`` if the independent validator rejects the schedule);
        ``objective`` = the total revenue (unit: utility); the ``Solution`` has per job
        ``admitted`` and, if so, ``placement``, ``start`` / ``completion``, ``workers`` /
        ``ps`` per server and ``utility``; plus ``revenue``, ``gains`` and ``fairness``;
        ``stats["cells"]`` is k_u per tenant.

    Raises
    ------
    InputError
        Servers whose owners do not match the tenants' quotas, or an unknown
        ``time_origin``.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> from dlsched.revenue.baselines import hived
    >>> res = hived(inst)
    >>> res.status.value, round(res.objective, 6), res.stats["cells"]
    ('feasible', 1868.337, [1, 1])
    """
    if time_origin is not None:
        check_choice(time_origin, "time_origin", TIME_ORIGINS)
    time_origin = stated(inst, "time_origin", time_origin)
    t0 = time.perf_counter()
    own = owners(inst)
    cells = [own.count(u) for u in range(inst.n_tenants)]
    size = [job_size(inst, j) for j in range(inst.n_jobs)]
    queues: list[list[int]] = [[] for _ in range(inst.n_tenants)]
    for j in sorted(range(inst.n_jobs), key=lambda j: (int(inst.arrival[j]), j)):
        empty = Cluster(capacity(inst), slots=8)
        u = int(inst.tenant[j])
        if _hived_place(inst, empty, j, size[j], 1, u, {}, cells[u]):
            queues[u].append(j)
    cl = Cluster(capacity(inst), slots=64)
    records: dict[int, dict[str, Any]] = {}
    bound_until: dict[int, tuple[int, int]] = {}  # server -> (tenant, last reserved slot)
    t = 0
    while any(queues) and t < inst.horizon:
        check_deadline()  # only inside a caller's time limit (core.deadline)
        t += 1
        bound_until = {s: v for s, v in bound_until.items() if v[1] >= t}
        for u, q in enumerate(queues):
            while q and inst.arrival[q[0]] + 1 <= t:
                j = q[0]
                if not ends_by_horizon(inst, j, size[j], t):
                    q.pop(0)  # cannot end by the horizon T, now or later: rejected
                    continue
                bound = {s: v[0] for s, v in bound_until.items()}
                got = _hived_place(inst, cl, j, size[j], t, u, bound, cells[u])
                if got is None or not ends_by_horizon(inst, j, size[j], t, got[0]):
                    break
                plan, _new = got
                record_run(inst, cl, j, t, plan, records, time_origin)
                end = t + plan[1] - 1
                for s in set(plan[2]) | set(plan[3]):
                    prev = bound_until.get(s, (u, end))[1]
                    bound_until[s] = (u, max(prev, end))
                q.pop(0)
    return baseline_result(inst, "hived", records, t0, time_origin, {"cells": cells})


# registered by a call, not a decorator: mutmut (scripts/mutation.py) mutates only
# undecorated functions
register_algorithm(
    "hived", "revenue",
    "HiveD baseline: per-tenant virtual cluster of k_u server cells bound "
    "dynamically, best-fit packing, FIFO per tenant, no opportunistic jobs",
)(hived)
