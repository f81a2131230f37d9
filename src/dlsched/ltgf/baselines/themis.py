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
    #: the pending jobs are read from the simulator (the order comes from rho and the id)
    sorted_pending = False
    #: no pending job can start: every expired job is renewed (the engine may do it)
    renews_when_blocked = True

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
        #: submitted, unfinished jobs (the tracker's ``count.sum()``) as a Python int
        self._n_act = 0
        #: estimated remaining seconds r_hat of each pending job (fixed while it waits: its
        #: remaining work is), and the jobs that entered or left the pending set since
        self._rh = np.zeros(inst.n_jobs)
        self._touched: set[int] = set()
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

    def attach(self, sim: EventSim) -> None:
        super().attach(sim)
        self._touched = set()
        sim.watch_pending(self._touched)

    def on_submit(self, i: int, t: float) -> None:
        self._n_act += 1
        super().on_submit(i, t)

    def on_finish(self, i: int, t: float) -> None:
        self._n_act -= 1
        super().on_finish(i, t)

    def _r_hat(self, i: int, rem: float) -> float:
        """``rho``'s r_hat of job ``i`` with ``rem`` seconds of work left (the same float
        operations on Python floats)."""
        if self.knobs["estimate"] == "noisy":
            return rem * float(self.err[i])
        return max(float(self.d_hat[i]) - (float(self.inst.job_duration[i]) - rem), 1.0)

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        if not sim.any_placeable():  # no pending job can start: every expired job is renewed
            self.renew_all(expired)
            return
        inst, kn = self.inst, self.knobs
        # r_hat of the jobs that became pending since the last full decision (``rho``'s
        # value: their remaining work is fixed while they wait), then of the expired ones
        rh, rem, pend = self._rh, sim.remaining, sim._pending
        for i in self._touched:
            if i in pend:
                rh[i] = self._r_hat(i, float(rem[i]))
        self._touched.clear()
        start, cold = sim.seg_start, sim.seg_cold
        for i in expired:
            progress = max(0.0, t - float(start[i]) - float(cold[i]))
            rh[i] = self._r_hat(i, max(0.0, float(rem[i]) - progress))
        # the candidates in any order: the order below breaks ties by id
        idx = np.array([*pend, *expired], dtype=np.int64)
        r_hat = rh[idx]
        rho = ((t - inst.job_submit[idx]) + r_hat) / (self.d_hat[idx] * max(self._n_act, 1))
        perm = np.lexsort((idx, -rho))  # largest rho first, ties by id
        top = math.ceil((1 - kn["f"]) * len(perm))
        head, tail = perm[:top], perm[top:]
        if kn["offer"] == "auction" and head.size:
            ih, rh_h = idx[head], r_hat[head]
            waited = t - inst.job_submit[ih]
            value = np.log((waited + inst.lease + rh_h) / (waited + rh_h)) / sim.gpus[ih]
            head = head[np.lexsort((ih, -value))]  # by (-value, id)
        exp = sim.expired
        gpus = self._gpus
        fits = sim.can_fit
        # pending jobs place() must refuse (can_fit: demand above the pool or every node)
        # are skipped, by demand: the bounds only shrink during the call
        dead = {g for g in sim._pend_g if not fits(g)}
        for i in idx[np.concatenate((head, tail))].tolist():
            if not sim._pool:  # nothing left to renew or start (an expired job holds GPUs)
                break
            if i in exp:
                sim.place(i)
            else:
                g = gpus[i]
                if g in dead:
                    continue
                if fits(g):
                    sim.place(i)
                    continue
                dead.add(g)
            # no expired job undecided and no pending job can start: the rest is skipped
            if not exp and not sim.any_placeable():
                break
