"""Exact offline counterpart of LTGF (notes §9): ``ltgf-milp`` (``milp.py``, Pyomo + HiGHS) and
``ltgf-cpsat`` (``cpsat.py``) share the max-min / leximin driver (``maxmin.py``); their
incumbents come from the online policies (``starts.py``), their size checks from
``bounds.py``; ``brute.py`` enumerates every slot schedule of a tiny instance.

Importing this package registers both models. It re-exports the names of the former
``dlsched.ltgf.exact`` module.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from .cpsat import CPSAT_LIMIT  # noqa: F401  (registers ltgf-cpsat)
from .maxmin import slot_solution, solve_maxmin
from .milp import solve_windows
from .starts import online_schedules, online_slot_matrix

__all__ = [
    "online_schedules",
    "online_slot_matrix",
    "slot_solution",
    "solve_maxmin",
    "solve_windows",
]
