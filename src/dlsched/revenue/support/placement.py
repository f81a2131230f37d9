"""Machinery the revenue baselines share on the slotted engine (``dlsched.sim.Cluster`` usage
table, resources = [workers, PSs] per server): server ownership, job sizes w_j = min(D_j,
dem_j), the fewest PSs satisfying (3i), distributed first-fit placement, reserving a run and
the validated Result (notes §5.2)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...core import Result
from ...sim import Cluster
from ..instance import RevenueInstance
from ..solution import finish, job_record
from ..validate import checked_result

Plan = tuple[str, int, dict[int, int], dict[int, int]]  # placement, d, workers, ps


def owners(inst: RevenueInstance) -> list[int]:
    """Server -> owning tenant: the instance's ``owner`` fields, else servers in index order
    filled up to each tenant's worker quota.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.

    Returns
    -------
    list of int
        Tenant index per server.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> owners(inst)
    [0, 1]
    """
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


def job_size(inst: RevenueInstance, j: int) -> int:
    """w_j = min(D_j, dem_j, Σ C_sw): the workers a baseline gives job j.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    j : int
        Job index.

    Returns
    -------
    int
        w_j. Unit: workers.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> [job_size(inst, j) for j in range(3)]
    [1, 1, 1]
    """
    if inst.fixed_workers:  # the instance fixes w = D_j (a larger job never fits)
        return int(inst.chunks[j])
    return int(min(inst.chunks[j], inst.demand[j], inst.cap_w.sum()))


def ends_by_horizon(inst: RevenueInstance, j: int, w: int, t: int, plan: Plan | None = None
                    ) -> bool:
    """Whether job j with ``w`` workers started at slot ``t`` can end by the horizon T: with
    ``plan``, that plan's run; without, its fastest run (centralized if a server holds w,
    since n^C >= n^D).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    j : int
        Job index.
    w : int
        Workers. Unit: workers.
    t : int
        Start slot. Unit: slots.
    plan : tuple or None, default None
        ``(placement, d, workers, ps)``.

    Returns
    -------
    bool
        True when t + d - 1 <= T.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> ends_by_horizon(inst, 0, 1, 1), ends_by_horizon(inst, 0, 1, inst.horizon + 1)
    (True, False)
    """
    if plan is not None:
        d = int(plan[1])
    else:
        d = inst.duration(j, "C" if w <= inst.cap_w.max() else "D", w)
    return t + d - 1 <= inst.horizon


def ps_need(inst: RevenueInstance, w: int, local: int) -> int:
    """Fewest PSs on a server holding ``local`` of the w workers that satisfy (3i), at least 1.

    Parameters
    ----------
    inst : RevenueInstance
        The instance (its bandwidths b_w, b_p).
    w : int
        Workers of the job. Unit: workers.
    local : int
        Of them, those on the PS host. Unit: workers.

    Returns
    -------
    int
        PSs needed. Unit: PSs.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> ps_need(inst, 4, 1)
    3
    """
    return max(1, math.ceil((w - local) * inst.bw_worker / inst.bw_ps - 1e-9))


def place_distributed(inst: RevenueInstance, j: int, w: int, free: np.ndarray, order: list[int]
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
    need = ps_need(inst, w, workers[s1])
    if need > free[s1, 1]:
        return None
    return "D", inst.duration(j, "D", w), workers, {s1: need}


def record_run(inst: RevenueInstance, cl: Cluster, j: int, t: int, plan: Plan,
            records: dict[int, dict[str, Any]], time_origin: str) -> None:
    """Reserve ``plan`` from slot ``t`` on ``cl`` and store job j's record.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    cl : dlsched.sim.Cluster
        The slotted cluster (capacities from ``capacity(inst)``); updated in place.
    j : int
        Job index.
    t : int
        Start slot. Unit: slots.
    plan : tuple
        ``(placement, d, workers, ps)`` with per-server-index counts.
    records : dict of int to dict
        Job index -> record; updated in place (``job_record``).
    time_origin : str
        ``'arrival'`` or ``'absolute'``.

    Examples
    --------
    >>> from dlsched.sim import Cluster
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> cl, records = Cluster(capacity(inst), slots=8), {}
    >>> record_run(inst, cl, 0, 3, ("C", 1, {0: 1}, {0: 1}), records, "arrival")
    >>> records[0]["start"], records[0]["workers"]
    (3, {'s1': 1})
    """
    placement, d, workers, ps = plan
    load = np.zeros_like(cl.capacity)
    for s, k in workers.items():
        load[s, 0] += k
    for s, k in ps.items():
        load[s, 1] += k
    cl.allocate(load, t, t + d)
    records[j] = job_record(inst, j, placement, t, d, workers, ps, time_origin)


def capacity(inst: RevenueInstance) -> np.ndarray:
    """[S, 2] capacities (workers, PSs) for ``dlsched.sim.Cluster``.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.

    Returns
    -------
    numpy.ndarray
        Per server its worker and PS slots.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> capacity(inst).tolist()
    [[4.0, 1.0], [4.0, 1.0]]
    """
    return np.stack([inst.cap_w, inst.cap_p], axis=1).astype(float)


def baseline_result(inst: RevenueInstance, method: str, records: dict[int, dict[str, Any]],
            t0: float, time_origin: str, stats: dict[str, Any] | None = None) -> Result:
    """The validated Result of a heuristic's job records: how a plugin returns.

    Completes the solution (``finish``), re-checks it (``checked_result``) and records the
    admitted count and the α variance in ``stats``.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    method : str
        The method name recorded in the Result.
    records : dict of int to dict
        Job index -> its record (``job_record``), admitted jobs only.
    t0 : float
        ``time.perf_counter()`` at the start of the method. Unit: s.
    time_origin : str
        ``'arrival'`` or ``'absolute'``.
    stats : dict or None, default None
        Further statistics.

    Returns
    -------
    Result
        Status ``feasible`` (``error`` on violations), ``objective`` = the revenue.

    Examples
    --------
    >>> import time
    >>> from dlsched.revenue.solution import job_record
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> res = baseline_result(inst, "mine", {0: rec}, time.perf_counter(), "arrival")
    >>> res.status.value, round(res.objective, 3), res.stats["admitted"]
    ('feasible', 645.704, 1)
    """
    sol = finish(inst, records, time_origin)
    stats = dict(stats or {}, admitted=len(records),
                 alpha_variance=sol["fairness"]["alpha_variance"])
    return checked_result(inst, method, sol, t0, stats)

