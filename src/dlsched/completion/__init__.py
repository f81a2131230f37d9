"""Weighted completion time of elastic distributed-ML jobs (Zhou et al., online scheduling of
heterogeneous distributed ML jobs): exact time-indexed MILP E1 and CP-SAT, lower bounds,
A_online, and the baselines FIFO / DRF / AntMan / Tiresias / WSPT list. The batch max-weight
problem (7) that A_online solves per round (A_maxweight, Jain's greedy) lives in ``.batch``
with its own objective and validator."""

from __future__ import annotations

import json

from ..core.compat import alias_modules
from ..core.registry import PROBLEMS, Problem
from . import algorithms, baselines, exact  # noqa: F401  (register models, algorithms)
from .exact.crosscheck import CROSSCHECK
from .generate import generate
from .instance import CompletionInstance, dump, parse
from .metrics import metrics
from .model import build_model
from .paper import s4
from .rules import describe_rules, model_for_rules, rules
from .solution import Solution
from .validate import check, objective

PROBLEMS.add(
    "completion",
    Problem(
        name="completion",
        sense="min",
        description="Total weighted completion time of elastic PS / Ring-AllReduce jobs "
        "(time-indexed MILP E1, CP-SAT; A_online)",
        parse=parse,
        dump=dump,
        check=check,
        objective=objective,
        generate=generate,
        size=lambda inst: inst.size(),
        default_model="completion-interval",
        build_model=lambda inst, model: build_model(inst, model.removeprefix("completion-")),
        metrics=metrics,
        crosscheck=CROSSCHECK,
        demo_instance=json.dumps(s4()),
        export_model="completion-milp",
        solution_type=Solution,
        rules=rules,
        describe_rules=describe_rules,
        model_for_rules=model_for_rules,
    ),
)

#: old module -> its new room (issue 21); the old paths import with a DeprecationWarning
MOVED = {
    "bounds": "exact.bounds",
    "colgen": "exact.colgen",
    "config": "support.config",
    "crosscheck": "exact.crosscheck",
    "interval_cpsat": "exact.interval",
    "lists": "support.lists",
    "mincost": "algorithms.mincost",
    "online": "algorithms.online",
    "pattern_ilp": "exact.patterns",
    "patterns": "support.pattern_set",
}
alias_modules({f"{__name__}.{old}": f"{__name__}.{new}" for old, new in MOVED.items()})

__all__ = ["CompletionInstance", "Solution", "check", "dump", "generate", "parse"]
