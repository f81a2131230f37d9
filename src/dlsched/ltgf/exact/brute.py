"""Brute force over all slot schedules of a tiny instance (notes §8 offline check).

Per slot any subset of released, unfinished jobs that fits the GPU count may run (idle allowed);
a schedule ends when every job is done. Returns the best min-rho (tenant level (12)/(8), or job
level (15)/(13)) and every schedule attaining it. Exponential: for a handful of jobs only.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np

from ..instance import LTGFInstance
from ..support.slots import job_rho_slots, schedule_rho, slot_data


def brute_force(
    inst: LTGFInstance, horizon: int, level: str = "tenant"
) -> tuple[float, list[np.ndarray]]:
    """Brute force over all slot schedules of a tiny instance (notes §8 offline check).

    Per slot any subset of released, unfinished jobs that fits the GPU count may run (idle
    allowed); exponential, for a handful of jobs only.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    horizon : int
        Number of slots a schedule may use. Unit: slots.
    level : str, default "tenant"
        ``"tenant"`` (min tenant rho (12)) or any other value for the job level (15).

    Returns
    -------
    tuple of (float, list of numpy.ndarray)
        The best min-rho and every schedule (jobs x slots run matrix) attaining it.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> best, schedules = brute_force(fig6(), 8)
    >>> best, len(schedules)
    (1.0, 70)
    """
    sd = slot_data(inst, horizon)
    n = sd.n
    best: list = [Fraction(-1) if level == "tenant" else -1.0, []]
    x = np.zeros((n, horizon), dtype=np.int64)

    def dfs(s: int, rem: np.ndarray) -> None:
        if not rem.any():
            xm = x[:, :s].copy()
            sdd = slot_data(inst, s)
            v = (
                min(schedule_rho(sdd, xm).values())
                if level == "tenant"
                else round(float(job_rho_slots(sdd, xm).min()), 12)
            )
            if v > best[0]:
                best[0], best[1] = v, [xm]
            elif v == best[0]:
                best[1].append(xm)
            return
        left = horizon - s
        if s >= horizon or rem.max() > left or (sd.gpus * rem).sum() > sd.M * left:
            return
        avail = [i for i in range(n) if rem[i] > 0 and sd.release[i] <= s]
        for r in range(len(avail) + 1):
            for sub in combinations(avail, r):
                if sum(int(sd.gpus[i]) for i in sub) > sd.M:
                    continue
                for i in sub:
                    x[i, s] = 1
                    rem[i] -= 1
                dfs(s + 1, rem)
                for i in sub:
                    x[i, s] = 0
                    rem[i] += 1

    dfs(0, sd.proc.copy())
    return float(best[0]), best[1]
