"""Heuristics that can refute or back up the exact models' labels (``core.guard``).

Every OJPP placement the validator accepts (all active side constraints hold) is feasible for
the three device-count models; a baseline that ignores a constraint is filtered out by the
validator. ``ojpap-exact`` minimises the slowdown of a re-placement, a different objective:
it has no cross-check.
"""

from __future__ import annotations

from ...core.guard import CrossCheck

_CHECK = CrossCheck(("heuristic", "greedy", "best-fit", "i-greedy", "b-greedy", "c-greedy"))
CROSSCHECK: dict[str, CrossCheck] = {
    name: _CHECK for name in ("ojpp-compact", "ojpp-cpsat", "ojpp-patterns")
}
