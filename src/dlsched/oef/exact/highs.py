"""The ``"highs"`` OEF backend: matrix-form LPs solved by highspy (registered in lp.py).

``solve_oef(inst, mechanism, backend="highs", envy=...)``; ``envy`` (cooperative only) is
``"full"`` (all n(n-1) envy rows at once), ``"lazy"`` (active set, ``activeset.py``),
``"menu"`` (grouped LP over a partition of the rows plus a lifted dual certificate,
``menu.py``; opt-in) or ``"auto"`` (default): lazy from ``LAZY_FROM_ROWS`` virtual rows on.
Measured on random monotone k = 10 instances (benchmarks/oef-scaling.md): full vs lazy
n = 100 1.0 s vs 0.12 s, n = 300 46 s vs 0.9 s, n = 500 200 s vs 3.8 s; at n = 10 both take
~4 ms, so small instances use the full LP (one solve, no rounds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import Result, SolveOptions
from ...core.errors import InputError
from ..instance import OEFInstance
from .activeset import ActiveSet, solve_lazy
from .matrix import solve_full
from .menu import Menu, solve_menu

#: Cooperative OEF switches from the full LP to the active set at this many virtual rows.
LAZY_FROM_ROWS = 30

#: Envy strategy of cooperative OEF -> solver (instance, options, tuning keywords).
Strategy = Callable[[OEFInstance, SolveOptions, dict[str, Any]], Result]
ENVY: dict[str, Strategy] = {
    "full": lambda inst, options, kw: solve_full(inst, "cooperative", options),
    "lazy": lambda inst, options, kw: solve_lazy(inst, options, kw.get("active_set")),
    "menu": lambda inst, options, kw: solve_menu(inst, options, kw.get("menu")),
    "auto": lambda inst, options, kw: ENVY[
        "lazy" if inst.rows.size >= LAZY_FROM_ROWS else "full"](inst, options, kw),
}


def highs_backend(inst: OEFInstance, mechanism: str, options: SolveOptions, envy: str = "auto",
                  active_set: ActiveSet | None = None, menu: Menu | None = None,
                  **_: Any) -> Result:
    """Solve LP (4) ``efficiency``, (9) ``noncooperative`` or (10) ``cooperative`` with HiGHS."""
    if envy not in ENVY:
        raise InputError("envy", f"must be one of {sorted(ENVY)}, got {envy!r}")
    if mechanism == "cooperative":
        return ENVY[envy](inst, options, {"active_set": active_set, "menu": menu})
    return solve_full(inst, mechanism, options)
