"""OEF: efficiency-optimal fairness on heterogeneous GPUs (Mo, Xu, Lau, Middleware 2024)."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import importlib
from typing import Any

from ..core.compat import alias_modules
from ..core.registry import PROBLEMS, Problem
from ..core.solution import on_json
from . import algorithms, baselines, exact  # noqa: F401  (register the models and algorithms)
from . import metrics as _metrics
from .exact.crosscheck import CROSSCHECK
from .generate import generate
from .instance import OEFInstance, dump, make, parse
from .model import build_model
from .paper import PAPER_TOY
from .rules import describe_rules, model_for_rules, rules
from .solution import Solution
from .validate import check as _check_json
from .validate import objective

#: Modules that moved in the one-layout change (issue 21): old dotted name -> new one.
MOVED: dict[str, str] = {
    f"{__name__}.{old}": f"{__name__}.{new}"
    for old, new in {
        "activeset": "exact.activeset",
        "certificate": "exact.bounds",
        "crosscheck": "exact.crosscheck",
        "fast": "exact.highs",
        "matrix": "exact.matrix",
        "placer": "algorithms.placer",
        "gavel": "baselines.gavel",
        "gavel_data": "support.gavel_data",
        "jobsim": "support.jobsim",
        "properties": "metrics",
    }.items()
}
alias_modules(MOVED)


def __getattr__(name: str) -> Any:
    """``dlsched.oef.placer`` and the other moved modules as attributes (deprecated alias)."""
    if f"{__name__}.{name}" in MOVED:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: all violations of a solution (typed or its JSON dict) by the independent validator
check = on_json(_check_json)


PROBLEMS.add(
    "oef",
    Problem(
        name="oef",
        sense="max",
        description="Efficiency-optimal fair allocation of heterogeneous GPUs (LPs 4, 9, 10)",
        parse=parse,
        dump=dump,
        check=check,
        objective=objective,
        generate=generate,
        size=lambda inst: inst.size(),
        default_model="oef-cooperative",
        build_model=lambda inst, model: build_model(inst, model.removeprefix("oef-")),
        crosscheck=CROSSCHECK,
        demo_instance=PAPER_TOY,
        properties=_metrics.properties,
        metrics=_metrics.metrics,
        solution_type=Solution,
        rules=rules,
        describe_rules=describe_rules,
        model_for_rules=model_for_rules,
    ),
)

__all__ = ["OEFInstance", "Solution", "check", "dump", "exact", "generate", "make", "parse"]
