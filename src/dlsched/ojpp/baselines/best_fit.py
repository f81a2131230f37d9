"""Best-fit baseline (notes §7, Table 4): 2D best-fit decreasing on compute and memory.

Greedy's resource order; each worker goes to the open device with the least residual capacity
(ties: lowest index) among those where compute and memory fit (memory='opportunistic' (3) or
'peak'); collision, interference and balance are ignored; a new device opens when none fits.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from ..support.placement import Variant, add_variant
from ..support.state import Rules

BEST_FIT = Variant(
    Rules(collision=False, interference=False, balance=False, select="best_fit"),
    "greedy",
    "2D best-fit decreasing, compute + memory only (memory='opportunistic' (3) or 'peak')",
)
add_variant("best-fit", BEST_FIT)
