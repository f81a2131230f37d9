"""The paper's own algorithm: ASTRAEA (Alg. 1/2) on the event simulator.

Re-exports the runner of the former ``dlsched.ltgf.algorithms`` module (``simulate``,
``run_policy``, ``with_lease``, now in ``support/simulate.py``) so old imports keep working.
"""

from __future__ import annotations

from ..support.simulate import POLICIES, run_policy, simulate, with_lease
from .astraea import Astraea

__all__ = ["POLICIES", "Astraea", "run_policy", "simulate", "with_lease"]
