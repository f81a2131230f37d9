"""Slotted view of an instance for the exact models (notes §9) and exact slotted rho.

Slot ``s`` (0-based) is ``[sL, (s+1)L)``; job ``i`` is released in slot ``r_i = ceil(a_i/L)``
(notes' 1-based ``ceil(a_i/L)+1``) and needs ``P_i = ceil(D_i/L)`` slots. Quotas are scaled by the
common denominator ``q`` of the exact fractions (6) so every Alloc/Fair sum is an integer in units
of L*GPU/q and rho values are exact fractions.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...core.errors import InputError
from ..instance import LTGFInstance


@dataclass(frozen=True)
class SlotData:
    """Slotted view of an instance (notes §9): integer arrays of the exact models.

    Parameters
    ----------
    L : float
        Slot length. Unit: s.
    S : int
        Number of slots. Unit: slots.
    M : int
        GPUs of the cluster. Unit: GPUs.
    release : numpy.ndarray
        Release slot r_i = ceil(a_i / L) of each job (0-based).
    proc : numpy.ndarray
        Slots P_i = ceil(D_i / L) each job needs.
    gpus : numpy.ndarray
        GPUs of each job.
    weight : numpy.ndarray
        Weight of each job.
    tenant : numpy.ndarray
        Tenant index of each job.
    q : int
        Common denominator of the tenant quotas (6).
    quota_q : numpy.ndarray
        Quota of each tenant times q (integers).
    tenants_with_jobs : tuple of int
        Indices of the tenants that have jobs.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> sd = slot_data(fig6())
    >>> sd.S, sd.proc.tolist(), sd.n
    (12, [4, 4, 4], 3)
    """
    L: float
    S: int
    M: int
    release: np.ndarray  # r_i, 0-based
    proc: np.ndarray  # P_i
    gpus: np.ndarray
    weight: np.ndarray
    tenant: np.ndarray
    q: int  # common denominator of the quotas
    quota_q: np.ndarray  # Q_j * q (integers)
    tenants_with_jobs: tuple[int, ...]

    @property
    def n(self) -> int:
        return len(self.release)

    def slots_of(self, i: int) -> range:
        return range(int(self.release[i]), self.S)


def slot_data(
    inst: LTGFInstance, slots: int | None = None, length: float | None = None
) -> SlotData:
    """The slotted view of ``inst`` for the exact models and exact slotted rho.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    slots : int or None, default None
        Number of slots S; None uses the last release slot + the sum of all P_i (always
        enough). Unit: slots.
    length : float or None, default None
        Slot length L; None uses the instance's lease. Unit: s.

    Returns
    -------
    SlotData
        The integer arrays.

    Raises
    ------
    InputError
        The quotas' common denominator is too large for exact int64 sums (field
        ``tenants``).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> sd = slot_data(fig6(), slots=8)
    >>> sd.S, sd.L, sd.M
    (8, 600.0, 6)
    """
    L = float(length or inst.lease)
    r = np.array([math.ceil(a / L - 1e-9) for a in inst.job_submit], dtype=np.int64)
    P = np.array([max(1, math.ceil(d / L - 1e-9)) for d in inst.job_duration], dtype=np.int64)
    S = int(slots) if slots is not None else int(r.max() + P.sum())
    qf = inst.quota_fractions
    q = math.lcm(*[x.denominator for x in qf])
    if q * inst.gpus * max(S, 1) > 2**60:  # Alloc/Fair sums in units of L*GPU/q must fit int64
        raise InputError("tenants", f"the quotas' common denominator {q:.3g} is too large for "
                         "exact integer fairness sums; give weights with fewer digits")
    Qq = np.array([int(x * q) for x in qf], dtype=np.int64)
    has = tuple(int(k) for k in np.unique(inst.job_tenant))
    return SlotData(
        L,
        S,
        inst.gpus,
        r,
        P,
        inst.job_gpus.copy(),
        inst.job_weight.copy(),
        inst.job_tenant.copy(),
        q,
        Qq,
        has,
    )


def schedule_rho(sd: SlotData, x: np.ndarray) -> dict[int, Fraction] | None:
    """Exact tenant rho (12) with (8) of a 0/1 run matrix (jobs x slots).

    Parameters
    ----------
    sd : SlotData
        The slotted instance.
    x : numpy.ndarray
        x[i, s] = 1 when job i runs in slot s.

    Returns
    -------
    dict of int to Fraction or None
        Tenant index -> rho as an exact fraction; None if a job is unfinished, runs before
        its release, or a slot exceeds the GPUs.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.ltgf.paper import fig6
    >>> sd = slot_data(fig6())
    >>> x = np.zeros((3, sd.S), dtype=int)
    >>> x[0, 0:4] = 1; x[1, 4:8] = 1; x[2, 4:8] = 1
    >>> schedule_rho(sd, x)
    {0: Fraction(1, 1)}
    """
    x = np.asarray(x, dtype=np.int64)
    if (x.sum(axis=1) != sd.proc).any() or ((sd.gpus @ x) > sd.M).any():
        return None
    cols = np.arange(sd.S)
    if (x[cols[None, :] < sd.release[:, None]]).any():
        return None
    cum = np.cumsum(x, axis=1)
    done_prev = np.zeros_like(x)
    done_prev[:, 1:] = cum[:, :-1] >= sd.proc[:, None]
    act = (cols[None, :] >= sd.release[:, None]) & (done_prev == 0)
    out: dict[int, Fraction] = {}
    for k in sd.tenants_with_jobs:
        m = sd.tenant == k
        dem = sd.q * (sd.gpus[m] @ act[m])
        fair = int(np.minimum(dem, sd.quota_q[k]).sum())
        alloc = int(sd.q * (sd.gpus[m] @ x[m]).sum())
        out[k] = Fraction(alloc, fair) if fair else Fraction(0)
    return out


def job_rho_slots(sd: SlotData, x: np.ndarray) -> np.ndarray:
    """Job rho (15) with (13)/(8) of a slot schedule (floats; for the brute force of notes §8)."""
    x = np.asarray(x, dtype=np.int64)
    cols = np.arange(sd.S)
    cum = np.cumsum(x, axis=1)
    done_prev = np.zeros_like(x)
    done_prev[:, 1:] = cum[:, :-1] >= sd.proc[:, None]
    act = (cols[None, :] >= sd.release[:, None]) & (done_prev == 0)
    fair = np.zeros(sd.n)
    for k in sd.tenants_with_jobs:
        m = np.flatnonzero(sd.tenant == k)
        dem = sd.gpus[m] @ act[m]
        wsum = sd.weight[m] @ act[m]
        fs = np.minimum(dem, sd.quota_q[k] / sd.q)
        share = np.where(wsum > 0, fs / np.where(wsum > 0, wsum, 1), 0.0)
        fair[m] = (np.minimum(sd.gpus[m, None], sd.weight[m, None] * share[None, :]) * act[m]).sum(
            axis=1
        )
    alloc = sd.gpus * x.sum(axis=1)
    return np.where(fair > 0, alloc / np.where(fair > 0, fair, 1), 0.0)


def min_rho(rhos: dict[int, Fraction]) -> Fraction:
    return min(rhos.values())
