"""``FairShareTracker`` with each tenant's job integrals in one contiguous block (issue 23).

ASTRAEA advances the job fair-share integrals (14) of every tenant with candidates at every
decision. The base tracker adds ``rate * dt`` to its active jobs through a fancy index (a
gather and a scatter); here the jobs are stored grouped by tenant and each tenant keeps its
rates over its whole block (0.0 for jobs not active), so the same addition is one slice
operation. Every active job receives the same ``rate * dt`` as in the base tracker and every
other job ``+ 0.0`` (which leaves a non-negative float unchanged), so the integrals are the
same floats, bit for bit.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ..instance import LTGFInstance
from .fairness import FairShareTracker


class BlockFairShareTracker(FairShareTracker):
    """The base tracker with the job integrals stored by tenant block (same values).

    Parameters
    ----------
    inst : LTGFInstance
        The instance whose fair shares are tracked.
    job_share_uses_quota : bool, default False
        Job fair shares from the tenant quota instead of its demand-capped share.

    Examples
    --------
    >>> from dlsched.ltgf import generate
    >>> inst = generate(n_jobs=6, tenants=2, nodes=1, seed=1)
    >>> a, b = FairShareTracker(inst), BlockFairShareTracker(inst)
    >>> for tr in (a, b):
    ...     tr.add(0, 0.0); tr.add(1, 5.0); tr.update(int(inst.job_tenant[0]), 60.0)
    >>> bool((a.job_fair == b.job_fair).all())
    True
    """

    def __init__(self, inst: LTGFInstance, job_share_uses_quota: bool = False) -> None:
        super().__init__(inst, job_share_uses_quota)
        n, T = inst.n_jobs, inst.n_tenants
        order = np.argsort(self.tenant, kind="stable")  # jobs grouped by tenant
        #: position of each job in the block storage
        self.bpos = np.empty(n, dtype=np.int64)
        self.bpos[order] = np.arange(n)
        self.bpos_l: list[int] = self.bpos.tolist()
        ends = np.cumsum(np.bincount(self.tenant, minlength=T)).tolist()
        self._lo = [0, *ends[:-1]]
        self._hi = ends
        #: job integrals (14) in block order
        self.jf_block = np.zeros(n)
        #: per tenant its rates over its block, or None when its active set changed
        self._block_rate: list[np.ndarray | None] = [None] * T
        #: per tenant its FairShare^ten rate (set with ``_block_rate``) and its block (a view)
        self._fs: list[float] = [0.0] * T
        self._view = [self.jf_block[lo:hi] for lo, hi in zip(self._lo, self._hi, strict=True)]
        #: time each tenant was advanced to (Python floats: the same values as the array)
        self.last: list[float] = [0.0] * T  # type: ignore[assignment]

    @property
    def job_fair(self) -> np.ndarray:
        """Integral of FairShare_{i,j} (14) per job (a new array, job order)."""
        return self.jf_block[self.bpos]

    @job_fair.setter
    def job_fair(self, value: np.ndarray) -> None:  # the base constructor's zeros
        if hasattr(self, "jf_block"):
            raise AttributeError("job_fair is read-only here (kept in jf_block)")

    def update(self, k: int, t: float) -> None:
        """Advance tenant ``k``'s integrals to ``t`` (the base tracker's values)."""
        last = self.last
        dt = t - last[k]
        if dt > 0:
            if self.count[k]:
                full = self._block_rate[k]
                if full is None:
                    idx, rate, fs = self.rates(k)
                    lo = self._lo[k]
                    full = np.zeros(self._hi[k] - lo)
                    full[self.bpos[idx] - lo] = rate
                    self._block_rate[k] = full
                    self._fs[k] = fs
                self._view[k] += full * dt
                self.ten_fair[k] += self._fs[k] * dt
            last[k] = t  # max(last, t): t is later

    def add(self, i: int, t: float) -> None:
        super().add(i, t)
        self._block_rate[self.tenant[i]] = None

    def remove(self, i: int, t: float) -> None:
        super().remove(i, t)
        self._block_rate[self.tenant[i]] = None
