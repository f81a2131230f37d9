"""Pyomo formulation of the linearised revenue MILP (notes §2.2): one module each for the
variables, constraints and objective; ``data`` holds K_j, T_jk and the coefficients."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..instance import RevenueInstance
from .constraints import add_activity, add_admission, add_capacity, add_placement
from .data import MilpData, milp_data
from .objective import add_objective
from .variables import add_variables


def build_milp(data: MilpData) -> pyo.ConcreteModel:
    m = pyo.ConcreteModel(name=f"revenue-milp-{data.inst.name}")
    add_variables(m, data)
    add_admission(m, data)
    add_placement(m, data)
    add_activity(m, data)
    add_capacity(m, data)
    add_objective(m, data)
    return m


def build_model(inst: RevenueInstance, model: str = "milp") -> pyo.ConcreteModel:
    """Export hook: the notes §2.2 MILP over the instance's horizon."""
    if model not in ("milp", "revenue-milp"):
        raise ValueError(f"no Pyomo model {model!r} for revenue (only 'milp')")
    return build_milp(milp_data(inst))


__all__ = ["MilpData", "build_milp", "build_model", "milp_data"]
