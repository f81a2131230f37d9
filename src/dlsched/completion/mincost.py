"""Single-job cost minimisation (13)/(21): Algs. 4-7 of the paper, vectorised with numpy.

The price state of one A_maxweight call lives in :class:`Prices` over relative slots 1..tau
(index t-1). For a window length L every quantity is an array over (server, window start):
window minimum of the residual capacity omega (a lazily built sparse table, O(1) per entry) and window
sums of the prices (cumulative sums). The loops of the paper over t^- and h / the PS-host
position n become argmin over flattened arrays in the paper's loop order (t^- outer), so the
first minimum in loop order wins, as with the paper's strict ``<`` [A19].

Reading of the duration loop [A3]: the paper's L loop runs L = ceil(E K theta) .. tau - 1 with
N = ceil(W theta / L). Every L whose N equals that of L-1 is skipped: with the same N and t^-,
a longer window costs at least as much (prices >= 0) and is harder to fit, so under strict ``<``
it never replaces the shorter one. This is exact for the centralised subroutines; for the
greedy Alg. 4 (not exact, spec §4) the greedy on the longer window could differ — documented.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .config import EPS, duration
from .instance import CompletionInstance

INF = math.inf


@dataclass
class Candidate:
    """A single-job schedule l = (t^-, L, m, p, y, s) at window cost ``cost``."""

    cost: float
    t: int  # relative start slot t^-
    d: int
    m: int
    p: int
    workers: dict[int, int]
    ps: dict[int, int] = field(default_factory=dict)

    @property
    def completion(self) -> int:
        return self.t + self.d


class Prices:
    """beta (allocated load) and delta = lambda^(beta/C) - 1 over [H] x [R] x [1..tau]."""

    def __init__(self, inst: CompletionInstance, tau: int, lam: float) -> None:
        self.inst, self.tau, self.lam = inst, tau, lam
        H, R = inst.capacity.shape
        self.cap = inst.capacity[:, :, None]
        self.beta = np.zeros((H, R, tau))
        self.delta = np.zeros((H, R, tau))
        self._cache: dict[Any, Any] = {}  # per window length / worker side; cleared on change

    def allocate(self, t: int, d: int, load: np.ndarray) -> None:
        """Add ``load[h, r]`` on relative slots t..t+d-1 and update delta (price (11))."""
        self.beta[:, :, t - 1:t - 1 + d] += load[:, :, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            frac = np.where(self.cap > 0, self.beta / np.where(self.cap > 0, self.cap, 1), 0.0)
        self.delta = np.power(self.lam, frac) - 1.0
        self._cache.clear()

    def _base(self) -> tuple[np.ndarray, np.ndarray]:
        """Residual capacity omega and the cumulative price sums over slots 1..tau-1."""
        hit = self._cache.get("base")
        if hit is None:  # shared by every window length until prices change
            omega = (self.cap - self.beta)[:, :, : self.tau - 1]
            cs = np.concatenate([np.zeros((*self.delta.shape[:2], 1)),
                                 np.cumsum(self.delta[:, :, : self.tau - 1], axis=2)], axis=2)
            hit = self._cache["base"] = (omega, cs)
        return hit

    def wmin(self, L: int) -> np.ndarray:
        """omega_min [H, R, n_starts]: window minimum of the residual capacity."""
        key = ("wmin", L)
        hit = self._cache.get(key)
        if hit is None:
            omega, _ = self._base()
            hit = self._cache[key] = _window_min(self._cache, "omega", omega, L,
                                                 self.tau - L)
        return hit

    def dsum(self, L: int) -> np.ndarray:
        """delta_sum [H, R, n_starts]: window sum of the prices."""
        key = ("dsum", L)
        hit = self._cache.get(key)
        if hit is None:
            _, cs = self._base()
            n = self.tau - L
            hit = self._cache[key] = cs[:, :, L:L + n] - cs[:, :, :n]
        return hit

    def window(self, L: int) -> tuple[np.ndarray, np.ndarray]:
        """(omega_min, delta_sum), each [H, R, n_starts] for starts t^- = 1..tau-L."""
        return self.wmin(L), self.dsum(L)


def _window_min(cache: dict, name: Any, a: np.ndarray, L: int, n: int) -> np.ndarray:
    """min(a[..., t : t + L]) for t = 0..n-1 along the last axis, by a sparse table.

    Level k holds the minima of windows of length 2^k (built lazily, cached with the prices);
    a window of length L is the minimum of two overlapping level-k windows, k = floor(log2 L).
    Minima are exact, so this equals a sliding minimum element for element."""
    levels = cache.get(("st", name))
    if levels is None:
        levels = cache[("st", name)] = [a]
    k = L.bit_length() - 1
    while len(levels) <= k:
        prev, h = levels[-1], 1 << (len(levels) - 1)
        levels.append(np.minimum(prev[..., :-h], prev[..., h:]))
    lv = levels[k]
    off = L - (1 << k)
    return np.minimum(lv[..., :n], lv[..., off:off + n])


def _count_cap(wmin: np.ndarray, e: np.ndarray) -> np.ndarray:
    """min_{r: e_r > 0} floor(omega_min_r / e_r) over [H, n] [A7]."""
    pos = e > 0
    if not pos.any():
        return np.full((wmin.shape[0], wmin.shape[2]), 10**9, dtype=np.int64)
    return np.floor(wmin[:, pos, :] / e[pos][None, :, None] + EPS).min(axis=1).astype(np.int64)


def _worker_arrays(pr: Prices, L: int, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(capW, worker window price) over [H, n_starts] for demand e; cached until prices change.

    capW is the window minimum of the per-slot counts floor(omega / e + EPS): x -> floor(x / e
    + EPS) is non-decreasing, so it commutes with the window minimum and this equals
    ``_count_cap(pr.wmin(L), e)`` exactly, at one 1-D filter of integers per window length."""
    ekey = e.tobytes()
    key = ("pc", L, ekey)
    hit = pr._cache.get(key)
    if hit is None:
        base = pr._cache.get(("cb", ekey))
        if base is None:
            omega, _ = pr._base()
            base = pr._cache[("cb", ekey)] = _count_cap(omega, e)
        if e.any():
            capw = _window_min(pr._cache, ("cbt", ekey), base, L, pr.tau - L)
        else:
            capw = base[:, : pr.tau - L]
        hit = (capw, np.einsum("r,hrt->ht", e, pr.dsum(L)))
        pr._cache[key] = hit
    return hit


def _durations(W: float, th: float, D: int, tau: int) -> list[tuple[int, int]]:
    """(L, N) pairs in the paper's L-ascending order with L <= tau - 1 (see module doc)."""
    out: list[tuple[int, int]] = []
    last_n = None
    for n in range(D, 0, -1):
        L = duration(W, th, n)
        if tau - 1 < L:
            break
        n_l = max(1, math.ceil(W * th / L - EPS))  # fewest workers for this L
        if n_l != last_n and (not out or out[-1][0] < L):
            out.append((L, n_l))
            last_n = n_l
    return out


def _settled(best: Candidate | None, L: int, earliest: bool) -> bool:
    """True when no block of window length L can replace ``best``: costs are >= 0, so a best of
    cost 0 is final under strict < (faithful), and under "earliest" final against every block
    whose earliest completion 1 + L is not earlier. Skipping such blocks changes no result."""
    if best is None or best.cost > 0:
        return False
    return not earliest or best.completion <= 1 + L


def _better(cost: float, comp: int, best: Candidate | None, earliest: bool) -> bool:
    if best is None:
        return cost < INF
    if cost < best.cost:
        return True
    return earliest and cost == best.cost and comp < best.completion


def mincost_centralised(inst: CompletionInstance, j: int, pr: Prices,
                        earliest: bool = False) -> Candidate | None:
    """Alg. 5 (PS, q = 1, one PS) and Alg. 6 (RAR): one server hosts the whole job."""
    best: Candidate | None = None
    W, D = float(inst.workload[j]), int(inst.chunks[j])
    ps = [-1] if inst.ring else range(len(inst.ps_names))
    for m in range(len(inst.worker_names)):
        v = inst.minibatch_time[j, m]
        if not math.isfinite(v):
            continue
        e = inst.worker_demand[m]
        for p in ps:
            if inst.ring:
                U = inst.update_time[j, 0]
                pairs = [(duration(W, v + (n - 1) / n * U, n), n) for n in range(1, D + 1)]
                pairs = [(L, n) for L, n in pairs if pr.tau - 1 >= L]
                z = np.zeros_like(e)
            else:
                if not math.isfinite(inst.update_time[j, p]):
                    continue
                pairs = _durations(W, v + inst.update_time[j, p], D, pr.tau)
                z = inst.ps_demand[p]
            for L, n in pairs:
                if _settled(best, L, earliest):
                    continue
                if p < 0:  # RAR: n workers, no PS -> capW >= n, cost n * worker price
                    capw, wprice = _worker_arrays(pr, L, e)
                    feas = capw >= n
                    if not feas.any():
                        continue
                    cost = np.where(feas.T, n * wprice.T, INF).ravel()
                else:
                    wmin, dsum = pr.window(L)
                    need = n * e + z
                    feas = np.all(need[None, :, None] <= wmin + EPS, axis=1)  # [H, n_starts]
                    if not feas.any():
                        continue
                    cost = np.einsum("r,hrt->th", need, dsum)
                    cost = np.where(feas.T, cost, INF).ravel()  # t^- outer, h inner
                i = int(np.argmin(cost))
                c = float(cost[i])
                t, h = divmod(i, inst.n_servers)
                if _better(c, t + 1 + L, best, earliest):
                    best = Candidate(c, t + 1, L, m, p, {h: n}, {h: 1} if p >= 0 else {})
    return best


def _greedy_fill(order: np.ndarray, capw: np.ndarray, price: np.ndarray, n: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sorted capacities cs, greedy counts y (fill n in order) and costs; all [H, n_starts]."""
    cs = np.take_along_axis(capw, order, axis=0)
    ps = np.take_along_axis(price, order, axis=0)
    before = np.cumsum(cs, axis=0) - cs
    y = np.clip(n - before, 0, cs)
    return cs, ps, y


def mincost_ring_distributed(inst: CompletionInstance, j: int, pr: Prices,
                             earliest: bool = False, beat: float = INF) -> Candidate | None:
    """Alg. 7: RAR over several servers, greedy by window price per worker [A11, A12]."""
    best: Candidate | None = None
    W, D = float(inst.workload[j]), int(inst.chunks[j])
    U = inst.update_time[j, 0]
    for m in range(len(inst.worker_names)):
        v = inst.minibatch_time[j, m]
        if not math.isfinite(v):
            continue
        e = inst.worker_demand[m]
        comm = inst.transfer[j, m]
        for n in range(1, D + 1):
            L = duration(W, v + (n - 1) / n * (U + comm), n)
            if pr.tau - 1 < L:
                continue
            limit = min(beat, best.cost) if best is not None else beat
            if _block_lb(pr, L, n, e, np.zeros_like(e)) >= limit and not earliest:
                continue  # cannot be strictly cheaper (see mincost_ps_distributed)
            capw, price = _worker_arrays(pr, L, e)
            order = np.argsort(price, axis=0, kind="stable")
            _cs, ps, y = _greedy_fill(order, capw, price, n)
            feas = y.sum(axis=0) == n
            if not feas.any():
                continue
            cost = np.where(feas, (ps * y).sum(axis=0), INF)
            t = int(np.argmin(cost))
            if _better(float(cost[t]), t + 1 + L, best, earliest):
                alloc = {int(order[k, t]): int(y[k, t]) for k in range(len(y)) if y[k, t]}
                best = Candidate(float(cost[t]), t + 1, L, m, -1, alloc)
    return best


def mincost_ps_distributed(inst: CompletionInstance, j: int, pr: Prices,
                           earliest: bool = False, beat: float = INF) -> Candidate | None:
    """Alg. 4 (q = 0): greedy worker fill by window price, PS host at every position n.

    At the host, the largest g in 0..y^ with s^(g) >= 1 and s^(g) B_p >= (N - g) b_m wins
    ("last feasible g"), with s = max(1, ceil((N-g) b / B)) PSs [A5, A6]; the servers after the
    host are then filled greedily. Vectorised over (t^-, n).
    """
    best: Candidate | None = None
    W, D = float(inst.workload[j]), int(inst.chunks[j])
    H = inst.n_servers
    for m in range(len(inst.worker_names)):
        v = inst.minibatch_time[j, m]
        if not math.isfinite(v):
            continue
        e, b = inst.worker_demand[m], float(inst.worker_bw[m])
        for p in range(len(inst.ps_names)):
            if not math.isfinite(inst.update_time[j, p]):
                continue
            z, B = inst.ps_demand[p], float(inst.ps_bw[p])
            th = v + inst.update_time[j, p] + inst.transfer[j, m]
            for L, n in _durations(W, th, D, pr.tau):
                if beat <= 0 or _settled(best, L, earliest):
                    continue  # cannot be strictly cheaper than a 0-cost centralised candidate
                limit = min(beat, best.cost) if best is not None else beat
                if _block_lb(pr, L, n, e, z) >= limit and not (
                        earliest and best is not None and _block_lb(pr, L, n, e, z) == best.cost
                        and best.completion > 1 + L and best.cost < beat):
                    continue
                c = _ps_distributed_block(pr, L, n, e, z, b, B, H)
                if c is None:
                    continue
                cost, t, y, s = c
                if _better(cost, t + L, best, earliest):
                    best = Candidate(cost, t, L, m, p, y, s)
    return best


def _block_lb(pr: Prices, L: int, n: int, e: np.ndarray, z: np.ndarray) -> float:
    """Lower bound on any distributed candidate's cost for window length L and N = n."""
    _, wprice = _worker_arrays(pr, L, e)
    wp = wprice.min(axis=0)
    if not z.any():
        return float(n * wp.min())
    _, dsum = pr.window(L)
    pp = np.einsum("r,hrt->ht", z, dsum).min(axis=0)
    return float((n * wp + pp).min())


def _worker_side(pr: Prices, L: int, n: int, e: np.ndarray) -> tuple:
    """The PS-type-independent part of a distributed block (cached per (L, N, e) while the
    prices do not change): greedy order, sorted capacities and prices, N_rem, prefix costs."""
    key = ("w", L, n, e.tobytes())
    hit = pr._cache.get(key)
    if hit is not None:
        return hit
    wmin, _ = pr.window(L)
    capw, wprice = _worker_arrays(pr, L, e)  # [H, ns]
    order = np.argsort(wprice, axis=0, kind="stable")  # ord per t^-, ties by server index
    cs, wps, ygreedy = _greedy_fill(order, capw, wprice, n)
    nrem = np.maximum(n - (np.cumsum(cs, axis=0) - cs), 0)  # N_rem arriving at position k
    prefix_cost = np.cumsum(wps * ygreedy, axis=0) - wps * ygreedy  # cost before position k
    # host = order[k, t]; its residuals for the PS check
    wmin_sorted = np.take_along_axis(wmin, order[:, None, :].repeat(wmin.shape[1], 1), axis=0)
    out = (order, cs, wps, nrem, prefix_cost, wmin_sorted)
    pr._cache[key] = out
    return out


def _ps_distributed_block(pr: Prices, L: int, n: int, e: np.ndarray, z: np.ndarray, b: float,
                          B: float, H: int):
    wmin, dsum = pr.window(L)
    ns = wmin.shape[2]
    pprice = np.einsum("r,hrt->ht", z, dsum)
    order, cs, wps, nrem, prefix_cost, wmin_sorted = _worker_side(pr, L, n, e)
    yhat = np.minimum(cs, nrem)
    zpos = z > 0
    G = int(yhat.max()) + 1
    g = np.arange(G)[:, None, None]
    if zpos.any():
        ez, zz = e[zpos][None, None, :, None], z[zpos][None, None, :, None]
        shat = np.floor((wmin_sorted[None][:, :, zpos, :] - g[..., None] * ez) / zz
                        + EPS).min(axis=2)  # [G, H, ns]
    else:
        shat = np.full((G, H, ns), 1e9)
    ok = (g <= yhat[None]) & (shat >= 1) & (shat * B >= (n - g) * b - EPS)
    last = G - 1 - np.argmax(ok[::-1], axis=0)  # the last feasible g wins [A6]
    gstar = np.where(ok.any(axis=0), last, -1)
    has = gstar >= 0
    if not has.any():
        return None
    gs = np.maximum(gstar, 0)
    s = np.maximum(1, np.ceil((n - gs) * b / B - EPS)).astype(np.int64)
    rem = nrem - gs  # workers still to place after the host
    # greedy fill of `rem` over positions k > host: prefix sums over the sorted capacities
    pc = np.vstack([np.zeros((1, ns), dtype=np.int64), np.cumsum(cs, axis=0)])  # [H+1, ns]
    pw = np.vstack([np.zeros((1, ns)), np.cumsum(cs * wps, axis=0)])
    base = pc[1:]  # capacity up to and including the host position
    target = base + rem
    feas = has & (target <= pc[-1][None, :])
    big = float(pc[-1].max() + rem.max() + 2)
    flat = (pc + np.arange(ns)[None, :] * big).T.ravel()  # column-major, globally sorted
    kstar = np.searchsorted(flat, (target + np.arange(ns)[None, :] * big).ravel(),
                            side="left").reshape(H, ns) - (np.arange(ns)[None, :] * (H + 1))
    kstar = np.clip(kstar, 1, H)  # prefix index: positions < kstar are full
    cols = np.arange(ns)[None, :].repeat(H, 0)
    full_cost = np.take_along_axis(pw, kstar - 1, axis=0) - pw[1:]
    partial = (target - np.take_along_axis(pc, kstar - 1, axis=0)).clip(min=0)
    last_price = wps[kstar - 1, cols]
    suffix_cost = np.where(rem > 0, full_cost + partial * last_price, 0.0)
    host_price = wps  # wprice of the host (sorted)
    host_pprice = np.take_along_axis(pprice, order, axis=0)
    cost = prefix_cost + gs * host_price + s * host_pprice + suffix_cost
    cost = np.where(feas, cost, INF).T.ravel()  # loop order t^- outer, n inner
    i = int(np.argmin(cost))
    if not math.isfinite(cost[i]):
        return None
    t, k = divmod(i, H)
    # rebuild the placement of the winner explicitly (the paper's loop, one (t^-, n))
    y: dict[int, int] = {}
    left = n
    for pos in range(H):
        h = int(order[pos, t])
        take = int(gs[k, t]) if pos == k else int(min(cs[pos, t], left))
        if take:
            y[h] = take
        left -= take
    if left != 0:
        return None
    host = int(order[k, t])
    return float(cost[i]), t + 1, y, {host: int(s[k, t])}
