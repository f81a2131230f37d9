"""Constraints of the slotted LTGF MILP (notes §9); each names the notes row it implements."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import pyomo.environ as pyo

from ..support.slots import SlotData


def _cum(m: pyo.ConcreteModel, sd: SlotData, i: int, s: int):
    return sum(m.x[i, u] for u in range(int(sd.release[i]), s + 1))


def add_capacity(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """sum_i g_i x_is <= M (GPU-count relaxation of node packing; keeps the bound valid)."""
    by_slot: dict[int, list[int]] = {}
    for i, s in m.IS:
        by_slot.setdefault(s, []).append(i)
    m.capacity = pyo.Constraint(
        list(by_slot),
        rule=lambda m, s: sum(int(sd.gpus[i]) * m.x[i, s] for i in by_slot[s]) <= sd.M,
    )


def add_work(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """sum_s x_is = P_i: every job finishes within the horizon."""
    m.work = pyo.Constraint(
        range(sd.n), rule=lambda m, i: sum(m.x[i, s] for s in sd.slots_of(i)) == int(sd.proc[i])
    )


def add_completion(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """P_i c_is <= C_is, c_is >= C_is - P_i + 1, c_is >= c_i,s-1 (C = cumulative runs)."""
    P = sd.proc
    m.done_hi = pyo.Constraint(
        m.IS, rule=lambda m, i, s: int(P[i]) * m.c[i, s] <= _cum(m, sd, i, s)
    )
    m.done_lo = pyo.Constraint(
        m.IS, rule=lambda m, i, s: m.c[i, s] >= _cum(m, sd, i, s) - int(P[i]) + 1
    )
    m.done_mono = pyo.Constraint(
        m.IS,
        rule=lambda m, i, s: (
            pyo.Constraint.Skip if s == sd.release[i] else m.c[i, s] >= m.c[i, s - 1]
        ),
    )


def demand(m: pyo.ConcreteModel, sd: SlotData, k: int, s: int):
    """q * Dem_ks (7): GPUs of tenant k's released, unfinished jobs (act = 1 - c_{i,s-1})."""
    terms = 0
    for i in range(sd.n):
        if sd.tenant[i] != k or s < sd.release[i]:
            continue
        act = 1 if s == sd.release[i] else 1 - m.c[i, s - 1]
        terms = terms + int(sd.q * sd.gpus[i]) * act
    return terms


def add_fair_share_min(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """f = min(Dem, Q) exactly: f <= Dem, f <= Q, f >= Dem - U b, f >= Q b (notes §9 [AUDIT])."""
    U = {k: int(sd.q * sd.gpus[sd.tenant == k].sum()) for k in sd.tenants_with_jobs}
    Q = sd.quota_q
    m.fs_dem = pyo.Constraint(m.T, m.S, rule=lambda m, k, s: m.f[k, s] <= demand(m, sd, k, s))
    m.fs_quota = pyo.Constraint(m.T, m.S, rule=lambda m, k, s: m.f[k, s] <= int(Q[k]))
    m.fs_dem_lo = pyo.Constraint(
        m.T, m.S, rule=lambda m, k, s: m.f[k, s] >= demand(m, sd, k, s) - U[k] * m.b[k, s]
    )
    m.fs_quota_lo = pyo.Constraint(
        m.T, m.S, rule=lambda m, k, s: m.f[k, s] >= int(Q[k]) * m.b[k, s]
    )


def alloc(m: pyo.ConcreteModel, sd: SlotData, k: int):
    """q * Alloc_k / L (11)."""
    return sum(int(sd.q * sd.gpus[i]) * m.x[i, s] for i, s in m.IS if sd.tenant[i] == k)


def fair(m: pyo.ConcreteModel, k: int):
    """q * Fair_k / L (9)."""
    return sum(m.f[k, s] for s in m.S)


def add_level_rows(m: pyo.ConcreteModel, sd: SlotData) -> None:
    """Alloc_k - z_k Fair_k >= w_k t for every tenant with jobs (w_k = 0: floor rho_k >= z_k)."""
    m.level = pyo.Constraint(
        m.T, rule=lambda m, k: alloc(m, sd, k) - m.z[k] * fair(m, k) >= m.w[k] * m.t
    )
