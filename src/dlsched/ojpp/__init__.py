"""OJPP: interference-aware opportunistic worker placement (Li et al., JPDC 2023).

2D (or d-dimensional) vector bin packing of data-parallel workers onto the fewest GPUs with an
opportunistic memory constraint (3), a collision-probability bound (5), an interference cap (7)
and a per-job slowdown balance (8). Formulation: ``models/ojpp.md``.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ..core.compat import alias_modules
from ..core.errors import InputError
from ..core.registry import PROBLEMS, Problem
from ..core.solution import on_json
from . import algorithms, baselines, exact  # noqa: F401  (registration)
from .exact.crosscheck import CROSSCHECK
from .generate import generate
from .instance import Interference, Job, Limits, OJPPInstance, dump, parse, read_vbp
from .metrics import metrics
from .paper import GOLDEN_O1
from .rules import describe_rules, model_for_rules, rules
from .solution import Solution
from .support.collision import tau, tau_counts
from .validate import check as _check
from .validate import objective

#: Former flat modules -> their rooms (``import dlsched.ojpp.<old>`` still works, with a
#: DeprecationWarning). ``algorithms`` and ``exact`` became packages that re-export the old names.
MOVED = {
    "adjustment": "algorithms.adjustment",
    "aip": "algorithms.aip",
    "bounds": "exact.bounds",
    "colgen": "exact.colgen",
    "collision": "support.collision",
    "crosscheck": "exact.crosscheck",
    "exact_cpsat": "exact.cpsat",
    "exact_ojpap": "exact.ojpap",
    "exact_patterns": "exact.patterns",
    "fixed_bins": "exact.fixed_bins",
    "gavel_data": "support.gavel_data",
    "interference": "support.interference",
    "master": "exact.master",
    "packing": "exact.packing",
    "patterns": "support.patterns",
    "perfect": "support.perfect",
    "pricing": "exact.pricing",
    "scaling": "exact.scaling",
    "state": "support.state",
    "vbp_classes": "support.vbp_classes",
}
alias_modules({f"{__name__}.{old}": f"{__name__}.{new}" for old, new in MOVED.items()})


#: every violation of a solution (typed or its JSON dict) by the independent validator
check = on_json(_check)


def _build_model(inst: OJPPInstance, model: str) -> Any:
    """Pyomo model for MPS/LP export: the pattern master of notes §5.2 (complete: collision is
    inside the patterns) or the compact MILP of notes §5.1 (without its lazily added collision cuts,
    i.e. a relaxation whenever a collision limit is set)."""
    from .exact.patterns import build_master
    from .model import build_model
    from .support.patterns import enumerate_patterns

    builders = {
        "ojpp-patterns": lambda: build_master(inst, enumerate_patterns(inst)),
        "ojpp-compact": lambda: build_model(inst),
    }
    if model not in builders:
        raise InputError("model", f"exportable OJPP models: {sorted(builders)}, not {model!r}")
    return builders[model]()


PROBLEMS.add(
    "ojpp",
    Problem(
        name="ojpp",
        sense="min",
        description="Opportunistic job placement: fewest GPUs under memory-burst, collision, "
        "interference and balance constraints (OJPP (9)-(17))",
        parse=parse,
        dump=dump,
        check=check,
        objective=objective,
        generate=generate,
        size=lambda inst: {"workers": inst.n_workers, "jobs": inst.n_jobs},
        default_model="ojpp-patterns",
        build_model=_build_model,
        metrics=metrics,
        crosscheck=CROSSCHECK,
        solution_type=Solution,
        demo_instance=GOLDEN_O1,
        rules=rules,
        describe_rules=describe_rules,
        model_for_rules=model_for_rules,
    ),
)

__all__ = [
    "GOLDEN_O1",
    "Interference",
    "Job",
    "Limits",
    "OJPPInstance",
    "Solution",
    "check",
    "dump",
    "generate",
    "metrics",
    "parse",
    "read_vbp",
    "tau",
    "tau_counts",
]
