"""The ``"highs"`` OEF backend: matrix-form LPs solved by highspy (registered in lp.py).

``solve_oef(inst, mechanism, backend="highs", envy=...)``; ``envy`` (cooperative only) is
``"full"`` (all n(n-1) envy rows at once), ``"lazy"`` (active set, ``activeset.py``) or
``"auto"`` (default): lazy from ``LAZY_FROM_ROWS`` virtual rows on. Measured on random
monotone k = 10 instances (benchmarks/oef-scaling.md): full vs lazy n = 100 1.0 s vs 0.12 s,
n = 300 46 s vs 0.9 s, n = 500 200 s vs 3.8 s; at n = 10 both take ~4 ms, so small
instances use the full LP (one solve, no rounds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import Result, SolveOptions
from ...core.errors import InputError
from ..instance import OEFInstance
from .activeset import ActiveSet, solve_lazy
from .matrix import solve_full

#: Cooperative OEF switches from the full LP to the active set at this many virtual rows.
LAZY_FROM_ROWS = 30

_ENVY: dict[str, Callable[[OEFInstance], bool]] = {
    "full": lambda inst: False,
    "lazy": lambda inst: True,
    "auto": lambda inst: inst.rows.size >= LAZY_FROM_ROWS,
}


def highs_backend(inst: OEFInstance, mechanism: str, options: SolveOptions, envy: str = "auto",
                  active_set: ActiveSet | None = None, **_: Any) -> Result:
    """Solve LP (4) ``efficiency``, (9) ``noncooperative`` or (10) ``cooperative`` with HiGHS."""
    if envy not in _ENVY:
        raise InputError("envy", f"must be one of {sorted(_ENVY)}, got {envy!r}")
    if mechanism == "cooperative" and _ENVY[envy](inst):
        return solve_lazy(inst, options, active_set)
    return solve_full(inst, mechanism, options)
