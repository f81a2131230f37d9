"""Constraints M1-M8 of the notes §2.2 MILP (each mapped to the rows of (3)/(4) it replaces)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from .data import MilpData


def _sum_x(m: pyo.ConcreteModel, data: MilpData, j: int, pred=lambda k: True,
           coef=lambda k: 1):
    return sum(coef(data.configs[j][k]) * m.x[j, k, t] for k, ks in
               enumerate(data.starts[j]) if pred(data.configs[j][k]) for t in ks)


def add_admission(m: pyo.ConcreteModel, data: MilpData) -> None:
    """M1 o_j <= 1 ((4)); M2 Σ_s Y = W^tot ((3e), (3k) via d_jk); M3 Σ_s Z >= o ((3g))."""
    S = range(data.inst.n_servers)
    m.m1 = pyo.Constraint(m.J, rule=lambda m, j: _sum_x(m, data, j) <= 1
                          if any(data.starts[j]) else pyo.Constraint.Skip)
    m.m2 = pyo.Constraint(m.J, rule=lambda m, j: sum(m.Y[j, s] for s in S)
                          == _sum_x(m, data, j, coef=lambda k: k.w))
    m.m3 = pyo.Constraint(m.J, rule=lambda m, j: sum(m.Z[j, s] for s in S)
                          >= _sum_x(m, data, j))


def add_placement(m: pyo.ConcreteModel, data: MilpData) -> None:
    """M4 centralized host ((3j)); M5 PS hosts and bandwidth (3i) with big-M b_w W_j."""
    inst = data.inst
    S = range(inst.n_servers)
    is_c, is_d = (lambda k: k.placement == "C"), (lambda k: k.placement == "D")
    cp_tot = int(inst.cap_p.sum())
    m.m4_host = pyo.Constraint(m.J, rule=lambda m, j: sum(m.h[j, s] for s in S)
                               == _sum_x(m, data, j, is_c))
    m.m4_y = pyo.Constraint(m.J, m.S, rule=lambda m, j, s: m.Y[j, s] <= int(inst.cap_w[s])
                            * (m.h[j, s] + _sum_x(m, data, j, is_d)))
    m.m4_z = pyo.Constraint(m.J, m.S, rule=lambda m, j, s: m.Z[j, s] <= int(inst.cap_p[s])
                            * (m.h[j, s] + _sum_x(m, data, j, is_d)))
    m.m4_c1 = pyo.Constraint(m.J, rule=lambda m, j: sum(m.Z[j, s] for s in S)
                             <= _sum_x(m, data, j, is_c) + cp_tot * _sum_x(m, data, j, is_d))
    m.m5_lo = pyo.Constraint(m.J, m.S, rule=lambda m, j, s: m.pi[j, s] <= m.Z[j, s])
    m.m5_hi = pyo.Constraint(m.J, m.S, rule=lambda m, j, s: m.Z[j, s]
                             <= int(inst.cap_p[s]) * m.pi[j, s])

    def bandwidth(m, j, s):
        wtot = _sum_x(m, data, j, coef=lambda k: k.w)
        big = inst.bw_worker * data.wmax(j)
        return (inst.bw_worker * (wtot - m.Y[j, s])
                <= inst.bw_ps * m.Z[j, s] + big * (1 - m.pi[j, s]))

    m.m5_bw = pyo.Constraint(m.J, m.S, rule=bandwidth)


def add_activity(m: pyo.ConcreteModel, data: MilpData) -> None:
    """M6: y_jst >= Y_js - C_sw (1 - A_jt) (and z): constant allocation on the run
    ((3f), (3h), (3l), (3m), (3n))."""
    inst = data.inst

    runs: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for j, k, t0 in data.xkeys():
        for t in range(t0, t0 + data.configs[j][k].d):
            runs.setdefault((j, t), []).append((j, k, t0))

    def active(j: int, t: int):
        return sum(m.x[key] for key in runs.get((j, t), []))

    m.m6_y = pyo.Constraint(m.JST, rule=lambda m, j, s, t: m.y[j, s, t] >= m.Y[j, s]
                            - int(inst.cap_w[s]) * (1 - active(j, t)))
    m.m6_z = pyo.Constraint(m.JST, rule=lambda m, j, s, t: m.z[j, s, t] >= m.Z[j, s]
                            - int(inst.cap_p[s]) * (1 - active(j, t)))


def add_capacity(m: pyo.ConcreteModel, data: MilpData) -> None:
    """M7 per server and slot ((3c), (3d)); M8 aggregate Σq ((3a), (3b), kept for fidelity)."""
    inst = data.inst
    by_st: dict[tuple[int, int], list[int]] = {}
    by_t: dict[int, list[tuple[int, int]]] = {}
    for j, s, t in m.JST:
        by_st.setdefault((s, t), []).append(j)
        by_t.setdefault(t, []).append((j, s))
    m.ST = pyo.Set(initialize=sorted(by_st), dimen=2)
    m.T = pyo.Set(initialize=sorted(by_t))
    m.m7_w = pyo.Constraint(m.ST, rule=lambda m, s, t: sum(m.y[j, s, t] for j in by_st[s, t])
                            <= int(inst.cap_w[s]))
    m.m7_p = pyo.Constraint(m.ST, rule=lambda m, s, t: sum(m.z[j, s, t] for j in by_st[s, t])
                            <= int(inst.cap_p[s]))
    m.m8_w = pyo.Constraint(m.T, rule=lambda m, t: sum(m.y[j, s, t] for j, s in by_t[t])
                            <= int(inst.quota_w.sum()))
    m.m8_p = pyo.Constraint(m.T, rule=lambda m, t: sum(m.z[j, s, t] for j, s in by_t[t])
                            <= int(inst.quota_p.sum()))
