"""ASTRAEA (Alg. 1/2, notes §3) and the six baselines of notes §6 as event-simulator policies.

Every policy exposes ``knobs`` (its parameters with the harness defaults of notes §6; the paper
gives none) so each result reports them. All ties go to the lower tenant/job id.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..sim.events import PENDING, RUNNING, EventSim
from ..sim.placement import consolidated
from .fairness import FairShareTracker, ratio
from .instance import LTGFInstance


class _Policy:
    """Common plumbing: instance arrays, fair-share tracker, per-tenant candidate grouping."""

    lease_based = True
    #: with no pending job every policy here renews all expired jobs (see sim.events)
    renews_when_idle = True
    name = "policy"

    def __init__(self, inst: LTGFInstance, **knobs: Any) -> None:
        self.inst = inst
        self.knobs = knobs
        self.tracker = FairShareTracker(inst, bool(knobs.get("job_share_uses_quota", False)))
        self.sim: EventSim | None = None

    def attach(self, sim: EventSim) -> None:
        self.sim = sim

    def on_submit(self, i: int, t: float) -> None:
        self.tracker.add(i, t)

    def on_finish(self, i: int, t: float) -> None:
        self.tracker.remove(i, t)

    def tenant_alloc(self, t: float) -> np.ndarray:
        """Alloc^ten_j (11) up to ``t`` for every tenant."""
        s = self.sim
        run = s.state == RUNNING
        held = s.alloc_acc + np.where(run, s.gpus * (t - s.seg_start), 0.0)
        return np.bincount(self.inst.job_tenant, weights=held, minlength=self.inst.n_tenants)

    def job_rho(self, i: int, t: float) -> float:
        """rho^job_{i,j} (15) over [a_i, t]."""
        self.tracker.update(int(self.inst.job_tenant[i]), t)
        return ratio(self.sim.alloc(i, t), self.tracker.job_fair[i])

    def renew_all(self, expired: list[int]) -> None:
        for i in expired:
            self.sim.place(i)


class Astraea(_Policy):
    """Alg. 1 two-phase: tenant with the lowest rho (16) "as if running", then SelectJob (Alg. 2)
    with newly-submitted priority; line 17 skips the tenant when its top job does not fit."""

    name = "astraea-ltgf"

    def __init__(
        self,
        inst: LTGFInstance,
        tenant_share: str = "16",
        tenant_backfill: bool = False,
        newly_submitted: str = "fifo",
        job_share_uses_quota: bool = False,
        t_begin_window: float | None = None,
    ) -> None:
        if tenant_share not in ("16", "8"):
            raise ValueError("tenant_share must be '16' (ASTRAEA impl.) or '8' (paper definition)")
        if newly_submitted not in ("fifo", "lifo", "off", "cross-tenant"):
            raise ValueError("newly_submitted must be fifo, lifo, off or cross-tenant")
        if t_begin_window is not None and not t_begin_window > 0:
            raise ValueError("t_begin_window must be a positive number of seconds (or None)")
        super().__init__(
            inst,
            tenant_share=tenant_share,
            tenant_backfill=tenant_backfill,
            newly_submitted=newly_submitted,
            job_share_uses_quota=job_share_uses_quota,
            t_begin_window=t_begin_window,
        )
        # history of the cumulative tenant integrals (sliding t_begin only): exact breakpoints
        # at every decision, submission and completion, linear in between
        self._h_t: list[float] = []
        self._h_alloc: list[np.ndarray] = []
        self._h_fair: list[np.ndarray] = []

    def _record(self, t: float) -> None:
        if self.knobs["t_begin_window"] is None or self.sim is None:
            return
        for k in range(self.inst.n_tenants):
            self.tracker.update(k, t)
        if self._h_t and t <= self._h_t[-1]:
            self._h_t.pop()
            self._h_alloc.pop()
            self._h_fair.pop()
        self._h_t.append(t)
        self._h_alloc.append(self.tenant_alloc(t))
        self._h_fair.append(self.tracker.ten_fair.copy())

    def _at(self, hist: list[np.ndarray], t0: float) -> np.ndarray:
        """A cumulative tenant integral at ``t0`` (linear between recorded breakpoints)."""
        import bisect

        k = bisect.bisect_right(self._h_t, t0)
        if k == 0:
            return np.zeros(self.inst.n_tenants)
        if k == len(self._h_t):
            return hist[-1]
        t1, t2 = self._h_t[k - 1], self._h_t[k]
        w = (t0 - t1) / (t2 - t1) if t2 > t1 else 0.0
        return hist[k - 1] + w * (hist[k] - hist[k - 1])

    def on_submit(self, i: int, t: float) -> None:
        super().on_submit(i, t)
        self._record(t)

    def on_finish(self, i: int, t: float) -> None:
        super().on_finish(i, t)
        self._record(t)

    def _tenant_rho_parts(self, t: float) -> tuple[np.ndarray, np.ndarray]:
        """(Alloc^ten, FairShare^ten) over [t_begin, t]: t_begin = 0 (cluster start, default)
        or t - t_begin_window (a sliding window)."""
        kn, inst = self.knobs, self.inst
        alloc = self.tenant_alloc(t)
        fair = inst.quota * t if kn["tenant_share"] == "16" else self.tracker.ten_fair.copy()
        w = kn["t_begin_window"]
        if w is None or t <= w:
            return alloc, fair
        self._record(t)
        t0 = t - w
        alloc = alloc - self._at(self._h_alloc, t0)
        fair = inst.quota * w if kn["tenant_share"] == "16" else fair - self._at(self._h_fair, t0)
        return alloc, fair

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        inst, kn = self.inst, self.knobs
        cands = np.array(pending + expired, dtype=np.int64)
        ten = inst.job_tenant[cands]
        tenants = np.unique(ten)
        for k in tenants:
            self.tracker.update(int(k), t)
        alloc_tmp, fair = self._tenant_rho_parts(t)
        run = sim.state[cands] == RUNNING
        alloc = sim.alloc_acc[cands] + np.where(
            run, sim.gpus[cands] * (t - sim.seg_start[cands]), 0
        )
        jf = self.tracker.job_fair[cands]
        rho = np.where(jf > 0, alloc / np.where(jf > 0, jf, 1.0), np.where(alloc > 0, np.inf, 0.0))
        sign = {"fifo": 1.0, "lifo": -1.0, "off": 0.0, "cross-tenant": 1.0}[kn["newly_submitted"]]
        never = ~sim.ever_run[cands] & (sign != 0.0)
        sub = np.where(never, sign * inst.job_submit[cands], 0.0)
        # SelectJob key per tenant: (never-run first, rho, submission FIFO/LIFO, id)
        order = cands[np.lexsort((cands, sub, rho, ~never, ten))]
        L = inst.lease
        if kn["newly_submitted"] == "cross-tenant":
            # reading B of "We prioritize the newly submitted job": jobs that never ran are
            # placed first across tenants (FIFO), before the two-phase selection
            new = cands[never]
            first = new[np.lexsort((new, inst.job_submit[new]))].tolist()
            placed = set()
            for i in first:
                if sim.place(i):
                    placed.add(i)
                    alloc_tmp[inst.job_tenant[i]] += inst.job_gpus[i] * L
            if placed:
                order = np.array([i for i in order.tolist() if i not in placed], dtype=np.int64)
                if order.size == 0:
                    return
        tenants = np.unique(inst.job_tenant[order])
        bounds = np.searchsorted(inst.job_tenant[order], tenants, side="right")
        queues: dict[int, list[int]] = {}
        lo = 0
        for k, hi in zip(tenants.tolist(), bounds.tolist(), strict=True):
            queues[k] = order[lo:hi].tolist()
            lo = hi
        ptr = dict.fromkeys(queues, 0)
        tset = set(queues)
        while tset and sim.pool_size() > 0:
            p = min(tset, key=lambda k: (ratio(alloc_tmp[k], fair[k]), k))
            if ptr[p] >= len(queues[p]):
                tset.discard(p)
                continue
            i = queues[p][ptr[p]]
            if sim.place(i):
                ptr[p] += 1
                alloc_tmp[p] += inst.job_gpus[i] * L
            elif kn["tenant_backfill"]:
                ptr[p] += 1
            else:
                tset.discard(p)


def largest_remainder(quota: np.ndarray, total: int) -> np.ndarray:
    """Integer quotas summing to ``total`` (largest-remainder rounding of (6))."""
    base = np.floor(quota + 1e-9).astype(np.int64)
    left = total - int(base.sum())
    frac = quota - base
    order = np.lexsort((np.arange(len(quota)), -frac))
    base[order[: max(left, 0)]] += 1
    return base


def _tenant_fifo(inst: LTGFInstance, jobs: list[int]) -> list[tuple[int, list[int]]]:
    """``jobs`` grouped by tenant (ascending id), FIFO (submission, job id) inside each."""
    if not jobs:
        return []
    a = np.array(jobs, dtype=np.int64)
    order = a[np.lexsort((a, inst.job_submit[a], inst.job_tenant[a]))]
    ten = inst.job_tenant[order]
    cuts = np.flatnonzero(np.diff(ten)) + 1
    return [(int(ten[lo]), part.tolist())
            for lo, part in zip(np.r_[0, cuts], np.split(order, cuts), strict=True)]


class YarnCS(_Policy):
    """Static integer quotas, per-tenant strict FIFO, no borrowing, no preemption (notes §6.1)."""

    name = "yarn-cs"

    def __init__(self, inst: LTGFInstance) -> None:
        super().__init__(inst)
        self.iquota = largest_remainder(inst.quota, inst.gpus)
        self.knobs = {"quota": "largest remainder of (6)", "oversize_rule": "only when tenant idle"}

    def usage(self) -> np.ndarray:
        s = self.sim
        run = s.state == RUNNING
        return np.bincount(
            self.inst.job_tenant[run], weights=s.gpus[run], minlength=self.inst.n_tenants
        )

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        use = self.usage()
        for k, queue in _tenant_fifo(self.inst, pending):
            for i in queue:
                g = int(sim.gpus[i])
                ok = use[k] + g <= self.iquota[k] or (g > self.iquota[k] and use[k] == 0)
                if not (ok and sim.place(i)):
                    break
                use[k] += g


class HiveD(YarnCS):
    """Guaranteed jobs within the quota, opportunistic jobs on free GPUs beyond it; guaranteed
    jobs preempt opportunistic ones (most recently started first, other tenants' first)."""

    name = "hived"
    lease_based = False

    def __init__(self, inst: LTGFInstance, backfill: bool = True) -> None:
        super().__init__(inst)
        self.opportunistic = np.zeros(inst.n_jobs, dtype=bool)
        # backfill (default, issue 19): a job that cannot be placed does not block the jobs
        # behind it (HiveD runs in the Kubernetes scheduler, whose queue moves an
        # unschedulable pod aside and tries the next); a tenant whose guaranteed job cannot be
        # placed still has its later jobs tried opportunistically. backfill=False: the old
        # head-of-line rule (stop a tenant's queue at its first job that does not fit).
        self.knobs = {"quota": "largest remainder of (6)", "victims": "most recent, others first",
                      "backfill": backfill}

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        inst = self.inst
        run = sim.state == RUNNING
        guar = run & ~self.opportunistic
        use = np.bincount(inst.job_tenant[guar], weights=sim.gpus[guar], minlength=inst.n_tenants)
        beyond: dict[int, list[int]] = {}
        for k, queue in _tenant_fifo(inst, pending):  # guaranteed pass
            for q, i in enumerate(queue):
                g = int(sim.gpus[i])
                if not (use[k] + g <= self.iquota[k] or (g > self.iquota[k] and use[k] == 0)):
                    beyond[k] = queue[q:]
                    break
                if not self._place_guaranteed(i, k):
                    if self.knobs["backfill"]:
                        beyond[k] = queue[q + 1:]
                    break
                self.opportunistic[i] = False
                use[k] += g
        for _k, queue in sorted(beyond.items()):  # opportunistic pass: free GPUs only
            for i in queue:
                if sim.place(i):
                    self.opportunistic[i] = True
                elif not self.knobs["backfill"]:
                    break

    def _place_guaranteed(self, i: int, k: int) -> bool:
        sim = self.sim
        if sim.place(i):
            return True
        opp = [j for j in np.flatnonzero((sim.state == RUNNING) & self.opportunistic)]
        held = sim.free.copy()
        for j in opp:
            for n, c in sim.placement[j]:
                held[n] += c
        if consolidated(held, int(sim.gpus[i]), sim.cfg.gpus_per_node) is None:
            return False
        victims = sorted(opp, key=lambda j: (self.inst.job_tenant[j] == k, -sim.seg_start[j], -j))
        for j in victims:
            sim.preempt(int(j))
            self.opportunistic[j] = False
            if sim.place(i):
                return True
        return False


class AlloX(_Policy):
    """The ceil(alpha*T_act) least-served tenants ((16) progress) run shortest-job-first with
    backfilling (min-cost matching on identical GPUs); non-preemptive (notes §6.3).

    ``fill`` (default, issue 19): when the eligible tenants' jobs leave GPUs free, the other
    tenants' jobs (least-served tenant first, shortest first) fill them, as the public
    re-implementation keeps at least as many candidates as free workers (Gavel's
    ``allox.py``: ``unallocated_job_ids[:max(int(alpha * m), n)]``); ``fill=False`` is the old
    rule (only eligible tenants' jobs, GPUs may idle)."""

    name = "allox"

    def __init__(self, inst: LTGFInstance, alpha: float = 0.5, fill: bool = True) -> None:
        super().__init__(inst, alpha=alpha, fill=fill)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        inst = self.inst
        active = np.flatnonzero(self.tracker.count > 0)
        if active.size == 0 or not pending:
            return
        prog = self.tenant_alloc(t)
        keys = sorted(active, key=lambda k: (ratio(prog[k], inst.quota[k] * t), k))
        n_el = math.ceil(self.knobs["alpha"] * len(active))
        eligible = set(int(k) for k in keys[:n_el])
        jobs = [i for i in pending if inst.job_tenant[i] in eligible]
        for i in sorted(jobs, key=lambda i: (sim.remaining[i], i)):
            sim.place(i)
        if self.knobs["fill"] and sim.pool_size() > 0:
            rank = {int(k): r for r, k in enumerate(keys)}
            rest = [i for i in pending if inst.job_tenant[i] not in eligible]
            for i in sorted(rest, key=lambda i: (rank[int(inst.job_tenant[i])],
                                                 sim.remaining[i], i)):
                sim.place(i)


class TiresiasL(_Policy):
    """Discretised 2D-LAS (attained GPU-seconds), K queues, FIFO inside a queue, preemptive at
    lease boundaries, starvation guard; no duration knowledge (notes §6.4)."""

    name = "tiresias-l"

    def __init__(
        self,
        inst: LTGFInstance,
        queues: int = 2,
        threshold_gpu_s: float = 3600.0,
        starve: float = 2.0,
    ) -> None:
        super().__init__(inst, queues=queues, threshold_gpu_s=threshold_gpu_s, starve=starve)
        self.promoted = np.zeros(inst.n_jobs, dtype=bool)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        kn = self.knobs
        thr = np.array([kn["threshold_gpu_s"] * (2**q) for q in range(kn["queues"] - 1)])
        cands = np.array(pending + expired, dtype=np.int64)
        state = sim.state[cands]
        last = sim.last_run_len[cands]
        waited = t - sim.last_stop[cands]
        starving = (state == PENDING) & (last > 0) & (waited >= kn["starve"] * last)
        self.promoted[cands[starving]] = True
        att = sim.alloc_acc[cands] + np.where(
            state == RUNNING, sim.gpus[cands] * (t - sim.seg_start[cands]), 0.0
        )
        queue = np.where(self.promoted[cands], 0, (att[:, None] >= thr[None, :]).sum(axis=1))
        # key (queue, submission, id), as sorted() on the tuple would give
        order = cands[np.lexsort((cands, sim.submit[cands], queue))].tolist()
        for i in order:
            if sim.state[i] == PENDING or i in sim.expired:
                sim.place(i)
        for i in order:
            if sim.state[i] == RUNNING and i not in sim.expired:
                self.promoted[i] = False


class Themis(_Policy):
    """Finish-time fairness rho_i = ((t-a_i)+R_i)/(D_i N_t) with estimated durations (notes §6.5).

    ``offer="auction"`` (default, Themis' rule): the ceil((1-f)N) jobs with the largest rho
    take part in the round's auction, which maximises the product of their valuations
    rho_wait / rho_run (the rho if the job waits one lease vs runs now); with identical GPUs
    and all-or-nothing gangs it is read as a greedy by log-valuation per GPU. The GPUs left go
    to the other jobs in decreasing rho (work conservation). So f = 1 is the pure finish-time
    order and f = 0 the pure auction. ``offer="rho-order"`` is the old dlsched rule (every job in
    decreasing rho, which makes f inert), kept as a labelled variant.

    Estimates (``estimate``): ``planned`` (default; Themis must predict, ASTRAEA §6): Themis
    predicts from the planned iterations, so a job that is cancelled or
    fails (share ``cancel_share``; Venus: 27.9 % + 19.9 %, ASTRAEA §3) is estimated at
    D_i / u, u ~ U(0, 1) (it stops at fraction u of its plan), the others at D_i x U(1-e, 1+e);
    ``noisy`` (the old default, a labelled variant): D_i and R_i times U(1-e, 1+e), i.e. Themis
    knows every job's true duration within +-e.
    """

    name = "themis"

    def __init__(
        self, inst: LTGFInstance, f: float = 0.8, error: float = 0.2, seed: int = 0,
        offer: str = "auction", estimate: str = "planned", cancel_share: float = 0.478,
    ) -> None:
        if offer not in ("auction", "rho-order"):
            raise ValueError("offer must be 'auction' or 'rho-order'")
        if estimate not in ("noisy", "planned"):
            raise ValueError("estimate must be 'noisy' or 'planned'")
        super().__init__(inst, f=f, error=error, seed=seed, offer=offer, estimate=estimate,
                         cancel_share=cancel_share)
        rng = np.random.default_rng(seed)
        self.err = rng.uniform(1 - error, 1 + error, size=inst.n_jobs)
        if estimate == "planned":
            u = np.random.default_rng(seed + 1)
            stop = u.random(inst.n_jobs) < cancel_share
            frac = u.uniform(0.0, 1.0, size=inst.n_jobs)
            self.d_hat = np.where(stop, inst.job_duration / np.maximum(frac, 1e-3),
                                  inst.job_duration * self.err)
        else:
            self.d_hat = inst.job_duration * self.err

    def rho(self, sim: EventSim, t: float, idx: np.ndarray, n_act: int) -> tuple[np.ndarray,
                                                                                  np.ndarray]:
        """(rho, estimated remaining seconds) of the candidates ``idx`` at ``t``."""
        inst = self.inst
        rem = sim.remaining[idx]
        progress = np.maximum(0.0, t - sim.seg_start[idx] - sim.seg_cold[idx])
        rem = np.where(sim.state[idx] == RUNNING, np.maximum(0.0, rem - progress), rem)
        d = self.d_hat[idx]
        if self.knobs["estimate"] == "noisy":
            r_hat = rem * self.err[idx]
        else:  # planned iterations left: estimated total minus the service already received
            r_hat = np.maximum(d - (inst.job_duration[idx] - rem), 1.0)
        return ((t - inst.job_submit[idx]) + r_hat) / (d * max(n_act, 1)), r_hat

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        inst, kn = self.inst, self.knobs
        n_act = int(self.tracker.count.sum())
        idx = np.array(pending + expired, dtype=np.int64)
        rho, r_hat = self.rho(sim, t, idx, n_act)
        order = idx[np.lexsort((idx, -rho))].tolist()  # largest rho first, ties by id
        top = math.ceil((1 - kn["f"]) * len(order))
        auction, rest = order[:top], order[top:]
        if kn["offer"] == "auction" and auction:
            pos = {int(i): q for q, i in enumerate(idx.tolist())}
            waited = t - inst.job_submit[idx]
            value = np.log((waited + inst.lease + r_hat) / (waited + r_hat)) / sim.gpus[idx]
            auction = sorted(auction, key=lambda i: (-value[pos[i]], i))
        for part in (auction, rest):
            for i in part:
                sim.place(i)


class GandivaFair(_Policy):
    """Gang-aware split stride scheduling without trading: tenant tickets ∝ weight split among
    its active jobs; jobs by increasing pass, skipping those that do not fit (notes §6.6)."""

    name = "gandiva-fair"

    def __init__(self, inst: LTGFInstance, quantum: float | None = None) -> None:
        super().__init__(inst, quantum=quantum or inst.lease)
        self.pass_ = np.zeros(inst.n_jobs)
        self.wten = np.array([tn.weight for tn in inst.tenants])

    def on_submit(self, i: int, t: float) -> None:
        active = self.tracker.pos >= 0
        self.pass_[i] = float(self.pass_[active].min()) if active.any() else 0.0
        super().on_submit(i, t)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        inst = self.inst
        cands = np.array(pending + expired, dtype=np.int64)
        order = cands[np.lexsort((cands, self.pass_[cands]))].tolist()  # by pass, ties by id
        for i in order:
            if sim.place(i):
                k = inst.job_tenant[i]
                tickets = self.wten[k] / max(self.tracker.count[k], 1)
                self.pass_[i] += inst.job_gpus[i] * self.knobs["quantum"] / tickets


POLICIES: dict[str, type[_Policy]] = {
    "astraea-ltgf": Astraea,
    "yarn-cs": YarnCS,
    "hived": HiveD,
    "allox": AlloX,
    "tiresias-l": TiresiasL,
    "themis": Themis,
    "gandiva-fair": GandivaFair,
}
