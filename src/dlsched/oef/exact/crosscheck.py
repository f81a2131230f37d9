"""Heuristics that can refute or back up the exact models' labels (``core.guard``).

LP (4) maximises total efficiency over every feasible allocation, so any validated allocation of
a baseline bounds it from below. LPs (9) and (10) add fairness rows the baselines need not meet:
no cross-check (the second-backend agreement tests cover them).
"""

from __future__ import annotations

from ...core.guard import CrossCheck

CROSSCHECK: dict[str, CrossCheck] = {
    "oef-efficiency": CrossCheck(("max-min", "gavel", "gandiva-fair")),
}
