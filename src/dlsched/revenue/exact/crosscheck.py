"""Heuristics that can refute or back up the exact models' labels (``core.guard``).

Every revenue scheduler's validated solution is a schedule of the offline problem (3); it lies in
the exact model's feasible set when it ends within the model's horizon, uses the same
``time_origin`` (utilities depend on it) and, under ``fixed_workers``, runs every admitted job
with D_j workers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.guard import CrossCheck
from ..instance import RevenueInstance


def _admits(inst: RevenueInstance, solution: dict[str, Any], params: Mapping[str, Any]) -> bool:
    if solution.get("time_origin") != params.get("time_origin", "arrival"):
        return False
    horizon = params.get("horizon", "instance")
    admitted = {n: r for n, r in solution["jobs"].items() if r.get("admitted")}
    if horizon != "auto":
        tmax = int(inst.horizon) if horizon == "instance" else int(horizon)
        if any(r["completion"] > tmax for r in admitted.values()):
            return False
    if params.get("fixed_workers", False):
        index = {n: j for j, n in enumerate(inst.job_names)}
        return all(sum(r["workers"].values()) == int(inst.chunks[index[n]])
                   for n, r in admitted.items())
    return True


#: fastest first (philly-vc-4pervc, 44 jobs: hived, batchsche 0.8 s, a-round 1.1 s, a-maxirev
#: 1.3 s, gandiva-fair 2.5 s, astraea 15 s), so that a short limit still gets an incumbent
_CHECK = CrossCheck(("hived", "batchsche", "a-round", "a-maxirev", "gandiva-fair", "astraea"),
                    admits=_admits)
CROSSCHECK: dict[str, CrossCheck] = {name: _CHECK for name in ("revenue-milp", "revenue-cpsat")}
