"""Objective (2) of E1: min sum_j w_j sum_{k,t} (t + d_k) X_jkt (linear by (2a))."""

from __future__ import annotations

import pyomo.environ as pyo

from .data import E1Data


def add_objective(m: pyo.ConcreteModel, data: E1Data) -> None:
    w, cf = data.inst.weight, data.configs
    m.obj = pyo.Objective(
        expr=sum(float(w[j]) * (t + cf[j][k].d) * m.X[j, k, t] for j, k, t in m.XK),
        sense=pyo.minimize,
    )
