"""C-Greedy baseline (notes §7, Table 4): Greedy with the collision bound only.

Greedy's order and Placement's lowest-potential choice; of the side constraints only the
collision-probability bound (5) is checked (interference cap (7) and balance (8) are ignored).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from ..support.placement import Variant, add_variant
from ..support.state import Rules

C_GREEDY = Variant(
    Rules(collision=True, interference=False, balance=False), "greedy",
    "Greedy with the collision-probability constraint only",
)
add_variant("c-greedy", C_GREEDY)
