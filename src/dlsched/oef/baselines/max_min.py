"""Max-min baseline of the OEF paper (notes §6): the weighted equal split of every GPU type.

Works on the *virtual rows* of the instance (one row per (user, job type), weight
``pi_u / t_u``; ``inst.rows``), like the OEF LPs: row r gets ``m_j * pi_r / sum(pi)`` of every
type j. Status ``feasible``: the objective (total efficiency, recomputed from the allocation) is
not the optimum of any OEF model.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time

import numpy as np

from ...core import Result, register_algorithm
from ..instance import OEFInstance
from ..solution import allocation_result

__all__ = ["equal_split", "max_min"]


def equal_split(inst: OEFInstance) -> np.ndarray:
    """Weighted equal split X^eq, shape (R, k): row r gets m_j * pi_r / sum(pi) of type j."""
    pi = inst.rows.weight
    return np.outer(pi / pi.sum(), inst.capacity)


@register_algorithm("max-min", "oef", "weighted equal split of every GPU type (max-min fairness)")
def max_min(inst: OEFInstance) -> Result:
    """Equal split: SI with equality, EF only among identical rows, far from efficient."""
    t0 = time.perf_counter()
    return allocation_result(inst, "max-min", equal_split(inst), t0)
