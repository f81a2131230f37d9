"""The simulated baselines' run on the shared slotted engine ``dlsched.sim``: a policy's
placements as sim placements, the run with its resume / rescale penalties, and the Result.

A job progresses N / theta(q) mini-batches per slot; a resume after a pause costs
``resume_penalty`` slots (default one, ours; notes §5), a change of a running job's placement
without a pause (AntMan opportunistic jobs, Tiresias migrations) ``rescale_penalty`` slots
(default 0, ours). A preempted job's solution record carries its ``segments``.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ...core import Result, Status
from ...sim import Placement, SimJob, run_policy
from ..instance import CompletionInstance
from ..solution import JobPlan, Solution, solution_json
from .config import check_durations, configurations, theta
from .placement import place, placement_load


def sim_placement(inst: CompletionInstance, j: int, m: int, p: int, workers: dict[int, int],
                  ps: dict[int, int]) -> Placement:
    n = sum(workers.values())
    q = int(len(set(workers) | set(ps)) == 1)
    rate = n / theta(inst, j, m, p, q, n)
    return Placement(placement_load(inst, m, p, workers, ps), rate, workers, ps, {"m": m, "p": p})


def try_place(inst: CompletionInstance, j: int, m: int, p: int, n: int, res: np.ndarray
              ) -> Placement | None:
    got = place(inst, m, p, n, res)
    return None if got is None else sim_placement(inst, j, m, p, *got)


def sim_jobs(inst: CompletionInstance) -> list[SimJob]:
    return [SimJob(j, int(inst.arrival[j]), float(inst.workload[j]) * (1 - 1e-12))
            for j in range(inst.n_jobs)]


def sim_result(inst: CompletionInstance, method: str, jobs: list[SimJob], t0: float,
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
    data = solution_json(inst, plans, capped=False)
    for name, sg in segs.items():
        data["jobs"][name]["segments"] = sg
    sol = Solution.from_json(data)
    stats["preempted_jobs"] = len(segs)
    return Result(problem="completion", method=method, status=Status.FEASIBLE,
                  objective=sol["objective"], runtime_s=time.perf_counter() - t0,
                  solution=sol, stats=stats)


def simulate(inst: CompletionInstance, method: str, policy: Callable, *,
             resume_penalty: int = 1, rescale_penalty: int = 0, **stats: Any) -> Result:
    """Simulate ``policy``; a resume after a pause costs ``resume_penalty`` slots without
    progress, a change of a running job's placement (rescale, migration) ``rescale_penalty``."""
    t0 = time.perf_counter()
    check_durations(inst)
    longest = sum(max(k.d for k in configurations(inst, j)) for j in range(inst.n_jobs))
    limit = 4 * (int(inst.arrival.max()) + longest) + 100
    limit += 4 * inst.n_jobs * (resume_penalty + rescale_penalty)
    jobs = run_policy(sim_jobs(inst), inst.capacity, policy, max_slots=limit,
                      resume_penalty=resume_penalty, reconfigure_penalty=rescale_penalty)
    stats.update(resume_penalty=resume_penalty, rescale_penalty=rescale_penalty)
    return sim_result(inst, method, jobs, t0, dict(stats))
