"""Revenue sharing among tenants with parameter servers (Wang, Zhou et al., "Astraea", IEEE TC
2023): the revenue MINLP (3)/(4) as an exact MILP and CP-SAT model, the Astraea online
mechanism with posted prices and payments, and the BatchSche / Gandiva_fair / HiveD baselines.

Rooms: ``instance`` (schema), ``solution`` (the typed Solution), ``validate`` (independent
checker), ``generate``, ``export``, ``paper`` (the worked example), ``metrics``, ``model/`` (the
Pyomo MILP), ``exact/`` (``milp``, ``cpsat``, ``bounds``, ``crosscheck``), ``algorithms/``
(``astraea``, ``a_round``, ``a_maxirev``), ``baselines/`` (``batchsche``, ``gandiva_fair``,
``hived``) and ``support/`` (configurations, the mechanism, shared placement). The modules of
the former flat layout (``MOVED_MODULES``) still import, with a ``DeprecationWarning``."""

from __future__ import annotations

import json

from ..core.compat import alias_modules
from ..core.registry import PROBLEMS, Problem
from . import algorithms, baselines, exact  # noqa: F401  (register models and algorithms)
from .exact.crosscheck import CROSSCHECK
from .generate import generate
from .instance import RevenueInstance, dump, parse
from .metrics import metrics
from .model import build_model
from .paper import worked_example
from .rules import describe_rules, model_for_rules, rules
from .solution import Solution
from .validate import check, objective

PROBLEMS.add(
    "revenue",
    Problem(
        name="revenue",
        sense="max",
        description="Total revenue of PS-architecture ML jobs shared among tenants "
        "(linearised MILP, CP-SAT; Astraea online mechanism with payments)",
        parse=parse,
        dump=dump,
        check=check,
        objective=objective,
        generate=generate,
        size=lambda inst: inst.size(),
        default_model="revenue-milp",
        build_model=lambda inst, model: build_model(inst, model.removeprefix("revenue-")),
        metrics=metrics,
        crosscheck=CROSSCHECK,
        demo_instance=json.dumps(worked_example()),
        solution_type=Solution,
        rules=rules,
        describe_rules=describe_rules,
        model_for_rules=model_for_rules,
    ),
)

#: modules of the flat layout before issue 21 -> where they live now (importable, deprecated)
MOVED_MODULES = {
    "dlsched.revenue.online": "dlsched.revenue.algorithms",
    "dlsched.revenue.mechanism": "dlsched.revenue.support.mechanism",
    "dlsched.revenue.configs": "dlsched.revenue.support.configs",
    "dlsched.revenue.crosscheck": "dlsched.revenue.exact.crosscheck",
}
alias_modules(MOVED_MODULES)

__all__ = ["RevenueInstance", "Solution", "check", "dump", "generate", "parse"]
