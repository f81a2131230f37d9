"""The time horizon T of the exact models and their export: the instance's, ``"auto"`` (every
compared scheduler's makespan, so that OPT >= ALG) or a given number of slots (notes §2.2)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ...core import InputError
from ..instance import RevenueInstance

#: schedulers whose makespan ``horizon="auto"`` covers (notes §2.2: T_opt >= every compared
#: scheduler's completion, so that OPT >= ALG)
AUTO_HORIZON_RUNS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("astraea", {}), ("astraea", {"fixed_workers": True}), ("a-round", {}),
    ("a-maxirev", {}), ("batchsche", {}), ("gandiva-fair", {}),
    ("hived", {}))


def auto_horizon(inst: RevenueInstance) -> int:
    """max(instance horizon, last completion of every scheduler in AUTO_HORIZON_RUNS)."""
    from ...core.registry import ALGORITHMS

    last = int(inst.horizon)
    for name, params in AUTO_HORIZON_RUNS:
        sol = ALGORITHMS.get(name, problem="revenue").run(inst, **params).solution or {"jobs": {}}
        last = max([last] + [r["completion"] for r in sol["jobs"].values() if r["admitted"]])
    return last


def model_horizon(inst: RevenueInstance, horizon: int | str) -> int:
    """T for ``horizon`` = "instance", "auto" (``auto_horizon``) or a positive int."""
    if horizon == "instance":
        return int(inst.horizon)
    if horizon == "auto":
        return auto_horizon(inst)
    if isinstance(horizon, int) and horizon >= 1:
        return horizon
    raise InputError("horizon", "must be 'instance', 'auto' or a positive int")

