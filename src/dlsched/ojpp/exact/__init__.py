"""OJPP's exact models, one module each (importing registers them): ``milp`` (ojpp-compact,
notes §5.1), ``cpsat`` (ojpp-cpsat, §5.3), ``patterns`` (ojpp-patterns, §5.2, with its column
generation in ``colgen`` / ``pricing`` / ``master`` / ``packing`` / ``fixed_bins``) and ``ojpap``
(ojpap-exact, §6); ``bounds`` holds the redundant rows and bottom-up search they share,
``scaling`` CP-SAT's integer data, ``crosscheck`` the guard's heuristic table.

Re-exports the public names of the former ``dlsched.ojpp.exact`` module (now ``exact.milp``).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from . import cpsat, ojpap, patterns  # noqa: F401  (registration)
from .milp import PYOMO_PAIRS_PER_S, compact, solve_compact

__all__ = ["PYOMO_PAIRS_PER_S", "compact", "solve_compact"]
