"""Pyomo formulation of the time-indexed MILP E1 (notes §2.4): one module each for variables,
constraints and objective; ``data`` holds the index sets (configurations, start windows)."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..instance import CompletionInstance
from .constraints import (
    add_assignment,
    add_capacity,
    add_colocation,
    add_parameter_servers,
    add_types,
)
from .data import E1Data, e1_data, load_of
from .objective import add_objective
from .variables import add_variables


def build_e1(data: E1Data, aggregate_cut: bool = True) -> pyo.ConcreteModel:
    """E1 for PS (program (2)) or RAR (program (15): no S, g, (2c), (2e), (2i))."""
    m = pyo.ConcreteModel(name=f"completion-e1-{data.inst.name}")
    add_variables(m, data)
    add_assignment(m, data)
    add_types(m, data)
    add_colocation(m, data)
    add_parameter_servers(m, data)
    add_capacity(m, data, aggregate_cut)
    add_objective(m, data)
    return m


def build_model(inst: CompletionInstance, model: str = "milp") -> pyo.ConcreteModel:
    """Export hook: E1 over the instance's statement (``model`` is "milp"): T_max = T under a
    hard horizon, the extended horizon of notes §2.4 under an open one."""
    if model not in ("milp", "completion-milp"):
        raise ValueError(f"no Pyomo model {model!r} for completion (only 'milp')")
    from ..exact.incumbent import resolve_horizon, statement_horizon

    return build_e1(e1_data(inst, resolve_horizon(inst, statement_horizon(inst, None))))


__all__ = ["E1Data", "build_e1", "build_model", "e1_data", "load_of"]
