"""Objective of the notes §2.2 MILP: Σ f_j(t0 + d_jk - 1 - r_j) x_jkt0, coefficients precomputed."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from .data import MilpData


def add_objective(m: pyo.ConcreteModel, data: MilpData) -> None:
    m.revenue = pyo.Objective(expr=sum(v * m.x[key] for key, v in data.value.items()),
                              sense=pyo.maximize)
