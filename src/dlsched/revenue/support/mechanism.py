"""Astraea (Alg. 1), A_round (Alg. 2), A_maxIrev (Alg. 3), MINCOSTD/C (Algs. 4-5), Eq. (8)
prices and the Eq. (2) income division, as reconstructed in notes §3.

The enumeration over start times and worker counts of Alg. 3 is vectorised: for each worker
count w and placement P the window minima of the free capacities (servers x start slots), the
tenant/pool availability and the price sums are numpy arrays over all start slots at once, and
the best (t_rel, w) is one argmax over a [t_rel, w] value matrix (row-major order = the paper's
loop order with a strict improvement test: earliest start, then fewest workers).

Switches (every ambiguity of the notes is one): ``fixed_workers`` (w = D_j only, the notes §4
narrative; None = the instance's rule, which True may narrow but False may not widen) vs as
written (w in 1..D_j); ``lam`` (int, default 2, or "lemma1");
``theta`` (None = the notes §3.2 rule, or a number / pair) and ``theta_scale``;
``time_origin`` (None = the instance's; any other value must equal it) for the actual utility;
``reject_negative_actual``;
``l_extra`` batches after the last arrival; ``phases`` ((1, 2) = Alg. 2; (1,) = BatchSche);
``worker_cap`` ("chunks" default: w <= D_j as Alg. 3 writes it; "demand": also w <= dem_j, the
GPUs the job requests, the rule the baselines size jobs by). Every run ends by the
instance's horizon T (problem (3)): a start whose run would end after T is never tried.
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ...core.deadline import check_deadline
from ...core.errors import InputError
from ..instance import RevenueInstance
from ..rules import stated
from .configs import lemma1_lambda, max_workers, theta_rule

OWN, POOL = 1, 2


@dataclass(frozen=True)
class Options:
    fixed_workers: bool | None = None  # None: the instance's rule
    lam: int | str = 2
    theta: float | tuple[float, float] | None = None
    theta_scale: float = 1.0
    time_origin: str | None = None  # None: the instance's
    reject_negative_actual: bool = False
    l_extra: int = 8
    phases: tuple[int, ...] = (1, 2)
    placements: tuple[str, ...] = ("C", "D")  # MINCOSTC / MINCOSTD used by Alg. 3
    worker_cap: str = "chunks"  # "chunks": w <= D_j (Alg. 3); "demand": also w <= dem_j


def for_instance(opt: Options, inst: RevenueInstance) -> Options:
    """``opt`` with the instance's rules filled in: ``time_origin`` (a given one must equal the
    instance's) and ``fixed_workers`` (True narrows any instance; False on an instance whose
    ``fixed_workers`` is true would widen its problem: refused).

    Parameters
    ----------
    opt : Options
        The options from the method's parameters.
    inst : RevenueInstance
        The instance.

    Returns
    -------
    Options
        The options with both rules set.

    Raises
    ------
    InputError
        ``time_origin`` or ``fixed_workers`` contradicts the instance.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> o = for_instance(Options(), inst)
    >>> o.time_origin, o.fixed_workers
    ('arrival', False)
    """
    if opt.fixed_workers is False and inst.fixed_workers:
        raise InputError("fixed_workers", "the instance fixes every job at D_j workers "
                         "(fixed_workers); a method cannot widen it")
    return replace(opt, time_origin=stated(inst, "time_origin", opt.time_origin),
                   fixed_workers=bool(opt.fixed_workers or inst.fixed_workers))


@dataclass
class Round:
    """Usage state of one round: slots R+1..R+tau (all zero at the start, notes §3.1)."""

    R: int
    tau: int
    hsw: np.ndarray  # [S, tau]
    hsp: np.ndarray
    uw: np.ndarray  # [U, tau]
    up: np.ndarray


class WindowMin:
    """Sparse table over the last axis: min over any window [t, t + d) in O(1) numpy ops
    per window length (instead of the O(d) of a sliding window view)."""

    def __init__(self, a: np.ndarray) -> None:
        self.levels = [a]
        k = 1
        while 2 * k <= a.shape[-1]:
            prev = self.levels[-1]
            self.levels.append(np.minimum(prev[..., :-k], prev[..., k:]))
            k *= 2

    def __call__(self, d: int, n: int | None = None) -> np.ndarray:
        """Minima of the first ``n`` windows of length d (all n - d + 1 by default)."""
        k = d.bit_length() - 1
        lv = self.levels[k]
        n = self.levels[0].shape[-1] - d + 1 if n is None else n
        return np.minimum(lv[..., :n], lv[..., d - (1 << k):d - (1 << k) + n])


def server_classes(free_w: np.ndarray, free_p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Servers with identical free profiles over the round behave identically in Algs. 4-5
    (prices are cluster-wide), so the enumeration runs over one representative per class
    (its lowest index, which keeps the lowest-index tie-breaks) with the class size."""
    first: dict[bytes, int] = {}
    count: dict[bytes, int] = {}
    for s in range(free_w.shape[0]):
        key = free_w[s].tobytes() + free_p[s].tobytes()
        first.setdefault(key, s)
        count[key] = count.get(key, 0) + 1
    reps = np.array(sorted(first.values()), dtype=np.int64)
    by_rep = {v: count[k] for k, v in first.items()}
    return reps, np.array([by_rep[r] for r in reps], dtype=float)


@dataclass
class Decision:
    placement: str
    w: int
    d: int
    t_rel: int
    workers: dict[int, int]
    ps: dict[int, int]
    mu: float
    ideal: float
    cost_w: np.ndarray  # per slot of the run
    cost_p: np.ndarray


@dataclass
class Mechanism:
    """Runs Astraea on one instance; ``records`` holds one entry per admitted job."""

    inst: RevenueInstance
    opt: Options = field(default_factory=Options)
    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    decision_s: list[float] = field(default_factory=list)
    order: int = 0

    def __post_init__(self) -> None:
        inst = self.inst
        self.opt = for_instance(self.opt, inst)
        if self.opt.theta is None:
            tw, tp = theta_rule(inst, self.opt.fixed_workers,
                                worker_cap=self.opt.worker_cap)
        elif isinstance(self.opt.theta, tuple):
            tw, tp = self.opt.theta
        else:
            tw = tp = float(self.opt.theta)
        self.theta_w = tw * self.opt.theta_scale
        self.theta_p = tp * self.opt.theta_scale
        if self.opt.lam == "lemma1":
            self.lam = lemma1_lambda(inst, self.theta_w, self.theta_p, self.opt.fixed_workers,
                                     self.opt.worker_cap)
        else:
            self.lam = int(self.opt.lam)
        self.Cw = int(inst.cap_w.sum())
        self.Cp = int(inst.cap_p.sum())

    # -- prices (Eq. 8, reconstructed) -------------------------------------------------
    def prices(self, hw: np.ndarray, hp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """η_w(t) = θ_w^(h_w/ΣC_sw) - 1, η_p likewise; cluster-wide, same on every server."""
        ew = self.theta_w ** (hw / max(self.Cw, 1)) - 1.0
        ep = self.theta_p ** (hp / max(self.Cp, 1)) - 1.0
        return ew, ep

    # -- Alg. 3 with Algs. 4-5 ---------------------------------------------------------
    def best_decision(self, j: int, rnd: Round, mode: int) -> Decision | None:
        inst, tau, R = self.inst, rnd.tau, rnd.R
        u = int(inst.tenant[j])
        free_w = inst.cap_w[:, None] - rnd.hsw  # [S, tau]
        free_p = inst.cap_p[:, None] - rnd.hsp
        hw, hp = rnd.hsw.sum(0), rnd.hsp.sum(0)
        if mode == OWN:
            avail_w = inst.quota_w[u] - rnd.uw[u]
            avail_p = inst.quota_p[u] - rnd.up[u]
        else:
            avail_w = self.Cw - hw
            avail_p = self.Cp - hp
        ew, ep = self.prices(hw, hp)
        cew = np.concatenate([[0.0], np.cumsum(ew)])
        cep = np.concatenate([[0.0], np.cumsum(ep)])
        wmax = max_workers(inst, j, self.opt.worker_cap)
        top = int(inst.chunks[j]) if self.opt.worker_cap == "chunks" else wmax
        ws = np.array([top] if self.opt.fixed_workers else range(1, wmax + 1), dtype=np.int64)
        dC = inst.durations(j, "C", ws)
        dD = inst.durations(j, "D", ws)
        keep = (np.minimum(dC, dD) <= tau) & (ws <= avail_w.max())
        ws, dC, dD = ws[keep], dC[keep], dD[keep]
        if ws.size == 0:
            return None
        reps, cnt = server_classes(free_w, free_p)
        mins = [WindowMin(a) for a in (free_w[reps], free_p[reps], avail_w, avail_p)]
        value = np.full((tau, ws.size), -np.inf)
        choice: dict[tuple[int, int], tuple[str, int]] = {}
        kind, slope, _ = inst.utility[j]
        decreasing = kind == "convex" or slope <= 0
        best = 0.0
        ratio = inst.bw_worker / inst.bw_ps
        arr = int(inst.arrival[j])
        for col, w in enumerate(ws):
            best_col = np.full(tau, -np.inf)
            pick = np.zeros(tau, dtype=np.int8)  # 1 = C, 2 = D
            for p, d in (("D", int(dD[col])), ("C", int(dC[col]))):
                if d > tau or p not in self.opt.placements or (
                        p == "C" and w > inst.cap_w.max()):
                    continue
                n = min(tau, int(inst.horizon) - R) - d + 1  # t+ <= R + tau and <= T
                if n <= 0:
                    continue
                t_rel = np.arange(1, n + 1)
                ideal = np.asarray(inst.f(j, (t_rel + d - 1).astype(float)), dtype=float)
                if decreasing:  # v <= ideal: starts with ideal below the best cannot win
                    n = int(np.count_nonzero(ideal >= max(best, 1e-300)))
                    if n == 0:
                        continue
                    t_rel, ideal = t_rel[:n], ideal[:n]
                fw, fp, aw, ap = (m(d, n) for m in mins)
                sw, sp = cew[d:d + n] - cew[:n], cep[d:d + n] - cep[:n]
                ok = aw >= w
                if p == "C":
                    host = (fw >= w) & (np.minimum(fp, ap[None, :]) >= 1)
                    ok = ok & host.any(0)
                    cost = w * sw + sp
                else:
                    dsw = np.minimum(w - 1, fw)
                    need = np.ceil((w - dsw) * ratio - 1e-9)
                    qual = need <= np.minimum(fp, ap[None, :])
                    masked = np.where(qual, need, np.inf)
                    s1 = masked.argmin(0)
                    cols = np.arange(n)
                    rem = w - dsw[s1, cols]
                    other = cnt @ fw - fw[s1, cols]
                    ok = ok & qual.any(0) & (other >= rem)
                    cost = w * sw + need[s1, cols] * sp
                v = np.where(ok, ideal - cost, -np.inf)
                if self.opt.reject_negative_actual:
                    x = R + t_rel + d - 1 - (arr if self.opt.time_origin == "arrival" else 0)
                    actual = np.asarray(inst.f(j, x.astype(float)), dtype=float)
                    v = np.where(actual >= 0, v, -np.inf)
                # C after D: ties -> centralized (Alg. 3 line 6: vC >= vD)
                better = v >= best_col[:n] if p == "C" else v > best_col[:n]
                better &= np.isfinite(v)
                best_col[:n] = np.where(better, v, best_col[:n])
                pick[:n] = np.where(better, 1 if p == "C" else 2, pick[:n])
                if better.any():
                    best = max(best, float(v[better].max()))
            value[:, col] = best_col
            for t in np.flatnonzero(pick):
                choice[int(t), col] = ("C" if pick[t] == 1 else "D", int(w))
        flat = int(np.argmax(value))
        t_idx, col = divmod(flat, ws.size)
        mu = float(value[t_idx, col])
        if not (mu > 0 and np.isfinite(mu)):
            return None
        p, w = choice[t_idx, col]
        d = int(dC[col] if p == "C" else dD[col])
        run = slice(t_idx, t_idx + d)
        fw_s, fp_s, ap_t = free_w[:, run].min(1), free_p[:, run].min(1), avail_p[run].min()
        workers: dict[int, int] = {}
        if p == "C":
            host = (fw_s >= w) & (np.minimum(fp_s, ap_t) >= 1)
            s1 = int(np.flatnonzero(host)[0])
            workers[s1], ps = w, {s1: 1}
        else:
            dsw = np.minimum(w - 1, fw_s)
            need = np.ceil((w - dsw) * ratio - 1e-9)
            qual = need <= np.minimum(fp_s, ap_t)
            s1 = int(np.argmin(np.where(qual, need, np.inf)))
            if dsw[s1] > 0:
                workers[s1] = int(dsw[s1])
            ps = {s1: int(need[s1])}
            rem = w - int(dsw[s1])
            for s in sorted(range(inst.n_servers), key=lambda s: (fw_s[s], s)):
                if s == s1 or rem == 0:
                    continue
                k = int(min(fw_s[s], rem))
                if k > 0:
                    workers[s] = workers.get(s, 0) + k
                    rem -= k
        nps = sum(ps.values())
        win = slice(t_idx, t_idx + d)
        return Decision(p, w, d, t_idx + 1, workers, ps, mu, float(inst.f(j, t_idx + d)),
                        ew[win] * w, ep[win] * nps)

    def commit(self, j: int, rnd: Round, dec: Decision) -> None:
        win = slice(dec.t_rel - 1, dec.t_rel - 1 + dec.d)
        u = int(self.inst.tenant[j])
        for s, k in dec.workers.items():
            rnd.hsw[s, win] += k
        for s, k in dec.ps.items():
            rnd.hsp[s, win] += k
        rnd.uw[u, win] += dec.w
        rnd.up[u, win] += sum(dec.ps.values())

    def max_irev(self, jobs: list[int], rnd: Round, mode: int, batch: int, i: int
                 ) -> list[int]:
        """Alg. 3: jobs in order, each takes its best (t_rel, w, P) if μ > 0; sequential
        commits (the example updates prices after every job)."""
        admitted = []
        for j in jobs:
            check_deadline()  # only inside a caller's time limit (core.deadline)
            t0 = time.perf_counter()
            dec = self.best_decision(j, rnd, mode)
            self.decision_s.append(time.perf_counter() - t0)
            if dec is None:
                continue
            self.commit(j, rnd, dec)
            start = rnd.R + dec.t_rel
            self.records[j] = {
                "decision": dec, "phase": mode, "batch": batch, "round": i,
                "window": (rnd.R + 1, rnd.R + rnd.tau), "start": start,
                "completion": start + dec.d - 1, "order": self.order}
            self.order += 1
            admitted.append(j)
        return admitted

    # -- Alg. 2 ------------------------------------------------------------------------
    def a_round(self, jobs: list[int], batch: int) -> list[int]:
        inst, tau, lam = self.inst, 2 ** batch, self.lam
        S, U = inst.n_servers, inst.n_tenants
        pending = list(jobs)
        for i in range(1, lam + 1):
            if not pending:
                break
            R = (lam + i - 1) * tau
            rnd = Round(R, tau, np.zeros((S, tau)), np.zeros((S, tau)), np.zeros((U, tau)),
                        np.zeros((U, tau)))
            j1 = self.max_irev(pending, rnd, OWN, batch, i) if 1 in self.opt.phases else []
            vw = inst.quota_w[:, None] - rnd.uw  # phase-1 snapshot v^u(t)
            vp = inst.quota_p[:, None] - rnd.up
            rest = [j for j in pending if j not in j1]
            j2 = self.max_irev(rest, rnd, POOL, batch, i) if 2 in self.opt.phases else []
            aw, ap = vw.sum(0), vp.sum(0)
            for j in j2:
                rec = self.records[j]
                dec = rec["decision"]
                win = slice(dec.t_rel - 1, dec.t_rel - 1 + dec.d)
                rho = (vw[:, win] / aw[win] * dec.cost_w[None, :]
                       + vp[:, win] / ap[win] * dec.cost_p[None, :])  # Eq. (2)
                rec["income"] = rho.sum(1)
            pending = [j for j in rest if j not in j2]
        return pending

    # -- Alg. 1 ------------------------------------------------------------------------
    def run(self) -> None:
        inst = self.inst
        batch_of = np.array([1 if r < 2 else math.floor(math.log2(r)) + 1
                             for r in inst.arrival], dtype=np.int64)
        lmax = int(batch_of.max()) + self.opt.l_extra
        pending: list[int] = []
        keyed = sorted(range(inst.n_jobs),
                       key=lambda j: (int(inst.arrival[j]), int(inst.tenant[j]), j))
        for batch in range(1, lmax + 1):
            new = [j for j in keyed if batch_of[j] == batch]
            jobs = sorted(pending + new, key=keyed.index)
            if not jobs:
                continue
            pending = self.a_round(jobs, batch)
            if not pending and not np.any(batch_of > batch):
                break
