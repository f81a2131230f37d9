"""Objective of the compact OJPP MILP."""

from __future__ import annotations

import pyomo.environ as pyo


def add_devices_used(m: pyo.ConcreteModel) -> None:
    """min sum_k x[k]: number of devices used (OJPP (9))."""
    m.devices_used = pyo.Objective(expr=sum(m.x[k] for k in m.K), sense=pyo.minimize)
