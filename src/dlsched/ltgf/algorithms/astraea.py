"""ASTRAEA (Alg. 1/2 of Ye et al., TPDS 2022; notes §3) as an event-simulator policy."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import bisect
import heapq
import math

import numpy as np

from ...sim.events import EventSim
from ...sim.ordered import PendingOrder
from ..instance import LTGFInstance
from ..support.block_fairness import BlockFairShareTracker
from ..support.fairness import ratio
from ..support.policy import Policy
from ..support.simulate import register_policy


@register_policy("ASTRAEA Alg. 1/2: lease-based two-phase tenant-then-job LTGF scheduling")
class Astraea(Policy):
    """ASTRAEA (Alg. 1/2): per lease end, the tenant with the lowest long-term GPU-time fairness
    first, then its job with the lowest job fairness.

    Alg. 1 two-phase: tenant with the lowest rho (16) "as if running", then SelectJob (Alg. 2)
    with newly-submitted priority; line 17 skips the tenant when its top job does not fit.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    tenant_share : str, default "16"
        Tenant fairness denominator: ``"16"`` (quota x elapsed time, the ASTRAEA
        implementation) or ``"8"`` (the demand-capped fair share, the paper's definition).
    tenant_backfill : bool, default False
        When a tenant's top job does not fit, try its next jobs instead of skipping the
        tenant (Alg. 1 line 17).
    newly_submitted : str, default "fifo"
        Priority of jobs that never ran: ``"fifo"``, ``"lifo"``, ``"off"`` (no priority) or
        ``"cross-tenant"`` (placed first across tenants, FIFO, before the two phases).
    job_share_uses_quota : bool, default False
        Job fair shares from the tenant quota instead of its demand-capped share.
    t_begin_window : float or None, default None
        Sliding window of the tenant fairness (t_begin = t - window); None measures from the
        cluster start. Unit: s.

    Raises
    ------
    ValueError
        A knob outside its values (or ``t_begin_window`` <= 0).

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "astraea-ltgf").objective, 3)
    0.749
    """

    name = "astraea-ltgf"
    #: the pending jobs are kept by tenant across decisions (``PendingOrder``)
    sorted_pending = False

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
        self._gpus: list[int] = inst.job_gpus.tolist()
        #: the same integrals as the base tracker, advanced by tenant block
        self.tracker = BlockFairShareTracker(inst, job_share_uses_quota)
        self._ten: list[int] = inst.job_tenant.tolist()
        self._sub: list[float] = inst.job_submit.tolist()
        self._sign = {"fifo": 1.0, "lifo": -1.0, "off": 0.0, "cross-tenant": 1.0}[newly_submitted]
        #: lazy per-tenant queues (``schedule``) unless a sliding window or the cross-tenant
        #: priority needs every candidate's key (``_schedule_arrays``)
        self._lazy = t_begin_window is None and newly_submitted != "cross-tenant"
        self._po: PendingOrder | None = None

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

    def attach(self, sim: EventSim) -> None:
        super().attach(sim)
        # the pending jobs by tenant: never-run ones keyed (0, +-submission, id) (fixed
        # while they wait: SelectJob's newly-submitted priority), the others (1, GPU-seconds
        # held, id), whose fairness is read when the tenant's turn reaches them
        self._po = PendingOrder(sim, self._static_key, group=self._ten.__getitem__)

    def _static_key(self, i: int) -> tuple[int, float, int]:
        sim = self.sim
        if self._sign != 0.0 and not sim.ever_run[i]:
            return (0, self._sign * self._sub[i], i)
        return (1, float(sim.alloc_acc[i]), i)  # held GPU-seconds: fixed while it waits

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        if not self._lazy:
            self._schedule_arrays(sim, t, sorted(sim._pending), expired)
            return
        # Alg. 1 with each tenant's queue (SelectJob order: never-run first, then rho, then
        # submission, then id) built only as far as its turn reads it
        po = self._po
        po.sync()
        groups, ten_of, gpus = po.by_g, self._ten, self._gpus
        exp_by: dict[int, list[int]] = {}
        for i in expired:
            exp_by.setdefault(ten_of[i], []).append(i)
        tens = set(groups).union(exp_by)
        for k in tens:  # per-tenant integrals: independent of the order
            self.tracker.update(k, t)
        acc, start = sim.alloc_acc, sim.seg_start
        # GPU-seconds of the expired jobs now (read before any of them is displaced)
        exp_alloc = {i: float(acc[i]) + gpus[i] * (t - float(start[i])) for i in expired}
        # the job integrals (14) in the tracker's tenant blocks, one Python float per read
        jfl, bpos = self.tracker.jf_block.item, self.tracker.bpos_l
        inf = math.inf

        def ran(k: int) -> list[tuple[float, int]]:
            """(rho^job, id) of tenant ``k``'s jobs after its never-run ones (ratio's 0/0 := 0
            and x/0 := inf, written out)."""
            lst = groups.get(k)
            rows = []
            if lst:
                for _, a, i in lst[bisect.bisect_left(lst, (1,)):]:
                    j = jfl(bpos[i])
                    rows.append((a / j if j > 0 else (0.0 if a <= 0 else inf), i))
            for i in exp_by.get(k, ()):
                a, j = exp_alloc[i], jfl(bpos[i])
                rows.append((a / j if j > 0 else (0.0 if a <= 0 else inf), i))
            return rows

        backfill = self.knobs["tenant_backfill"]
        if not sim.any_placeable():
            # every pending job refused: each tenant with expired jobs renews its queue up to
            # its first pending job (Alg. 1 line 17 ends the turn; backfill skips it), so the
            # tenant order is not needed
            for k in sorted(exp_by):
                if backfill:  # every expired job is reached
                    for i in exp_by[k]:
                        sim.place(i)
                    continue
                lst = groups.get(k)
                if lst and lst[0][0] == 0:
                    continue  # a never-run (pending) job heads the queue
                # renewals only (nothing is displaced): the expired jobs before the tenant's
                # first pending job in (rho, id) order
                rows = ran(k)
                first = min([r for r in rows if r[1] not in exp_alloc], default=None)
                for r in rows:
                    if r[1] in exp_alloc and (first is None or r < first):
                        sim.place(r[1])
            return
        alloc_tmp, fair = self._tenant_rho_parts(t)
        alloc_l, fair_l, L = alloc_tmp.tolist(), fair.tolist(), self.inst.lease
        key = {k: (ratio(alloc_l[k], fair_l[k]), k) for k in tens}
        # per tenant: its never-run jobs (in order), then a heap of the others by (rho, id)
        static: dict[int, list[int]] = {}
        heaps: dict[int, list[tuple[float, int]]] = {}
        ptr = dict.fromkeys(tens, 0)
        while key and sim._pool > 0:
            p = min(key.values())[1]
            q = static.get(p)
            if q is None:
                lst = groups.get(p, [])
                q = static[p] = [k[2] for k in lst[:bisect.bisect_left(lst, (1,))]]
            h = None
            if ptr[p] < len(q):
                i = q[ptr[p]]
            else:
                h = heaps.get(p)
                if h is None:
                    h = heaps[p] = ran(p)
                    heapq.heapify(h)
                if not h:
                    del key[p]
                    continue
                i = h[0][1]
            if sim.place(i):
                if h is None:
                    ptr[p] += 1
                else:
                    heapq.heappop(h)
                alloc_l[p] += gpus[i] * L
                key[p] = (ratio(alloc_l[p], fair_l[p]), p)
            elif backfill:
                if h is None:
                    ptr[p] += 1
                else:
                    heapq.heappop(h)
            else:
                del key[p]

    def _schedule_arrays(self, sim: EventSim, t: float, pending: list[int],
                         expired: list[int]) -> None:
        """The decision over numpy arrays of all candidates (the sliding window and the
        cross-tenant priority; the reference of ``schedule``'s lazy per-tenant queues)."""
        inst, kn = self.inst, self.knobs
        cands = np.array(pending + expired, dtype=np.int64)
        ten = inst.job_tenant[cands]
        for k in set(ten.tolist()):  # per-tenant integrals: independent of the order
            self.tracker.update(k, t)
        # every pending job refused by place() (none can start in this call): the tenants'
        # turns cannot interact, so their order (the tenant fairness) is not needed
        refused = kn["t_begin_window"] is None and not sim.any_placeable()
        if not refused:
            alloc_tmp, fair = self._tenant_rho_parts(t)
        # the candidates are the pending jobs, then the expired (running) ones
        exp = cands[len(pending):]
        alloc = np.concatenate((sim.alloc_acc[cands[:len(pending)]], sim.alloc_acc[exp]
                                + sim.gpus[exp] * (t - sim.seg_start[exp])))
        jf = self.tracker.job_fair[cands]
        rho = np.where(jf > 0, alloc / np.where(jf > 0, jf, 1.0), np.where(alloc > 0, np.inf, 0.0))
        sign = {"fifo": 1.0, "lifo": -1.0, "off": 0.0, "cross-tenant": 1.0}[kn["newly_submitted"]]
        never = ~sim.ever_run[cands] & (sign != 0.0)
        sub = np.where(never, sign * inst.job_submit[cands], 0.0)
        # SelectJob key per tenant: (never-run first, rho, submission FIFO/LIFO, id)
        order = cands[np.lexsort((cands, sub, rho, ~never, ten))]
        L = inst.lease
        if refused:
            # each tenant's turn renews its queue up to its first (pending, refused) job, where
            # Alg. 1 line 17 ends the turn; with backfill the turn skips it; never-run jobs
            # placed first across tenants (cross-tenant) are refused too
            live, ended = sim.expired, set()
            backfill = kn["tenant_backfill"]
            for i, k in zip(order.tolist(), inst.job_tenant[order].tolist(), strict=True):
                if k in ended:
                    continue
                if i in live:
                    sim.place(i)
                elif not backfill:
                    ended.add(k)
            return
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
        # order is grouped by tenant (its first key): one queue per run of equal tenants
        ten_o = inst.job_tenant[order]
        cuts = (np.flatnonzero(ten_o[1:] != ten_o[:-1]) + 1).tolist()
        ids, tens = order.tolist(), ten_o.tolist()
        queues = {tens[a]: ids[a:b] for a, b in zip([0, *cuts], [*cuts, len(ids)], strict=True)}
        ptr = dict.fromkeys(queues, 0)
        # the tenants still in the round, each keyed (rho "as if running", id); Python floats
        # give the same values and comparisons as the numpy scalars
        alloc_l, fair_l, gpus = alloc_tmp.tolist(), fair.tolist(), self._gpus
        key = {k: (ratio(alloc_l[k], fair_l[k]), k) for k in queues}
        backfill = kn["tenant_backfill"]
        while key and sim.pool_size() > 0:
            p = min(key.values())[1]
            q = queues[p]
            if ptr[p] >= len(q):
                del key[p]
                continue
            i = q[ptr[p]]
            if sim.place(i):
                ptr[p] += 1
                alloc_l[p] += gpus[i] * L
                key[p] = (ratio(alloc_l[p], fair_l[p]), p)
            elif backfill:
                ptr[p] += 1
            else:
                del key[p]
