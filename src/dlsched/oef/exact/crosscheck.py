"""Heuristics that can refute or back up the exact models' labels (``core.guard``).

LP (4) maximises total efficiency over every feasible allocation, so any validated allocation of
a baseline bounds it from below. LP (10) adds envy rows: ``max-min`` (every row its weighted
equal slice) meets them exactly (W_r.x_s / pi_s = W_r.m / sum(pi) for every s), so on a
cooperative instance its allocation validates and bounds LP (10) from below; the guard re-checks
every heuristic's allocation against the instance's rule and skips invalid ones. LP (9)'s equal
levels are met by no baseline: no cross-check (the second-backend agreement tests cover it).
"""

from __future__ import annotations

from ...core.guard import CrossCheck

CROSSCHECK: dict[str, CrossCheck] = {
    "oef-efficiency": CrossCheck(("max-min", "gavel", "gandiva-fair")),
    "oef-cooperative": CrossCheck(("max-min",)),
}
