"""Themis (notes §6.5): finish-time fairness auction at lease ends."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
from itertools import chain

import numpy as np

from ...sim.events import RUNNING, EventSim
from ...sim.ordered import PendingRows
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
    #: the pending jobs' rho terms are kept across decisions (``PendingOrder``)
    sorted_pending = False

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
        self._n_act = 0
        self._noisy = estimate == "noisy"
        self._sub: list[float] = inst.job_submit.tolist()
        self._dur: list[float] = inst.job_duration.tolist()
        self._d: list[float] = self.d_hat.tolist()
        self._err: list[float] = self.err.tolist()
        #: the Python-float decision needs d_hat > 0 (no 0-division; finite rho)
        self._fast = bool(np.all(self.d_hat > 0) and np.all(np.isfinite(self.d_hat)))
        self._rows: PendingRows | None = None

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
        # a pending job's rho terms (submission, estimated remaining, estimated duration) are
        # fixed while it waits: kept per pending job, evaluated when it becomes pending
        self._rows = PendingRows(sim, self._pending_terms, 3)

    def on_submit(self, i: int, t: float) -> None:
        super().on_submit(i, t)
        self._n_act += 1

    def on_finish(self, i: int, t: float) -> None:
        super().on_finish(i, t)
        self._n_act -= 1

    def _r_hat(self, i: int, rem: float) -> float:
        """Estimated remaining seconds of job ``i`` with ``rem`` seconds of work left."""
        if self._noisy:
            return rem * self._err[i]
        # planned iterations left: estimated total minus the service already received
        return max(self._d[i] - (self._dur[i] - rem), 1.0)

    def _pending_terms(self, i: int) -> tuple[float, float, float]:
        """(submission, r_hat, d_hat) of pending job ``i`` (what ``rho`` reads)."""
        return (self._sub[i], self._r_hat(i, float(self.sim.remaining[i])), self._d[i])

    def schedule(self, sim: EventSim, t: float, pending: list[int], expired: list[int]) -> None:
        if not sim.any_placeable():  # no pending job can start: every expired job is renewed
            self.renew_all(expired)
            return
        if not self._fast:
            self._schedule_arrays(sim, t, expired)
            return
        rows = self._rows
        rows.sync()
        sub, dd, gpus = self._sub, self._d, self._gpus
        extra = []
        for i in expired:  # running: the service of the current segment counts
            progress = max(0.0, t - float(sim.seg_start[i]) - float(sim.seg_cold[i]))
            rem = max(0.0, float(sim.remaining[i]) - progress)
            extra.append((i, (sub[i], self._r_hat(i, rem), dd[i])))
        m = rows.extend(extra)
        a, r, d = (c[:m] for c in rows.cols)
        # rho = ((t - a) + r_hat) / (d n), the array form's operations on the same values
        rho = ((t - a) + r) / (d * max(self._n_act, 1))
        perm = np.lexsort((rows.ids[:m], -rho)).tolist()  # largest rho first, ties by id
        jobs = rows.jobs + expired  # job per row
        top = math.ceil((1 - self.knobs["f"]) * m)
        # pending jobs place() must refuse play no part (dropped after the auction cut, which
        # counts every candidate): their demands fail can_fit now and for the whole call
        exp = sim.expired
        fits = sim.can_fit
        # can_fit per demand of the candidates (the expired jobs' too: a displaced one is
        # pending again); a demand refused once stays refused for the call
        ok = {g: fits(g) for g in sim._pend_g}
        for i in expired:
            g = gpus[i]
            if g not in ok:
                ok[g] = fits(g)
        n_ok = sum(ok.values())
        head = [k for k in perm[:top] if jobs[k] in exp or ok[gpus[jobs[k]]]]
        order = [jobs[k] for k in head]
        if self.knobs["offer"] == "auction" and head:
            L = self.inst.lease
            rl = r.tolist() if len(head) > 8 else None
            vals = []
            for k in head:
                w = t - sub[jobs[k]]
                rk = rl[k] if rl is not None else float(r[k])
                vals.append((w + L + rk) / (w + rk))
            value = (np.log(np.array(vals)) / np.array([gpus[i] for i in order])).tolist()
            order = [i for _, i in sorted(zip([-v for v in value], order, strict=True))]
        for i in chain(order, map(jobs.__getitem__, perm[top:])):
            if not sim._pool:  # nothing left to renew or start (an expired job holds GPUs)
                break
            if i in exp:
                sim.place(i)
                continue
            # a pending job place() must refuse (can_fit) is skipped: no effect either way
            g = gpus[i]
            if ok[g]:
                if fits(g):
                    sim.place(i)
                else:
                    ok[g] = False
                    n_ok -= 1
            if not n_ok and not exp:  # no candidate left that place() may accept
                break

    def _schedule_arrays(self, sim: EventSim, t: float, expired: list[int]) -> None:
        """The decision over numpy arrays (estimates with d_hat <= 0, e.g. ``error`` = 1)."""
        inst, kn = self.inst, self.knobs
        n_act = int(self.tracker.count.sum())
        pending = sorted(sim._pending)
        idx = np.array(pending + expired, dtype=np.int64)
        rho, r_hat = self.rho(sim, t, idx, n_act)
        perm = np.lexsort((idx, -rho))  # largest rho first, ties by id
        top = math.ceil((1 - kn["f"]) * len(perm))
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
            if i in exp or fits(gpus[i]):
                sim.place(i)
