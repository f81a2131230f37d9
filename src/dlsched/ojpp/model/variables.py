"""Decision variables of the compact OJPP MILP (notes §5.1)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..instance import OJPPInstance


def add_counts(m: pyo.ConcreteModel, inst: OJPPInstance, n_devices: int) -> None:
    """y[i, k] in {0..omega_i}: workers of job i on device k; u[i, k] = [y >= 1]; x[k] used."""
    m.J = pyo.RangeSet(0, inst.n_jobs - 1)
    m.K = pyo.RangeSet(0, n_devices - 1)
    omega = inst.omega
    m.y = pyo.Var(
        m.J, m.K, domain=pyo.NonNegativeIntegers, bounds=lambda m, i, k: (0, int(omega[i]))
    )
    m.u = pyo.Var(m.J, m.K, domain=pyo.Binary)
    m.x = pyo.Var(m.K, domain=pyo.Binary)


def add_balance_range(m: pyo.ConcreteModel) -> None:
    """smax[i], smin[i] >= 0: largest / smallest slowdown over job i's devices (balance (8))."""
    m.smax = pyo.Var(m.J, domain=pyo.NonNegativeReals)
    m.smin = pyo.Var(m.J, domain=pyo.NonNegativeReals)
