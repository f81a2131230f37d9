"""The simulated baselines' run on the shared slotted engine ``dlsched.sim``: a policy's
placements as sim placements, the run with its resume / rescale penalties, and the Result.

A job progresses N / theta(q) mini-batches per slot; a resume after a pause costs
``resume_penalty`` slots (default one, ours; notes §5), a change of a running job's placement
without a pause (AntMan opportunistic jobs, Tiresias migrations) ``rescale_penalty`` slots
(default 0, ours). A preempted job's solution record carries its ``segments``.

The instance's rules bind every policy alike: on an instance with ``preemption: false`` (the
default) a job that started runs to completion on its first placement; the policy sees the
others only (``without_preemption``), so a preemptive baseline such as Tiresias becomes its
non-preemptive version there instead of returning a schedule the validator rejects.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ...core import Result, Status
from ...sim import Placement, SimJob, run_policy
from ...sim.slotted import Policy, SimState
from ..instance import CompletionInstance
from ..solution import JobPlan, Solution, solution_json
from .config import EPS, check_durations, configurations, theta
from .placement import place, placement_load


def sim_placement(inst: CompletionInstance, j: int, m: int, p: int, workers: dict[int, int],
                  ps: dict[int, int]) -> Placement:
    """A placement (index form) as a slotted-engine ``Placement`` with its load and progress rate.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.
    m : int
        Worker type index.
    p : int
        PS type index (-1 under Ring-AllReduce).
    workers : dict of int to int
        Server index -> number of workers.
    ps : dict of int to int
        Server index -> number of parameter servers.

    Returns
    -------
    Placement
        ``load`` [server, resource] and ``rate`` = N / theta mini-batches per slot (colocated
        when all workers and PSs share one server).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> pl = sim_placement(golden("s4"), 0, 0, 0, {0: 2}, {0: 1})
    >>> round(pl.rate, 4), pl.load.tolist()
    (1.3333, [[2.0, 1.0]])
    """
    n = sum(workers.values())
    q = int(len(set(workers) | set(ps)) == 1)
    rate = n / theta(inst, j, m, p, q, n)
    return Placement(placement_load(inst, m, p, workers, ps), rate, workers, ps, {"m": m, "p": p})


def try_place(inst: CompletionInstance, j: int, m: int, p: int, n: int, res: np.ndarray
              ) -> Placement | None:
    """``place`` n workers of type m (and PSs of type p) into ``res`` as an engine ``Placement``.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.
    m : int
        Worker type index.
    p : int
        PS type index (-1 under Ring-AllReduce).
    n : int
        Number of workers. Unit: workers.
    res : numpy.ndarray
        Residual capacity [server, resource].

    Returns
    -------
    Placement or None
        The placement, or None when it does not fit.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> try_place(inst, 0, 0, 0, 4, inst.capacity) is None
    True
    """
    got = place(inst, m, p, n, res)
    return None if got is None else sim_placement(inst, j, m, p, *got)


def sim_jobs(inst: CompletionInstance) -> list[SimJob]:
    """The instance's jobs as engine jobs (arrival slot, work W_j in mini-batches).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    list of SimJob
        One per job, in index order (work shaved by 1e-12 against rounding).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> [j.arrival for j in sim_jobs(golden("s4"))]
    [1, 1]
    """
    return [SimJob(j, int(inst.arrival[j]), float(inst.workload[j]) * (1 - 1e-12))
            for j in range(inst.n_jobs)]


def sim_result(inst: CompletionInstance, method: str, jobs: list[SimJob], t0: float,
               stats: dict[str, Any]) -> Result:
    """The engine's finished jobs -> a completion Result (preempted jobs carry ``segments``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    method : str
        Method name of the Result.
    jobs : list of SimJob
        The jobs after the run.
    t0 : float
        ``time.perf_counter()`` at the start (for ``runtime_s``). Unit: s.
    stats : dict
        Statistics to report (``preempted_jobs`` is added).

    Returns
    -------
    Result
        Status ``feasible``; a completion ``Solution`` with ``capped`` false.
    """
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
    data = solution_json(inst, plans, capped=False)
    for name, sg in segs.items():
        data["jobs"][name]["segments"] = sg
    sol = Solution.from_json(data)
    stats["preempted_jobs"] = len(segs)
    return Result(problem="completion", method=method, status=Status.FEASIBLE,
                  objective=sol["objective"], runtime_s=time.perf_counter() - t0,
                  solution=sol, stats=stats)


class _PinnedView(SimState):
    """The state a policy sees when started jobs are pinned: they are not ``active`` and their
    load is off the capacity."""

    def __init__(self, state: SimState, pinned: dict[int, Placement]) -> None:
        load = sum((pl.load for pl in pinned.values()), np.zeros_like(state.capacity))
        super().__init__(state.t, state.jobs, state.capacity - load, dict(state.running))
        self._pinned = set(pinned)

    def active(self) -> list[SimJob]:
        return [j for j in super().active() if j.id not in self._pinned]


def without_preemption(policy: Policy) -> Policy:
    """``policy`` under the no-preemption rule: every job that ran in the last slot and is not
    done keeps its placement; the policy places the others in what is left (it sees only them
    and the capacity left; a placement that no longer fits waits for a later slot).

    Parameters
    ----------
    policy : Callable
        ``policy(t, state) -> dict[int, Placement]``.

    Returns
    -------
    Callable
        The same signature; started jobs are never paused, moved or rescaled.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s3")
    >>> def lifo(t, state):  # newest first: would preempt A for B at slot 2
    ...     out, res = {}, state.capacity.copy()
    ...     for job in sorted(state.active(), key=lambda j: -j.arrival):
    ...         pl = try_place(inst, job.id, 0, -1, 1, res)
    ...         if pl is not None:
    ...             out[job.id], res = pl, res - pl.load
    ...     return out
    >>> simulate(inst, "lifo", lifo).stats["preempted_jobs"]
    0
    """
    def pinned_policy(t: int, state: SimState) -> dict[int, Placement]:
        pinned = {j: pl for j, pl in state.running.items() if not state.jobs[j].done}
        view = _PinnedView(state, pinned)
        out, left = dict(pinned), view.capacity.copy()
        for j, pl in policy(t, view).items():  # a policy that counts from inst.capacity may
            if j not in out and np.all(pl.load <= left + EPS):  # over-place: those wait
                out[j], left = pl, left - pl.load
        return out

    return pinned_policy


def simulate(inst: CompletionInstance, method: str, policy: Callable, *,
             resume_penalty: int = 1, rescale_penalty: int = 0, **stats: Any) -> Result:
    """Run a slot-by-slot ``policy`` on the slotted engine and return its schedule as a Result.

    On an instance that forbids preemption the policy runs ``without_preemption``.

    The helper behind every simulated baseline, and the one a plugin baseline uses: each slot
    ``policy(t, state)`` returns the placements of the jobs that run in slot t (job index ->
    ``Placement``, e.g. from ``try_place``); a job progresses N / theta mini-batches per slot
    and completes when its work is done.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    method : str
        Method name of the Result.
    policy : Callable
        ``policy(t, state) -> dict[int, Placement]``; ``state`` is a ``SimState`` (``t``,
        ``jobs``, ``capacity``, ``running``: the placements of the last slot, ``active()``).
    resume_penalty : int, default 1
        Slots without progress when a paused job resumes. Unit: slots.
    rescale_penalty : int, default 0
        Slots without progress when a running job's placement changes. Unit: slots.
    **stats
        Reported in ``Result.stats`` (e.g. the baseline's parameters).

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` sum_j w_j C_j (Unit: weight x slots); a completion
        ``Solution`` (``capped`` false; preempted jobs carry ``segments``).

    Raises
    ------
    InputError
        A job has no configuration that fits, or needs more than ``limits.MAX_SLOTS`` slots,
        or the policy leaves jobs unfinished past the engine's slot limit (field ``jobs``).
    SimulationError
        The policy's placements exceed the capacity in some slot.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> from dlsched.completion.support.placement import ideal_config
    >>> inst = golden("s4")
    >>> def greedy(t, state):
    ...     out, res = {}, state.capacity.copy()
    ...     for job in state.active():
    ...         k = ideal_config(inst, job.id)
    ...         pl = try_place(inst, job.id, k.m, k.p, k.n, res)
    ...         if pl is not None:
    ...             out[job.id], res = pl, res - pl.load
    ...     return out
    >>> res = simulate(inst, "my-greedy", greedy)
    >>> res.status.value, res.objective
    ('feasible', 8.0)
    """
    t0 = time.perf_counter()
    check_durations(inst)
    longest = sum(max(k.d for k in configurations(inst, j)) for j in range(inst.n_jobs))
    limit = 4 * (int(inst.arrival.max()) + longest) + 100
    limit += 4 * inst.n_jobs * (resume_penalty + rescale_penalty)
    if not inst.preemption:
        policy = without_preemption(policy)
    jobs = run_policy(sim_jobs(inst), inst.capacity, policy, max_slots=limit,
                      resume_penalty=resume_penalty, reconfigure_penalty=rescale_penalty)
    stats.update(resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)
    return sim_result(inst, method, jobs, t0, dict(stats))
