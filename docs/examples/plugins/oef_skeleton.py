"""Skeleton plug-in for the ``oef`` problem (docs/plugins/oef.md): copy, rename, fill in.

Registers ``my-oef-equal``: every user gets an equal share of every GPU type. Trivial, valid
(it uses exactly the capacity), and a starting point: replace the body of ``allocate``.
Try it: ``.venv/bin/dlsched run instances/oef/paper-w1-efficiency.json -a my-oef-equal --import
docs/examples/plugins/oef_skeleton.py``.
"""

from __future__ import annotations

import time

import numpy as np

from dlsched.core import InputError, Result, Status, register_algorithm
from dlsched.oef.instance import OEFInstance
from dlsched.oef.solution import make_solution, row_efficiency


def allocate(inst: OEFInstance) -> np.ndarray:
    """X[r, j]: GPUs of type j given to virtual row r (rows x types, non-negative floats; each
    column sums to at most capacity[j])."""
    n_rows, _ = inst.rows.W.shape
    return np.tile(np.asarray(inst.capacity, dtype=float) / n_rows, (n_rows, 1))


@register_algorithm("my-oef-equal", "oef", "skeleton plug-in: equal split of every GPU type")
def my_oef_equal(inst: OEFInstance, scale: float = 1.0) -> Result:
    """Equal split of every GPU type, times ``scale`` (the rest stays idle).

    Parameters
    ----------
    inst : OEFInstance
        The instance.
    scale : float, default 1.0
        Fraction of every GPU type handed out. Unit: dimensionless. Range: (0, 1].
    """
    if not 0.0 < scale <= 1.0:
        raise InputError("scale", f"must lie in (0, 1], got {scale}")
    t0 = time.perf_counter()
    X = scale * allocate(inst)
    return Result(problem="oef", method="my-oef-equal", status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()),  # total efficiency (LP 4)
                  runtime_s=time.perf_counter() - t0, solution=make_solution(inst, X))
