"""Objective of the OEF LPs."""

from __future__ import annotations

import numpy as np
import pyomo.environ as pyo

from .constraints import efficiency_expr


def add_total_efficiency(m: pyo.ConcreteModel, W: np.ndarray) -> None:
    """max sum_r W_r . x_r: total normalised throughput (objective of (4), (9), (10))."""
    m.total_efficiency = pyo.Objective(
        expr=sum(efficiency_expr(m, W, r) for r in m.R), sense=pyo.maximize
    )
