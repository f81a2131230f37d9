"""Pyomo formulation of the compact OJPP MILP: one module each for variables, constraints,
objective (notes §5.1)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..instance import OJPPInstance
from .constraints import (
    add_assignment,
    add_balance,
    add_collision_containers,
    add_interference_cap,
    add_linking,
    add_memory,
    add_no_good,
    add_redundant,
    add_resources,
    add_symmetry,
    add_tangent_cut,
)
from .objective import add_devices_used
from .variables import add_balance_range, add_counts


def build_model(
    inst: OJPPInstance, n_devices: int | None = None, fixed: bool = False,
    symmetry: bool = True,
) -> pyo.ConcreteModel:
    """Compact MILP over ``n_devices`` candidate devices (default: the instance's ``devices``).

    The collision constraint is not in the returned model: the exact solver adds its cuts
    lazily (``add_tangent_cut`` / ``add_no_good``); an exported model is the relaxation without
    them unless cuts were added. ``fixed``: the bottom-up feasibility model with exactly
    ``n_devices`` devices, all used (x fixed to 1, minimum-load rows). ``symmetry=False``
    leaves out the redundant rows (device order) for models whose devices are labelled (OJPAP).
    """
    m = pyo.ConcreteModel(name=f"ojpp-compact-{inst.name}")
    add_counts(m, inst, n_devices or inst.devices)
    add_balance_range(m)
    add_assignment(m, inst)
    add_linking(m, inst)
    add_resources(m, inst)
    add_memory(m, inst)
    add_interference_cap(m, inst)
    add_balance(m, inst)
    add_symmetry(m, inst)
    if symmetry:
        add_redundant(m, inst, fixed)
    if fixed:
        for k in m.K:
            m.x[k].fix(1)
    add_collision_containers(m)
    add_devices_used(m)
    return m


__all__ = ["add_no_good", "add_tangent_cut", "build_model"]
