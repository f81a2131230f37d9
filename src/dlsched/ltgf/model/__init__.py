"""Pyomo formulation of the slotted LTGF MILP: one module each for variables, constraints,
objective (notes §9)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..support.slots import SlotData
from .constraints import (
    add_capacity,
    add_completion,
    add_fair_share_min,
    add_level_rows,
    add_work,
)
from .objective import add_max_level, add_min_loss_windows
from .variables import add_fair_share, add_level, add_run_and_done


def build_model(sd: SlotData, objective: str = "maxmin", window: int = 4) -> pyo.ConcreteModel:
    """Slotted MILP; ``objective`` "maxmin" (level rows, max t at the mutable ``z[k]``, ``w[k]``) or
    "windows" (min number of (tenant, window) pairs with rho < 1)."""
    m = pyo.ConcreteModel(name="ltgf-milp")
    add_run_and_done(m, sd)
    add_fair_share(m, sd)
    add_capacity(m, sd)
    add_work(m, sd)
    add_completion(m, sd)
    add_fair_share_min(m, sd)
    if objective == "maxmin":
        add_level(m)
        add_level_rows(m, sd)
        add_max_level(m)
    elif objective == "windows":
        add_min_loss_windows(m, sd, window)
    else:
        raise ValueError(f"unknown objective {objective!r}")
    return m


__all__ = ["build_model"]
