"""Feasible device patterns (notes §5.2): count vectors a (workers per job on one device).

A pattern is feasible iff compute and extra resources fit, memory (3) holds, tau(a) <= tau-bar
and every present job's slowdown s_i(a) <= theta-bar. All four are monotone in a, so the family
is downward closed: a depth-first search over jobs that increases one job's count until the
first infeasibility enumerates it exactly, pruning every superset of an infeasible vector.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ...core import InputError
from ...core.tolerance import exceeds
from ..instance import OJPPInstance
from .collision import tau_counts
from .interference import slowdowns


@dataclass(frozen=True)
class Patterns:
    """Feasible patterns ``A`` (P, n) with per-job slowdowns ``S`` (P, n) and ``tau`` (P,)."""

    A: np.ndarray
    S: np.ndarray
    tau: np.ndarray

    def __len__(self) -> int:
        return int(self.A.shape[0])


def device_feasible(inst: OJPPInstance, a: np.ndarray) -> bool:
    """Per-device constraints (1), (3), (5), (7) for the count vector ``a``."""
    present = a > 0
    if not present.any():
        return True
    load = a @ inst.demand
    if np.any(exceeds(load, inst.cap)):
        return False
    if exceeds(load[1] + inst.burst[present].max(), inst.cap[1]):
        return False
    lim = inst.limits
    if (
        lim.collision is not None
        and exceeds(tau_counts(a[None, :], inst.p, inst.collision_model)[0], lim.collision)
    ):
        return False
    if lim.interference is not None:
        s = slowdowns(inst.I, a, inst.interference_model)
        if exceeds(s[present].max(), lim.interference):
            return False
    return True


def enumerate_patterns(inst: OJPPInstance, max_patterns: int = 200_000,
                       deadline: float | None = None) -> Patterns:
    """All feasible non-empty patterns; ``InputError`` when there are more than
    ``max_patterns`` (use ojpp-cpsat or ojpp-compact then) or ``deadline``
    (``time.perf_counter()`` value) passes first."""
    n = inst.n_jobs
    omega = inst.omega
    found: list[np.ndarray] = []
    a = np.zeros(n, dtype=int)

    def dfs(j: int) -> None:
        if j == n:
            if a.any():
                found.append(a.copy())
                if len(found) > max_patterns:
                    raise InputError(
                        "instance", f"more than {max_patterns} feasible patterns; "
                        "use ojpp-cpsat or ojpp-compact"
                    )
                if deadline is not None and len(found) % 256 == 0 and (
                        time.perf_counter() > deadline):
                    raise InputError("instance", "pattern enumeration ran out of time")
            return
        dfs(j + 1)  # a_j = 0
        for c in range(1, int(omega[j]) + 1):
            a[j] = c
            if not device_feasible(inst, a):
                break
            dfs(j + 1)
        a[j] = 0

    dfs(0)
    A = np.array(found, dtype=int).reshape(len(found), n)
    S = np.array([slowdowns(inst.I, r, inst.interference_model) for r in A]).reshape(len(A), n)
    tau = tau_counts(A, inst.p, inst.collision_model) if len(A) else np.zeros(0)
    return Patterns(A, S, tau)
