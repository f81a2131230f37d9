"""I-Greedy baseline (notes §7, Table 4): Greedy with the interference cap only.

Greedy's order and Placement's lowest-potential choice; of the side constraints only the
interference cap (7) is checked (collision (5) and balance (8) are ignored).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from ..support.placement import Variant, add_variant
from ..support.state import Rules

I_GREEDY = Variant(
    Rules(collision=False, interference=True, balance=False), "greedy",
    "Greedy with the interference cap only",
)
add_variant("i-greedy", I_GREEDY)
