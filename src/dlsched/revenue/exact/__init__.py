"""Exact models of the revenue problem, one module each: ``revenue-milp`` (``milp``,
Pyomo + HiGHS) and ``revenue-cpsat`` (``cpsat``); their shared bound (``bounds``),
plumbing (``common``) and the guard's heuristic table (``crosscheck``).

Importing this package registers both models. The names of the former ``exact.py`` module are
re-exported here, so ``from dlsched.revenue.exact import solve_milp`` keeps working.
"""

from __future__ import annotations

from ..support.horizon import AUTO_HORIZON_RUNS, auto_horizon
from .bounds import alone_bound
from .common import BUILD_SHARE
from .cpsat import CP_VALUES_PER_S, solve_cp
from .crosscheck import CROSSCHECK
from .milp import PYOMO_COLUMNS_PER_S, solve_milp

__all__ = ["AUTO_HORIZON_RUNS", "BUILD_SHARE", "CP_VALUES_PER_S", "CROSSCHECK",
           "PYOMO_COLUMNS_PER_S", "alone_bound", "auto_horizon", "solve_cp", "solve_milp"]
