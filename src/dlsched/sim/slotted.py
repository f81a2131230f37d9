"""Slotted discrete-time engine: servers x resources x slots as numpy arrays.

Slot t is [t, t+1). A ``Cluster`` keeps the per-slot usage ``[slot, server, resource]``
(grown on demand) for reservations made ahead of time (non-preemptive schedules, batch
packing). ``run_policy`` simulates slot by slot: each slot it asks a policy for the
placements of the jobs that run in that slot, checks them against the capacities, advances
each job's progress by its rate, and completes a job at the end of the slot in which its
progress reaches its work (so a fixed allocation of rate rho finishes in ceil(work / rho)
slots). A job resumed after a pause makes no progress for its first ``resume_penalty`` slots
(a restart cost; every stalled slot counts, and a pause during the stall starts it again); a
running job whose placement changes without a pause (migration, elastic rescaling) stalls for
``reconfigure_penalty`` slots (default 0: free, the earlier behaviour).

The engine knows nothing of any problem: jobs carry ``work`` and the policy supplies
placements with their own ``rate`` and ``load[server, resource]``; problems translate back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.deadline import check_deadline
from ..core.errors import InputError

TOL = 1e-9


@dataclass
class Placement:
    """Where one job runs in a slot: counts per server, its load [H, R] and progress per slot."""

    load: np.ndarray
    rate: float
    workers: dict[int, int] = field(default_factory=dict)
    ps: dict[int, int] = field(default_factory=dict)
    info: dict[str, Any] = field(default_factory=dict)

    def same_as(self, other: Placement | None) -> bool:
        return (other is not None and self.workers == other.workers and self.ps == other.ps
                and self.info == other.info)


@dataclass
class SimJob:
    """A job of the engine: arrival slot, work to do, and its run history as segments."""

    id: int
    arrival: int
    work: float
    progress: float = 0.0
    completion: int | None = None
    segments: list[dict[str, Any]] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return self.completion is not None

    @property
    def started(self) -> bool:
        return bool(self.segments)


class Cluster:
    """Capacities C[h, r] and a usage table U[t, h, r] over slots 1..(grown on demand)."""

    def __init__(self, capacity: np.ndarray, slots: int = 64) -> None:
        self.capacity = np.asarray(capacity, dtype=float)
        self.usage = np.zeros((slots + 2, *self.capacity.shape))

    def _grow(self, end: int) -> None:
        if end + 1 >= self.usage.shape[0]:
            extra = max(end + 2 - self.usage.shape[0], self.usage.shape[0])
            self.usage = np.concatenate([self.usage, np.zeros((extra, *self.capacity.shape))])

    def residual(self, t0: int, t1: int) -> np.ndarray:
        """min over slots t0..t1-1 of C - U: [H, R]."""
        self._grow(t1)
        return self.capacity - self.usage[t0:t1].max(axis=0)

    def fits(self, load: np.ndarray, t0: int, t1: int) -> bool:
        return bool(np.all(load <= self.residual(t0, t1) + TOL))

    def allocate(self, load: np.ndarray, t0: int, t1: int) -> None:
        self._grow(t1)
        self.usage[t0:t1] += load

    def release(self, load: np.ndarray, t0: int, t1: int) -> None:
        self.usage[t0:t1] -= load


#: ``policy(t, state) -> {job id: Placement}`` for the jobs that run in slot t.
Policy = Callable[[int, "SimState"], dict[int, Placement]]


@dataclass
class SimState:
    """What a policy sees: the clock, the jobs, the arrived-and-unfinished ones, last slot."""

    t: int
    jobs: list[SimJob]
    capacity: np.ndarray
    running: dict[int, Placement] = field(default_factory=dict)  # placements of slot t-1

    def active(self) -> list[SimJob]:
        return [j for j in self.jobs if j.arrival <= self.t and not j.done]


class SimulationError(RuntimeError):
    """A policy broke capacity or the simulation ran out of slots."""


def run_policy(jobs: list[SimJob], capacity: np.ndarray, policy: Policy, *,
               max_slots: int = 10**6, resume_penalty: int = 1, start: int = 1,
               reconfigure_penalty: int = 0) -> list[SimJob]:
    """Simulate until every job completes; returns the jobs with segments and completions.

    ``resume_penalty``: slots without progress after a resume (each job's remaining stall is
    ``job.data["stall"]``); ``reconfigure_penalty``: the same after a change of placement of a
    job that ran in the previous slot. Stalled slots occupy the placement's resources; each
    segment records its stalled slots as ``"stall"``.
    """
    if resume_penalty < 0 or reconfigure_penalty < 0:
        raise InputError("resume_penalty", "penalties must be >= 0 slots")
    state = SimState(start, jobs, np.asarray(capacity, dtype=float))
    t = start
    while not all(j.done for j in jobs):
        check_deadline()  # only inside a caller's time limit (core.deadline)
        if t - start > max_slots:
            raise InputError("jobs", f"not finished after {max_slots} slots: durations "
                                     "beyond what the simulator steps through")
        state.t = t
        alloc = policy(t, state)
        total = np.zeros_like(state.capacity)
        for pl in alloc.values():
            total += pl.load
        if np.any(total > state.capacity + TOL):
            raise SimulationError(f"policy exceeds capacity in slot {t}")
        for jid, pl in alloc.items():
            job = jobs[jid]
            prev = state.running.get(jid)
            if prev is None or not pl.same_as(prev) or not job.segments \
                    or job.segments[-1]["end"] != t:
                resumed = job.started and (prev is None)
                job.segments.append({"start": t, "end": t + 1, "workers": dict(pl.workers),
                                     "ps": dict(pl.ps), "resume": resumed, "stall": 0,
                                     **pl.info})
                if resumed:
                    job.data["stall"] = resume_penalty
                elif prev is not None:  # same job, new placement, no pause
                    job.data["stall"] = job.data.get("stall", 0) + reconfigure_penalty
            else:
                job.segments[-1]["end"] = t + 1
            if job.data.get("stall", 0) > 0:
                job.data["stall"] -= 1
                job.segments[-1]["stall"] = job.segments[-1].get("stall", 0) + 1
            else:
                job.progress += pl.rate
            if job.progress >= job.work * (1 - TOL):
                job.completion = t + 1
        state.running = {jid: pl for jid, pl in alloc.items() if not jobs[jid].done}
        t += 1
    return jobs
