"""Objectives of the slotted LTGF MILP (notes §9)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..support.slots import SlotData
from .constraints import demand


def add_max_level(m: pyo.ConcreteModel) -> None:
    """max t: positive iff some schedule has every tenant's rho above z (Dinkelbach/bisection)."""
    m.obj = pyo.Objective(expr=m.t, sense=pyo.maximize)


def add_min_loss_windows(m: pyo.ConcreteModel, sd: SlotData, window: int, z: float = 1.0) -> None:
    """min sum v_kw s.t. Alloc_kw - z Fair_kw >= -B_kw v_kw, windows of ``window`` slots (§9.2)."""
    wins = [list(range(w0, min(w0 + window, sd.S))) for w0 in range(0, sd.S, window)]
    m.W = pyo.RangeSet(0, len(wins) - 1)
    m.v = pyo.Var(m.T, m.W, domain=pyo.Binary)
    Q = sd.quota_q

    def rule(m, k, w):
        a = sum(
            int(sd.q * sd.gpus[i]) * m.x[i, s]
            for s in wins[w]
            for i in range(sd.n)
            if sd.tenant[i] == k and (i, s) in m.IS
        )
        fsum = sum(m.f[k, s] for s in wins[w])
        return a - z * fsum >= -float(z * Q[k] * len(wins[w])) * m.v[k, w]

    m.loss = pyo.Constraint(m.T, m.W, rule=rule)
    m.obj = pyo.Objective(expr=sum(m.v[k, w] for k in m.T for w in m.W), sense=pyo.minimize)


__all__ = ["add_max_level", "add_min_loss_windows", "demand"]
