"""Benchmark metrics: the best lower bound of spec §2.5 and the online round statistics."""

from __future__ import annotations

from typing import Any

from .bounds import lower_bounds
from .instance import CompletionInstance


def metrics(inst: CompletionInstance, result: Any) -> dict[str, float]:
    """``lower_bound`` (max of LB0 / area / aggregate LP, or the exact result's), the ratio
    against it (an upper bound on the true ratio), and A_online's alpha / sub-rounds."""
    out: dict[str, float] = {}
    lbs = (result.stats or {}).get("bounds") or lower_bounds(inst, lp=inst.n_jobs <= 50)
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
