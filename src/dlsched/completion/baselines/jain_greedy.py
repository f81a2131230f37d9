"""Jain et al. max-weight batch greedy for problem (7).

``jain_greedy``: the max-weight batch greedy (GreedyRTL reconstruction) for the batch problem
(7). It maximises the accepted weight by a deadline, not the completion objective, so it is
not a registered completion algorithm: ``dlsched.completion.batch`` exposes it with its own
objective and validator (``accepted_weight``, ``check_batch``).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ...core import Result, Status
from ...sim import Cluster
from ..instance import CompletionInstance
from ..solution import JobPlan, make_solution
from ..support.config import Config, configurations
from ..support.placement import place, placement_load


def jain_greedy(inst: CompletionInstance, *, tau: int | None = None, **_: Any) -> Result:
    """Jain et al.'s max-weight batch greedy (GreedyRTL reconstruction) for problem (7).

    Jobs by w_j / (d x normalised load) of their smallest-footprint configuration,
    descending; for each, its configurations by increasing footprint d x load, each at the
    latest start that fits with t + d <= tau (a colocated configuration on one server).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    tau : int or None, default None
        Deadline of the batch; None uses the instance horizon. Unit: slots.

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` the accepted weight (problem (7), maximised).
        Unit: weight. ``solution`` a completion ``Solution`` of the accepted jobs with
        ``accepted_weight`` and ``deadline`` (a schedule of (7): ``batch.check_batch`` judges
        it, not the completion validator).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = jain_greedy(golden("s4"))
    >>> res.objective, res.solution.accepted_weight
    (2.0, 2.0)
    """
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
                cl.allocate(placement_load(inst, k.m, k.p, w, s), t, t + k.d)
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
