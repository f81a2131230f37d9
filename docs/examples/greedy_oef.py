"""A plugin for the tutorial "Measure your own algorithm" (docs/plugin.md).

It registers one new algorithm for the existing ``oef`` problem: every GPU type goes wholly to
the virtual row with the highest speedup on it. This maximises total efficiency (LP 4 without
fairness) but ignores sharing incentive and envy-freeness, so its ratio against the efficiency
optimum is 1 while its fairness properties fail -- a useful contrast in a benchmark table.

Importing the module is all it takes: ``register_algorithm`` adds the function to dlsched's
registry under a name scoped by problem. A suite names the module in ``[suite] imports``.
"""

from __future__ import annotations

import time

import numpy as np

from dlsched.core import InputError, Result, Status, register_algorithm
from dlsched.oef.instance import OEFInstance
from dlsched.oef.solution import make_solution, row_efficiency


@register_algorithm("greedy-fastest", "oef", "tutorial plugin: each GPU type to its fastest row")
def greedy_fastest(inst: OEFInstance, share: float = 1.0) -> Result:
    """Give a fraction ``share`` of every GPU type to the row with the largest speedup on it.

    ``share`` is a parameter only to show how suite ``params`` reach an algorithm; it must lie
    in (0, 1] (the rest of each type stays idle).
    """
    if not 0.0 < share <= 1.0:
        raise InputError("share", f"must lie in (0, 1], got {share}")  # CLI/bench: exit 2
    t0 = time.perf_counter()
    W = inst.rows.W                                   # (rows, GPU types) speedups
    X = np.zeros_like(W, dtype=float)
    best = np.argmax(W, axis=0)                       # fastest row of each type
    X[best, np.arange(W.shape[1])] = share * np.asarray(inst.capacity, dtype=float)
    return Result(problem="oef", method="greedy-fastest", status=Status.FEASIBLE,
                  objective=float(row_efficiency(inst, X).sum()),   # recomputed, not claimed
                  runtime_s=time.perf_counter() - t0, solution=make_solution(inst, X))
