"""Online accounting of the LTGF fair shares (notes §1) for the schedulers.

Per tenant the set of active jobs (submitted, not finished) is kept with its demand (7) and weight
sum; between two events of a tenant everything is constant, so the integrals (9) and (14) are
advanced lazily and exactly (piecewise-constant sums) whenever the tenant changes or is read.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ..instance import LTGFInstance


def ratio(num: float, den: float) -> float:
    """num/den with the notes' edge cases: 0/0 := 0, x/0 := +inf."""
    if den > 0:
        return num / den
    return 0.0 if num <= 0 else float("inf")


class FairShareTracker:
    """Integrals of FairShare_{i,j} (13)-(14) per job and FairShare^ten_j (8)-(9) per tenant."""

    def __init__(self, inst: LTGFInstance, job_share_uses_quota: bool = False) -> None:
        self.g = inst.job_gpus.astype(float)
        self.w = inst.job_weight
        self.tenant = inst.job_tenant
        self.quota = inst.quota
        self.use_quota = job_share_uses_quota
        T = inst.n_tenants
        sizes = np.bincount(self.tenant, minlength=T)
        self.act = [np.zeros(int(s), dtype=np.int64) for s in sizes]
        self.count = np.zeros(T, dtype=np.int64)
        self.pos = np.full(inst.n_jobs, -1, dtype=np.int64)
        self.demand = np.zeros(T)
        self.last = np.zeros(T)
        self.job_fair = np.zeros(inst.n_jobs)
        self.ten_fair = np.zeros(T)
        #: per tenant (active jobs, their fair-share rates, tenant rate), or None when the
        #: active set changed since it was computed: constant between two of its events
        self._rates: list[tuple[np.ndarray, np.ndarray, float] | None] = [None] * T

    def rates(self, k: int) -> tuple[np.ndarray, np.ndarray, float]:
        """Tenant ``k``'s (active jobs, their fair-share rates, tenant rate), cached until its
        active set changes."""
        r = self._rates[k]
        if r is None:
            fs = min(self.demand[k], self.quota[k])
            idx = self.act[k][:self.count[k]].copy()
            share = (self.quota[k] if self.use_quota else fs) * self.w[idx] / self.w[idx].sum()
            r = self._rates[k] = (idx, np.minimum(self.g[idx], share), fs)
        return r

    def update(self, k: int, t: float) -> None:
        dt = t - self.last[k]
        c = self.count[k]
        if dt > 0 and c:
            idx, rate, fs = self.rates(k)
            self.job_fair[idx] += rate * dt
            self.ten_fair[k] += fs * dt
        self.last[k] = max(self.last[k], t)

    def add(self, i: int, t: float) -> None:
        k = self.tenant[i]
        self.update(k, t)
        c = self.count[k]
        self.act[k][c] = i
        self.pos[i] = c
        self.count[k] = c + 1
        self.demand[k] += self.g[i]
        self._rates[k] = None

    def remove(self, i: int, t: float) -> None:
        k = self.tenant[i]
        self.update(k, t)
        c = self.count[k] - 1
        p = self.pos[i]
        last = self.act[k][c]
        self.act[k][p] = last
        self.pos[last] = p
        self.pos[i] = -1
        self.count[k] = c
        self.demand[k] -= self.g[i]
        self._rates[k] = None
