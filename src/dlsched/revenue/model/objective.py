"""Objective of the §2.2 MILP: Σ f_j(t0 + d_jk - 1 - r_j) x_jkt0 (precomputed coefficients)."""

from __future__ import annotations

import pyomo.environ as pyo

from .data import MilpData


def add_objective(m: pyo.ConcreteModel, data: MilpData) -> None:
    m.revenue = pyo.Objective(expr=sum(v * m.x[key] for key, v in data.value.items()),
                              sense=pyo.maximize)
