"""Baselines of notes §5 (docs/specs/completion.md) on the shared slotted engine :mod:`dlsched.sim`.

All use the ideal worker and PS types (fastest configuration on an empty cluster, ties to fewer
GPUs). Placement (notes §5): first-fit centralised (N workers + 1 PS); otherwise first-fit
workers with the PS host being the server with the most workers that fits
max(1, ceil(b (N - y_h) / B)) PSs; otherwise wait. A job progresses N / theta(q) mini-batches
per slot; a resume after a pause costs ``resume_penalty`` slots (default one, ours; notes §5).
Changing the allocation of a running job without a pause (AntMan opportunistic jobs, Tiresias
migrations) costs ``rescale_penalty`` slots (default 0, ours).

- ``fifo``: strict arrival order, head-of-line blocking, N_j = min(U{1..30}, D_j) (seeded).
- ``drf``: non-preemptive DRF at admission, progressive filling of one worker at a time.
  ``elastic=True`` is the notes' variant "elastic, recomputed every slot": the progressive
  filling restarts from zero over every active job each slot, so a job's worker count (and
  placement) changes between slots and a job left without a worker is paused (resume costs a
  slot). That variant is preemptive and elastic, so like Tiresias and AntMan it solves a
  relaxation of E1 and only LB0 binds it (models/completion.md, "Which bounds bind the
  preemptive baselines").
- ``antman``: guaranteed jobs admitted FIFO with the ideal configuration (non-preemptive);
  after waiting more than 2 slots a job runs opportunistically on idle resources with 1..N
  workers, re-evaluated each slot, suspended when guaranteed jobs need the resources.
- ``tiresias``: preemptive each slot; default Tiresias's own discretised 2D-LAS (attained
  GPU-service, two queues split at ``threshold`` GPU-slots, FIFO inside a queue; not
  clairvoyant), ``clairvoyant=True`` the earlier rule (remaining time x GPUs ascending, this
  paper's §7 sentence read literally); greedy backfill.
- Preemptive baselines (``tiresias``, ``antman``, ``drf(elastic=True)``): a resume costs
  ``resume_penalty`` slots without progress (default 1), a change of a running job's placement
  (rescale, migration) ``rescale_penalty`` slots (default 0, the earlier free rescaling).
- ``jain-greedy``: the max-weight batch greedy (GreedyRTL reconstruction) for problem (7).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ..core import InputError, Result, Status, register_algorithm
from ..core.deadline import check_deadline
from ..sim import Cluster, Placement, SimJob, SimState, run_policy
from .config import EPS, Config, check_durations, configurations, theta
from .instance import CompletionInstance
from .solution import JobPlan, make_solution


def gpu_index(inst: CompletionInstance) -> int:
    return inst.resources.index("gpu") if "gpu" in inst.resources else 0


def ideal_config(inst: CompletionInstance, j: int) -> Config:
    """Fastest (m, p, N <= D_j) placeable on an empty cluster; ties: fewer GPUs, then loop order."""
    check_deadline()  # only inside a caller's time limit (core.deadline)
    g = gpu_index(inst)
    best = None
    for k in configurations(inst, j):
        gpus = k.n * inst.worker_demand[k.m, g] + (inst.ps_demand[k.p, g] if k.p >= 0 else 0)
        key = (k.d, gpus)
        if best is not None and key >= best[0]:
            continue
        got = place(inst, k.m, k.p, k.n, inst.capacity)  # must be placeable (notes §5 rules)
        if got is not None and (k.q == 0 or len(set(got[0]) | set(got[1])) == 1):
            best = (key, k)
    if best is None:
        raise InputError(f"jobs[{j}]", "no configuration of this job fits any server")
    return best[1]


def _count_cap(res: np.ndarray, dem: np.ndarray) -> np.ndarray:
    pos = dem > 0
    return np.floor(res[:, pos] / dem[pos] + EPS).min(axis=1).astype(int)


def place(inst: CompletionInstance, m: int, p: int, n: int, res: np.ndarray
          ) -> tuple[dict[int, int], dict[int, int]] | None:
    """Notes §5 placement of n workers of type m (+ PSs of type p) into residual ``res[h, r]``."""
    e = inst.worker_demand[m]
    z = inst.ps_demand[p] if p >= 0 else np.zeros_like(e)
    need = n * e + z
    ok = np.all(need[None, :] <= res + EPS, axis=1)
    if ok.any():
        h = int(np.argmax(ok))
        return {h: n}, ({h: 1} if p >= 0 else {})
    cap = _count_cap(res, e)
    y = np.zeros(inst.n_servers, dtype=int)
    left = n
    for h in range(inst.n_servers):
        y[h] = min(cap[h], left)
        left -= y[h]
    if left > 0:
        return None
    workers = {h: int(c) for h, c in enumerate(y) if c}
    if p < 0:
        return workers, {}
    b, B = inst.worker_bw[m], inst.ps_bw[p]
    after = res - np.outer(y, e)
    # PS host: the server with the most workers (then lowest index) that fits
    # s_h = max(1, ceil(b (n - y_h) / B)) PSs (vectorised over h; same choice as the loop)
    s = np.maximum(1, np.ceil(b * (n - y) / B - EPS)).astype(int)
    fits = np.all(s[:, None] * z[None, :] <= after + EPS, axis=1)
    if not fits.any():
        return None
    order = np.lexsort((np.arange(inst.n_servers), -y))
    h = int(order[np.argmax(fits[order])])
    return workers, {h: int(s[h])}


def _load(inst: CompletionInstance, m: int, p: int, workers: dict[int, int],
          ps: dict[int, int]) -> np.ndarray:
    load = np.zeros_like(inst.capacity)
    for h, c in workers.items():
        load[h] += c * inst.worker_demand[m]
    for h, c in ps.items():
        load[h] += c * inst.ps_demand[p]
    return load


def _placement(inst: CompletionInstance, j: int, m: int, p: int, workers: dict[int, int],
               ps: dict[int, int]) -> Placement:
    n = sum(workers.values())
    q = int(len(set(workers) | set(ps)) == 1)
    rate = n / theta(inst, j, m, p, q, n)
    return Placement(_load(inst, m, p, workers, ps), rate, workers, ps, {"m": m, "p": p})


def _try(inst: CompletionInstance, j: int, m: int, p: int, n: int, res: np.ndarray
         ) -> Placement | None:
    got = place(inst, m, p, n, res)
    return None if got is None else _placement(inst, j, m, p, *got)


def _sim_jobs(inst: CompletionInstance) -> list[SimJob]:
    return [SimJob(j, int(inst.arrival[j]), float(inst.workload[j]) * (1 - 1e-12))
            for j in range(inst.n_jobs)]


def _fifo_policy(inst: CompletionInstance, nfix: np.ndarray) -> Callable:
    order = sorted(range(inst.n_jobs), key=lambda j: (inst.arrival[j], j))
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    fixed: dict[int, Placement] = {}
    queue = list(order)

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        for j in [j for j in fixed if st.jobs[j].done]:
            del fixed[j]
        res = inst.capacity - sum((pl.load for pl in fixed.values()), np.zeros_like(inst.capacity))
        while queue and inst.arrival[queue[0]] <= t:
            j = queue[0]
            pl = _try(inst, j, ideal[j].m, ideal[j].p, int(nfix[j]), res)
            if pl is None:
                break  # head-of-line blocking
            fixed[j] = pl
            res = res - pl.load
            queue.pop(0)
        return dict(fixed)

    return policy


def _drf_policy(inst: CompletionInstance, elastic: bool = False) -> Callable:
    """Progressive filling by smallest dominant share; allocations are kept until completion
    (default) or recomputed from scratch every slot (``elastic``)."""
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    total = inst.capacity.sum(axis=0)
    total = np.where(total > 0, total, 1)
    fixed: dict[int, Placement] = {}

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        for j in [j for j in fixed if st.jobs[j].done]:
            del fixed[j]
        base = inst.capacity - sum((pl.load for pl in fixed.values()), np.zeros_like(inst.capacity))
        waiting = [j.id for j in st.active() if j.id not in fixed]
        tent: dict[int, Placement] = {}
        sat: set[int] = set()
        while True:
            cand = [j for j in waiting if j not in sat]
            if not cand:
                break
            share = {j: (tent[j].load.sum(axis=0) / total).max() if j in tent else 0.0
                     for j in cand}
            j = min(cand, key=lambda j: (share[j], inst.arrival[j], j))
            n = sum(tent[j].workers.values()) + 1 if j in tent else 1
            if n > inst.chunks[j]:
                sat.add(j)
                continue
            others = sum((pl.load for k, pl in tent.items() if k != j),
                         np.zeros_like(inst.capacity))
            pl = _try(inst, j, ideal[j].m, ideal[j].p, n, base - others)
            if pl is None:
                sat.add(j)
            else:
                tent[j] = pl
        if elastic:
            return tent  # nothing is kept: the next slot refills from zero
        fixed.update(tent)
        return dict(fixed)

    return policy


def _tiresias_policy(inst: CompletionInstance, clairvoyant: bool = False,
                     threshold: float = 8.0) -> Callable:
    """Tiresias. Default (its paper's 2D-LAS, discretised, non-clairvoyant): attained service
    = GPUs x slots run so far; two queues split at ``threshold`` GPU-slots (ours), the first
    queue ahead of the second, FIFO (arrival, id) inside a queue; every slot the queues are
    served greedily with backfill and a job that does not fit is preempted. ``clairvoyant``:
    the earlier dlsched rule, this paper's §7 sentence read literally: remaining time at the
    ideal configuration x GPUs, ascending (needs the job's remaining work)."""
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    g = gpu_index(inst)

    def gpus(j: int) -> float:
        k = ideal[j]
        return float(k.n * inst.worker_demand[k.m, g] + (inst.ps_demand[k.p, g] if k.p >= 0
                                                          else 0))

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        def prio(job: SimJob) -> tuple:
            k = ideal[job.id]
            if clairvoyant:
                rem = (job.work - job.progress) * theta(inst, job.id, k.m, k.p, k.q, k.n) / k.n
                return (rem * max(gpus(job.id), 1e-9), job.arrival, job.id)
            attained = sum((s["end"] - s["start"]) for s in job.segments) * gpus(job.id)
            return (int(attained >= threshold - EPS), job.arrival, job.id)

        res = inst.capacity.copy()
        out: dict[int, Placement] = {}
        for job in sorted(st.active(), key=prio):
            k = ideal[job.id]
            prev = st.running.get(job.id)
            if prev is not None and np.all(prev.load <= res + EPS):
                pl = prev
            else:
                pl = _try(inst, job.id, k.m, k.p, k.n, res)
            if pl is not None:
                out[job.id] = pl
                res = res - pl.load
        return out

    return policy


def _antman_policy(inst: CompletionInstance, patience: int = 2) -> Callable:
    ideal = [ideal_config(inst, j) for j in range(inst.n_jobs)]
    guaranteed: dict[int, Placement] = {}

    def policy(t: int, st: SimState) -> dict[int, Placement]:
        for j in [j for j in guaranteed if st.jobs[j].done]:
            del guaranteed[j]
        res = inst.capacity - sum((pl.load for pl in guaranteed.values()),
                                  np.zeros_like(inst.capacity))
        waiting = sorted((j for j in st.active() if j.id not in guaranteed),
                         key=lambda j: (j.arrival, j.id))
        for job in waiting:  # FIFO admission of guaranteed jobs (evict opportunistic ones)
            k = ideal[job.id]
            pl = _try(inst, job.id, k.m, k.p, k.n, res)
            if pl is None:
                break
            guaranteed[job.id] = pl
            res = res - pl.load
        out = dict(guaranteed)
        for job in waiting:
            if job.id in guaranteed or t - job.arrival <= patience:
                continue
            k = ideal[job.id]
            prev = st.running.get(job.id)
            if prev is not None and np.all(prev.load <= res + EPS):
                pl = prev
            else:
                # no n above the workers that fit the residual at all can be placed (place()
                # needs n <= sum_h floor(res_h / e_m)): start there (same result, fewer tries)
                top = min(k.n, int(_count_cap(res, inst.worker_demand[k.m]).sum()))
                pl = next((x for n in range(top, 0, -1)
                           if (x := _try(inst, job.id, k.m, k.p, n, res)) is not None), None)
            if pl is not None:
                out[job.id] = pl
                res = res - pl.load
        return out

    return policy


def _result(inst: CompletionInstance, method: str, jobs: list[SimJob], t0: float,
            stats: dict[str, Any]) -> Result:
    plans: dict[int, JobPlan] = {}
    segs: dict[str, Any] = {}
    for job in jobs:
        first = job.segments[0]
        m, p = first["m"], first["p"]
        plans[job.id] = JobPlan(first["start"], job.completion - first["start"], m, p,
                                first["workers"], first["ps"])
        if len(job.segments) > 1:
            segs[inst.job_names[job.id]] = [
                {"start": s["start"], "end": s["end"], "stall": s.get("stall", 0),
                 "workers": {inst.server_names[h]: c for h, c in s["workers"].items()},
                 "ps": {inst.server_names[h]: c for h, c in s["ps"].items()}}
                for s in job.segments]
    sol = make_solution(inst, plans, capped=False)
    for name, sg in segs.items():
        sol["jobs"][name]["segments"] = sg
    stats["preempted_jobs"] = len(segs)
    return Result(problem="completion", method=method, status=Status.FEASIBLE,
                  objective=sol["objective"], runtime_s=time.perf_counter() - t0,
                  solution=sol, stats=stats)


def _placeable(inst: CompletionInstance, j: int, n: int) -> int:
    """Largest n' <= n whose ideal-type placement fits an empty cluster (ours: a FIFO draw the
    cluster can never host would block the queue forever)."""
    k = ideal_config(inst, j)
    while n > 1 and place(inst, k.m, k.p, n, inst.capacity) is None:
        n -= 1
    return n


def _run(inst: CompletionInstance, method: str, policy: Callable, *, resume_penalty: int = 1,
         rescale_penalty: int = 0, **stats: Any) -> Result:
    """Simulate ``policy``; a resume after a pause costs ``resume_penalty`` slots without
    progress, a change of a running job's placement (rescale, migration) ``rescale_penalty``."""
    t0 = time.perf_counter()
    check_durations(inst)
    longest = sum(max(k.d for k in configurations(inst, j)) for j in range(inst.n_jobs))
    limit = 4 * (int(inst.arrival.max()) + longest) + 100
    limit += 4 * inst.n_jobs * (resume_penalty + rescale_penalty)
    jobs = run_policy(_sim_jobs(inst), inst.capacity, policy, max_slots=limit,
                      resume_penalty=resume_penalty, reconfigure_penalty=rescale_penalty)
    stats.update(resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)
    return _result(inst, method, jobs, t0, dict(stats))


@register_algorithm("fifo", "completion",
                    "FIFO: arrival order, head-of-line blocking, N = min(U{1..30}, D) (seeded)")
def fifo(inst: CompletionInstance, *, seed: int = 0, max_workers: int = 30,
         workers: str = "draw", **_: Any) -> Result:
    """``workers="draw"``: N_j = min(U{1..max_workers}, D_j) (the paper's 'fixed to a number
    within [1, 30]'); ``"ideal"``: N_j of the ideal configuration (a variant)."""
    if workers not in ("draw", "ideal"):
        raise InputError("workers", "must be 'draw' or 'ideal'")
    rng = np.random.default_rng(seed)
    draw = np.minimum(rng.integers(1, max_workers + 1, size=inst.n_jobs), inst.chunks)
    if workers == "ideal":
        draw = np.array([ideal_config(inst, j).n for j in range(inst.n_jobs)])
    nfix = np.array([_placeable(inst, j, int(n)) for j, n in enumerate(draw)])
    return _run(inst, "fifo", _fifo_policy(inst, nfix), seed=seed, workers=workers)


@register_algorithm("drf", "completion",
                    "DRF (non-preemptive, progressive filling at admission; elastic=True: "
                    "preemptive variant recomputed every slot)")
def drf(inst: CompletionInstance, *, elastic: bool = False, resume_penalty: int = 1,
        rescale_penalty: int = 0, **_: Any) -> Result:
    """DRF; ``elastic`` switches to the preemptive per-slot variant (only LB0 binds it), whose
    resumes and rescales cost ``resume_penalty`` / ``rescale_penalty`` slots."""
    return _run(inst, "drf", _drf_policy(inst, elastic), elastic=elastic,
                resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)


@register_algorithm("tiresias", "completion",
                    "Tiresias: preemptive 2D-LAS (attained GPU-service, two queues), greedy "
                    "backfill; clairvoyant=True: remaining time x GPUs")
def tiresias(inst: CompletionInstance, *, clairvoyant: bool = False, threshold: float = 8.0,
             resume_penalty: int = 1, rescale_penalty: int = 0, **_: Any) -> Result:
    """Tiresias's discretised 2D-LAS (default) or the clairvoyant remaining-time variant; a
    resume costs ``resume_penalty`` slots, a migration ``rescale_penalty``."""
    return _run(inst, "tiresias", _tiresias_policy(inst, clairvoyant, threshold),
                clairvoyant=clairvoyant, threshold=threshold, resume_penalty=resume_penalty,
                rescale_penalty=rescale_penalty)


@register_algorithm("antman", "completion",
                    "AntMan (simplified): guaranteed FIFO jobs + opportunistic jobs on idle "
                    "resources after waiting > 2 slots")
def antman(inst: CompletionInstance, *, patience: int = 2, resume_penalty: int = 1,
           rescale_penalty: int = 0, **_: Any) -> Result:
    """AntMan; a suspended job's resume costs ``resume_penalty`` slots, an opportunistic job's
    rescale ``rescale_penalty`` (default 0: free, as before)."""
    return _run(inst, "antman", _antman_policy(inst, patience), patience=patience,
                resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)


@register_algorithm("jain-greedy", "completion",
                    "Jain et al. max-weight batch greedy (GreedyRTL reconstruction) for (7)")
def jain_greedy(inst: CompletionInstance, *, tau: int | None = None, **_: Any) -> Result:
    """Sort by w / min footprint descending; configurations by increasing footprint; latest fit."""
    t0 = time.perf_counter()
    tau = int(tau or inst.horizon)
    cl = Cluster(inst.capacity, tau)
    foot = {j: sorted(configurations(inst, j), key=lambda k: (k.d * _area(inst, k), k.d))
            for j in range(inst.n_jobs)}
    order = sorted((j for j in range(inst.n_jobs) if foot[j]),
                   key=lambda j: (-inst.weight[j] / _area(inst, foot[j][0]) / foot[j][0].d, j))
    plans: dict[int, JobPlan] = {}
    for j in order:
        for k in foot[j]:
            done = False
            for t in range(tau - k.d, 0, -1):  # latest start with t + d <= tau
                got = place(inst, k.m, k.p, k.n, cl.residual(t, t + k.d))
                if got is None:
                    continue
                w, s = got
                if k.q == 1 and len(set(w) | set(s)) != 1:
                    continue
                cl.allocate(_load(inst, k.m, k.p, w, s), t, t + k.d)
                plans[j] = JobPlan(t, k.d, k.m, k.p, w, s)
                done = True
                break
            if done:
                break
    weight = float(sum(inst.weight[j] for j in plans))
    sol = make_solution(inst, plans, capped=False, accepted_weight=weight, deadline=tau)
    return Result(problem="completion", method="jain-greedy", status=Status.FEASIBLE,
                  objective=weight, runtime_s=time.perf_counter() - t0, solution=sol,
                  stats={"accepted": len(plans)})


def _area(inst: CompletionInstance, k: Config) -> float:
    load = k.n * inst.worker_demand[k.m] + (inst.ps_demand[k.p] if k.p >= 0 else 0)
    return float(np.sum(load / np.where(inst.capacity.sum(0) > 0, inst.capacity.sum(0), 1)))
