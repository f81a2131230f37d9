"""Heuristics that can refute or back up the exact models' labels (``core.guard``).

Only non-preemptive methods with one fixed configuration per job produce schedules in E1's
feasible set (Tiresias, AntMan and elastic DRF pause or resize jobs: they solve a relaxation and
may legitimately beat OPT(E1)). A schedule is admitted when it also ends within the horizon the
model was called with (``horizon="extended"``, the default on an open instance, covers every
schedule no worse than the best heuristic, by construction of T_max), and only on a
non-preemptive instance (the statement the models solve).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.guard import CrossCheck
from ..instance import CompletionInstance


def _within_horizon(inst: CompletionInstance, solution: dict[str, Any],
                    params: Mapping[str, Any]) -> bool:
    if inst.preemption or any("segments" in rec for rec in solution["jobs"].values()):
        return False
    horizon = params.get("horizon")
    if horizon is None:  # the model's default: the instance's rule
        horizon = "instance" if inst.horizon_hard else "extended"
    if horizon == "extended":
        return True
    tmax = int(inst.horizon) if horizon == "instance" else int(horizon)
    return all(rec["start"] + rec["duration"] - 1 <= tmax for rec in solution["jobs"].values())


_CHECK = CrossCheck(("a-online", "a-online-compact", "fifo", "drf", "wspt-list"),
                    admits=_within_horizon)
CROSSCHECK: dict[str, CrossCheck] = {
    name: _CHECK for name in ("completion-milp", "completion-cpsat", "completion-patterns",
                              "completion-interval")
}
