"""Variables of the notes §2.2 MILP: x (configuration x start), static Y/Z/h/π, per-slot y/z."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from .data import MilpData


def add_variables(m: pyo.ConcreteModel, data: MilpData) -> None:
    inst = data.inst
    m.J = pyo.Set(initialize=range(inst.n_jobs))
    m.S = pyo.Set(initialize=range(inst.n_servers))
    m.XK = pyo.Set(initialize=data.xkeys(), dimen=3)
    m.JST = pyo.Set(initialize=[(j, s, t) for j in range(inst.n_jobs)
                                for s in range(inst.n_servers) for t in data.slots(j)],
                    dimen=3)
    m.x = pyo.Var(m.XK, domain=pyo.Binary)
    m.Y = pyo.Var(m.J, m.S, domain=pyo.NonNegativeIntegers,
                  bounds=lambda m, j, s: (0, int(inst.cap_w[s])))
    m.Z = pyo.Var(m.J, m.S, domain=pyo.NonNegativeIntegers,
                  bounds=lambda m, j, s: (0, int(inst.cap_p[s])))
    m.h = pyo.Var(m.J, m.S, domain=pyo.Binary)  # centralized host
    m.pi = pyo.Var(m.J, m.S, domain=pyo.Binary)  # server hosts a PS of j
    m.y = pyo.Var(m.JST, domain=pyo.NonNegativeReals)
    m.z = pyo.Var(m.JST, domain=pyo.NonNegativeReals)
