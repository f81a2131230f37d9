"""Skeleton plug-in for the ``ojpp`` problem (docs/plugins/ojpp.md): copy, rename, fill in.

Registers ``my-ojpp-exclusive``: every job on devices of its own, as many workers per device
as fit (no co-location at all: the opposite of what OJPP is about, but always valid when the
cluster has devices enough); the validator then checks the whole placement. Replace ``place``
with your own rule. Try it: ``.venv/bin/dlsched run instances/ojpp/golden-o1.json
-a my-ojpp-exclusive --import docs/examples/plugins/ojpp_skeleton.py``.
"""

from __future__ import annotations

import time

import numpy as np

import dlsched as ds
from dlsched.core import Result, Status, register_algorithm
from dlsched.ojpp.instance import OJPPInstance
from dlsched.ojpp.solution import make_solution
from dlsched.ojpp.support.patterns import device_feasible


def place(inst: OJPPInstance) -> np.ndarray | None:
    """Y[d, i]: workers of job i on device d (devices x jobs, integers); None if one worker of
    some job fits no empty device.

    Each job gets devices of its own, all holding the same number k of its workers (the
    largest divisor of its worker count that one device takes, ``device_feasible``): identical
    devices give every worker of the job the same slowdown, so the balance limit (8) holds too.
    """
    rows = []
    for i, job in enumerate(inst.jobs):
        fits = [k for k in range(job.workers, 0, -1) if job.workers % k == 0
                and device_feasible(inst, _device(inst, i, k))]
        if not fits:
            return None
        rows += [_device(inst, i, fits[0])] * (job.workers // fits[0])
    return np.array(rows, dtype=int).reshape(len(rows), inst.n_jobs)


def _device(inst: OJPPInstance, i: int, k: int) -> np.ndarray:
    """The count vector of a device holding ``k`` workers of job ``i`` and nothing else."""
    a = np.zeros(inst.n_jobs, dtype=int)
    a[i] = k
    return a


@register_algorithm("my-ojpp-exclusive", "ojpp",
                    "skeleton plug-in: every job on devices of its own")
def my_ojpp_exclusive(inst: OJPPInstance) -> Result:
    """Every job on its own identical devices.

    Parameters
    ----------
    inst : OJPPInstance
        The instance.
    """
    t0 = time.perf_counter()
    Y = place(inst)
    solution = None if Y is None else make_solution(inst, Y)  # {"devices": [...], "used": n}
    # the balance limit (8) spans devices: the problem's validator checks the whole placement
    problems = ["a worker fits no empty device"] if solution is None else ds.check(inst, solution)
    if problems:  # no valid placement found: say so, return no solution
        return Result(problem="ojpp", method="my-ojpp-exclusive", status=Status.INFEASIBLE,
                      runtime_s=time.perf_counter() - t0, stats={"reason": problems[0]})
    return Result(problem="ojpp", method="my-ojpp-exclusive", status=Status.FEASIBLE,
                  objective=float(solution.used), runtime_s=time.perf_counter() - t0,
                  solution=solution)
