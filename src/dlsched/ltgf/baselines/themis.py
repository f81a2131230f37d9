"""Themis (notes §6.5): finish-time fairness auction at lease ends."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math

import numpy as np

from ...sim.events import RUNNING, EventSim
from ..instance import LTGFInstance
from ..support.policy import Policy
from ..support.simulate import register_policy


@register_policy("Themis: finish-time fairness auction at lease ends")
class Themis(Policy):
    """Themis: finish-time fairness auction at lease ends (notes §6.5).

    Finish-time fairness rho_i = ((t - a_i) + R_i) / (D_i N_t) with estimated durations.
    ``offer="auction"`` (Themis' rule): the ceil((1 - f) N) jobs with the largest rho take part
    in the round's auction, which maximises the product of their valuations rho_wait / rho_run;
    with identical GPUs and all-or-nothing gangs it is read as a greedy by log-valuation per
    GPU. The GPUs left go to the other jobs in decreasing rho (work conservation).
    ``offer="rho-order"``: every job in decreasing rho (f is inert), a labelled variant.
    Estimates: ``"planned"`` (a job that is cancelled or fails, share ``cancel_share``, is
    estimated at D_i / u, u ~ U(0, 1), the others at D_i x U(1 - e, 1 + e)) or ``"noisy"``
    (D_i and R_i times U(1 - e, 1 + e)).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to schedule.
    f : float, default 0.8
        Fairness knob (meaningful in [0, 1]): 1 is the pure finish-time order, 0 the pure
        auction. Unit: dimensionless.
    error : float, default 0.2
        Relative error e of the duration estimates. Unit: dimensionless.
    seed : int, default 0
        Seed of the estimate noise. Unit: dimensionless.
    offer : str, default "auction"
        ``"auction"`` or ``"rho-order"``.
    estimate : str, default "planned"
        ``"planned"`` or ``"noisy"``.
    cancel_share : float, default 0.478
        Share of jobs that stop early under ``"planned"`` (Venus: 27.9 % + 19.9 %).
        Unit: dimensionless.

    Raises
    ------
    ValueError
        ``offer`` or ``estimate`` outside its values.

    Examples
    --------
    >>> from dlsched.ltgf import generate, run_policy
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> round(run_policy(inst, "themis").objective, 3)
    0.883
    """

    name = "themis"

    def __init__(
        self, inst: LTGFInstance, f: float = 0.8, error: float = 0.2, seed: int = 0,
        offer: str = "auction", estimate: str = "planned", cancel_share: float = 0.478,
    ) -> None:
        if offer not in ("auction", "rho-order"):
            raise ValueError("offer must be 'auction' or 'rho-order'")
        if estimate not in ("noisy", "planned"):
            raise ValueError("estimate must be 'noisy' or 'planned'")
        super().__init__(inst, f=f, error=error, seed=seed, offer=offer, estimate=estimate,
                         cancel_share=cancel_share)
        self._gpus: list[int] = inst.job_gpus.tolist()
        rng = np.random.default_rng(seed)
        self.err = rng.uniform(1 - error, 1 + error, size=inst.n_jobs)
        if estimate == "planned":
            u = np.random.default_rng(seed + 1)
            stop = u.random(inst.n_jobs) < cancel_share
            frac = u.uniform(0.0, 1.0, size=inst.n_jobs)
            self.d_hat = np.where(stop, inst.job_duration / np.maximum(frac, 1e-3),
                                  inst.job_duration * self.err)
        else:
            self.d_hat = inst.job_duration * self.err

    def rho(self, sim: EventSim, t: float, idx: np.ndarray, n_act: int) -> tuple[np.ndarray,
                                                                                  np.ndarray]:
        """(rho, estimated remaining seconds) of the candidates ``idx`` at ``t``."""
        inst = self.inst
        rem = sim.remaining[idx]
        progress = np.maximum(0.0, t - sim.seg_start[idx] - sim.seg_cold[idx])
        rem = np.where(sim.state[idx] == RUNNING, np.maximum(0.0, rem - progress), rem)
        d = self.d_hat[idx]
        if self.knobs["estimate"] == "noisy":
            r_hat = rem * self.err[idx]
        else:  # planned iterations left: estimated total minus the service already received
            r_hat = np.maximum(d - (inst.job_duration[idx] - rem), 1.0)
        return ((t - inst.job_submit[idx]) + r_hat) / (d * max(n_act, 1)), r_hat

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        if not sim.any_placeable():  # no pending job can start: every expired job is renewed
            self.renew_all(expired)
            return
        inst, kn = self.inst, self.knobs
        n_act = int(self.tracker.count.sum())
        idx = np.array(pending + expired, dtype=np.int64)
        rho, r_hat = self.rho(sim, t, idx, n_act)
        perm = np.lexsort((idx, -rho))  # largest rho first, ties by id
        top = math.ceil((1 - kn["f"]) * len(perm))
        # pending jobs place() must refuse (demand above the pool or every node) play no part:
        # the bounds only shrink during the call, so they are dropped after the auction cut
        # (which counts every candidate); expired jobs (the last ones of idx) are all kept
        keep = np.ones(idx.size, dtype=bool)
        keep[:len(pending)] = sim.placeable(sim.gpus[idx[:len(pending)]])
        head, tail = perm[:top], perm[top:]
        head, tail = head[keep[head]], tail[keep[tail]]
        if kn["offer"] == "auction" and head.size:
            waited = t - inst.job_submit[idx[head]]
            value = np.log((waited + inst.lease + r_hat[head])
                           / (waited + r_hat[head])) / sim.gpus[idx[head]]
            head = head[np.lexsort((idx[head], -value))]  # by (-value, id)
        exp = sim.expired
        gpus = self._gpus
        fits = sim.can_fit
        for i in idx[np.concatenate((head, tail))].tolist():
            if not sim.pool_size():  # nothing left to renew or start (an expired job holds GPUs)
                break
            # a pending job place() must refuse (can_fit) is skipped: no effect either way
            if i in exp or fits(gpus[i]):
                sim.place(i)
