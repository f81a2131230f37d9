"""Round-based job simulator for OEF mechanisms: job completion times under each mechanism's rounds.

Why: the LPs give *estimated* throughput (a fractional allocation); the paper's §7 also reports
*actual* throughput and average job completion time (JCT) on a testbed where tenants' jobs come
and go. This module is a small, exact, deterministic stand-in for that testbed (it is **not** the
paper's testbed): it simulates whole-GPU grants round after round and measures JCTs. The rules
that decide a verdict (surplus, gang, round mechanism) are parameters, the same for every
mechanism unless a mechanism's published rule says otherwise, and recorded in ``SimResult``.

Model (one step per round of ``round_s`` seconds, default 300 s = the paper's 5 minutes):

1. A job is *eligible* in a round starting at ``t0`` when ``arrival <= t0`` and it has work left;
   a tenant is *active* when it has an eligible job (it leaves when all its jobs are done).
2. The mechanism allocates among the **active** tenants (or jobs) only; allocations are cached
   by the active set. Each mechanism then places whole GPUs with its own round rule
   (``rounds``; ``None`` = the mechanism's own, ``ROUND_RULES``):

   * ``"oef"`` (OEF mechanisms, ``max-min``, ``gandiva-fair-trading``): the notes-§4 placer
     (``placer.place_step``, per-tenant deviation, reset when a tenant leaves) grants whole GPUs
     per (tenant, type), under gang none below the smallest demand among the tenant's eligible
     jobs (paper §4.2 "min_k demand_k": the deviation then accumulates until a gang fits);
     the tenant's eligible jobs take them in order of longest starvation
     (time since last served, never served: since arrival; ties arrival, job index), fastest
     type first. With ``mechanism="gavel"`` (a labelled variant) Gavel's tenant-level LP gets
     one cap per tenant, the summed demand of its eligible jobs, as before.
   * ``"gavel"`` (``gavel``; Gavel OSDI'20 §5): a per-*job* allocation ``x`` (time fractions,
     ``gavel.gavel_allocation`` with ``mapping="flat"``, every job weight 1, or
     ``gavel.gavel_hierarchical`` with ``mapping="tenant"``, equal-weight tenants water-filled);
     priority of (job, type) = ``x / (rounds received on the type / rounds the job has been
     eligible)`` (``inf`` if never received, 0 if ``x = 0``); pairs are placed in decreasing
     priority (ties: larger ``x``, then job index), a job on one type only with all its
     workers at once; pairs that do not fit are skipped.
   * ``"stride"`` (``gandiva-fair``; Chaudhary et al., EuroSys'20): each active tenant holds
     equal tickets; on type ``j`` they follow the trading outcome (the tenant's share of type
     ``j``) and are split equally among its eligible jobs. Split stride scheduling per type:
     (job, type) pairs with tickets in increasing pass (ties: job index), whole GPUs on one type,
     skip what does not fit; the pass advances by GPUs x ``round_s`` / tickets. A new job starts
     at the lowest pass of the type (no credit for time before it arrived). Jobs, not tenants,
     are placed, so a tenant never holds more than its jobs can use and the rest goes to the
     others: the system is work-conserving by its own rule.
3. ``surplus``: ``"backfill"`` (default) = after the round rule, GPUs still free are offered to
   the eligible jobs not yet running in order of longest starvation (ties arrival, job index),
   each taking its tenant's fastest free types first (work-conserving, same rule for all);
   backfilled rounds are not charged (no pass, no Gavel received round). ``"idle"`` = no
   backfill for anybody: what the round rule leaves free stays idle (today's behaviour).
4. ``gang``: ``True`` (default) = a job runs only with exactly ``demand`` GPUs at once and its
   rate is ``demand x`` the slowest speed among its GPUs (synchronous data parallelism: the
   straggler sets the pace); ``False`` = elastic (today's behaviour): up to ``demand`` GPUs,
   rate = sum of their speeds.
5. Work is in slowest-type GPU-seconds (a job of work ``w`` on one speed-1 GPU needs ``w`` s). A
   job whose remaining work fits in the round finishes inside it at ``t0 + remaining / rate``;
   its GPUs idle for the rest of the round.

Defaults put every mechanism on equal terms: ``surplus="backfill"``, ``gang=True``, each
mechanism's own rounds. Today's behaviour is ``rounds="oef", surplus="idle", gang=False``.
Assumptions (models/oef.md): no restart/checkpoint cost when a job moves, no network effects,
placement per (tenant, GPU type) (no hosts), one job type per tenant (single-row users).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...core import InputError, SolveOptions
from ..algorithms.placer import _ideal_from, integral_capacity, place_step, row_min_demand
from ..instance import OEFInstance, User

#: Default round length in seconds (the paper's 5-minute rounds).
DEFAULT_ROUND_S = 300.0
#: Safety bound on simulated rounds when ``max_rounds`` is not given.
DEFAULT_MAX_ROUNDS = 100_000
#: Each mechanism's own round rule (``rounds=None``); others default to ``"oef"``.
ROUND_RULES = {"gavel": "gavel", "gandiva-fair": "stride"}
#: Mechanisms whose shares are Gandiva_fair's trading outcome (tenant level).
_TRADING = {"gandiva-fair": "gandiva-fair-trading"}
SURPLUS = ("backfill", "idle")
MAPPINGS = ("flat", "tenant")
ARRIVALS = ("jobs", "tenant-batch", "saturated")


@dataclass(frozen=True)
class Job:
    """One job of tenant ``tenant`` (index into ``inst.users``).

    ``arrival`` in seconds; ``work`` in slowest-type GPU-seconds; ``demand`` = its number of
    data-parallel workers (exactly this many GPUs under gang, at most this many when elastic).
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
    or per simulated round; ``round_rule``/``surplus``/``gang``/``mapping`` = the rules that ran
    (``mapping`` is None unless the Gavel round rule ran)."""

    mechanism: str
    round_s: float
    completion: np.ndarray  # (J,) s
    start: np.ndarray  # (J,) s, start of the first round the job got a GPU
    jct: np.ndarray  # (J,) completion - arrival
    throughput: np.ndarray  # (T,) realised normalised throughput per round (work done / round_s)
    grants: np.ndarray  # (T, n, k) whole GPUs per tenant and type given by the round rule
    used: np.ndarray  # (T, k) GPUs assigned to jobs per type (round rule + backfill)
    solves: int  # distinct mechanism calls (cache misses)
    runtime_s: float
    round_rule: str = "oef"
    surplus: str = "idle"
    gang: bool = False
    mapping: str | None = None
    #: (T,) workers of jobs whose GPUs span more than one type (straggler-affected, §6.3.3)
    cross_type: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @property
    def cross_type_workers(self) -> int:
        """Workers in cross-type placements, summed over rounds (the paper's straggler count)."""
        return int(self.cross_type.sum())

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


def _check_rules(workload: Workload, mechanism: str, rule: str, surplus: str, gang: bool,
                 mapping: str, cap: np.ndarray) -> None:
    """``InputError`` for unknown rules and for gang jobs that can never be placed."""
    if rule not in ("oef", "gavel", "stride"):
        raise InputError("rounds", f"must be 'oef', 'gavel', 'stride' or None, got {rule!r}")
    if rule == "gavel" and mechanism != "gavel":
        raise InputError("rounds", "the Gavel round rule needs mechanism 'gavel' (per-job LP)")
    if surplus not in SURPLUS:
        raise InputError("surplus", f"must be one of {SURPLUS}, got {surplus!r}")
    if mapping not in MAPPINGS:
        raise InputError("mapping", f"must be one of {MAPPINGS}, got {mapping!r}")
    if not gang:
        return
    # one type only for the Gavel and stride rules; the OEF placer rule may span types
    most = int(cap.max()) if rule in ("gavel", "stride") else int(cap.sum())
    for q, job in enumerate(workload.jobs):
        if job.demand > most:
            raise InputError(f"jobs[{q}].demand",
                             f"gang job of {job.demand} GPUs never fits ({most} under "
                             f"rounds={rule!r})")


def _gavel_job_allocation(W: np.ndarray, demand: np.ndarray, capacity: np.ndarray,
                          owner: np.ndarray, tenant_weight: np.ndarray, mapping: str,
                          params: dict[str, Any]) -> np.ndarray:
    """Gavel's per-job time fractions (A, k) for the active jobs (rows of ``W``)."""
    from ..baselines.gavel import gavel_allocation, gavel_hierarchical  # Gavel's own LPs

    if mapping == "flat":
        out = gavel_allocation(W, demand.astype(float), capacity,
                                     np.ones(W.shape[0]), **params)
    else:
        ids, entity = np.unique(owner, return_inverse=True)
        out = gavel_hierarchical(W, demand.astype(float), capacity, entity,
                                       tenant_weight[ids], np.ones(W.shape[0]), **params)
    X = out[0] if isinstance(out, tuple) else out  # gavel_allocation also returns its level
    # rounded so that solver noise (~1e-10) does not break the priority ties of equal jobs
    return np.round(np.clip(np.asarray(X, dtype=float), 0.0, None), 8)


def simulate(workload: Workload, mechanism: str = "oef-cooperative", *,
             round_s: float = DEFAULT_ROUND_S, max_rounds: int | None = None,
             rounds: str | None = None, surplus: str = "backfill", gang: bool = True,
             mapping: str = "flat", options: SolveOptions | None = None,
             **params: Any) -> SimResult:
    """Run the round-based simulation (module docstring) until every job finishes or
    ``max_rounds`` rounds (default ``DEFAULT_MAX_ROUNDS``) have been simulated.

    ``rounds``: ``None`` (the mechanism's own rule), ``"oef"``, ``"gavel"``, ``"stride"``;
    ``surplus``: ``"backfill"`` or ``"idle"``; ``gang``: exact gang or elastic; ``mapping``
    (Gavel rule only): ``"flat"`` or ``"tenant"``. ``params`` go to the mechanism (e.g.
    ``cap=None`` for uncapped Gavel on the OEF rule). Rounds in which no job is eligible are
    skipped (they are not part of ``throughput``/``grants``).
    """
    t_start = time.perf_counter()
    validate(workload, round_s)
    limit = DEFAULT_MAX_ROUNDS if max_rounds is None else max_rounds
    if limit < 1:
        raise InputError("max_rounds", f"must be at least 1, got {limit}")
    inst, jobs = workload.inst, workload.jobs
    rule = ROUND_RULES.get(mechanism, "oef") if rounds is None else rounds
    cap = integral_capacity(inst.capacity)
    _check_rules(workload, mechanism, rule, surplus, gang, mapping, cap)
    # the OEF and stride rules use tenant shares; Gandiva_fair's are its trading outcome
    share_mech = _TRADING.get(mechanism, mechanism)
    n, k, J = inst.n_users, inst.n_types, len(jobs)
    W = inst.rows.W  # (n, k), one row per tenant
    dmin = row_min_demand(inst)
    arrival = np.array([j.arrival for j in jobs], dtype=float)
    demand = np.array([j.demand for j in jobs], dtype=np.int64)
    tenant = np.array([j.tenant for j in jobs], dtype=np.int64)
    remaining = np.array([j.work for j in jobs], dtype=float)
    completion = np.full(J, np.nan)
    start = np.full(J, np.nan)
    last_served = arrival.copy()
    by_tenant = [np.nonzero(tenant == i)[0] for i in range(n)]
    # fastest type first, per tenant (ties: higher type index first, i.e. the newer GPU)
    type_order = [np.lexsort((-np.arange(k), -W[i])) for i in range(n)]
    gavel_caps = mechanism == "gavel" and rule == "oef" and "cap" not in params
    dev = np.zeros((n, k))
    ticketed = np.zeros((J, k), dtype=bool)  # stride: (job, type) held tickets last round
    passes = np.zeros((J, k))  # stride pass per (job, type)
    received = np.zeros((J, k))  # Gavel: rounds received per (job, type)
    eligible_rounds = np.zeros(J)  # Gavel: rounds the job has been eligible
    cache: dict[tuple[Any, ...], np.ndarray] = {}
    throughput: list[float] = []
    grants: list[np.ndarray] = []
    used: list[np.ndarray] = []
    cross: list[int] = []
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
        elig = np.nonzero(eligible)[0]
        free = cap.copy()
        gpus_of: dict[int, np.ndarray] = {}  # job -> type index of each of its GPUs
        grant = np.zeros((n, k), dtype=np.int64)

        if rule in ("oef", "stride"):
            extra: dict[str, Any] = {}
            key: tuple[Any, ...] = (active,)
            if gavel_caps:
                per_tenant = np.bincount(tenant[eligible], weights=demand[eligible], minlength=n)
                extra["cap"] = per_tenant[list(active)]
                key = (active, tuple(extra["cap"].tolist()))
            if key not in cache:
                sub = _sub_instance(inst, active)
                cache[key], _ = _ideal_from(sub, share_mech, options, {**params, **extra})
            shares = cache[key]
        idx = np.array(active)

        if rule == "oef":
            need = dmin[idx]
            if gang:  # paper §4.2: no grant below min_k demand_k of the tenant's active jobs
                low = np.full(n, np.iinfo(np.int64).max)
                np.minimum.at(low, tenant[elig], demand[elig])
                need = np.maximum(need, low[idx])
            real, new_dev = place_step(shares, dev[idx], cap, need)
            dev[~on] = 0.0
            dev[idx] = new_dev
            grant[idx] = real
            for row, i in enumerate(active):
                if not real[row].any():
                    continue
                mine = by_tenant[i][eligible[by_tenant[i]]]
                mine = mine[np.lexsort((mine, arrival[mine], last_served[mine]))]
                pool = np.repeat(type_order[i], real[row][type_order[i]])  # fastest first
                for q in mine:
                    if pool.size == 0:
                        break
                    take = int(demand[q])
                    if pool.size < take and gang:
                        continue  # gang: a smaller job of the tenant may still fit
                    gpus_of[int(q)], pool = pool[:take], pool[take:]
            free -= grant.sum(axis=0)  # granted GPUs are the tenant's, used or not
            granted_left = grant.sum(axis=0) - _count(gpus_of, k)
            free += granted_left if surplus == "backfill" else 0

        elif rule == "stride":
            # tickets of job q on type j: its tenant's share of j / its tenant's eligible jobs
            n_jobs = np.bincount(tenant[elig], minlength=n)
            share = np.zeros((n, k))
            share[idx] = shares
            tickets = share[tenant[elig]] / n_jobs[tenant[elig]][:, None]  # (A, k)
            # a pair that gains tickets starts at the lowest pass of the pairs that held
            # tickets on the type last round (no credit for time without tickets)
            has = tickets > 0
            fresh = has & ~ticketed[elig]
            if fresh.any():
                kept = has & ticketed[elig]
                for j in np.nonzero(fresh.any(axis=0))[0]:
                    base = passes[elig[kept[:, j]], j].min() if kept[:, j].any() else 0.0
                    passes[elig[fresh[:, j]], j] = base
            ticketed[:] = False
            ticketed[elig] = has
            pos, typ = np.nonzero(tickets > 0)
            q_of = elig[pos]
            order = np.lexsort((typ, q_of, passes[q_of, typ]))
            for p in order:
                q, j = int(q_of[p]), int(typ[p])
                take = _take_one_type(q, j, demand, free, gang, gpus_of)
                if take:
                    grant[tenant[q], j] += take
                    passes[q, j] += take * round_s / tickets[pos[p], j]

        else:  # Gavel's priority rounds
            key = ("gavel", tuple(elig.tolist()), mapping)
            if key not in cache:
                cache[key] = _gavel_job_allocation(
                    W[tenant[elig]], demand[elig], inst.capacity, tenant[elig],
                    inst.rows.weight, mapping, params)
            X = cache[key]
            # fraction of the job's past eligible rounds spent on each type (0 if none yet)
            past = np.maximum(eligible_rounds[elig], 1.0)[:, None]
            frac = received[elig] / past
            with np.errstate(divide="ignore", invalid="ignore"):
                prio = np.where(X <= 0, 0.0, np.where(frac > 0, X / frac, np.inf))
            eligible_rounds[elig] += 1.0
            pos, typ = np.nonzero(X > 0)
            order = np.lexsort((pos, -X[pos, typ], -prio[pos, typ]))
            for p in order:
                q, j = int(elig[pos[p]]), int(typ[p])
                take = _take_one_type(q, j, demand, free, gang, gpus_of)
                if take:
                    grant[tenant[q], j] += take
                    received[q, j] += 1.0

        if surplus == "backfill" and free.any():
            waiting = np.array([q for q in elig if int(q) not in gpus_of], dtype=np.int64)
            waiting = waiting[np.lexsort((waiting, arrival[waiting], last_served[waiting]))]
            for q in waiting:
                if not free.any():
                    break
                i = int(tenant[q])
                pool = np.repeat(type_order[i], free[type_order[i]])
                take = min(int(demand[q]), pool.size)
                if gang and take < demand[q]:
                    continue
                gpus_of[int(q)] = pool[:take]
                np.subtract.at(free, pool[:take], 1)

        rate = np.zeros(J)
        for q, got in gpus_of.items():
            speeds = W[tenant[q], got]
            rate[q] = got.size * speeds.min() if gang else speeds.sum()
        served = rate > 0
        done = served & (remaining <= rate * round_s)
        work_done = np.where(done, remaining, rate * round_s)
        completion[done] = t0 + remaining[done] / rate[done]
        remaining = np.where(done, 0.0, remaining - work_done)
        start[served & np.isnan(start)] = t0
        last_served[served] = t0 + round_s
        throughput.append(float(work_done.sum()) / round_s)
        grants.append(grant)
        used.append(_count(gpus_of, k))
        cross.append(sum(got.size for got in gpus_of.values() if got.min() != got.max()))
        r += 1
    return SimResult(
        mechanism=mechanism, round_s=round_s, completion=completion, start=start,
        jct=completion - arrival, throughput=np.array(throughput),
        grants=np.array(grants, dtype=np.int64).reshape(-1, n, k),
        used=np.array(used, dtype=np.int64).reshape(-1, k), solves=len(cache),
        runtime_s=time.perf_counter() - t_start, round_rule=rule, surplus=surplus,
        gang=bool(gang), mapping=mapping if rule == "gavel" else None,
        cross_type=np.array(cross, dtype=np.int64))


def _take_one_type(q: int, j: int, demand: np.ndarray, free: np.ndarray, gang: bool,
                   gpus_of: dict[int, np.ndarray]) -> int:
    """Whole GPUs of type ``j`` for job ``q`` (all its workers under gang; Gavel and
    Gandiva_fair run a job on one type); the number taken, 0 when it cannot run there."""
    if q in gpus_of or free[j] == 0:
        return 0
    take = min(int(demand[q]), int(free[j]))
    if gang and take < demand[q]:
        return 0
    gpus_of[q] = np.full(take, j)
    free[j] -= take
    return take


def _count(gpus_of: dict[int, np.ndarray], k: int) -> np.ndarray:
    """GPUs in use per type."""
    if not gpus_of:
        return np.zeros(k, dtype=np.int64)
    return np.bincount(np.concatenate(list(gpus_of.values())), minlength=k).astype(np.int64)


def estimated_throughput(inst: OEFInstance, mechanism: str = "oef-cooperative", *,
                         jobs: tuple[Job, ...] | None = None, mapping: str = "flat",
                         options: SolveOptions | None = None, **params: Any) -> float:
    """The mechanism's *estimated* normalised throughput with every tenant active: sum_r W_r.x_r
    of its fractional allocation (tenant level; Gandiva_fair: the trading outcome). With
    ``mechanism="gavel"`` and ``jobs`` given, Gavel's per-job allocation: sum_q demand_q W.x_q.
    Compare with ``SimResult.throughput`` of a saturated workload (``arrivals="saturated"``)."""
    if mechanism == "gavel" and jobs is not None:
        q = np.arange(len(jobs))
        owner = np.array([j.tenant for j in jobs], dtype=np.int64)
        demand = np.array([j.demand for j in jobs], dtype=np.int64)
        Wj = inst.rows.W[owner]
        X = _gavel_job_allocation(Wj, demand, inst.capacity, owner, inst.rows.weight, mapping,
                                  params)
        return float((demand[q] * np.einsum("qk,qk->q", Wj, X)).sum())
    X, _ = _ideal_from(inst, _TRADING.get(mechanism, mechanism), options, params)
    return float(np.einsum("rk,rk->", inst.rows.W, X))


def generate_workload(inst: OEFInstance, jobs_per_tenant: int = 20,
                      horizon_s: float = 3 * 86_400.0, seed: int = 0, load: float = 1.0,
                      demands: tuple[int, ...] = (1, 2, 4), sigma: float = 1.5,
                      arrivals: str = "jobs") -> Workload:
    """Seeded workload: every tenant of ``inst`` gets ``jobs_per_tenant`` jobs.

    ``arrivals``: ``"jobs"`` = each job uniform over ``[0, horizon_s)`` (a Poisson process
    conditioned on its count); ``"tenant-batch"`` = each tenant arrives at a uniform time and
    submits its whole batch then (it leaves when all its jobs are done); ``"saturated"`` =
    every job at 0 with enough work that no job finishes within ``horizon_s`` even on the whole
    cluster (simulate ``horizon_s / round_s`` rounds to measure realised throughput against
    ``estimated_throughput``; ``load`` is then ignored). Work: lognormal with shape ``sigma``
    (heavy-tailed), scaled so that the offered load (``Workload.offered_load``) equals
    ``load`` exactly. Demand: uniform over ``demands``. Work and demands are the same draws for
    every reading of ``arrivals`` (same seed).
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
    if arrivals not in ARRIVALS:
        raise InputError("arrivals", f"must be one of {ARRIVALS}, got {arrivals!r}")
    rng = np.random.default_rng(seed)
    n = inst.n_users
    J = n * jobs_per_tenant
    tenants = np.repeat(np.arange(n), jobs_per_tenant)
    times = rng.uniform(0.0, horizon_s, size=J)
    raw = rng.lognormal(0.0, sigma, size=J)
    dem = rng.choice(np.asarray(demands, dtype=np.int64), size=J)
    speed = float(inst.capacity @ inst.rows.W.mean(axis=0))
    work = raw * (load * speed * horizon_s / raw.sum())
    if arrivals == "tenant-batch":
        times = rng.uniform(0.0, horizon_s, size=n)[tenants]
    elif arrivals == "saturated":
        times = np.zeros(J)
        most = float(np.floor(inst.capacity) @ inst.rows.W.max(axis=0)) * horizon_s
        work = np.full(J, 2.0 * most)
    order = np.lexsort((tenants, times))
    jobs = tuple(Job(int(tenants[q]), float(times[q]), float(work[q]), int(dem[q]))
                 for q in order)
    return Workload(inst, jobs, float(horizon_s))
