"""Constraints of E1 (notes §2.4), each named after the row of program (2) / (15) it models."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

from collections import defaultdict

import pyomo.environ as pyo

from .data import E1Data, load_of


def _by_job(m: pyo.ConcreteModel) -> dict[int, list[tuple[int, int]]]:
    out: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for j, k, t in m.XK:
        out[j].append((k, t))
    return out


def add_assignment(m: pyo.ConcreteModel, data: E1Data) -> None:
    """(2a) start once; (2f)/(2g) through configurations: sum Y = N_k of the chosen k."""
    inst, cf = data.inst, data.configs
    by = _by_job(m)
    H, M = range(inst.n_servers), range(len(inst.worker_names))
    m.start_once = pyo.Constraint(range(inst.n_jobs),
                                  rule=lambda m, j: sum(m.X[j, k, t] for k, t in by[j]) == 1)
    m.worker_count = pyo.Constraint(
        range(inst.n_jobs),
        rule=lambda m, j: sum(m.Y[j, h, w] for h in H for w in M)
        == sum(cf[j][k].n * m.X[j, k, t] for k, t in by[j]))


def add_types(m: pyo.ConcreteModel, data: E1Data) -> None:
    """(2b)/(2c) one worker type / PS type: Y <= D mu_m, S <= S^ sigma_p."""
    inst, cf = data.inst, data.configs
    by = _by_job(m)
    J, H = range(inst.n_jobs), range(inst.n_servers)

    def mu(m_, j: int, w: int):
        return sum(m_.X[j, k, t] for k, t in by[j] if cf[j][k].m == w)

    m.one_worker_type = pyo.Constraint(
        J, H, range(len(inst.worker_names)),
        rule=lambda m, j, h, w: m.Y[j, h, w] <= int(inst.chunks[j]) * mu(m, j, w))
    if not inst.ring:
        m.one_ps_type = pyo.Constraint(
            J, H, range(len(inst.ps_names)),
            rule=lambda m, j, h, p: m.S[j, h, p] <= data.s_hat[j] * sum(
                m.X[j, k, t] for k, t in by[j] if cf[j][k].p == p))


def add_colocation(m: pyo.ConcreteModel, data: E1Data) -> None:
    """(2d)/(15a) forward direction [A23]: a q=1 configuration uses a single server."""
    inst, cf = data.inst, data.configs
    by = _by_job(m)
    J, H = range(inst.n_jobs), range(inst.n_servers)
    nH = inst.n_servers
    m.used_w = pyo.Constraint(J, H, range(len(inst.worker_names)),
                              rule=lambda m, j, h, w: m.Y[j, h, w]
                              <= int(inst.chunks[j]) * m.o[j, h])
    m.colocated = pyo.Constraint(
        J, rule=lambda m, j: sum(m.o[j, h] for h in H)
        <= 1 + (nH - 1) * (1 - sum(m.X[j, k, t] for k, t in by[j] if cf[j][k].q == 1)))
    if not inst.ring:
        m.used_p = pyo.Constraint(J, H, range(len(inst.ps_names)),
                                  rule=lambda m, j, h, p: m.S[j, h, p] <= data.s_hat[j] * m.o[j, h])


def add_parameter_servers(m: pyo.ConcreteModel, data: E1Data) -> None:
    """(2e) at least one PS; (2i) PSs on h carry the traffic of workers off h (if h hosts one)."""
    inst = data.inst
    if inst.ring:
        return
    J, H = range(inst.n_jobs), range(inst.n_servers)
    M, P = range(len(inst.worker_names)), range(len(inst.ps_names))
    b, B = inst.worker_bw, inst.ps_bw
    bigm = {j: int(inst.chunks[j]) * float(b.max()) for j in J}
    m.one_ps = pyo.Constraint(J, rule=lambda m, j: sum(m.S[j, h, p] for h in H for p in P) >= 1)
    m.ps_host = pyo.Constraint(J, H, P,
                               rule=lambda m, j, h, p: m.S[j, h, p] <= data.s_hat[j] * m.g[j, h])
    m.ps_bandwidth = pyo.Constraint(
        J, H, rule=lambda m, j, h: sum(float(b[w]) * m.Y[j, h2, w] for h2 in H if h2 != h
                                       for w in M)
        <= sum(float(B[p]) * m.S[j, h, p] for p in P) + bigm[j] * (1 - m.g[j, h]))


def _load(m: pyo.ConcreteModel, data: E1Data, j: int, h: int, r: int):
    inst = data.inst
    e = inst.worker_demand[:, r]
    expr = sum(float(e[w]) * m.Y[j, h, w] for w in range(len(inst.worker_names)) if e[w])
    if not inst.ring:
        z = inst.ps_demand[:, r]
        expr += sum(float(z[p]) * m.S[j, h, p] for p in range(len(inst.ps_names)) if z[p])
    return expr


def add_capacity(m: pyo.ConcreteModel, data: E1Data, aggregate_cut: bool = True) -> None:
    """(2h)/(15b) per (server, resource, slot), linearised with Z and V; plus the aggregate cut."""
    inst, cf = data.inst, data.configs
    J, H, R = range(inst.n_jobs), range(inst.n_servers), range(len(inst.resources))
    C = inst.capacity
    running: dict[tuple[int, int], list] = defaultdict(list)
    for j, k, t0 in m.XK:
        for t in range(t0, t0 + cf[j][k].d):
            running[j, t].append(m.X[j, k, t0])
    m.running = pyo.Constraint(J, data.slots,
                               rule=lambda m, j, t: m.Z[j, t] == sum(running[j, t]))
    used = inst.worker_demand.any(axis=0)
    if not inst.ring:
        used = used | inst.ps_demand.any(axis=0)
    RU = [r for r in R if used[r]]  # resources nobody demands need no rows
    m.load_cap = pyo.Constraint(J, H, RU, rule=lambda m, j, h, r: _load(m, data, j, h, r)
                                <= float(C[h, r]))
    m.load_link = pyo.Constraint(
        J, H, RU, data.slots,
        rule=lambda m, j, h, r, t: m.V[j, h, r, t]
        >= _load(m, data, j, h, r) - float(C[h, r]) * (1 - m.Z[j, t]))
    m.capacity = pyo.Constraint(H, RU, data.slots,
                                rule=lambda m, h, r, t: sum(m.V[j, h, r, t] for j in J)
                                <= float(C[h, r]))
    if aggregate_cut:
        total = C.sum(axis=0)
        acts: dict[tuple[int, int], list] = defaultdict(list)
        for j, k, t0 in m.XK:
            lk = load_of(cf[j][k], inst)
            for t in range(t0, t0 + cf[j][k].d):
                for r in R:
                    if lk[r]:
                        acts[r, t].append(float(lk[r]) * m.X[j, k, t0])
        m.aggregate = pyo.Constraint(
            R, data.slots, rule=lambda m, r, t: sum(acts[r, t]) <= float(total[r])
            if acts[r, t] else pyo.Constraint.Skip)
