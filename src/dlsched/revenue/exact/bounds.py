"""Upper bounds on the optimal revenue used by the exact models (a stopped solve reports the
tighter of the solver's bound and these)."""

from __future__ import annotations

from ..model import MilpData


def alone_bound(data: MilpData) -> float:
    """Σ_j max_{k, t0} f_j: every job alone on the empty cluster, earliest best start (a valid
    upper bound on OPT; often tight on lightly loaded clusters)."""
    best: dict[int, float] = {}
    for (j, _k, _t), v in data.value.items():
        best[j] = max(best.get(j, 0.0), v)
    return float(sum(best.values()))
