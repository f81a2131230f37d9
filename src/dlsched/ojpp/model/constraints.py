"""Constraints of the compact OJPP MILP (notes §5.1); each names its paper equation.

Resource rows are written in normalised units (demand / capacity) so coefficients are O(1).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pyomo.environ as pyo

from ..exact.bounds import device_limits, max_workers, min_loads, min_workers
from ..instance import OJPPInstance
from ..support.collision import tangent_cut


def add_assignment(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """sum_k y[i, k] = omega_i: every worker placed exactly once (10)."""
    om = inst.omega
    m.assign = pyo.Constraint(m.J, rule=lambda m, i: sum(m.y[i, k] for k in m.K) == int(om[i]))


def add_linking(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """u <= y <= omega u (u = [y >= 1]) and u <= x (a device holding a worker is used)."""
    om = inst.omega
    m.link_lo = pyo.Constraint(m.J, m.K, rule=lambda m, i, k: m.u[i, k] <= m.y[i, k])
    m.link_hi = pyo.Constraint(m.J, m.K, rule=lambda m, i, k: m.y[i, k] <= int(om[i]) * m.u[i, k])
    m.link_x = pyo.Constraint(m.J, m.K, rule=lambda m, i, k: m.u[i, k] <= m.x[k])


def add_resources(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """sum_i a_id y[i, k] <= x[k] for compute (11) and every extra additive resource."""
    a = inst.demand / inst.cap
    dims = [d for d in range(a.shape[1]) if d != 1 and np.any(a[:, d])]
    m.D = pyo.Set(initialize=dims)
    m.resource = pyo.Constraint(
        m.D, m.K, rule=lambda m, d, k: sum(float(a[i, d]) * m.y[i, k] for i in m.J) <= m.x[k]
    )


def add_memory(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """Opportunistic memory (3)/(12) without big-M: sum_q gamma_q y_qk + delta_i u_ik <= x_k.

    The max over present jobs' bursts is <= the bound iff every present job's burst is; one more
    row (i = none) bounds the bases alone.
    """
    g = inst.demand[:, 1] / inst.cap[1]
    dl = inst.burst / inst.cap[1]

    def rule(m, i, k):
        base = sum(float(g[q]) * m.y[q, k] for q in m.J)
        if i < 0:
            return base <= m.x[k] if np.any(g) else pyo.Constraint.Skip
        if dl[i] <= 0:
            return pyo.Constraint.Skip
        return base + float(dl[i]) * m.u[i, k] <= m.x[k]

    m.Jm = pyo.Set(initialize=[-1, *range(inst.n_jobs)])
    m.memory = pyo.Constraint(m.Jm, m.K, rule=rule)


def slowdown(m: pyo.ConcreteModel, inst: OJPPInstance, i: int, k: int):
    """Additive slowdown of job i's workers on device k: sum_q I[i,q] y_qk - I[i,i] (notes §3)."""
    I = inst.I
    return sum(float(I[i, q]) * m.y[q, k] for q in m.J if I[i, q]) - float(I[i, i])


def big_m(inst: OJPPInstance) -> np.ndarray:
    """M_i = sum_q I[i, q] omega_q (notes §5.1)."""
    return inst.I @ inst.omega


def add_interference_cap(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """theta_k <= theta-bar (7)/(15): additive rows with big-M, or pairwise exclusions (max)."""
    theta = inst.limits.interference
    I = inst.I
    if theta is None or not np.any(I):
        return
    if inst.interference_model == "additive":
        M = big_m(inst)
        m.interference_cap = pyo.Constraint(
            m.J, m.K,
            rule=lambda m, i, k: slowdown(m, inst, i, k) <= theta + float(M[i]) * (1 - m.u[i, k]),
        )
        return
    # max model: a present pair (i, q) with I[i, q] > theta-bar is forbidden; I[i, i] > theta-bar
    # forbids two workers of i together
    pairs = [(i, q) for i in range(inst.n_jobs) for q in range(inst.n_jobs) if I[i, q] > theta]
    m.Pairs = pyo.Set(initialize=pairs, dimen=2)

    def rule(m, i, q, k):
        if i == q:
            return m.y[i, k] <= 1
        return m.u[i, k] + m.u[q, k] <= 1

    m.interference_cap = pyo.Constraint(m.Pairs, m.K, rule=rule)


def add_balance(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """max(v_i) - min(v_i) <= theta' (8)/(16) via smax/smin with big-M M'_i = M_i + I[i,i] + 1."""
    spread = inst.limits.balance
    if spread is None or not np.any(inst.I):
        return
    if inst.interference_model != "additive":
        raise ValueError("the compact MILP models balance for the additive interference model only")
    Mp = big_m(inst) + np.diag(inst.I) + 1.0
    m.balance_hi = pyo.Constraint(
        m.J, m.K,
        rule=lambda m, i, k: m.smax[i] >= slowdown(m, inst, i, k) - float(Mp[i]) * (1 - m.u[i, k]),
    )
    m.balance_lo = pyo.Constraint(
        m.J, m.K,
        rule=lambda m, i, k: m.smin[i] <= slowdown(m, inst, i, k) + float(Mp[i]) * (1 - m.u[i, k]),
    )
    m.balance = pyo.Constraint(m.J, rule=lambda m, i: m.smax[i] - m.smin[i] <= spread)


def add_symmetry(m: pyo.ConcreteModel, inst: OJPPInstance) -> None:
    """x[k] >= x[k+1] (devices are interchangeable) and sum_k x[k] >= the volume lower bound."""
    last = max(m.K)
    m.symmetry = pyo.Constraint(
        m.K, rule=lambda m, k: m.x[k] >= m.x[k + 1] if k < last else pyo.Constraint.Skip
    )
    m.volume_bound = pyo.Constraint(expr=sum(m.x[k] for k in m.K) >= inst.lower_bound())


def add_collision_containers(m: pyo.ConcreteModel) -> None:
    """Empty lists that the lazy loop fills with collision cuts (5)/(14)."""
    m.collision_cuts = pyo.ConstraintList()
    m.ge = pyo.Var(pyo.Any, domain=pyo.Binary, dense=False)
    m.ge_links = pyo.ConstraintList()


def add_tangent_cut(m: pyo.ConcreteModel, inst: OJPPInstance, y_hat: np.ndarray) -> int:
    """Outer-approximation cut of g(y) >= ln(1 - tau-bar) at y_hat, on every device (notes §5.1)."""
    coef, rhs = tangent_cut(y_hat, inst.p, inst.limits.collision)
    for k in m.K:
        m.collision_cuts.add(
            sum(float(coef[i]) * m.y[i, k] for i in m.J if coef[i] != 0) >= rhs
        )
    return len(m.K)


def _ge(m: pyo.ConcreteModel, inst: OJPPInstance, i: int, k: int, c: int):
    """Binary [y[i, k] >= c] (u for c = 1), created on demand with two linking rows."""
    if c <= 1:
        return m.u[i, k]
    key = (i, k, c)
    if key not in m.ge:
        om = int(inst.omega[i])
        m.ge_links.add(m.y[i, k] >= c * m.ge[key])
        m.ge_links.add(m.y[i, k] <= c - 1 + (om - c + 1) * m.ge[key])
    return m.ge[key]


def add_no_good(m: pyo.ConcreteModel, inst: OJPPInstance, c: np.ndarray) -> int:
    """Forbid count vectors >= c (tau(c) > tau-bar, tau monotone) on every device."""
    supp = [i for i in range(len(c)) if c[i] > 0]
    if any(c[i] > inst.omega[i] for i in supp):
        return 0
    for k in m.K:
        m.collision_cuts.add(sum(_ge(m, inst, i, k, int(c[i])) for i in supp) <= len(supp) - 1)
    return len(m.K)


def add_redundant(m: pyo.ConcreteModel, inst: OJPPInstance, fixed: bool = False) -> None:
    """Valid redundant rows of ``ojpp.bounds``: device order (fixes y[i, k] = 0 for k beyond job
    i's limit), at most ``max_workers`` per device; with ``fixed`` (exactly |K| devices, all
    used) also the minimum load per dimension and ``min_workers`` per device."""
    om, dem, cap = inst.omega, inst.demand, inst.cap
    lim = device_limits(dem, cap, om)
    for i in m.J:
        for k in m.K:
            if k >= lim[i]:
                m.y[i, k].fix(0)
    cmax = max_workers(dem, cap, om)
    n_dev = len(m.K)
    cmin = min_workers(dem, cap, om, n_dev) if fixed else 0
    m.redundant = pyo.ConstraintList()
    for k in m.K:
        tot = sum(m.y[i, k] for i in m.J)
        if cmax < int(om.sum()):
            m.redundant.add(tot <= cmax * m.x[k])
        if cmin > 1:
            m.redundant.add(tot >= cmin)
    if fixed:
        a = dem / cap
        need = min_loads(dem, cap, om, n_dev) / cap
        for d in range(a.shape[1]):
            if need[d] > 1e-9:
                for k in m.K:
                    m.redundant.add(
                        sum(float(a[i, d]) * m.y[i, k] for i in m.J if a[i, d]) >= need[d] - 1e-9
                    )
