"""Round-based job simulator for OEF mechanisms: job completion times under a placer.

Why: the LPs give *estimated* throughput (a fractional allocation); the paper's §7 also reports
*actual* throughput and average job completion time (JCT) on a testbed where tenants' jobs come
and go. This module is a small, exact, deterministic stand-in for that testbed (it is **not** the
paper's testbed): it simulates whole-GPU grants round after round and measures JCTs.

Model (one step per round of ``round_s`` seconds, default 300 s = the paper's 5 minutes):

1. A job is *eligible* in a round starting at ``t0`` when ``arrival <= t0`` and it has work left;
   a tenant is *active* when it has an eligible job. Jobs never run before they arrive.
2. The mechanism (an OEF LP such as ``oef-cooperative`` or a registered baseline such as
   ``gavel``, ``gandiva-fair``, ``max-min``; any name ``placer._ideal_from`` accepts) allocates
   fractional shares among the **active tenants only** (a sub-instance of the active users).
   Allocations are cached by the active set (and the Gavel caps, below), which repeats often.
   Gavel gets its per-job cap as one cap per tenant: the summed worker demand of its eligible
   jobs (Gavel's time-fraction constraint applied per job), unless ``params`` gives ``cap``.
3. The notes-§4 placer (``placer.place_step``) rounds the shares to whole GPUs per (tenant,
   type); a tenant keeps its deviation while it stays active and restarts from 0 when it
   leaves and comes back.
4. Within a tenant (paper §4.2 / notes §4) GPUs go to its eligible jobs in order of longest
   current starvation (time since last served; never served: since arrival), ties by arrival
   then job index; each job takes up to ``demand`` of the tenant's GPUs, fastest types first.
   Granted GPUs a tenant cannot use (all its jobs at their demand) stay idle that round.
5. A job's rate is the sum over its GPUs of the tenant's speedup on that type (work is in
   "slowest-type GPU-seconds", so a job of work ``w`` on one slowest GPU needs ``w`` seconds).
   A job whose remaining work fits in the round finishes inside it, at the interpolated time
   ``t0 + remaining / rate``; its GPUs idle for the rest of the round.

Assumptions (documented in models/oef.md): no restart/checkpoint cost when a job moves between
GPUs or rounds, no straggler or network effects, placement only per (tenant, GPU type) (no
hosts), one job type per tenant (the instance's users must be single-row).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core import InputError, SolveOptions
from .instance import OEFInstance, User
from .placer import _ideal_from, integral_capacity, place_step, row_min_demand

#: Default round length in seconds (the paper's 5-minute rounds).
DEFAULT_ROUND_S = 300.0
#: Safety bound on simulated rounds when ``max_rounds`` is not given.
DEFAULT_MAX_ROUNDS = 100_000


@dataclass(frozen=True)
class Job:
    """One job of tenant ``tenant`` (index into ``inst.users``).

    ``arrival`` in seconds; ``work`` in slowest-type GPU-seconds; ``demand`` = the most GPUs it
    can use at once (data-parallel workers).
    """

    tenant: int
    arrival: float
    work: float
    demand: int = 1


@dataclass(frozen=True)
class Workload:
    """Tenants (the users of ``inst``) and their jobs; ``horizon_s`` = the arrival window."""

    inst: OEFInstance
    jobs: tuple[Job, ...]
    horizon_s: float

    @property
    def total_work(self) -> float:
        return float(sum(j.work for j in self.jobs))

    @property
    def cluster_speed(self) -> float:
        """Normalised throughput of the whole cluster for an average tenant: sum_j m_j x
        mean_i w_i^j (slowest-type GPU-seconds processed per second)."""
        return float(self.inst.capacity @ self.inst.rows.W.mean(axis=0))

    @property
    def offered_load(self) -> float:
        """Total work / (cluster speed x horizon): ~1 means the cluster contends throughout."""
        return self.total_work / (self.cluster_speed * self.horizon_s)


@dataclass(frozen=True)
class SimResult:
    """Outcome of ``simulate``. Arrays are per job in ``workload.jobs`` order (nan = unfinished)
    or per simulated round."""

    mechanism: str
    round_s: float
    completion: np.ndarray  # (J,) s
    start: np.ndarray  # (J,) s, start of the first round the job got a GPU
    jct: np.ndarray  # (J,) completion - arrival
    throughput: np.ndarray  # (T,) realised normalised throughput per round (work done / round_s)
    grants: np.ndarray  # (T, n, k) whole GPUs granted per tenant and type
    used: np.ndarray  # (T, k) GPUs assigned to jobs per type
    solves: int  # distinct mechanism calls (cache misses)
    runtime_s: float

    @property
    def finished(self) -> bool:
        return bool(np.all(np.isfinite(self.completion)))

    @property
    def mean_jct(self) -> float:
        """Average JCT over all jobs (nan if any job is unfinished)."""
        return float(self.jct.mean()) if self.finished else float("nan")

    @property
    def rounds(self) -> int:
        return int(self.throughput.size)


def validate(workload: Workload, round_s: float) -> None:
    """Raise ``InputError`` naming the field for unusable input."""
    if not (math.isfinite(round_s) and round_s > 0):
        raise InputError("round_s", f"must be positive, got {round_s}")
    if not (math.isfinite(workload.horizon_s) and workload.horizon_s > 0):
        raise InputError("horizon_s", f"must be positive, got {workload.horizon_s}")
    for i, user in enumerate(workload.inst.users):
        if len(user.job_types) != 1:
            raise InputError(f"inst.users[{i}].job_types",
                             "the simulator needs one job type per tenant")
    if not workload.jobs:
        raise InputError("jobs", "must list at least one job")
    n = workload.inst.n_users
    for q, job in enumerate(workload.jobs):
        if not 0 <= job.tenant < n:
            raise InputError(f"jobs[{q}].tenant", f"must be in [0, {n}), got {job.tenant}")
        if not (math.isfinite(job.arrival) and job.arrival >= 0):
            raise InputError(f"jobs[{q}].arrival", f"must be >= 0, got {job.arrival}")
        if not (math.isfinite(job.work) and job.work > 0):
            raise InputError(f"jobs[{q}].work", f"must be positive, got {job.work}")
        if job.demand < 1:
            raise InputError(f"jobs[{q}].demand", f"must be at least 1, got {job.demand}")


def _sub_instance(inst: OEFInstance, active: tuple[int, ...]) -> OEFInstance:
    users: tuple[User, ...] = tuple(inst.users[i] for i in active)
    return OEFInstance(f"{inst.name}-active", inst.gpu_types, users)


def simulate(workload: Workload, mechanism: str = "oef-cooperative", *,
             round_s: float = DEFAULT_ROUND_S, max_rounds: int | None = None,
             options: SolveOptions | None = None, **params: Any) -> SimResult:
    """Run the round-based simulation (module docstring) until every job finishes or
    ``max_rounds`` rounds (default ``DEFAULT_MAX_ROUNDS``) have been simulated.

    ``params`` go to the mechanism (e.g. ``cap=None`` for uncapped Gavel). Rounds in which no
    job is eligible are skipped (they are not part of ``throughput``/``grants``).
    """
    t_start = time.perf_counter()
    validate(workload, round_s)
    limit = DEFAULT_MAX_ROUNDS if max_rounds is None else max_rounds
    if limit < 1:
        raise InputError("max_rounds", f"must be at least 1, got {limit}")
    inst, jobs = workload.inst, workload.jobs
    n, k = inst.n_users, inst.n_types
    W = inst.rows.W  # (n, k), one row per tenant
    cap = integral_capacity(inst.capacity)
    dmin = row_min_demand(inst)
    arrival = np.array([j.arrival for j in jobs], dtype=float)
    demand = np.array([j.demand for j in jobs], dtype=np.int64)
    tenant = np.array([j.tenant for j in jobs], dtype=np.int64)
    remaining = np.array([j.work for j in jobs], dtype=float)
    completion = np.full(len(jobs), np.nan)
    start = np.full(len(jobs), np.nan)
    last_served = arrival.copy()
    by_tenant = [np.nonzero(tenant == i)[0] for i in range(n)]
    # fastest type first, per tenant (ties: higher type index first, i.e. the newer GPU)
    type_order = [np.lexsort((-np.arange(k), -W[i])) for i in range(n)]
    gavel_caps = mechanism == "gavel" and "cap" not in params
    dev = np.zeros((n, k))
    cache: dict[tuple[Any, ...], np.ndarray] = {}
    throughput: list[float] = []
    grants: list[np.ndarray] = []
    used: list[np.ndarray] = []
    r = 0  # round index on the absolute grid t0 = r * round_s
    while len(throughput) < limit:
        t0 = r * round_s
        left = np.isnan(completion)
        if not left.any():
            break
        eligible = left & (arrival <= t0)
        if not eligible.any():
            r = max(r + 1, math.ceil(arrival[left].min() / round_s))
            dev[:] = 0.0  # every tenant has left
            continue
        on = np.zeros(n, dtype=bool)
        on[tenant[eligible]] = True
        active = tuple(int(i) for i in np.nonzero(on)[0])
        extra: dict[str, Any] = {}
        key: tuple[Any, ...] = active
        if gavel_caps:
            per_tenant = np.bincount(tenant[eligible], weights=demand[eligible], minlength=n)
            caps = per_tenant[list(active)]
            extra["cap"] = caps
            key = (active, tuple(caps.tolist()))
        if key not in cache:
            sub = _sub_instance(inst, active)
            cache[key], _ = _ideal_from(sub, mechanism, options, {**params, **extra})
        idx = np.array(active)
        real, new_dev = place_step(cache[key], dev[idx], cap, dmin[idx])
        dev[~on] = 0.0
        dev[idx] = new_dev
        grant = np.zeros((n, k), dtype=np.int64)
        grant[idx] = real
        rate = np.zeros(len(jobs))
        used_r = np.zeros(k, dtype=np.int64)
        for row, i in enumerate(active):
            if not real[row].any():
                continue
            mine = by_tenant[i][eligible[by_tenant[i]]]
            mine = mine[np.lexsort((mine, arrival[mine], last_served[mine]))]
            gpus = np.repeat(type_order[i], real[row][type_order[i]])  # fastest first
            pos = 0
            for q in mine:
                if pos >= gpus.size:
                    break
                got = gpus[pos:pos + int(demand[q])]
                pos += got.size
                rate[q] = W[i, got].sum()
                np.add.at(used_r, got, 1)
        served = rate > 0
        done = served & (remaining <= rate * round_s)
        work_done = np.where(done, remaining, rate * round_s)
        completion[done] = t0 + remaining[done] / rate[done]
        remaining = np.where(done, 0.0, remaining - work_done)
        start[served & np.isnan(start)] = t0
        last_served[served] = t0 + round_s
        throughput.append(float(work_done.sum()) / round_s)
        grants.append(grant)
        used.append(used_r)
        r += 1
    return SimResult(
        mechanism=mechanism, round_s=round_s, completion=completion, start=start,
        jct=completion - arrival, throughput=np.array(throughput),
        grants=np.array(grants, dtype=np.int64).reshape(-1, n, k),
        used=np.array(used, dtype=np.int64).reshape(-1, k), solves=len(cache),
        runtime_s=time.perf_counter() - t_start)


def generate_workload(inst: OEFInstance, jobs_per_tenant: int = 20,
                      horizon_s: float = 3 * 86_400.0, seed: int = 0, load: float = 1.0,
                      demands: tuple[int, ...] = (1, 2, 4), sigma: float = 1.5) -> Workload:
    """Seeded workload: every tenant of ``inst`` gets ``jobs_per_tenant`` jobs.

    Arrivals: uniform over ``[0, horizon_s)`` (a Poisson process conditioned on its count).
    Work: lognormal with shape ``sigma`` (heavy-tailed), scaled so that the offered load
    (``Workload.offered_load``) equals ``load`` exactly. Demand: uniform over ``demands``.
    """
    if jobs_per_tenant < 1:
        raise InputError("jobs_per_tenant", f"must be at least 1, got {jobs_per_tenant}")
    if not (math.isfinite(horizon_s) and horizon_s > 0):
        raise InputError("horizon_s", f"must be positive, got {horizon_s}")
    if not (math.isfinite(load) and load > 0):
        raise InputError("load", f"must be positive, got {load}")
    if not demands or min(demands) < 1:
        raise InputError("demands", f"must be a non-empty list of integers >= 1, got {demands}")
    if not sigma >= 0:
        raise InputError("sigma", f"must be >= 0, got {sigma}")
    rng = np.random.default_rng(seed)
    n = inst.n_users
    J = n * jobs_per_tenant
    tenants = np.repeat(np.arange(n), jobs_per_tenant)
    arrivals = rng.uniform(0.0, horizon_s, size=J)
    raw = rng.lognormal(0.0, sigma, size=J)
    dem = rng.choice(np.asarray(demands, dtype=np.int64), size=J)
    speed = float(inst.capacity @ inst.rows.W.mean(axis=0))
    work = raw * (load * speed * horizon_s / raw.sum())
    order = np.lexsort((tenants, arrivals))
    jobs = tuple(Job(int(tenants[q]), float(arrivals[q]), float(work[q]), int(dem[q]))
                 for q in order)
    return Workload(inst, jobs, float(horizon_s))
