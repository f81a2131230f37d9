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
    """The weighted equal split X^eq: row r gets m_j * pi_r / sum(pi) of every type j.

    Parameters
    ----------
    inst : OEFInstance
        The instance to split.

    Returns
    -------
    numpy.ndarray
        Shape (R, k): GPUs of each type per virtual row (user, job type).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.baselines import equal_split
    >>> equal_split(generate(n=2, k=2, seed=0, counts=[2, 4])).tolist()
    [[1.0, 2.0], [1.0, 2.0]]
    """
    pi = inst.rows.weight
    return np.outer(pi / pi.sum(), inst.capacity)


@register_algorithm("max-min", "oef", "weighted equal split of every GPU type (max-min fairness)")
def max_min(inst: OEFInstance) -> Result:
    """Max-min baseline: every virtual row gets its weighted equal slice of every GPU type.

    Sharing incentive holds with equality and envy-freeness only among identical rows; the
    allocation is far from efficient. Takes no parameters.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` is the total normalised throughput recomputed from
        the allocation; the ``Solution`` holds ``allocation`` (n x k GPUs per user),
        ``efficiency``, ``total_efficiency`` and ``rows``.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.baselines import max_min
    >>> res = max_min(generate(n=3, k=2, seed=0))
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 4.526325)
    """
    t0 = time.perf_counter()
    return allocation_result(inst, "max-min", equal_split(inst), t0)
