"""B-Greedy baseline (notes §7, Table 4): Greedy with the balance constraint only.

Greedy's order and Placement's lowest-potential choice; of the side constraints only the
slowdown balance (8) is checked (collision (5) and the interference cap (7) are ignored).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from ..support.placement import Variant, add_variant
from ..support.state import Rules

B_GREEDY = Variant(
    Rules(collision=False, interference=False, balance=True), "greedy",
    "Greedy with the balance constraint only",
)
add_variant("b-greedy", B_GREEDY)
