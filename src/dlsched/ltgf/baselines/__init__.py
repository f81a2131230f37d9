"""The six baselines of notes §6, one module per namesake, as event-simulator policies.

Importing this package registers them (after ASTRAEA, in this order: the exact models take
their incumbents from the policies in registration order). It is also the target of the
deprecated ``dlsched.ltgf.policies`` path, so it re-exports that module's names (``POLICIES``
and ``Astraea`` included).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from ..algorithms.astraea import Astraea
from ..support.simulate import POLICIES

# registration order = the order of POLICIES (the exact models' incumbents): keep it
# isort: off
from .yarn_cs import YarnCS, largest_remainder
from .hived import HiveD
from .allox import AlloX
from .tiresias import TiresiasL
from .themis import Themis
from .gandiva_fair import GandivaFair
# isort: on

__all__ = [
    "POLICIES",
    "AlloX",
    "Astraea",
    "GandivaFair",
    "HiveD",
    "Themis",
    "TiresiasL",
    "YarnCS",
    "largest_remainder",
]
