"""Benchmark metrics: the best lower bound of notes §2.5 and the online round statistics."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from .exact.bounds import lower_bounds
from .instance import CompletionInstance


def metrics(inst: CompletionInstance, result: Any) -> dict[str, float]:
    """``lower_bound`` (the exact result's bounds, else max of LB0 / area), the ratio against it
    (an upper bound on the true ratio), and A_online's alpha / sub-rounds.

    For algorithm results only the horizon-free bounds are used: the LPs are time-indexed over
    the instance horizon, which online schedules may overrun, and cost minutes at paper scale
    (the harness's ratios use the reference's bound anyway)."""
    out: dict[str, float] = {}
    lbs = (result.stats or {}).get("bounds") or lower_bounds(inst)
    lb = float(lbs["best"])
    out["lower_bound"] = lb
    if result.objective is not None and lb > 0 and result.method not in ("a-maxweight",
                                                                         "jain-greedy"):
        out["ratio_to_bound"] = float(result.objective) / lb
    rounds = (result.stats or {}).get("rounds")
    if rounds:
        out["alpha"] = float(max(r["alpha"] for r in rounds))
        out["subrounds_max"] = float(max(r["subrounds"] for r in rounds))
    return out
