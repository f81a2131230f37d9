"""Skeleton plug-in for the ``revenue`` problem (docs/plugins/revenue.md): copy, rename, fill in.

Registers ``my-revenue-serial``: jobs in arrival order, one at a time, each centralized on the
largest server in its fastest centralized configuration, admitted only when its utility is
positive. Replace ``schedule`` with your own rule. Try it: ``.venv/bin/dlsched run
instances/revenue/paper-worked-example.json -a my-revenue-serial --import
docs/examples/plugins/revenue_skeleton.py``.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from dlsched.core import Result, Status, register_algorithm
from dlsched.revenue.instance import RevenueInstance
from dlsched.revenue.solution import finish, job_record
from dlsched.revenue.support.configs import configurations, utility_x


def schedule(inst: RevenueInstance) -> dict[int, dict[str, Any]]:
    """Job index -> JSON record of each admitted job (the others are rejected)."""
    server = int(np.argmax(np.where(inst.cap_p >= 1, inst.cap_w, -1)))  # one with a PS slot
    free_from = 1  # first slot the server is free (slots are 1-based, inclusive)
    records: dict[int, dict[str, Any]] = {}
    origin = inst.time_origin  # the instance's rule: f_j(completion - arrival) or f_j(completion)
    for j in np.argsort(inst.arrival, kind="stable"):
        j = int(j)
        # the instance's rules: exactly D_j workers when it fixes them, every run ends by T
        fits = [k for k in configurations(inst, j, fixed_workers=bool(inst.fixed_workers))
                if k.placement == "C" and k.w <= inst.cap_w[server]]
        if not fits or inst.cap_p[server] < 1:
            continue
        k = min(fits, key=lambda c: (c.d, c.w))
        start = max(int(inst.arrival[j]) + 1, free_from)  # runs from slot r_j + 1 on
        completion = start + k.d - 1
        if completion > inst.horizon or inst.f(j, utility_x(inst, j, completion, origin)) <= 0:
            continue  # rejecting is always allowed
        records[j] = job_record(inst, j, "C", start, k.d, {server: k.w}, {server: 1},
                                origin)
        free_from = completion + 1
    return records


@register_algorithm("my-revenue-serial", "revenue",
                    "skeleton plug-in: one job at a time on the largest server")
def my_revenue_serial(inst: RevenueInstance) -> Result:
    """Serial schedule on one server in arrival order.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    """
    t0 = time.perf_counter()
    solution = finish(inst, schedule(inst), inst.time_origin)  # adds revenue, gains, fairness
    return Result(problem="revenue", method="my-revenue-serial", status=Status.FEASIBLE,
                  objective=float(solution.revenue), runtime_s=time.perf_counter() - t0,
                  solution=solution)
