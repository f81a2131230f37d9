"""Pyomo formulation of the OEF LPs: one module each for variables, constraints, objective."""

from __future__ import annotations

from collections.abc import Iterable

import pyomo.environ as pyo

from ..instance import OEFInstance
from .constraints import add_capacity, add_envy_free, add_envy_rows, add_equal_level
from .objective import add_total_efficiency
from .variables import add_allocation, add_level

MECHANISMS = ("efficiency", "noncooperative", "cooperative")


def build_model(
    inst: OEFInstance,
    mechanism: str,
    envy_pairs: Iterable[tuple[int, int]] | None = None,
) -> pyo.ConcreteModel:
    """Build LP (4) ``efficiency``, (9) ``noncooperative`` or (10) ``cooperative``.

    ``envy_pairs`` (cooperative only) starts the model with a subset of the envy rows.
    """
    if mechanism not in MECHANISMS:
        raise ValueError(f"unknown OEF mechanism {mechanism!r}")
    rows = inst.rows
    m = pyo.ConcreteModel(name=f"oef-{mechanism}-{inst.name}")
    add_allocation(m, rows.size, inst.n_types)
    add_capacity(m, inst.capacity)
    if mechanism == "noncooperative":
        add_level(m)
        add_equal_level(m, rows.W, rows.weight)
    elif mechanism == "cooperative":
        add_envy_free(m, rows.W, rows.weight, envy_pairs)
    add_total_efficiency(m, rows.W)
    return m


__all__ = ["MECHANISMS", "add_envy_rows", "build_model"]
