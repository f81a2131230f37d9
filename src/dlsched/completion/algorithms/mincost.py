"""Single-job cost minimisation (13)/(21): Algs. 4-7 of the paper, vectorised with numpy.

The price state of one A_maxweight call lives in ``Prices`` over relative slots 1..tau
(index t-1). For a window length L every quantity is an array over (server, window start):
window minimum of the residual capacity omega (a lazily built sparse table, O(1) per entry)
and window sums of the prices (cumulative sums). The loops of the paper over t^- and h / the PS-host
position n become argmin over flattened arrays in the paper's loop order (t^- outer), so the
first minimum in loop order wins, as with the paper's strict ``<`` [A19].

Reading of the duration loop [A3]: the paper's L loop runs L = ceil(E K theta) .. tau - 1 with
N = ceil(W theta / L). Every L whose N equals that of L-1 is skipped: with the same N and t^-,
a longer window costs at least as much (prices >= 0) and is harder to fit, so under strict ``<``
it never replaces the shorter one. This is exact for the centralised subroutines; for the
greedy Alg. 4 (not exact, notes §4) the greedy on the longer window could differ — documented.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from ..instance import CompletionInstance
from ..support.config import EPS, duration

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


def _slot_counts(pr: Prices, d: np.ndarray) -> np.ndarray:
    """Per-slot count floor(omega / d + EPS) over [H, tau-1] (10**9 when d = 0); cached."""
    key = ("cb", d.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        omega, _ = pr._base()
        hit = pr._cache[key] = _count_cap(omega, d)
    return hit


def _count_window(pr: Prices, L: int, d: np.ndarray) -> np.ndarray:
    """Window count cap [H, n_starts]: the window minimum of ``_slot_counts``.

    x -> floor(x / d + EPS) is non-decreasing, so it commutes with the window minimum and this
    equals ``_count_cap(pr.wmin(L), d)`` exactly, at one sparse-table lookup per window."""
    base = _slot_counts(pr, d)
    if not d.any():
        return base[:, : pr.tau - L]
    return _window_min(pr._cache, ("cbt", d.tobytes()), base, L, pr.tau - L)


def _count_max(pr: Prices, d: np.ndarray) -> np.ndarray:
    """[H] largest per-slot count over slots 1..tau-1: an upper bound on every window count."""
    key = ("cmax", d.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        hit = pr._cache[key] = _slot_counts(pr, d).max(axis=1)
    return hit


def _omega_max(pr: Prices) -> np.ndarray:
    """[H, R] largest residual capacity over slots 1..tau-1 (>= every window minimum)."""
    hit = pr._cache.get("omax")
    if hit is None:
        hit = pr._cache["omax"] = pr._base()[0].max(axis=2)
    return hit


def _worker_arrays(pr: Prices, L: int, e: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(capW, worker window price) over [H, n_starts] for demand e; cached until prices change."""
    key = ("pc", L, e.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        hit = (_count_window(pr, L, e), np.einsum("r,hrt->ht", e, pr.dsum(L)))
        pr._cache[key] = hit
    return hit


def _total_cap(pr: Prices, L: int, e: np.ndarray) -> int:
    """Largest total worker count cap over the windows of length L (cached)."""
    key = ("tot", L, e.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        hit = pr._cache[key] = int(_worker_arrays(pr, L, e)[0].sum(axis=0).max())
    return hit


def _screen_margin(x: float) -> float:
    """Absolute allowance for floating-point rounding in the infeasibility screens."""
    return 1e-7 * (1.0 + abs(x))


@lru_cache(maxsize=65536)
def _durations(W: float, th: float, D: int, tau: int) -> tuple[tuple[int, int], ...]:
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
    return tuple(out)


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
            nfit = _central_fit(pr, e, z)
            for L, n in pairs:
                if n > nfit or _settled(best, L, earliest):
                    continue  # n > nfit: no server holds the job in any slot (see _central_fit)
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


def _central_fit(pr: Prices, e: np.ndarray, z: np.ndarray) -> float:
    """Upper bound on the N with n e + z <= omega_min + EPS at some (server, window).

    omega_min <= the largest residual over all slots, so any larger N fits nowhere and its
    block would find no feasible start; the margin absorbs rounding (a screen, never a test)."""
    if len(e) == 0 or pr.tau < 2:
        return math.inf
    key = ("cfit", e.tobytes(), z.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        hit = pr._cache[key] = _central_fit_bound(pr, e, z)
    return hit


def _central_fit_bound(pr: Prices, e: np.ndarray, z: np.ndarray) -> float:
    om = _omega_max(pr) + EPS  # [H, R]
    pos = e > 0
    ok_h = (z[~pos] <= om[:, ~pos] + _screen_margin(1.0)).all(axis=1)  # [H]
    if not pos.any():
        return math.inf if ok_h.any() else -1.0
    per = ((om[:, pos] - z[pos]) / e[pos]).min(axis=1)  # [H]
    per = np.where(ok_h, per, -math.inf)
    top = float(per.max())
    return top + _screen_margin(top)


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
            if pr.tau - 1 < L or n > _total_cap(pr, L, e):
                continue  # no window holds n workers: the greedy would find nothing
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

    Only candidates strictly cheaper than ``beat`` are kept: Alg. 3 keeps the centralised
    candidate unless the distributed one is strictly cheaper [A8], so a candidate of cost
    >= ``beat`` can never be chosen. A block (L, N) and, inside it, a pair (t^-, host position)
    are skipped when a lower bound on their cost (greedy worker cost of the window + the
    cheapest admissible PS count at the host, see ``_ps_distributed_block``) exceeds the
    cost to beat, which changes no returned result of cost < ``beat``.
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
            pairs = _durations(W, th, D, pr.tau)
            if not pairs or beat <= 0:
                continue
            # infeasibility screens (see _ps_screen): such blocks would return None
            cm, pm = _count_max(pr, e), _count_max(pr, z)
            tot_any = int(cm.sum())
            bw_any = float(np.where(pm >= 1, pm * B + cm * b, -INF).max())
            for L, n in pairs:
                if beat <= 0 or _settled(best, L, earliest):
                    continue  # cannot be strictly cheaper than a 0-cost centralised candidate
                nb = n * b - EPS
                if n > tot_any or bw_any < nb - _screen_margin(nb):
                    continue
                if (n > _total_cap(pr, L, e)
                        or _ps_screen(pr, L, e, z, b, B) < nb - _screen_margin(nb)):
                    continue
                limit = min(beat, best.cost) if best is not None else beat
                if _block_lb(pr, L, n, e, z) >= limit and not (
                        earliest and best is not None and _block_lb(pr, L, n, e, z) == best.cost
                        and best.completion > 1 + L and best.cost < beat):
                    continue
                c = _ps_distributed_block(pr, L, n, e, z, b, B, H, limit)
                if c is None:
                    continue
                cost, t, y, s = c
                if cost < beat and _better(cost, t + L, best, earliest):
                    best = Candidate(cost, t, L, m, p, y, s)
    return best


def _ps_screen(pr: Prices, L: int, e: np.ndarray, z: np.ndarray, b: float, B: float) -> float:
    """max over (server, window) admitting one PS of s_cap B + y_cap b (-inf if none).

    A host with g <= y_cap workers and s^(g) <= s_cap PSs passes Alg. 4's bandwidth test
    s^(g) B >= (N - g) b - EPS only if s_cap B + y_cap b >= N b - EPS (up to rounding), and
    it needs s^(g) >= 1; so a smaller value proves that the block has no feasible host."""
    key = ("bw", L, e.tobytes(), z.tobytes(), b, B)
    hit = pr._cache.get(key)
    if hit is None:
        capw, psc = _count_window(pr, L, e), _count_window(pr, L, z)
        hit = pr._cache[key] = float(np.where(psc >= 1, psc * B + capw * b, -INF).max())
    return hit


def _block_lb(pr: Prices, L: int, n: int, e: np.ndarray, z: np.ndarray) -> float:
    """Lower bound on any distributed candidate's cost for window length L and N = n."""
    _, wprice = _worker_arrays(pr, L, e)
    wp = wprice.min(axis=0)
    if not z.any():
        return float(n * wp.min())
    pp = _ps_price(pr, L, z).min(axis=0)
    return float((n * wp + pp).min())


def _ps_price(pr: Prices, L: int, z: np.ndarray) -> np.ndarray:
    """Window price of one PS of demand z over [H, n_starts]; cached until prices change."""
    key = ("pp", L, z.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        hit = pr._cache[key] = np.einsum("r,hrt->ht", z, pr.dsum(L))
    return hit


def _sorted_side(pr: Prices, L: int, e: np.ndarray) -> tuple:
    """Greedy order of the servers by window worker price (stable: ties by server index) and
    the sorted capacities and prices, per (L, e) until the prices change."""
    key = ("srt", L, e.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        capw, wprice = _worker_arrays(pr, L, e)  # [H, ns]
        order = np.argsort(wprice, axis=0, kind="stable")
        cs = np.take_along_axis(capw, order, axis=0)
        wps = np.take_along_axis(wprice, order, axis=0)
        hit = pr._cache[key] = (order, cs, wps, np.cumsum(cs, axis=0))
    return hit


def _worker_side(pr: Prices, L: int, n: int, e: np.ndarray) -> tuple:
    """The PS-type-independent part of a distributed block (cached per (L, N, e) while the
    prices do not change): greedy order, sorted capacities and prices, N_rem, prefix costs and
    the greedy worker cost of each window (a lower bound on any placement of N workers)."""
    key = ("w", L, n, e.tobytes())
    hit = pr._cache.get(key)
    if hit is not None:
        return hit
    order, cs, wps, ccs = _sorted_side(pr, L, e)
    before = ccs - cs
    ygreedy = np.clip(n - before, 0, cs)  # as _greedy_fill
    nrem = np.maximum(n - before, 0)  # N_rem arriving at position k
    spent = wps * ygreedy
    prefix_cost = np.cumsum(spent, axis=0) - spent  # cost before position k
    greedy_total = spent.sum(axis=0)  # [ns]; min over placements of N workers (lower bound)
    out = (order, cs, wps, nrem, prefix_cost, greedy_total, ygreedy.sum(axis=0) == n)
    pr._cache[key] = out
    return out


def _wmin_sorted(pr: Prices, L: int, e: np.ndarray, order: np.ndarray) -> np.ndarray:
    """omega_min of the server at each greedy position, [H, R, ns]; cached per (L, e)."""
    key = ("wms", L, e.tobytes())
    hit = pr._cache.get(key)
    if hit is None:
        wmin = pr.wmin(L)
        hit = pr._cache[key] = np.take_along_axis(
            wmin, order[:, None, :].repeat(wmin.shape[1], 1), axis=0)
    return hit


def _slack(limit: float) -> float:
    """Rounding allowance when comparing a lower bound (summed differently) with a cost."""
    return limit + 1e-9 * (1.0 + abs(limit))


def _ps_distributed_block(pr: Prices, L: int, n: int, e: np.ndarray, z: np.ndarray, b: float,
                          B: float, H: int, limit: float = INF):
    """The cheapest (t^-, host position) of one block in loop order (t^- outer), or None.

    Pairs whose lower bound greedy_total[t^-] + s_min * (PS window price at the host) exceeds
    ``limit`` (up to rounding) are not evaluated; s_min = s(y^) <= s(g) for every admissible g.
    The greedy cost is the least cost of any placement of N workers within the window
    capacities, so such pairs cost more than ``limit``; every pair of cost <= ``limit`` is
    evaluated with the same arithmetic as over the full array, and the first minimum in loop
    order among them is the block's first minimum whenever that minimum is <= ``limit``.
    A block whose minimum exceeds ``limit`` may return a different candidate or None; the
    caller discards both (see ``mincost_ps_distributed``)."""
    order, cs, wps, nrem, prefix_cost, gtot, gfeas = _worker_side(pr, L, n, e)
    ns = cs.shape[1]
    if not gfeas.any():
        return None  # N workers fit in no window: no placement at all
    thr = _slack(limit)
    pprice = _ps_price(pr, L, z)
    yhat = np.minimum(cs, nrem)
    smin = np.maximum(1, np.ceil((n - yhat) * b / B - EPS))
    if math.isfinite(thr) and float(gtot[gfeas].min()) > thr:
        return None
    host_pprice = np.take_along_axis(pprice, order, axis=0)
    lbk = gtot[None, :] + smin * host_pprice  # [H, ns]
    sel = gfeas[None, :] & (lbk <= thr)
    zpos = z > 0
    wms = _wmin_sorted(pr, L, e, order)
    if zpos.any():
        # g = 0 must admit one PS at the host (s^(g) is non-increasing in g)
        s0 = np.floor(wms[:, zpos, :] / z[zpos][None, :, None] + EPS).min(axis=1)
        sel &= s0 >= 1
    tk = np.nonzero(sel.T)  # (t, k) pairs in loop order: t^- outer, host position inner
    if tk[0].size == 0:
        return None
    ti, ki = tk
    yh = yhat[ki, ti]
    G = int(yh.max()) + 1
    g = np.arange(G)[:, None]
    if zpos.any():
        w = wms[ki, :, ti][:, zpos]  # [P, R+]
        ez, zz = e[zpos][None, None, :], z[zpos][None, None, :]
        shat = np.floor((w[None] - g[..., None] * ez) / zz + EPS).min(axis=2)  # [G, P]
    else:
        shat = np.full((G, ti.size), 1e9)
    ok = (g <= yh[None]) & (shat >= 1) & (shat * B >= (n - g) * b - EPS)
    last = G - 1 - np.argmax(ok[::-1], axis=0)  # the last feasible g wins [A6]
    has = ok.any(axis=0)
    if not has.any():
        return None
    gs = np.where(has, last, 0)
    s = np.maximum(1, np.ceil((n - gs) * b / B - EPS)).astype(np.int64)
    rem = nrem[ki, ti] - gs  # workers still to place after the host
    # greedy fill of `rem` over positions > host: prefix sums over the sorted capacities
    pc = np.vstack([np.zeros((1, ns), dtype=np.int64), np.cumsum(cs, axis=0)])  # [H+1, ns]
    pw = np.vstack([np.zeros((1, ns)), np.cumsum(cs * wps, axis=0)])
    target = pc[ki + 1, ti] + rem
    feas = has & (target <= pc[-1, ti])
    big = float(pc[-1].max() + max(int(rem.max()), 0) + 2)
    flat = (pc + np.arange(ns)[None, :] * big).T.ravel()  # column-major, globally sorted
    kstar = np.searchsorted(flat, target + ti * big, side="left") - ti * (H + 1)
    kstar = np.clip(kstar, 1, H)  # prefix index: positions < kstar are full
    full_cost = pw[kstar - 1, ti] - pw[ki + 1, ti]
    partial = (target - pc[kstar - 1, ti]).clip(min=0)
    last_price = wps[kstar - 1, ti]
    suffix_cost = np.where(rem > 0, full_cost + partial * last_price, 0.0)
    cost = prefix_cost[ki, ti] + gs * wps[ki, ti] + s * host_pprice[ki, ti] + suffix_cost
    cost = np.where(feas, cost, INF)
    i = int(np.argmin(cost))
    if not math.isfinite(cost[i]):
        return None
    t, k = int(ti[i]), int(ki[i])
    # rebuild the placement of the winner explicitly (the paper's loop, one (t^-, n))
    y: dict[int, int] = {}
    left = n
    for pos in range(H):
        h = int(order[pos, t])
        take = int(gs[i]) if pos == k else int(min(cs[pos, t], left))
        if take:
            y[h] = take
        left -= take
    if left != 0:
        return None
    host = int(order[k, t])
    return float(cost[i]), t + 1, y, {host: int(s[i])}
