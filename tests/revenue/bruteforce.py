"""Brute force for tiny revenue instances, written from problem (3)/(4) directly: every job is
either left out or gets a (placement, w, start) with every per-server worker / PS split that
satisfies (3c)-(3k); a DFS keeps the per-slot capacities. Independent of the MILP code. The
instance's rules are read here from their definitions: every run ends by T, x = t+ - r_j
(``time_origin`` "arrival") or t+ ("absolute"), w = D_j only under ``fixed_workers``."""

from __future__ import annotations

import itertools

import numpy as np

from dlsched.revenue.generate import generate
from dlsched.revenue.instance import RevenueInstance, dump, parse


def _plans(inst: RevenueInstance, j: int, T: int):
    S = inst.n_servers
    out = []
    ws = [int(inst.chunks[j])] if inst.fixed_workers else range(1, int(inst.chunks[j]) + 1)
    origin = int(inst.arrival[j]) if inst.time_origin == "arrival" else 0
    for w in ws:
        for P in ("C", "D"):
            d = inst.duration(j, P, w)
            for t0 in range(int(inst.arrival[j]) + 1, T - d + 2):
                val = float(inst.f(j, t0 + d - 1 - origin))
                if val <= 0:
                    continue
                for Y in itertools.product(*(range(int(c) + 1) for c in inst.cap_w)):
                    if sum(Y) != w:
                        continue
                    for Z in itertools.product(*(range(int(c) + 1) for c in inst.cap_p)):
                        if sum(Z) < 1:
                            continue
                        hosts = {s for s in range(S) if Y[s] or Z[s]}
                        if P == "C" and (len(hosts) != 1 or sum(Z) != 1):
                            continue
                        if P == "D" and len(hosts) == 1:
                            continue  # dominated by C (same w, faster)
                        if any(Z[s] and inst.bw_worker * (w - Y[s]) > inst.bw_ps * Z[s]
                               for s in range(S)):
                            continue
                        out.append((val, t0, d, np.array(Y), np.array(Z)))
    return out


def brute_force(inst: RevenueInstance, T: int) -> float:
    plans = [_plans(inst, j, T) for j in range(inst.n_jobs)]
    yw = np.zeros((inst.n_servers, T + 2))
    zp = np.zeros((inst.n_servers, T + 2))
    best = 0.0

    def dfs(j: int, acc: float) -> None:
        nonlocal best
        if j == inst.n_jobs:
            best = max(best, acc)
            return
        dfs(j + 1, acc)
        for val, t0, d, Y, Z in plans[j]:
            run = slice(t0, t0 + d)
            if np.all(yw[:, run] + Y[:, None] <= inst.cap_w[:, None]) and \
                    np.all(zp[:, run] + Z[:, None] <= inst.cap_p[:, None]):
                yw[:, run] += Y[:, None]
                zp[:, run] += Z[:, None]
                dfs(j + 1, acc + val)
                yw[:, run] -= Y[:, None]
                zp[:, run] -= Z[:, None]

    dfs(0, 0.0)
    return best


def tiny_instance(seed: int) -> RevenueInstance:
    """3 jobs on 2 servers, horizon 7, at most 3 chunks: small enough to brute-force."""
    data = dump(generate(n_jobs=3, n_servers=2, n_tenants=2, seed=seed, scale="small",
                         arrival_max=2))
    data["horizon"] = 7
    for job in data["jobs"]:
        job["chunks"] = min(job["chunks"], 3)
    return parse(data)
