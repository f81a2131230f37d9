"""Skeleton plug-in for the ``oef`` problem (docs/plugins/oef.md): copy, rename, fill in.

Registers ``my-oef-equal``: every virtual row gets the same fraction of every GPU type, sized
so that the instance's fairness rule holds: shares proportional to the row weights (weighted
envy-free: no row values another's share above its own) or, under ``noncooperative``, to
weight / (row value of the whole cluster) (every row reaches the same weighted normalised
throughput). Valid under every rule, and a starting point: replace the body of ``allocate``.
Its parameter ``scale`` is declared with ``Param``: a value outside (0, 1] is refused before
it runs, and ``dlsched params my-oef-equal`` shows the range.
Try it: ``.venv/bin/dlsched run instances/oef/paper-w1-efficiency.json -a my-oef-equal --import
docs/examples/plugins/oef_skeleton.py``.
"""

from __future__ import annotations

import time

import numpy as np

from dlsched.core import Result, Status, register_algorithm
from dlsched.core.registry import Param
from dlsched.oef.instance import OEFInstance
from dlsched.oef.solution import make_solution, row_efficiency


def allocate(inst: OEFInstance) -> np.ndarray:
    """X[r, j]: GPUs of type j given to virtual row r (rows x types, non-negative floats; each
    column sums to at most capacity[j])."""
    capacity = np.asarray(inst.capacity, dtype=float)
    pi = np.asarray(inst.rows.weight, dtype=float)  # row weights
    if inst.fairness == "noncooperative":  # equal levels W_r.x_r / pi_r for every row
        value = inst.rows.W @ capacity  # W_r . capacity: row r's value of the whole cluster
        if np.any(value <= 0):
            return np.zeros_like(inst.rows.W, dtype=float)  # a row that values nothing: T = 0
        share = pi / value
    else:  # x_r proportional to pi_r: W_r.x_s / pi_s = W_r.x_r / pi_r, no envy
        share = pi.copy()
    return np.outer(share / share.sum(), capacity)


@register_algorithm("my-oef-equal", "oef", "skeleton plug-in: a fair split of every GPU type",
                    params={"scale": Param(float, low=0, high=1, low_open=True,
                                           unit="dimensionless",
                                           doc="Fraction of every GPU type handed out.")})
def my_oef_equal(inst: OEFInstance, scale: float = 1.0) -> Result:
    """The fair split of every GPU type, times ``scale`` (the rest stays idle).

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    scale : float, default 1.0
        Fraction of every GPU type handed out (declared: checked before the call).
    """
    t0 = time.perf_counter()
    X = scale * allocate(inst)
    return Result(problem="oef", method="my-oef-equal", status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()),  # total efficiency (LP 4)
                  runtime_s=time.perf_counter() - t0, solution=make_solution(inst, X))
