"""The paper's own OJPP algorithms: Greedy (Alg. 1), Heuristic (Alg. 3), the online adjustment
(Alg. 4) and the AIP interference predictor. Placement (Alg. 2) and the variant table are in
``support/placement.py``; the Table 4 baselines in ``baselines/``.

Re-exports the public names of the former ``dlsched.ojpp.algorithms`` module.
"""

from __future__ import annotations

from .. import baselines  # noqa: F401  (the baselines' rows of VARIANTS)
from ..support.placement import (
    ORDERS,
    VARIANTS,
    Order,
    Variant,
    greedy_order,
    placement,
    resource_order,
    run_variant,
)
from . import adjustment, aip, greedy  # noqa: F401  (registration)
from .heuristic import gregariousness, heuristic_order

__all__ = [
    "ORDERS",
    "VARIANTS",
    "Order",
    "Variant",
    "greedy_order",
    "gregariousness",
    "heuristic_order",
    "placement",
    "resource_order",
    "run_variant",
]
