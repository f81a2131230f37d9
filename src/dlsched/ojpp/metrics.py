"""Evaluation measures of a placement (notes §3 performance model, §8-§9 metrics).

Job slowdown (synchronous training, the straggler sets the pace):
``sigma_i = max over devices k holding job i of (s_ik + kappa * tau(D_k))`` with kappa = 1 by
default; JCT ``t'_i = t_i (1 + sigma_i)``. The instance has no standalone times, so every job
gets ``t_i = 1`` (then guaranteed performance = n / sum_i (1 + sigma_i)). Reduced resource
consumption = 1 - devices / total workers (dedicated = one GPU per worker).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from .instance import OJPPInstance
from .solution import counts
from .support.collision import tau_counts
from .support.interference import slowdowns


def job_slowdowns(inst: OJPPInstance, solution: dict[str, Any], kappa: float = 1.0) -> np.ndarray:
    """Slowdown sigma_i of every job: its slowest worker's interference plus collision term.

    sigma_i = max over the devices k holding job i of (s_ik + kappa * tau(D_k)) (notes §3).

    Parameters
    ----------
    inst : OJPPInstance
        The instance.
    solution : dict
        A placement (typed or its JSON).
    kappa : float, default 1.0
        Weight of a device's collision probability in the slowdown. Unit: dimensionless.

    Returns
    -------
    numpy.ndarray
        sigma_i per job, shape (jobs,). Unit: dimensionless (relative slowdown).

    Examples
    --------
    >>> from dlsched.ojpp.paper import golden_o1
    >>> inst = golden_o1()  # jobs A (2 workers), B (3), C (2); optimum 5 devices
    >>> sol = {"devices": [{"C": 2}, {"A": 1}, {"A": 1}, {"B": 2}, {"B": 1}], "used": 5}
    >>> job_slowdowns(inst, sol).round(6).tolist()
    [0.0, 0.14, 0.05]
    """
    Y = counts(inst, solution)
    sigma = np.zeros(inst.n_jobs)
    if not len(Y):
        return sigma
    taus = tau_counts(Y, inst.p, inst.collision_model)
    for k, y in enumerate(Y):
        s = slowdowns(inst.I, y, inst.interference_model) + kappa * taus[k]
        present = y > 0
        sigma[present] = np.maximum(sigma[present], s[present])
    return sigma


def metrics(inst: OJPPInstance, result: Any, kappa: float = 1.0) -> dict[str, float]:
    """Per-result measures for the benchmark harness (empty when there is no solution).

    Parameters
    ----------
    inst : OJPPInstance
        The instance.
    result : Result or dict
        A Result (its ``solution`` is read) or a solution.
    kappa : float, default 1.0
        Weight of the collision probability in a job's slowdown. Unit: dimensionless.

    Returns
    -------
    dict of str to float
        ``devices``, ``resource_saving`` (1 - devices / workers), ``guaranteed_performance``
        (n / sum_i (1 + sigma_i)), ``mean_slowdown`` and ``max_slowdown``.

    Examples
    --------
    >>> from dlsched.ojpp import metrics
    >>> from dlsched.ojpp.paper import golden_o1
    >>> inst = golden_o1()  # jobs A (2 workers), B (3), C (2); optimum 5 devices
    >>> sol = {"devices": [{"C": 2}, {"A": 1}, {"A": 1}, {"B": 2}, {"B": 1}], "used": 5}
    >>> m = metrics(inst, sol)
    >>> m["devices"], round(m["guaranteed_performance"], 6), round(m["max_slowdown"], 6)
    (5.0, 0.940439, 0.14)
    """
    solution = getattr(result, "solution", result)
    if not solution:
        return {}
    sigma = job_slowdowns(inst, solution, kappa)
    used = float(solution.get("used", len([d for d in solution["devices"] if d])))
    return {
        "devices": used,
        "resource_saving": 1.0 - used / inst.n_workers,
        "guaranteed_performance": float(inst.n_jobs / np.sum(1.0 + sigma)),
        "mean_slowdown": float(sigma.mean()),
        "max_slowdown": float(sigma.max()),
    }
