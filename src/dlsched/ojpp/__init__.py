"""OJPP: interference-aware opportunistic worker placement (Li et al., JPDC 2023).

2D (or d-dimensional) vector bin packing of data-parallel workers onto the fewest GPUs with an
opportunistic memory constraint (3), a collision-probability bound (5), an interference cap (7)
and a per-job slowdown balance (8). Formulation: ``models/ojpp.md``.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from ..core.registry import PROBLEMS, Problem
from . import (  # noqa: F401  (registration)
    adjustment,
    algorithms,
    exact,
    exact_cpsat,
    exact_ojpap,
    exact_patterns,
)
from .collision import tau, tau_counts
from .crosscheck import CROSSCHECK
from .generate import generate
from .instance import Interference, Job, Limits, OJPPInstance, dump, parse, read_vbp
from .metrics import metrics
from .validate import check, objective

#: Golden instance G-O1 of notes §10 (self-constructed; full OJPP optimum 5 devices).
GOLDEN_O1 = """{"problem": "ojpp", "schema_version": 1, "name": "golden-o1",
 "jobs": [
  {"name": "A", "workers": 2, "compute": 0.5, "mem_base": 0.3, "mem_burst": 0.62,
   "burst_prob": 0.2},
  {"name": "B", "workers": 3, "compute": 0.3, "mem_base": 0.2, "mem_burst": 0.3,
   "burst_prob": 0.3},
  {"name": "C", "workers": 2, "compute": 0.2, "mem_base": 0.1, "mem_burst": 0.2,
   "burst_prob": 0.1}],
 "interference": {"model": "additive",
  "matrix": [[0.15, 0.25, 0.05], [0.10, 0.05, 0.08], [0.02, 0.06, 0.04]]},
 "limits": {"collision": 0.1, "interference": 0.2, "balance": 0.1}}"""


def _build_model(inst: OJPPInstance, model: str) -> Any:
    """Pyomo model for MPS/LP export: the pattern master of notes §5.2 (complete: collision is
    inside the patterns) or the compact MILP of notes §5.1 (without its lazily added collision cuts,
    i.e. a relaxation whenever a collision limit is set)."""
    from .exact_patterns import build_master
    from .model import build_model
    from .patterns import enumerate_patterns

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
        demo_instance=GOLDEN_O1,
    ),
)

__all__ = [
    "GOLDEN_O1",
    "Interference",
    "Job",
    "Limits",
    "OJPPInstance",
    "check",
    "dump",
    "generate",
    "metrics",
    "parse",
    "read_vbp",
    "tau",
    "tau_counts",
]
