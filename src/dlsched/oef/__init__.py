"""OEF: efficiency-optimal fairness on heterogeneous GPUs (Mo, Xu, Lau, Middleware 2024)."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from ..core.registry import PROBLEMS, Problem
from . import baselines, exact, gavel, placer  # noqa: F401  (register algorithms, e.g. gavel)
from . import properties as _props
from .crosscheck import CROSSCHECK
from .generate import generate
from .instance import OEFInstance, dump, make, parse
from .model import build_model
from .validate import check, objective

#: The paper's running example (paper §3.1, W_1; one GPU of each type): golden G1-G4 of the notes.
PAPER_TOY = """{"problem": "oef", "schema_version": 1, "name": "paper-w1",
 "gpu_types": [{"name": "slow", "count": 1}, {"name": "fast", "count": 1}],
 "users": [{"name": "u1", "speedup": [1, 2]}, {"name": "u2", "speedup": [1, 3]},
           {"name": "u3", "speedup": [1, 4]}]}"""

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
        properties=_props.properties,
        metrics=_props.metrics,
    ),
)

__all__ = ["OEFInstance", "check", "dump", "exact", "generate", "make", "parse"]
