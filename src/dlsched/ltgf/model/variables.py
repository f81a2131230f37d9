"""Variables of the slotted LTGF MILP (spec §9)."""

from __future__ import annotations

import pyomo.environ as pyo

from ..slots import SlotData


def add_run_and_done(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """x[i,s] job i runs in slot s (s >= r_i); c[i,s] job i finished by the end of slot s."""
    idx = [(i, s) for i in range(sd.n) for s in sd.slots_of(i)]
    m.IS = pyo.Set(initialize=idx, dimen=2)
    m.x = pyo.Var(m.IS, domain=pyo.Binary)
    m.c = pyo.Var(m.IS, domain=pyo.Binary)


def add_fair_share(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """f[j,s] = min(Dem_js, Q_j) (8) in units of GPU/q, b[j,s] selects the active branch."""
    m.T = pyo.Set(initialize=list(sd.tenants_with_jobs))
    m.S = pyo.RangeSet(0, sd.S - 1)
    m.f = pyo.Var(m.T, m.S, domain=pyo.NonNegativeReals)
    m.b = pyo.Var(m.T, m.S, domain=pyo.Binary)


def add_level(m: pyo.ConcreteModel) -> None:
    """t: the smallest Alloc_j - z Fair_j over tenants (Dinkelbach/bisection level)."""
    m.t = pyo.Var(domain=pyo.Reals)
    m.z = pyo.Param(mutable=True, initialize=0.0)
