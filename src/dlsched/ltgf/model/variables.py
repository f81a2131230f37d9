"""Variables of the slotted LTGF MILP (notes §9)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..support.slots import SlotData


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
    """t: the smallest Alloc_j - z_j Fair_j over the tenants in the level (Dinkelbach/bisection).

    Per tenant a mutable level ``z[j]`` and a switch ``w[j]``: w = 1 puts the row into the max-min
    level t, w = 0 makes it a hard floor rho_j >= z_j (lexicographic max-min fixes tenants so)."""
    m.t = pyo.Var(domain=pyo.Reals)
    m.z = pyo.Param(m.T, mutable=True, initialize=0.0)
    m.w = pyo.Param(m.T, mutable=True, initialize=1.0)
