"""Heuristics that can refute or back up the exact models' labels (``core.guard``).

Every revenue scheduler's validated solution is a schedule of the instance's statement
(``revenue.rules``: horizon, time origin, worker rule), which is exactly the exact models'
feasible set, so every validated solution is admitted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.guard import CrossCheck
from ..instance import RevenueInstance


def _admits(inst: RevenueInstance, solution: dict[str, Any], params: Mapping[str, Any]) -> bool:
    """A validated solution is in the models' feasible set (both state the instance's rules;
    a model refuses parameters that state others). Kept as a defensive re-check of the
    horizon and worker rule."""
    admitted = {n: r for n, r in solution["jobs"].items() if r.get("admitted")}
    if any(r["completion"] > inst.horizon for r in admitted.values()):
        return False
    if inst.fixed_workers:
        index = {n: j for j, n in enumerate(inst.job_names)}
        return all(sum(r["workers"].values()) == int(inst.chunks[index[n]])
                   for n, r in admitted.items())
    return True


#: fastest first (philly-vc-4pervc, 44 jobs: hived, batchsche 0.8 s, a-round 1.1 s, a-maxirev
#: 1.3 s, gandiva-fair 2.5 s, astraea 15 s), so that a short limit still gets an incumbent
_CHECK = CrossCheck(("hived", "batchsche", "a-round", "a-maxirev", "gandiva-fair", "astraea"),
                    admits=_admits)
CROSSCHECK: dict[str, CrossCheck] = {name: _CHECK for name in ("revenue-milp", "revenue-cpsat")}
