"""Cooperative OEF (10) as a menu design: grouped LP, refinement, and a lifted dual certificate.

At the optimum of LP (10) few rows hold distinct bundles (monotone k = 10: 35 distinct bundles
at n = 200, 46 at n = 1000, groups of up to 208 identical rows, nearly intervals of the
speedup order), and envy-freeness means every row picks its favourite bundle from that menu.
So, in per-weight bundles y_r = x_r / pi_r:

1. **Grouped LP** for a partition of the rows into groups G_g (``grouped_lp``): one bundle b_g
   per group, capacity sum_g P_g b_g <= m (P_g = sum of the weights), objective
   sum_g (sum_{r in G_g} pi_r W_r).b_g, envy rows W_r.b_g >= W_r.b_h for r in G_g, h != g
   (lazily, checked against all K bundles with numpy). K k columns: tiny. Its optimum, expanded
   to x_r = pi_r b_g, is envy-free for the full LP (checked again pair by pair, blockwise), so
   its objective is a lower bound.
2. **Certificate** (``lift_duals``): the grouped LP's duals u (capacity) and nu (grouped envy
   rows) are lifted to multipliers of the full LP: nu_{r,h} is spread over the members s of
   G_h (q_{r,s} >= 0, sum_s q_{r,s} = nu_{r,h}), and within a group envy rows between members
   (all tight there) move reduced cost between members; per group a small LP chooses both so
   that every column's reduced cost is <= 0 (minimising the excess), with within-group pairs
   priced in from all |G|^2 (column generation). The bound itself is recomputed independently
   by ``bounds.dual_bound`` from (u, the lifted pairs): valid for every column and envy row of
   the full LP whatever the per-group LPs returned.
3. **Seed and refinement**: the first partition is every row's favourite bundle of the optimal
   menu of a subsample (every ``seed_stride``-th row in speedup order, capacity scaled by its
   weight share, solved by this strategy again or by the lazy active set; ``menuseed.py``).
   A group whose LP keeps an excess is repaired: the grouped LP is re-solved with that group
   cut into single rows and the group split where their bundles differ (bisected at its
   median when the repairs cycle or with ``repair=0``); repeat until the bound meets the
   objective (status ``optimal``, gap <= ``CERT_TOL``), the time limit or ``max_rounds``
   (then ``feasible`` / ``time_limit`` with the best envy-free
   allocation and the lowest bound found).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any

import highspy
import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ...core import Result, SolveOptions, Status
from ..instance import OEFInstance
from .activeset import (
    CERT_TOL,
    capacity_ok,
    envy_separation,
    equal_split,
    solve_lazy,
    speedup_order,
)
from .bounds import dual_bound
from .envy import LAZY_TOL
from .matrix import Solved, empty_highs, result
from .menuseed import distinct_bundles, seed_partition

INF = highspy.kHighsInf


@dataclass(frozen=True)
class Menu:
    """Parameters of the menu strategy (measured on monotone k = 10, n = 200 .. 10,000).

    Parameters
    ----------
    start_groups : int, default 128
        Initial partition: this many intervals of equal size in speedup order. Unit: groups.
        Range: 1..n.
    parts : int, default 2
        A group whose certificate fails is split into this many intervals. Unit: groups.
        Range: 2..n.
    partners : int, default 3
        Per round of the grouped LP: most violated bundles added for every envious row.
        Unit: bundles. Range: 1..n.
    band : int, default 3
        Initial within-group support of the certificate: each member against this many
        neighbours in speedup order on either side (more are priced in). Unit: rows.
        Range: 0..n.
    price_rounds : int, default 8
        Column-generation rounds of one group's certificate LP. Unit: rounds. Range: 0..1000.
    quick_rounds : int, default 1
        Pricing rounds of the certificate while the grouped objective still rises (the
        partition is still wrong; the certificate only has to find the failing groups).
        Unit: rounds. Range: 0..1000.
    max_groups : int, default 256
        Splits per round are limited so that at most this many groups enter the next grouped
        LP (largest certificate excess first). Unit: groups. Range: 1..n.
    reserve : float, default 0.25
        Share of the time limit kept for a full certificate of the last partition when the
        refinement has not closed. Unit: dimensionless. Range: [0, 1).
    max_rounds : int, default 40
        Refinement rounds (grouped LP + certificate) before stopping unfinished. Unit: rounds.
        Range: 1..1000.
    block : int, default 1024
        Rows per block of the full envy check. Unit: rows. Range: 1..n.
    seed_stride : int, default 8
        Multilevel seed: the initial partition comes from the optimum of every
        ``seed_stride``-th row in speedup order (capacity scaled by its weight share), each
        row assigned to its favourite bundle of that menu; 0 or 1 turns it off (intervals).
        Unit: rows. Range: 0..n.
    seed_min : int, default 400
        Fewest rows for which the multilevel seed is used (below it: ``start_groups``
        intervals); the subsample is solved by this strategy again when it has at least
        this many rows, else by the lazy active set. Unit: rows. Range: 2..1e9.
    seed_share : float, default 0.4
        Share of the remaining time limit the subsample's solve may use.
        Unit: dimensionless. Range: (0, 1).
    repair : int, default 1
        Local repair of a failing group instead of bisection: the grouped LP is re-solved with
        that group cut into pieces of this many rows (the others kept), and the group is split
        where its pieces' bundles differ; 0 bisects (``parts``). Unit: rows. Range: 0..n.
    """

    start_groups: int = 128
    parts: int = 2
    partners: int = 3
    band: int = 3
    price_rounds: int = 8
    quick_rounds: int = 1
    reserve: float = 0.25
    max_groups: int = 256
    max_rounds: int = 40
    block: int = 1024
    seed_stride: int = 8
    seed_min: int = 400
    seed_share: float = 0.4
    repair: int = 1


@dataclass
class Grouped:
    """Optimum of the grouped LP: bundles B (K x k, per unit weight), duals u and nu >= 0 of
    the capacity rows and of the envy rows (r[i] envies group h[i])."""

    B: np.ndarray
    objective: float
    u: np.ndarray
    r: np.ndarray
    h: np.ndarray
    nu: np.ndarray
    rounds: int
    iterations: int
    status: Status = Status.OPTIMAL
    stats: dict[str, Any] = field(default_factory=dict)


def intervals(order: np.ndarray, groups: int) -> np.ndarray:
    """Group label of every row: ``groups`` equal intervals of ``order``."""
    R = order.size
    lab = np.empty(R, np.int64)
    lab[order] = np.arange(R) * max(1, min(groups, R)) // R
    return lab


def grouped_lp(W: np.ndarray, pi: np.ndarray, m: np.ndarray, lab: np.ndarray, order: np.ndarray,
               options: SolveOptions, partners: int = 3,
               deadline: float | None = None) -> Grouped:
    """Solve the grouped LP of partition ``lab`` (labels 0..K-1, every label used) with lazy
    envy rows; seed: every row against the groups of its two nearest rows in ``order``."""
    R, k = W.shape
    K = int(lab.max()) + 1
    P = np.bincount(lab, weights=pi, minlength=K)
    A = np.zeros((K, k))
    np.add.at(A, lab, pi[:, None] * W)
    h = empty_highs(options)
    h.addVars(K * k, np.zeros(K * k), np.full(K * k, INF))
    h.changeColsCost(K * k, np.arange(K * k, dtype=np.int32), A.ravel())
    idx = np.arange(K)[None, :] * k + np.arange(k)[:, None]
    h.addRows(k, np.full(k, -INF), np.asarray(m, float), K * k,
              (np.arange(k) * K).astype(np.int32), idx.ravel().astype(np.int32),
              np.repeat(P[None, :], k, axis=0).ravel())
    keys = np.empty(0, np.int64)
    rs: list[np.ndarray] = []
    hs: list[np.ndarray] = []

    def add(r: np.ndarray, g2: np.ndarray) -> int:
        nonlocal keys
        ok = g2 != lab[r]
        key = np.unique(r[ok] * K + g2[ok])
        key = key[~np.isin(key, keys, assume_unique=True)]
        if not key.size:
            return 0
        keys = np.union1d(keys, key)
        r, g2 = key // K, key % K
        index = np.hstack([lab[r][:, None] * k + np.arange(k), g2[:, None] * k + np.arange(k)])
        h.addRows(r.size, np.zeros(r.size), np.full(r.size, INF), index.size,
                  (np.arange(r.size) * 2 * k).astype(np.int32), index.ravel().astype(np.int32),
                  np.hstack([W[r], -W[r]]).ravel())
        rs.append(r)
        hs.append(g2)
        return int(r.size)

    for d in (1, 2):
        add(order[:-d], lab[order[d:]])
        add(order[d:], lab[order[:-d]])
    rounds = iterations = 0
    while True:
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                return Grouped(np.zeros((K, k)), 0.0, np.zeros(k), np.empty(0, np.int64),
                               np.empty(0, np.int64), np.empty(0), rounds, iterations,
                               Status.TIME_LIMIT)
            h.setOptionValue("time_limit", h.getRunTime() + left)
        h.run()
        rounds += 1
        iterations += int(h.getInfo().simplex_iteration_count)
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return Grouped(np.zeros((K, k)), 0.0, np.zeros(k), np.empty(0, np.int64),
                           np.empty(0, np.int64), np.empty(0), rounds, iterations,
                           Status.TIME_LIMIT)
        B = np.maximum(np.asarray(h.getSolution().col_value, float).reshape(K, k), 0.0)
        obj = float((A * B).sum())
        tol = LAZY_TOL * max(1.0, obj)
        V = W @ B.T
        viol = V - V[np.arange(R), lab][:, None]
        bad = viol > tol
        if not bad.any():
            break
        rows = np.nonzero(bad.any(axis=1))[0]
        p = min(partners, K - 1)
        top = np.argpartition(-viol[rows], p - 1, axis=1)[:, :p]
        r, g2 = np.repeat(rows, p), top.ravel()
        keep = viol[r, g2] > tol
        if not add(r[keep], g2[keep]):
            break
    y = np.asarray(h.getSolution().row_dual, float)
    r_all = np.concatenate(rs) if rs else np.empty(0, np.int64)
    h_all = np.concatenate(hs) if hs else np.empty(0, np.int64)
    # maximising: HiGHS reports >= 0 duals on the <= capacity rows, <= 0 on the >= envy rows
    return Grouped(B, obj, np.maximum(y[:k], 0.0), r_all, h_all, np.maximum(-y[k:], 0.0),
                   rounds, iterations)


def _group_certificate(Wm: np.ndarray, e0: np.ndarray, Winc: np.ndarray, nu: np.ndarray,
                       scale: np.ndarray, band: int, price_rounds: int,
                       self_pair: np.ndarray, near: np.ndarray,
                       deadline: float | None = None) -> tuple[float, ...]:
    """One group's lifting LP (members in speedup order, S of them; I incoming rows).

    Minimise sum_ij scale_ij z_ij subject to, for member i and type j,
    e0_ij - sum_t q_ti Winc_tj + sum_b s_ib W_ij - sum_a s_ai W_aj - z_ij <= 0 and
    sum_i q_ti = nu_t, over q, s, z >= 0; the pairs s_ab (a envies b) start as the ``band``
    and are priced in from all S(S-1) by their reduced cost; the q_ti start at the
    members ``near[t]`` (those nearest to row t in speedup order) and are priced in likewise;
    ``self_pair[t, i]`` marks an incoming row t that is member i itself (excluded). Returns the
    excess and the supports (t, i, q) and (a, b, s); past ``deadline`` (``time.perf_counter``)
    the pricing stops and an LP cut off by it returns an infinite excess and no support.
    """
    S, k = Wm.shape
    I = Winc.shape[0]
    ar = np.arange(S)
    a0: list[np.ndarray] = [np.empty(0, np.int64)]
    b0: list[np.ndarray] = [np.empty(0, np.int64)]
    for d in range(1, min(band, S - 1) + 1):
        a0 += [ar[:-d], ar[d:]]
        b0 += [ar[d:], ar[:-d]]
    pa, pb = np.concatenate(a0), np.concatenate(b0)
    ti = np.repeat(np.arange(I), near.shape[1])
    qi = near.ravel()
    ok = ~self_pair[ti, qi]
    ti, qi = ti[ok], qi[ok]
    res: Any = None
    for _ in range(price_rounds + 1):
        opts: dict[str, Any] = {}
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0.0 and res is not None:
                break
            opts["time_limit"] = max(left, 0.01)
        E, nq = pa.size, ti.size
        rows = np.concatenate([(qi[:, None] * k + np.arange(k)).ravel(),
                               (pa[:, None] * k + np.arange(k)).ravel(),
                               (pb[:, None] * k + np.arange(k)).ravel(), np.arange(S * k)])
        cols = np.concatenate([np.repeat(np.arange(nq), k), np.repeat(nq + np.arange(E), k),
                               np.repeat(nq + np.arange(E), k), nq + E + np.arange(S * k)])
        vals = np.concatenate([-Winc[ti].ravel(), Wm[pa].ravel(), -Wm[pa].ravel(),
                               -np.ones(S * k)])
        n_var = nq + E + S * k
        A_ub = sp.csr_matrix((vals, (rows, cols)), shape=(S * k, n_var))
        A_eq = sp.csr_matrix((np.ones(nq), (ti, np.arange(nq))), shape=(I, n_var)) if I else None
        c = np.concatenate([np.zeros(nq + E), scale.ravel()])
        res = linprog(c, A_ub=A_ub, b_ub=-e0.ravel(), A_eq=A_eq, b_eq=nu if I else None,
                      bounds=(0, None), method="highs", options=opts)
        if res.status != 0 or res.fun <= 0.0:
            break
        Y = np.asarray(res.ineqlin.marginals, float).reshape(S, k)  # <= 0
        G = Wm @ Y.T  # G[a, b] = W_a . y_b; reduced cost of s_ab = G[a, b] - G[a, a]
        rc = G - np.diag(G)[:, None]
        np.fill_diagonal(rc, 0.0)
        rc[pa, pb] = 0.0
        tol = -1e-9 * max(1.0, float(np.abs(G).max()))
        na, nb = np.nonzero(rc < tol)
        added = 0
        if I:  # q_ti: reduced cost y_i . Winc_t - mu_t
            mu = np.asarray(res.eqlin.marginals, float)
            rq = (Y @ Winc.T).T - mu[:, None]
            rq[self_pair] = 0.0
            rq[ti, qi] = 0.0
            nt, ni = np.nonzero(rq < tol)
            if nt.size:
                order = np.lexsort((rq[nt, ni], nt))
                nt, ni = nt[order], ni[order]
                first = np.r_[0, np.nonzero(np.diff(nt))[0] + 1]
                nth = np.arange(nt.size) - np.repeat(first, np.diff(np.r_[first, nt.size]))
                ti, qi = np.concatenate([ti, nt[nth < 5]]), np.concatenate([qi, ni[nth < 5]])
                added += int((nth < 5).sum())
        if not na.size:
            if added:
                continue
            break
        order = np.lexsort((rc[na, nb], na))  # per member a, the 5 most negative
        na, nb = na[order], nb[order]
        first = np.r_[0, np.nonzero(np.diff(na))[0] + 1]
        nth = np.arange(na.size) - np.repeat(first, np.diff(np.r_[first, na.size]))
        pa, pb = np.concatenate([pa, na[nth < 5]]), np.concatenate([pb, nb[nth < 5]])
    if res is None or res.status != 0:
        return (float("inf"), ti[:0], qi[:0], np.empty(0), pa[:0], pb[:0], np.empty(0))
    x = np.asarray(res.x, float)
    nq, E = ti.size, pa.size
    q, s = x[:nq], x[nq:nq + E]
    on_q, on_s = q > 0, s > 0
    return (float(res.fun), ti[on_q], qi[on_q], q[on_q], pa[on_s], pb[on_s], s[on_s])


def lift_duals(W: np.ndarray, pi: np.ndarray, m: np.ndarray, lab: np.ndarray, rank: np.ndarray,
               g: Grouped, band: int, price_rounds: int, deadline: float | None = None,
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Multipliers v >= 0 of the full LP's envy rows (pairs (r, s):
    pi_s W_r.x_r - pi_r W_r.x_s >= 0) lifted from the grouped duals, and every group's
    remaining excess (its share of bound - objective, before ``bounds.dual_bound``). Past
    ``deadline`` (``time.perf_counter``) the remaining groups get the uniform spread only:
    still valid multipliers, a weaker bound."""
    R = W.shape[0]
    K = int(lab.max()) + 1
    pos = g.nu > 0
    rr, hh, nu = g.r[pos], g.h[pos], g.nu[pos]
    N = np.bincount(rr, weights=nu, minlength=R)
    # e_i = pi_i d_i (d = reduced costs of x_i) before incoming rows and within-group pairs
    e0 = pi[:, None] * (W - g.u[None, :]) + N[:, None] * W
    out_r: list[np.ndarray] = [np.empty(0, np.int64)]
    out_s: list[np.ndarray] = [np.empty(0, np.int64)]
    out_v: list[np.ndarray] = [np.empty(0)]
    excess = np.zeros(K)
    by_group = np.argsort(lab, kind="stable")
    starts = np.searchsorted(lab[by_group], np.arange(K + 1))
    inc_order = np.argsort(hh, kind="stable")
    inc_starts = np.searchsorted(hh[inc_order], np.arange(K + 1))
    for grp in range(K):
        M = by_group[starts[grp]:starts[grp + 1]]
        M = M[np.argsort(rank[M])]
        inc = inc_order[inc_starts[grp]:inc_starts[grp + 1]]
        scale = m[None, :] / pi[M][:, None]
        share = pi[M] / pi[M].sum()
        e1 = e0[M] - share[:, None] * (nu[inc][:, None] * W[rr[inc]]).sum(axis=0)
        if M.size > 1 and np.isin(rr[inc], M).any():
            e1 = np.full_like(e1, np.inf)  # a member's own row: the LP spreads it elsewhere
        late = deadline is not None and time.perf_counter() >= deadline
        if late or e1.max() <= 0.0 or M.size == 1:  # uniform spread (by weight) suffices
            r_, s_ = np.repeat(rr[inc], M.size), np.tile(M, inc.size)
            q = np.repeat(nu[inc], M.size) * np.tile(share, inc.size)
            out_r.append(r_)
            out_s.append(s_)
            out_v.append(q / (pi[r_] * pi[s_]))
            e1 = e0[M] - share[:, None] * (nu[inc][:, None] * W[rr[inc]]).sum(axis=0)
            excess[grp] = float((np.maximum(e1, 0.0) * scale).sum())
            continue
        self_pair = rr[inc][:, None] == M[None, :]
        # start each incoming row at every member (small groups) or at the 4 members nearest to
        # its row in speedup order (the others are priced in)
        if inc.size * M.size <= 20_000:
            near = np.tile(np.arange(M.size), (inc.size, 1))
        else:
            pos = np.searchsorted(rank[M], rank[rr[inc]])
            near = np.clip(pos[:, None] + np.arange(-2, 2)[None, :], 0, M.size - 1)
        ex, ti, qi, q, pa, pb, s = _group_certificate(W[M], e0[M], W[rr[inc]], nu[inc], scale,
                                                      band, price_rounds, self_pair, near,
                                                      deadline)
        if not np.isfinite(ex):  # cut off by the deadline: the uniform spread (valid, weaker)
            r_, s_ = np.repeat(rr[inc], M.size), np.tile(M, inc.size)
            q = np.repeat(nu[inc], M.size) * np.tile(share, inc.size)
            out_r.append(r_)
            out_s.append(s_)
            out_v.append(q / (pi[r_] * pi[s_]))
            excess[grp] = np.inf
            continue
        excess[grp] = ex
        r_, s_ = rr[inc][ti], M[qi]
        out_r += [r_, M[pa]]
        out_s += [s_, M[pb]]
        out_v += [q / (pi[r_] * pi[s_]), s / (pi[M[pa]] * pi[M[pb]])]
    return np.concatenate(out_r), np.concatenate(out_s), np.concatenate(out_v), excess


def merge_identical(lab: np.ndarray, B: np.ndarray, frozen: np.ndarray) -> np.ndarray:
    """Labels after merging the groups whose bundles agree to 1e-9 (relative): the same
    allocation with fewer groups. Groups holding a ``frozen`` row are never merged."""
    K = B.shape[0]
    scale = max(1.0, float(np.abs(B).max()))
    _, key = np.unique(np.round(B / scale * 1e9), axis=0, return_inverse=True)
    key = np.asarray(key).ravel() + K
    hold = np.bincount(lab, weights=frozen.astype(float), minlength=K) > 0
    key[hold] = np.nonzero(hold)[0]
    _, new = np.unique(key, return_inverse=True)
    return np.asarray(new).ravel()[lab]


def cap_splits(lab: np.ndarray, failing: np.ndarray, excess: np.ndarray, depth: np.ndarray,
               parts: int, max_groups: int) -> np.ndarray:
    """The failing groups to split this round: largest excess first, as long as the groups
    after splitting stay within ``max_groups`` (at least one is always split)."""
    sizes = np.bincount(lab, minlength=failing.size)
    d = np.zeros(failing.size, np.int64)
    np.maximum.at(d, lab, depth)
    pieces = np.minimum(float(parts) ** np.minimum(d, 20), sizes).astype(np.int64)
    keep = np.zeros_like(failing)
    total = failing.size
    for grp in np.argsort(-np.where(failing, excess, -np.inf)):
        if not failing[grp]:
            break
        if keep.any() and total + pieces[grp] - 1 > max_groups:
            continue
        keep[grp] = True
        total += pieces[grp] - 1
    return keep


def split_failing(lab: np.ndarray, rank: np.ndarray, failing: np.ndarray, depth: np.ndarray,
                  parts: int) -> np.ndarray:
    """Split every failing group into parts**d intervals of its rows in speedup order, d the
    most failures of one of its rows (a group that keeps failing is cut ever finer)."""
    lab = lab.copy()
    nxt = int(lab.max()) + 1
    for grp in np.nonzero(failing)[0]:
        M = np.nonzero(lab == grp)[0]
        if M.size < 2:
            continue
        M = M[np.argsort(rank[M])]
        cut = min(parts ** int(min(depth[M].max(), 20)), M.size)
        piece = np.arange(M.size) * cut // M.size
        lab[M[piece > 0]] = nxt + piece[piece > 0] - 1
        nxt += int(piece.max())
    return lab


def repair_failing(W: np.ndarray, pi: np.ndarray, m: np.ndarray, lab: np.ndarray,
                   order: np.ndarray, rank: np.ndarray, failing: np.ndarray,
                   excess: np.ndarray, options: SolveOptions, partners: int, piece: int,
                   deadline: float | None) -> np.ndarray:
    """Split the failing groups where their optimal bundles differ: per failing group (largest
    excess first, until ``deadline``) the grouped LP with that group cut into pieces of
    ``piece`` rows in speedup order (every other group kept whole); the pieces whose bundles
    agree (``MENU_TOL``) form one new group. A group whose pieces all agree is bisected."""
    new = lab.copy()
    nxt = int(lab.max()) + 1
    for grp in np.argsort(-np.where(failing, excess, -np.inf)):
        if not failing[grp]:
            break
        M = np.nonzero(lab == grp)[0]
        if M.size < 2:
            continue
        M = M[np.argsort(rank[M])]
        cut = np.arange(M.size) // max(1, piece)
        if deadline is not None and time.perf_counter() >= deadline:
            sub = (np.arange(M.size) * 2 // M.size)  # out of time: bisect
        else:
            trial = lab.copy()
            trial[M] = nxt + cut
            _, trial = np.unique(trial, return_inverse=True)
            trial = np.asarray(trial).ravel()
            g = grouped_lp(W, pi, m, trial, order, options, partners, deadline)
            if g.status is not Status.OPTIMAL:
                sub = (np.arange(M.size) * 2 // M.size)
            else:
                _, sub = distinct_bundles(g.B[trial[M]])
                # relabel in speedup order, contiguous runs (a bundle recurring later in the
                # order is its own group)
                sub = np.r_[0, np.cumsum(sub[1:] != sub[:-1])]
                if sub.max() == 0:
                    sub = (np.arange(M.size) * 2 // M.size)
        new[M[sub > 0]] = nxt + sub[sub > 0] - 1
        nxt += int(sub.max())
    _, new = np.unique(new, return_inverse=True)
    return np.asarray(new).ravel()


def solve_menu(inst: OEFInstance, options: SolveOptions, params: Menu | None = None) -> Result:
    """Cooperative OEF (10) by the menu strategy; ``optimal`` only with a closed certificate.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    options : SolveOptions
        Solver options; ``time_limit`` bounds the whole strategy. Unit: s.
    params : Menu or None, default None
        Tuning of the strategy; None uses the defaults of ``Menu``.

    Returns
    -------
    Result
        ``optimal`` when the lifted bound (``bounds.dual_bound``) is within ``CERT_TOL`` of the
        objective of an allocation that passed the full envy check; otherwise ``time_limit``
        or ``feasible`` with the best such allocation (at worst the equal split) and the
        lowest bound found (at worst LP (4)'s optimum). ``stats``: ``groups`` (distinct
        bundles), ``menu_rounds``, ``round_log``, ``dual_bound_gap``.
    """
    params = params or Menu()
    t0 = time.perf_counter()
    deadline = None if options.time_limit is None else t0 + float(options.time_limit)
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    R = W.shape[0]
    order = speedup_order(W)
    rank = np.empty(R, np.int64)
    rank[order] = np.arange(R)
    seed: dict[str, Any] | None = None
    if params.seed_stride > 1 and params.seed_min <= R:
        ts = time.perf_counter()

        def solve_sub(sub: OEFInstance) -> Result:
            left = None if deadline is None else params.seed_share * (
                deadline - time.perf_counter())
            opts = replace(options, time_limit=left)
            if sub.rows.size >= params.seed_min:
                return solve_menu(sub, opts, params)
            return solve_lazy(sub, opts)

        lab, seed = seed_partition(W, pi, m, order, rank, params.seed_stride, solve_sub)
        seed["time_s"] = round(time.perf_counter() - ts, 3)
    else:
        lab = intervals(order, params.start_groups)
    seen: set[int] = set()  # partitions the repair proposed (to break cycles)
    depth = np.zeros(R, np.int64)  # how often a row's group failed its certificate
    prev_obj: float | None = None
    log: list[dict[str, Any]] = []
    best_obj, best_X = -np.inf, equal_split(inst)
    best_obj = float(np.einsum("rk,rk->", W, best_X))
    incumbent = "equal split"
    best_bound = float(m @ W.max(axis=0))  # LP (4)'s optimum bounds LP (10)
    done = False
    stop = ""
    # refinement stops at (1 - reserve) of the budget; the rest certifies the last partition
    refine_end = None if deadline is None else deadline - params.reserve * (deadline - t0)
    last: tuple[np.ndarray, Grouped, bool] | None = None  # coarse labels, its LP, full cert?
    for _ in range(params.max_rounds):
        tr = time.perf_counter()
        g = grouped_lp(W, pi, m, lab, order, options, params.partners, refine_end)
        if g.status is not Status.OPTIMAL:
            stop = "time limit in the grouped LP"
            break
        # the same allocation on the coarsest partition (identical bundles merged): the
        # certificate is computed there (finer partitions give more degenerate duals)
        coarse = merge_identical(lab, g.B, np.zeros(R, bool))
        if coarse.max() < lab.max():
            gc = grouped_lp(W, pi, m, coarse, order, options, params.partners, refine_end)
            if gc.status is not Status.OPTIMAL:
                stop = "time limit in the grouped LP"
                break
        else:
            gc = g
        obj = -np.inf
        for grp, lb in ((g, lab), (gc, coarse)):
            Xg = pi[:, None] * grp.B[lb]
            og = float(np.einsum("rk,rk->", W, Xg))
            _, _, n_viol, _ = envy_separation(W, pi, Xg, LAZY_TOL * max(1.0, abs(og)), 1,
                                              params.block)
            ef = n_viol == 0 and capacity_ok(Xg, m)
            obj = max(obj, og)
            if ef and og > best_obj:
                best_obj, best_X, incumbent = og, Xg, "grouped LP"
        tc = time.perf_counter()
        # while the objective still moves, the partition is still wrong somewhere: a cheap
        # certificate (``quick_rounds`` pricing rounds) finds the failing groups
        # (seeded: always the full certificate; a quick one flags right groups as failing on
        # objective noise of ~1e-7 and their repair costs more than the full pricing)
        moving = seed is None and (
            prev_obj is None or obj > prev_obj + 1e-7 * max(1.0, abs(obj)))
        prev_obj = obj
        rounds = params.quick_rounds if moving else params.price_rounds
        r, s, v, excess = lift_duals(W, pi, m, coarse, rank, gc, params.band, rounds, deadline)
        last = (coarse, gc, not moving)
        bound = dual_bound(W, pi, m, r, s, gc.u, v)
        best_bound = min(best_bound, bound)
        gap = (best_bound - best_obj) / max(1.0, abs(best_obj))
        log.append({"groups": int(lab.max()) + 1, "merged_groups": int(coarse.max()) + 1,
                    "objective": obj, "bound": bound, "gap": gap,
                    "grouped_rows": int(g.r.size), "lp_s": round(tc - tr, 3),
                    "certificate_s": round(time.perf_counter() - tc, 3), "pairs": int(r.size)})
        if gap <= CERT_TOL:
            done = True
            break
        failing = excess > 0.1 * CERT_TOL * max(1.0, abs(obj))
        any_failing = bool(failing.any())
        depth[failing[coarse]] += 1
        t_rep = time.perf_counter()
        log[-1]["failing"] = int(failing.sum())
        new = None
        if params.repair > 0:
            new = repair_failing(W, pi, m, coarse, order, rank, failing, excess, options,
                                 params.partners, params.repair, refine_end)
            key = hash(new.tobytes())
            if key in seen:  # the repairs cycle: bisect this round instead
                new = None
                log[-1]["cycle"] = True
            seen.add(key)
        if new is None:
            failing = cap_splits(coarse, failing, excess, depth, params.parts,
                                 params.max_groups)
            new = split_failing(coarse, rank, failing, depth, params.parts)
        log[-1]["repair_s"] = round(time.perf_counter() - t_rep, 3)
        if not any_failing or np.array_equal(new, lab):
            stop = "stalled: no group left to split, certificate gap open"
            break
        lab = new
        if refine_end is not None and time.perf_counter() >= refine_end:
            stop = "time limit"
            break
    else:
        stop = "max_rounds"
    if not done and last is not None and not last[2] and (
            deadline is None or time.perf_counter() < deadline):
        # the reserve: the full certificate of the last partition (a bound, maybe closing)
        coarse, gc, _ = last
        r, s, v, _ = lift_duals(W, pi, m, coarse, rank, gc, params.band, params.price_rounds,
                                deadline)
        bound = dual_bound(W, pi, m, r, s, gc.u, v)
        best_bound = min(best_bound, bound)
        log.append({"groups": int(coarse.max()) + 1, "merged_groups": int(coarse.max()) + 1,
                    "objective": gc.objective, "bound": bound, "final_certificate": True})
        if (best_bound - best_obj) / max(1.0, abs(best_obj)) <= CERT_TOL:
            done = True
    groups = log[-1]["merged_groups"] if log else int(lab.max()) + 1
    stats: dict[str, Any] = {"envy": "menu", "menu_rounds": len(log), "groups": groups,
                             "round_log": log, "incumbent": incumbent, "seed": seed,
                             "dual_bound_gap": (best_bound - best_obj) / max(1.0, abs(best_obj))}
    if done:
        status = Status.OPTIMAL
    else:
        stats["stopped"] = stop
        status = Status.TIME_LIMIT if stop.startswith("time") else Status.FEASIBLE
    bound = max(best_bound, best_obj)
    solved = Solved(status, best_obj, bound, best_X, None, 0.0, stop or "optimal", 0)
    return result(inst, "cooperative", solved, t0, 0.0, stats)
