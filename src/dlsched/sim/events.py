"""Event-driven lease-based cluster simulator (shared by the online problems; ltgf notes §2).

Jobs are gang jobs (``gpus`` GPUs, all or nothing) with ``work`` seconds of service at full demand,
submitted at ``submit``. The cluster is ``nodes`` x ``gpus_per_node`` identical GPUs. Events:
submission, completion (GPUs released at once, mid-lease), lease expiry and the scheduling tick.

A started job holds its GPUs for a lease of ``lease`` seconds. The policy is called at tick times
(multiples of ``tick``) at which something may have changed — a submission, a completion or a
lease expiry since the last decision (ticks without any change are skipped: no policy in this
package can act differently on them). Its candidates are the pending jobs and the running jobs
whose lease has expired; its pool is the free GPUs plus the GPUs of those expired jobs. Through
``EventSim.place`` the policy renews an expired job in place (same GPUs, no cost) or places a
job consolidated (``.placement``), preferring genuinely free GPUs; if it must take GPUs of an
expired, still undecided job, that job is preempted first. Expired jobs not renewed by the end of
the call are preempted. Every policy is lease-based (ltgf issue 32: the rules are the
instance's, a policy cannot opt out): ``EventSim.preempt`` stops a running job only at the end
of one of its leases — an expired job, or one renewed in this very call (its segment then ends
exactly at the lease end) — and raises ValueError on a job mid-lease. A policy with
``renews_when_idle = True`` declares that it renews every expired job when no job is pending
(true of every work-conserving policy whose candidates are only the expired jobs); the engine
then renews them without calling it. A policy that sets ``noop_epoch`` to ``EventSim.epoch``
after a call that changed nothing declares that
its calls are a function of the simulator state (not of the time), so until the next
submission, start, stop or finish every call would only renew the expired jobs; the engine then
applies those renewal-only decisions without calling it (still counted in ``decisions``).
A policy with ``renews_when_blocked = True`` declares that it renews every expired job when
no pending job can start (``any_placeable`` is False; it may also define
``on_blocked_renewal(i)``, called for each such renewal); when that holds with the GPUs of the
jobs whose leases end at a tick, the engine renews them without moving their GPUs through the
pool and without calling it (still counted in ``decisions``).
A policy with ``sorted_pending = False`` reads the pending jobs from the simulator (e.g. kept
in its order by ``sim.ordered.PendingOrder`` through ``watch_pending``) and is passed an
empty ``pending`` list.

Overheads: a resume after a preemption costs ``cold_start`` seconds of no progress at the start of
the segment; a preemption costs ``checkpoint`` seconds of no progress at its end (the snapshot is
flushed on the preemption signal; renewals are free). So a segment's service is
``max(0, length - cold_start[resume] - checkpoint[preempted])`` — what the validator re-checks.

Refusals without a search: ``placeable`` / ``can_fit`` / ``any_placeable`` tell a policy which
pending jobs ``place`` must refuse for the rest of a decision (demand above the pool, or a
one-node demand above every node's free + expired-held GPUs; both only shrink during a
decision), so policies skip them without changing any outcome. One-node best fit reads the
nodes bucketed by free (and free + expired-held) GPUs, kept per change.

Deterministic: no randomness here; all ties go to the lower job/node id.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the LTGF formulation notes)

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..core.deadline import check_deadline
from .placement import Placement, consolidated

PENDING, RUNNING, DONE, FUTURE = 1, 2, 3, 0
_EPS = 1e-9


@dataclass(frozen=True)
class SimConfig:
    nodes: int
    gpus_per_node: int
    lease: float
    tick: float
    checkpoint: float = 0.0
    cold_start: float = 0.0
    strict_placement: bool = False
    #: leases end on multiples of ``lease`` (ltgf notes §10.1 variant ``synchronized_rounds``)
    synchronized: bool = False


@dataclass
class Segment:
    job: int
    start: float
    end: float
    placement: Placement
    reason: str  # "complete" | "preempt"
    cold: float  # cold-start seconds at the start
    ckpt: float  # checkpoint seconds at the end


class Policy(Protocol):
    lease_based: bool

    def attach(self, sim: EventSim) -> None: ...
    def on_submit(self, i: int, t: float) -> None: ...
    def on_finish(self, i: int, t: float) -> None: ...
    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None: ...


@dataclass
class SimTrace:
    segments: list[Segment]
    completion: np.ndarray
    preemptions: int
    decisions: int
    overhead_s: float
    stats: dict[str, Any] = field(default_factory=dict)


def _drop_stale(heap: list[tuple[float, int, int]], version: list[int]) -> None:
    """Pop entries whose job changed state since they were pushed."""
    while heap and heap[0][2] != version[heap[0][1]]:
        heapq.heappop(heap)


class EventSim:
    """State of one simulation; policies read the arrays and call place/preempt."""

    def __init__(self, cfg: SimConfig, submit: np.ndarray, gpus: np.ndarray, work: np.ndarray):
        self.cfg = cfg
        self._sync, self._lease = cfg.synchronized, cfg.lease  # read at every lease
        n = len(submit)
        self.n = n
        self.submit = np.asarray(submit, dtype=float)
        self.gpus = np.asarray(gpus, dtype=np.int64)
        self.work = np.asarray(work, dtype=float)
        self.state = np.full(n, FUTURE, dtype=np.int8)
        self.remaining = self.work.copy()  # at the start of the current segment / while pending
        self.seg_start = np.zeros(n)
        self.seg_cold = np.zeros(n)
        self.lease_end = np.full(n, np.inf)
        self.alloc_acc = np.zeros(n)  # GPU-seconds held in closed segments
        self.ever_run = np.zeros(n, dtype=bool)
        self.needs_cold = np.zeros(n, dtype=bool)
        self.last_run_len = np.zeros(n)
        self.last_stop = self.submit.copy()
        self.executed = np.zeros(n)  # wall seconds held, closed segments
        self.completion = np.full(n, np.nan)
        self.placement: list[Placement | None] = [None] * n
        #: per job, bumped at every start and stop: heap entries of older versions are stale
        self.version: list[int] = [0] * n
        self._g: list[int] = self.gpus.tolist()  # demands as Python ints (scalar reads)
        #: GPUs of expired, undecided jobs per node (``held_expired`` as an array)
        self._hl: list[int] = [0] * cfg.nodes
        G = cfg.gpus_per_node
        #: Python mirrors per node: free GPUs (= ``free``) and free + expired-held GPUs, and
        #: the nodes by each value 0..G (best fit and the maxima read them without numpy)
        self._fl: list[int] = [G] * cfg.nodes
        self._pl: list[int] = [G] * cfg.nodes
        self._by_free: list[set[int]] = [set() for _ in range(G + 1)]
        self._by_pool: list[set[int]] = [set() for _ in range(G + 1)]
        self._by_free[G].update(range(cfg.nodes))
        self._by_pool[G].update(range(cfg.nodes))
        #: bumped whenever ``free`` or ``held_expired`` change; keys the cached maxima below
        self._fv = 0
        self._max_free = (-1, 0)  # (version, max of free)
        self._max_pool = (-1, 0)  # (version, max of free + held_expired)
        #: free GPUs + GPUs of expired, undecided jobs (= pool_size), kept incrementally
        self._pool = cfg.nodes * cfg.gpus_per_node
        self.expired: set[int] = set()
        #: jobs renewed in the current decision (their lease ended now: still preemptable)
        self._renewed: set[int] = set()
        #: the jobs in state PENDING, kept incrementally (submission, start, preemption)
        self._pending: set[int] = set()
        #: demand -> the pending jobs with it (``any_placeable``, ``placeable_pending``)
        self._pend_g: dict[int, set[int]] = {}
        #: a set receiving every job whose pending state changes (``watch_pending``)
        self._watch: set[int] | None = None
        #: count of state changes (submissions, starts, stops, finishes; not renewals): a
        #: policy whose decision is a function of this state may skip a repeated no-op call
        self.epoch = 0
        self.segments: list[Segment] = []
        self.preemptions = 0
        self.decisions = 0
        self.now = 0.0
        self._finish_heap: list[tuple[float, int, int]] = []
        self._lease_heap: list[tuple[float, int, int]] = []
        self._fin = [math.inf] * n  # finish time of the current segment (running jobs)

    # ---- queries -----------------------------------------------------------------------------
    @property
    def free(self) -> np.ndarray:
        """Free GPUs per node (a new array; the simulator keeps them as Python ints)."""
        return np.array(self._fl, dtype=np.int64)

    @property
    def held_expired(self) -> np.ndarray:
        """GPUs per node held by expired jobs not yet renewed or preempted (a new array)."""
        return np.array(self._hl, dtype=np.int64)

    def alloc(self, i: int, t: float) -> float:
        """Integral of Alloc_i (1)-(2) up to ``t``: GPU-seconds held."""
        a = self.alloc_acc[i]
        if self.state[i] == RUNNING:
            a += self.gpus[i] * (t - self.seg_start[i])
        return float(a)

    def attained(self, i: int, t: float) -> float:
        """Wall seconds executed (held GPUs) up to ``t``."""
        e = self.executed[i]
        if self.state[i] == RUNNING:
            e += t - self.seg_start[i]
        return float(e)

    def pool_size(self) -> int:
        return self._pool

    def placeable(self, gpus: np.ndarray) -> np.ndarray:
        """Mask of pending demands ``gpus`` that ``place`` may still accept in this call.

        False where ``place`` must refuse a pending job of that demand now and for the rest of
        the current decision: it exceeds the pool (free + expired-held GPUs), or it fits in one
        node and no node has that many free + expired-held GPUs. Both bounds only shrink during
        a decision (renewals and starts take GPUs; a displacement moves expired-held GPUs to
        free ones), so a policy may drop such jobs before ordering its candidates.

        Parameters
        ----------
        gpus : numpy.ndarray
            Demands of pending jobs. Unit: GPUs.

        Returns
        -------
        numpy.ndarray
            Boolean mask, False where ``place`` must refuse.
        """
        ok = gpus <= self._pool
        small = gpus <= self.cfg.gpus_per_node
        return ok & (~small | (gpus <= self._max_of_pool()))

    def can_fit(self, g: int) -> bool:
        """False when ``place`` must refuse a pending job of ``g`` GPUs now (``placeable``).

        Parameters
        ----------
        g : int
            Demand of a pending job. Unit: GPUs.

        Returns
        -------
        bool
            False when the job cannot be placed for the rest of the current decision.
        """
        if g > self._pool:
            return False
        return g > self.cfg.gpus_per_node or g <= self._max_of_pool()

    def any_placeable(self) -> bool:
        """False when ``place`` must refuse every pending job now (``can_fit`` of each).

        Reads the pending demands by value (a handful of distinct sizes), not the jobs: a
        decision in which it is False can only renew or preempt the expired jobs.

        Returns
        -------
        bool
            True when some pending job passes ``can_fit``.
        """
        pool = self._pool
        return bool(pool) and self._some_demand_fits(pool, self._max_of_pool)

    def _some_demand_fits(self, pool: int, node_cap: Callable[[], int]) -> bool:
        """True when some pending demand fits ``pool`` GPUs: above one node's size, or at most
        ``node_cap()`` (the largest one-node room; computed only when a demand needs it)."""
        G = self.cfg.gpus_per_node
        cap = -1
        for g in self._pend_g:
            if g <= pool:
                if g > G:
                    return True
                if cap < 0:
                    cap = node_cap()
                if g <= cap:
                    return True
        return False

    def placeable_pending(self) -> list[int]:
        """The pending jobs that pass ``can_fit`` now, in no particular order.

        What ``placeable`` keeps of all pending jobs, read from the pending jobs by demand
        (a handful of distinct sizes) instead of a pass over every pending job.

        Returns
        -------
        list of int
            Job indices.
        """
        pool = self._pool
        out: list[int] = []
        if not pool:
            return out
        G = self.cfg.gpus_per_node
        cap = -1
        for g, jobs in self._pend_g.items():
            if g <= pool:
                if g <= G:
                    if cap < 0:
                        cap = self._max_of_pool()
                    if g > cap:
                        continue
                out.extend(jobs)
        return out

    def _placeable_with(self, due: list[int]) -> bool:
        """``any_placeable`` as it would be once the jobs ``due`` (running, not expired) have
        expired: their GPUs added to the pool and to their nodes' free + expired-held GPUs."""
        pool = self._pool
        g_of, pl = self._g, self._pl
        add: dict[int, int] = {}
        for i in due:
            pool += g_of[i]
            for n, c in self.placement[i]:
                add[n] = add.get(n, 0) + c
        return self._some_demand_fits(
            pool, lambda: max(self._max_of_pool(), max(pl[n] + c for n, c in add.items())))

    def watch_pending(self, touched: set[int]) -> None:
        """Add to ``touched`` every job that enters or leaves the pending set from now on.

        ``sim.ordered.PendingOrder`` keeps a policy's order of the pending jobs with it.

        Parameters
        ----------
        touched : set of int
            The set to fill (one watcher per simulation).
        """
        self._watch = touched

    def running(self) -> np.ndarray:
        return np.flatnonzero(self.state == RUNNING)

    # ---- actions -----------------------------------------------------------------------------
    def place(self, i: int, strict: bool | None = None) -> bool:
        """Renew expired job ``i`` in place or start it consolidated; False if it does not fit."""
        if i in self.expired:  # renewal: its GPUs leave the pool (``_pool_node`` inlined)
            self.expired.discard(i)
            held, pl, by_pool = self._hl, self._pl, self._by_pool
            for n, c in self.placement[i]:
                held[n] -= c
                v = pl[n]
                by_pool[v].discard(n)
                v -= c
                by_pool[v].add(n)
                pl[n] = v
            self._fv += 1
            self._pool -= self._g[i]
            self._set_lease(i, self.now)
            self._renewed.add(i)
            return True
        if self.state[i] != PENDING:
            raise ValueError(f"job {i} is not a candidate")
        g = self._g[i]
        if g > self._pool:  # neither placement below can succeed (same answer, no search)
            return False
        strict = self.cfg.strict_placement if strict is None else strict
        G = self.cfg.gpus_per_node
        # a job of at most one node: consolidated's best fit (the fullest node with g GPUs,
        # then the lowest id), read from the nodes bucketed by free (then pool) GPUs
        if g <= G:
            n = self._best_fit(self._by_free, g)
            p = None if n is None else ((n, g),)
        else:
            p = consolidated(self.free, g, G, strict)
        if p is None:
            if not self.expired:
                return False
            if g <= G:
                n = self._best_fit(self._by_pool, g)
                p = None if n is None else ((n, g),)
            else:
                p = consolidated(self.free + self.held_expired, g, G, strict)
            if p is None:
                return False
            for n, c in p:  # displace undecided expired jobs on the chosen nodes
                for k in sorted(self.expired, reverse=True):
                    if self._fl[n] >= c:
                        break
                    if any(m == n for m, _ in self.placement[k]):
                        self._stop(k, self.now, expired=True)
        self._start(i, p)
        return True

    def preemptable(self, i: int) -> bool:
        """True when running job ``i`` is at the end of one of its leases now (``preempt`` may
        stop it): its lease expired at this decision (renewed in it or not).

        Parameters
        ----------
        i : int
            A job index.

        Returns
        -------
        bool
            Whether ``preempt(i)`` is allowed now.
        """
        return i in self.expired or (i in self._renewed and self.state[i] == RUNNING)

    def preempt(self, i: int) -> None:
        """Preempt running job ``i`` now, at the end of one of its leases (``preemptable``).

        Raises
        ------
        ValueError
            ``i`` is mid-lease: no policy may preempt there.
        """
        if not self.preemptable(i):
            raise ValueError(f"job {i} is mid-lease at {self.now:g}: a job is preempted only at "
                             "the end of one of its leases")
        self._renewed.discard(i)
        self._stop(i, self.now, expired=i in self.expired)

    # ---- internals ---------------------------------------------------------------------------
    def _max_of_free(self) -> int:
        """Largest free-GPU count of a node (cached per change of ``free``)."""
        v, m = self._max_free
        if v != self._fv:
            m = self._top(self._by_free)
            self._max_free = (self._fv, m)
        return m

    def _max_of_pool(self) -> int:
        """Largest free + expired-held GPU count of a node (cached per change)."""
        v, m = self._max_pool
        if v != self._fv:
            m = self._top(self._by_pool)
            self._max_pool = (self._fv, m)
        return m

    @staticmethod
    def _top(buckets: list[set[int]]) -> int:
        """The largest value with a node in ``buckets`` (nodes by value)."""
        for v in range(len(buckets) - 1, 0, -1):
            if buckets[v]:
                return v
        return 0

    @staticmethod
    def _best_fit(buckets: list[set[int]], g: int) -> int | None:
        """The node of the smallest value >= ``g`` in ``buckets``, ties to the lowest id: what
        ``consolidated`` picks for a job of ``g`` <= G GPUs on those values."""
        for v in range(g, len(buckets)):
            s = buckets[v]
            if s:
                return min(s)
        return None

    def _free_node(self, n: int, d: int) -> None:
        """Add ``d`` to the free GPUs of node ``n`` (and move it between the buckets)."""
        f = self._fl[n]
        self._by_free[f].discard(n)
        f += d
        self._by_free[f].add(n)
        self._fl[n] = f

    def _pool_node(self, n: int, d: int) -> None:
        """Add ``d`` to the free + expired-held GPUs of node ``n`` (mirror only)."""
        v = self._pl[n]
        self._by_pool[v].discard(n)
        v += d
        self._by_pool[v].add(n)
        self._pl[n] = v

    def _pend_add(self, i: int) -> None:
        """Enter job ``i`` in the pending jobs by demand."""
        if self._watch is not None:
            self._watch.add(i)
        g = self._g[i]
        s = self._pend_g.get(g)
        if s is None:
            self._pend_g[g] = {i}
        else:
            s.add(i)

    def _pend_drop(self, i: int) -> None:
        """Take job ``i`` out of the pending demand counts."""
        if self._watch is not None:
            self._watch.add(i)
        g = self._g[i]
        s = self._pend_g[g]
        s.discard(i)
        if not s:
            del self._pend_g[g]

    def _lease_end(self, t: float) -> float:
        """End of a lease taken or renewed at ``t``."""
        L = self.cfg.lease
        return (math.floor(t / L + _EPS) + 1) * L if self.cfg.synchronized else t + L

    def _tick(self, t: float) -> float:
        """The first decision tick at or after event time ``t``."""
        tick = self.cfg.tick
        return math.ceil(t / tick - _EPS) * tick

    def _set_lease(self, i: int, t: float) -> None:
        end = self._lease_end(t) if self._sync else t + self._lease
        self.lease_end[i] = end
        heapq.heappush(self._lease_heap, (end, i, self.version[i]))

    def _start(self, i: int, p: Placement) -> None:
        t = self.now
        fl, pl, by_free, by_pool = self._fl, self._pl, self._by_free, self._by_pool
        for n, c in p:  # ``_free_node`` and ``_pool_node`` inlined
            v = fl[n]
            by_free[v].discard(n)
            by_free[v - c].add(n)
            fl[n] = v - c
            v = pl[n]
            by_pool[v].discard(n)
            by_pool[v - c].add(n)
            pl[n] = v - c
        self._fv += 1
        self._pool -= self._g[i]
        self.epoch += 1
        self.placement[i] = p
        self.state[i] = RUNNING
        self._pending.discard(i)
        self._pend_drop(i)
        self.version[i] += 1
        cold = self.cfg.cold_start if self.needs_cold[i] else 0.0
        self.seg_start[i] = t
        self.seg_cold[i] = cold
        self.ever_run[i] = True
        # per-job values read as Python floats (``item``): the same IEEE operations as numpy
        # scalars, without their overhead
        fin = t + cold + self.remaining.item(i)
        self._fin[i] = fin
        heapq.heappush(self._finish_heap, (fin, i, self.version[i]))
        self._set_lease(i, t)

    def _close(self, i: int, t: float, reason: str, ckpt: float) -> None:
        self.epoch += 1
        s0 = self.seg_start.item(i)
        length = t - s0
        held = self.placement[i]
        self.segments.append(Segment(i, s0, float(t), held, reason, self.seg_cold.item(i), ckpt))
        self.alloc_acc[i] = self.alloc_acc.item(i) + self._g[i] * length
        self.executed[i] = self.executed.item(i) + length
        self.last_run_len[i] = length
        self.last_stop[i] = t
        fl, pl, by_free, by_pool = self._fl, self._pl, self._by_free, self._by_pool
        if i in self.expired:  # its GPUs were in the pool already: they move from held to free
            self.expired.discard(i)
            hl = self._hl
            for n, c in held:
                hl[n] -= c
        else:
            self._pool += self._g[i]
            for n, c in held:  # ``_pool_node`` inlined
                v = pl[n]
                by_pool[v].discard(n)
                by_pool[v + c].add(n)
                pl[n] = v + c
        for n, c in held:  # ``_free_node`` inlined
            v = fl[n]
            by_free[v].discard(n)
            by_free[v + c].add(n)
            fl[n] = v + c
        self._fv += 1
        self.placement[i] = None
        self.version[i] += 1

    def _stop(self, i: int, t: float, expired: bool) -> None:
        ck = self.cfg.checkpoint
        progress = max(0.0, t - self.seg_start.item(i) - self.seg_cold.item(i) - ck)
        self.remaining[i] = max(0.0, self.remaining.item(i) - progress)
        self._close(i, t, "preempt", ck)
        self.state[i] = PENDING
        self._pending.add(i)
        self._pend_add(i)
        self.needs_cold[i] = True
        self.preemptions += 1

    def _finish(self, i: int, t: float) -> None:
        self.remaining[i] = 0.0
        self._close(i, t, "complete", 0.0)
        self.state[i] = DONE
        self.completion[i] = t

    def _skip_renewals(self, until: float) -> int:
        """Apply at once the renewal-only decision ticks before ``until``; return their count.

        While nothing is pending and the policy renews every expired job without being called
        (``renews_when_idle``), or while the policy declares that its call renews every
        expired job and changes nothing else (``noop_epoch == epoch``), a tick only renews
        the expired leases in place: no segment, start or preemption. Such a renewal at tick
        ``d`` moves a lease end to ``_lease_end(d)`` and needs no other state, so each job's
        chain of renewals before ``until`` (the tick of the next event that can change the
        state) is followed here instead of one loop iteration per tick. A job whose finish
        comes at or before a tick is not renewed there (the loop processes finishes first),
        exactly as in the tick-by-tick loop. The count is the number of distinct ticks with
        a renewal: the loop iterations (decisions, when a job waits) this replaces.
        """
        heap = self._lease_heap
        version = self.version
        moved: list[tuple[float, int, int]] = []
        ticks: set[float] = set()
        while heap:
            e, i, v = heap[0]
            if v != version[i]:
                heapq.heappop(heap)
                continue
            d = self._tick(e)
            if d >= until:
                break
            heapq.heappop(heap)
            fin = self._fin[i]
            while d < until and fin > d + _EPS:
                ticks.add(d)
                e = self._lease_end(d)
                d = self._tick(e)
            self.lease_end[i] = e
            moved.append((e, i, v))
        for item in moved:
            heapq.heappush(heap, item)
        return len(ticks)

    def run(self, policy: Policy) -> SimTrace:
        """Simulate until every job completed."""
        cfg = self.cfg
        order_arr = np.lexsort((np.arange(self.n), self.submit))
        order = order_arr.tolist()
        sub_t = self.submit[order_arr].tolist()  # submission times in submission order
        nxt_sub = 0
        pending = self._pending  # the same set object throughout
        done = 0
        policy.attach(self)
        idle_renews = bool(getattr(policy, "renews_when_idle", False))
        # a policy that reads the pending jobs from the simulator (``sorted_pending = False``)
        # is passed an empty list instead of sorting them at every decision
        want_pending = bool(getattr(policy, "sorted_pending", True))
        hl, pl, by_pool = self._hl, self._pl, self._by_pool  # node mirrors (same objects)
        blocked_renews = bool(getattr(policy, "renews_when_blocked", False))
        on_blocked = getattr(policy, "on_blocked_renewal", None)
        while done < self.n:
            check_deadline()  # only inside a caller's time limit (core.deadline)
            if idle_renews and not pending and not self.expired:
                if nxt_sub < self.n:
                    self._skip_renewals(self._tick(sub_t[nxt_sub]))
                else:  # no job will wait again: every lease is renewed until the jobs finish
                    self._lease_heap.clear()
            elif pending and getattr(policy, "noop_epoch", -1) == self.epoch:
                # the policy would renew every expired job and change nothing else until the
                # next submission or finish: each tick before it is a renewal-only decision
                _drop_stale(self._finish_heap, self.version)
                until = min(self._tick(sub_t[nxt_sub]) if nxt_sub < self.n else math.inf,
                            self._tick(self._finish_heap[0][0]) if self._finish_heap
                            else math.inf)
                if until < math.inf:
                    self.decisions += self._skip_renewals(until)
            times = []
            if nxt_sub < self.n:
                times.append(sub_t[nxt_sub])
            _drop_stale(self._lease_heap, self.version)
            if self._lease_heap:
                times.append(self._lease_heap[0][0])
            _drop_stale(self._finish_heap, self.version)
            if self._finish_heap and (pending or not times):
                times.append(self._finish_heap[0][0])
            if not times:
                raise RuntimeError("simulation stalled: pending jobs can never be placed")
            td = math.ceil(min(times) / cfg.tick - _EPS) * cfg.tick
            td = max(td, self.now)
            # completions and submissions up to td, in time order
            while True:
                _drop_stale(self._finish_heap, self.version)
                tf = self._finish_heap[0][0] if self._finish_heap else math.inf
                ts = sub_t[nxt_sub] if nxt_sub < self.n else math.inf
                if min(tf, ts) > td + _EPS:
                    break
                if tf <= ts:
                    _, i, _ = heapq.heappop(self._finish_heap)
                    self.now = tf
                    self._finish(i, tf)
                    done += 1
                    policy.on_finish(i, tf)
                else:
                    i = order[nxt_sub]
                    nxt_sub += 1
                    self.state[i] = PENDING
                    self.epoch += 1
                    pending.add(i)
                    self._pend_add(i)
                    policy.on_submit(i, ts)
            self.now = td
            due: list[int] = []
            while self._lease_heap and self._lease_heap[0][0] <= td + _EPS:
                _, i, v = heapq.heappop(self._lease_heap)
                # an entry of the current version is of the current run: the job is RUNNING
                # (a finish or stop bumps the version)
                if v == self.version[i]:
                    due.append(i)
            if (due and blocked_renews and pending and not self.expired
                    and not self._placeable_with(due)):
                # no pending job could start even with the due jobs' GPUs in the pool: the
                # policy would renew every one of them (``renews_when_blocked``), so their
                # GPUs do not go through the pool and the policy is not called
                self.decisions += 1
                for i in due:
                    self._set_lease(i, td)
                    if on_blocked is not None:
                        on_blocked(i)
                continue
            for i in due:
                self.expired.add(i)
                for n, c in self.placement[i]:
                    hl[n] += c
                    u = pl[n]
                    by_pool[u].discard(n)
                    u += c
                    by_pool[u].add(n)
                    pl[n] = u
                self._fv += 1
                self._pool += self._g[i]
            if self.expired and not pending and idle_renews:
                for i in sorted(self.expired):  # nothing waits: every candidate is renewed
                    self.place(i)
            if pending or self.expired:
                self.decisions += 1
                self._renewed.clear()
                policy.schedule(self, td, sorted(pending) if want_pending else [],
                                sorted(self.expired))
                if self.expired:
                    for i in sorted(self.expired):
                        self._stop(i, td, expired=True)
        overhead = sum(s.cold + (s.ckpt if s.reason == "preempt" else 0.0) for s in self.segments)
        return SimTrace(self.segments, self.completion, self.preemptions, self.decisions, overhead)
