"""Incumbents of the exact models: the online policies' schedules in slotted mode (notes §9)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ..instance import LTGFInstance
from ..support.simulate import POLICIES, simulate


def online_slot_matrix(inst: LTGFInstance, policy: str = "astraea-ltgf") -> np.ndarray:
    """Run ``policy`` in slotted mode (tick = lease = L) and return its jobs x slots run matrix."""
    sl = inst.slotted()
    sol = simulate(sl, policy)
    L = sl.lease
    S = round(max(sol["completion"].values()) / L)
    x = np.zeros((inst.n_jobs, S), dtype=np.int64)
    idx = sl.job_index
    for name, s, e, *_ in sol["segments"]:
        x[idx[name], round(s / L) : round(e / L)] = 1
    return x


def online_schedules(inst: LTGFInstance) -> list[np.ndarray]:
    """Slotted-mode schedules of every registered policy. The default horizon is the longest of
    their makespans, so each of them is feasible in the exact model (ratios <= 1 by construction)
    and the best one is the first incumbent."""
    return [online_slot_matrix(inst, p) for p in POLICIES]


def fit(x: np.ndarray, S: int) -> np.ndarray | None:
    if x.shape[1] > S:
        return None if x[:, S:].any() else x[:, :S]
    return np.pad(x, ((0, 0), (0, S - x.shape[1])))
