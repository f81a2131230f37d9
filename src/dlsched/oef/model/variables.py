"""Decision variables of the OEF LPs (notes §1-§2)."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo


def add_allocation(m: pyo.ConcreteModel, n_rows: int, n_types: int) -> None:
    """x[r, j] >= 0: time-averaged number of type-j GPUs given to virtual user r."""
    m.R = pyo.RangeSet(0, n_rows - 1)
    m.J = pyo.RangeSet(0, n_types - 1)
    m.x = pyo.Var(m.R, m.J, domain=pyo.NonNegativeReals)


def add_level(m: pyo.ConcreteModel) -> None:
    """T: common normalised-throughput level per unit weight (non-cooperative OEF (9))."""
    m.T = pyo.Var(domain=pyo.Reals)
