"""Variables of E1 (notes §2.4): X (configuration x start), Y/S counts, o/g flags, Z, V."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from .data import E1Data


def add_variables(m: pyo.ConcreteModel, data: E1Data) -> None:
    inst = data.inst
    J, H, R = range(inst.n_jobs), range(inst.n_servers), range(len(inst.resources))
    m.XK = pyo.Set(initialize=data.xkeys(), dimen=3)
    m.X = pyo.Var(m.XK, domain=pyo.Binary)  # job j starts config k in slot t
    m.Y = pyo.Var(J, H, range(len(inst.worker_names)), domain=pyo.NonNegativeIntegers)
    m.o = pyo.Var(J, H, domain=pyo.Binary)  # server h used by job j
    m.Z = pyo.Var(J, data.slots, bounds=(0, 1))  # job j running in slot t
    m.V = pyo.Var(J, H, R, data.slots, domain=pyo.NonNegativeReals)  # load of j on (h, r, t)
    if not inst.ring:
        m.S = pyo.Var(J, H, range(len(inst.ps_names)), domain=pyo.NonNegativeIntegers)
        m.g = pyo.Var(J, H, domain=pyo.Binary)  # server h hosts a PS of job j
