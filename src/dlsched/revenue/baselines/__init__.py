"""Baselines of notes §5.2, one module per namesake: BatchSche (``batchsche``, also
registered as ``astraea-private``), Gandiva_fair (``gandiva_fair``) and HiveD
(``hived``). All run on the shared slotted engine (``dlsched.sim.Cluster``); what they share
is in ``dlsched.revenue.support.placement``.

Importing this package registers them. The names of the former ``baselines.py`` module are
re-exported here, so ``from dlsched.revenue.baselines import private_instance`` keeps working.
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from ..support.placement import owners
from .batchsche import THETA_SCOPES, astraea_private, batchsche, private_instance
from .gandiva_fair import gandiva_fair
from .hived import hived

__all__ = ["THETA_SCOPES", "astraea_private", "batchsche", "gandiva_fair", "hived", "owners",
           "private_instance"]
