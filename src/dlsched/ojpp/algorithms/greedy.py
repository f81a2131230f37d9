"""Alg. 1 Greedy (notes §6): jobs in resource order (compute, then peak memory, then workers,
all decreasing; ties by index), each placed by Placement (Alg. 2) with every constraint active.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from ..support.placement import Variant, add_variant
from ..support.state import Rules

GREEDY = Variant(Rules(), "greedy", "Alg. 1 Greedy (BFD order + Placement), all constraints")
add_variant("greedy", GREEDY)
