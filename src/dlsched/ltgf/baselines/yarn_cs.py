"""YARN capacity scheduler (notes §6.1): static integer quotas (largest remainder of (6)),
per-tenant strict FIFO, no borrowing, no preemption.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ...sim.events import RUNNING, EventSim
from ..instance import LTGFInstance
from ..support.policy import Policy
from ..support.simulate import register_policy


def largest_remainder(quota: np.ndarray, total: int) -> np.ndarray:
    """Integer quotas summing to ``total`` (largest-remainder rounding of (6)).

    Parameters
    ----------
    quota : numpy.ndarray
        Fractional quotas. Unit: GPUs.
    total : int
        Their integer total. Unit: GPUs.

    Returns
    -------
    numpy.ndarray
        Integer quotas (remainders ranked descending, ties to the lower index).

    Examples
    --------
    >>> import numpy as np
    >>> largest_remainder(np.array([8 / 3, 8 / 3, 8 / 3]), 8).tolist()
    [3, 3, 2]
    """
    base = np.floor(quota + 1e-9).astype(np.int64)
    left = total - int(base.sum())
    frac = quota - base
    order = np.lexsort((np.arange(len(quota)), -frac))
    base[order[: max(left, 0)]] += 1
    return base


class FifoRank:
    """The (tenant, submission, job id) rank of every job, computed once per instance.

    Sorting any subset of jobs by this rank gives the same order as sorting the subset by
    the three keys, so a policy called at every decision sorts its pending jobs with a
    plain ``sorted`` instead of a ``lexsort`` per call.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> FifoRank(fig6()).rank
    [0, 1, 2]
    """

    def __init__(self, inst: LTGFInstance) -> None:
        idx = np.arange(inst.n_jobs)
        order = np.lexsort((idx, inst.job_submit, inst.job_tenant))
        rank = np.empty(inst.n_jobs, dtype=np.int64)
        rank[order] = idx
        self.rank: list[int] = rank.tolist()
        self.tenant: list[int] = np.asarray(inst.job_tenant).tolist()


def tenant_fifo(inst: LTGFInstance, jobs: list[int],
                rank: FifoRank | None = None) -> list[tuple[int, list[int]]]:
    """``jobs`` grouped by tenant (ascending id), FIFO (submission, job id) inside each.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    jobs : list of int
        Job indices.
    rank : FifoRank or None, default None
        The instance's precomputed ranks (a policy's cache; same result, faster).

    Returns
    -------
    list of (int, list of int)
        (tenant index, its jobs in FIFO order) pairs.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> tenant_fifo(fig6(), [2, 0, 1])
    [(0, [0, 1, 2])]
    """
    if not jobs:
        return []
    if rank is not None:
        out: list[tuple[int, list[int]]] = []
        ten = rank.tenant
        for i in sorted(jobs, key=rank.rank.__getitem__):
            k = ten[i]
            if out and out[-1][0] == k:
                out[-1][1].append(i)
            else:
                out.append((k, [i]))
        return out
    a = np.array(jobs, dtype=np.int64)
    order = a[np.lexsort((a, inst.job_submit[a], inst.job_tenant[a]))]
    ten = inst.job_tenant[order]
    cuts = np.flatnonzero(np.diff(ten)) + 1
    return [(int(ten[lo]), part.tolist())
            for lo, part in zip(np.r_[0, cuts], np.split(order, cuts), strict=True)]


@register_policy("YARN capacity scheduler: static quotas, per-tenant FIFO, no borrowing")
class YarnCS(Policy):
    """YARN capacity scheduler: static integer quotas, per-tenant strict FIFO, no borrowing.

    Quotas are the largest-remainder rounding of (6); a job larger than its tenant's quota
    runs only when the tenant is idle; no preemption (notes §6.1).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "yarn-cs").objective, 3)
    0.642
    """

    name = "yarn-cs"

    def __init__(self, inst: LTGFInstance) -> None:
        super().__init__(inst)
        self.iquota = largest_remainder(inst.quota, inst.gpus)
        self.fifo = FifoRank(inst)
        #: ``sim.epoch`` after a call that changed nothing (-1: none yet); the pass is a
        #: function of the simulator state, so while the epoch stays there it changes nothing
        self.noop_epoch = -1
        self.knobs = {"quota": "largest remainder of (6)", "oversize_rule": "only when tenant idle"}

    def usage(self) -> np.ndarray:
        s = self.sim
        run = s.state == RUNNING
        return np.bincount(
            self.inst.job_tenant[run], weights=s.gpus[run], minlength=self.inst.n_tenants
        )

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        self.renew_all(expired)
        if sim.epoch == self.noop_epoch:
            return
        epoch = sim.epoch
        use = self.usage()
        for k, queue in tenant_fifo(self.inst, pending, self.fifo):
            for i in queue:
                g = int(sim.gpus[i])
                ok = use[k] + g <= self.iquota[k] or (g > self.iquota[k] and use[k] == 0)
                if not (ok and sim.place(i)):
                    break
                use[k] += g
        if sim.epoch == epoch:
            self.noop_epoch = epoch
