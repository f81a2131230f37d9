"""Exact models, one module each: ``completion-milp`` (``.milp``, E1, Pyomo + HiGHS),
``completion-cpsat`` (``.cpsat``), ``completion-interval`` (``.interval``, the default) and
``completion-patterns`` (``.patterns``, E2); their lower bounds (``.bounds``, with the
column generation of ``.colgen``), the guard's heuristic table (``.crosscheck``) and the
exact routes of the batch problem (7) (``.batch``).

All models are non-preemptive (one run in one configuration per job, the paper's model) and
refuse an instance with ``preemption`` true. They take ``horizon``, by default the instance's
rule (``.incumbent.statement_horizon``): ``"instance"`` (T_max = T, [A22]) when its
``horizon_hard`` is true, ``"extended"`` (the unconstrained optimum: T_max from notes §2.4's
bound w_j C_j <= UB - sum_{k!=j} w_k C^min_k with UB the best of the online algorithm and the
FIFO baseline) when the horizon is open; a value stating another problem (a cap below the
extended horizon on an open instance, anything but T on a hard one) is refused with an
``InputError`` naming ``horizon``. Every result
carries the lower bounds of notes §2.5 in ``stats["bounds"]`` (LB0, area/Smith, the aggregate LP
and the LP relaxation of E1; ``lp_bound="auto"`` solves the two LPs up to
``bounds.LP_COLUMN_LIMIT`` columns, ``True`` always, ``False`` never; a missing LP is explained in
``stats["bounds_missing"]``; with ``lp_bound`` on, the configuration LP of E2 as well while E2
is within its pattern limits) and is re-checked by the independent validator (violations ->
status ``error``). The MILP's LP relaxation re-solves its own model with integrality dropped.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)


from __future__ import annotations

from .cpsat import cp_integer_data, placement_vars, read_plans, solve_cp
from .crosscheck import CROSSCHECK
from .finish import stopped
from .incumbent import (
           best_heuristic,
           extended_horizon,
           incumbent_pool,
           resolve_horizon,
           statement_horizon,
)
from .interval import solve_interval
from .milp import PYOMO_COLUMNS_PER_S, solve_milp
from .patterns import solve_patterns

__all__ = ["CROSSCHECK", "PYOMO_COLUMNS_PER_S", "best_heuristic", "cp_integer_data",
           "extended_horizon", "incumbent_pool", "placement_vars", "read_plans",
           "resolve_horizon", "solve_cp", "solve_interval", "solve_milp", "solve_patterns",
           "statement_horizon", "stopped"]
