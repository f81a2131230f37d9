"""Active-set solver for cooperative OEF, LP (10): envy rows (and optionally columns) lazily.

LP (10) has n(n-1) envy rows and n k columns, but at the optimum only about 2n rows carry a
nonzero dual (a row envies the rows just "above" it in relative-speedup order; measured n = 400
monotone k = 10: 876 dual rows, 85 % of them between rows at most 3 apart in that order) and a
row holds one or two GPU types (n = 300: 198 rows hold one type, 90 two, 12 more).

1. **Seed.** Rows: each row's envy against its ``neighbours`` nearest rows on either side in the
   order of the total log speedup sum_j log w_r^j (for monotone speedups, notes §7, this is the
   users' common relative-speedup order: the "speedup-order chain"). Columns: all of them
   (default), or with ``window`` set only the types LP (9) gives each row, widened by
   ``window`` (column generation; measured slower, see ``ActiveSet``).
2. **Round.** Solve (warm start: rows and columns go into the same ``Highs`` object with
   ``addRows`` / ``addCols``, the basis is kept; dual simplex after rows, primal after columns
   only). Then (a) *separation*: every envy pair of the full LP is checked, blockwise with numpy
   (``block`` rows at a time, never an n x n matrix), and every envious row gets its ``partners``
   most violated pairs, plus the neighbour chain (``chain``) of the current bundles ordered by
   mean type index, which links the rows that now compete for the same types (rows sharing one
   type hold identical bundles and would otherwise violate pairwise, O(group^2) rows); (b)
   *pricing* (only with ``window``): the reduced cost of every column of the full LP,
   d = W - u + G^T v from the row duals (``bounds.py``); every row gets its ``columns``
   left-out types with the largest d > 0.
3. **Stop** when neither finds anything: the working optimum (clipped to x >= 0, objective
   recomputed from it) is feasible for the full LP (every pair checked, plus capacity) and the
   dual bound of ``bounds.py`` - valid for the *full* LP, every column and every envy row -
   equals its objective (``stats["dual_bound_gap"]``). Only then is the status ``optimal``; a
   certificate gap above ``CERT_TOL`` gives ``feasible`` with that bound.

Every bound reported comes from ``bounds.py`` (with column generation the working optimum is
not an upper bound of LP (10)): each round's row duals give one, and a stop (time limit inside
a HiGHS sub-solve or between rounds, or ``max_rounds``) reports the lowest of them. The
incumbent of a stopped solve is the best working optimum that passed the full envy check, else
the equal split (always envy-free, notes §5). Slack rows are never dropped (risks cycling).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import highspy
import numpy as np

from ...core import Result, SolveOptions, Status
from ..instance import OEFInstance
from .bounds import reduced_costs
from .envy import LAZY_TOL
from .matrix import Solved, capacity_rows, empty_highs, result, run, solve_full

INF = highspy.kHighsInf
#: A finished solve is ``optimal`` only if (bound - objective) / max(1, |objective|) <= this.
CERT_TOL = 1e-7


@dataclass(frozen=True)
class ActiveSet:
    """Parameters of the active-set strategy (defaults measured on n = 300 .. 1000, k = 10).

    Parameters
    ----------
    neighbours : int, default 3
        Seed envy rows: each row against this many speedup-order neighbours on either side.
        Unit: rows. Range: 0..n.
    partners : int, default 3
        Per round: most violated envy pairs added for every envious row. Unit: rows. Range: 1..n.
    chain : int, default 1
        Per round with violations: also add envy rows between neighbours (this many on either
        side) in the order of the current bundles' mean type index. Unit: rows. Range: 0..n.
    window : int or None, default None
        None: every column from the start. An int: column generation, seeded with the types LP
        (9) gives each row widened by this many on either side (n = 1000 k = 10: 39-44 CPU-s
        against 15 without; the restricted duals price in most columns anyway). Unit: GPU types.
        Range: 0..k.
    columns : int, default 3
        With ``window``: left-out types with the largest positive reduced cost added for every
        row per round. Unit: columns. Range: 1..k.
    max_rounds : int, default 500
        Rounds after the seed solve before stopping unfinished. Unit: rounds.
    block : int, default 1024
        Rows per block of the vectorised envy check (memory: block x n floats). Unit: rows.
    devex_after_seed : bool, default False
        Re-solve the rounds after the seed with devex pricing instead of dual steepest edge
        (whose initial weights cost a solve per row at every warm start). Measured, k = 10:
        n = 1000 12.8 CPU-s against 13.9; n = 2000 101 against 79 (more iterations): off.
    """

    neighbours: int = 3
    partners: int = 3
    chain: int = 1
    window: int | None = None
    columns: int = 3
    max_rounds: int = 500
    block: int = 1024
    devex_after_seed: bool = False


def speedup_order(W: np.ndarray) -> np.ndarray:
    """Rows sorted by total log speedup (ties: fastest-type speedup); for monotone W this is
    the common relative-speedup order of every pair of types."""
    return np.lexsort((W[:, -1], np.log(W).sum(axis=1)))


def bundle_order(X: np.ndarray, W: np.ndarray) -> np.ndarray:
    """Rows sorted by the mean type index of their bundle (empty bundles first)."""
    k = X.shape[1]
    total = X.sum(axis=1)
    centre = np.divide(X @ np.arange(k), total, out=np.zeros_like(total), where=total > 0)
    return np.lexsort((np.log(W).sum(axis=1), centre))


def neighbour_pairs(order: np.ndarray, d: int) -> tuple[np.ndarray, np.ndarray]:
    """Ordered pairs (r, s) of rows at distance 1..d in ``order`` (both directions)."""
    if d <= 0 or order.size < 2:
        return np.empty(0, np.int64), np.empty(0, np.int64)
    rs = [(order[:-i], order[i:]) for i in range(1, min(d, order.size - 1) + 1)]
    r = np.concatenate([a for a, b in rs] + [b for a, b in rs])
    s = np.concatenate([b for a, b in rs] + [a for a, b in rs])
    return r, s


def seed_columns(inst: OEFInstance, options: SolveOptions, window: int | None) -> np.ndarray:
    """Boolean R x k mask of the seed columns: the types LP (9) gives each row (its optimum has at
    most n + k - 1 nonzeros and, for monotone speedups, contiguous type ranges: notes §7), the
    range between them, and ``window`` more types on either side; None = every column."""
    R, k = inst.rows.W.shape
    if window is None:
        return np.ones((R, k), dtype=bool)
    res = solve_full(inst, "noncooperative", options)
    if res.solution is None:  # LP (9) stopped without a point: start from every column
        return np.ones((R, k), dtype=bool)
    X = np.asarray(res.solution.allocation, float)
    held = 1e-9 * max(1.0, float(X.max())) < X
    types = np.arange(k)[None, :]
    lo = np.where(held, types, k).min(axis=1)
    hi = np.where(held, types, -1).max(axis=1)
    lo, hi = np.where(hi < 0, 0, lo), np.where(hi < 0, k - 1, hi)  # row holds nothing
    return (types >= lo[:, None] - window) & (types <= hi[:, None] + window)


def envy_separation(W: np.ndarray, weight: np.ndarray, X: np.ndarray, tol: float, partners: int,
                    block: int) -> tuple[np.ndarray, np.ndarray, int, float]:
    """Check every envy pair of LP (10) at X, ``block`` rows at a time.

    Returns the pairs (r, s) to add (for every envious row its ``partners`` most violated
    pairs), the number of violated pairs and the largest violation
    pi_r W_r.x_s - pi_s W_r.x_r (0 if none exceeds ``tol``).
    """
    R = W.shape[0]
    own = np.einsum("rk,rk->r", W, X)
    out_r, out_s, count, worst = [], [], 0, 0.0
    for a in range(0, R, block):
        b = min(R, a + block)
        viol = weight[a:b, None] * (W[a:b] @ X.T) - own[a:b, None] * weight[None, :]
        viol[np.arange(b - a), np.arange(a, b)] = 0.0
        bad = viol > tol
        n_bad = int(np.count_nonzero(bad))
        if not n_bad:
            continue
        count += n_bad
        worst = max(worst, float(viol.max()))
        rows = np.nonzero(bad.any(axis=1))[0]
        sub = viol[rows]
        p = min(partners, R - 1)
        top = np.argpartition(-sub, p - 1, axis=1)[:, :p]
        rr = np.repeat(rows, p)
        ss = top.ravel()
        keep = sub[np.repeat(np.arange(rows.size), p), ss] > tol
        out_r.append(rr[keep] + a)
        out_s.append(ss[keep])
    if not out_r:
        return np.empty(0, np.int64), np.empty(0, np.int64), 0, 0.0
    return np.concatenate(out_r), np.concatenate(out_s), count, worst


def _members(key: np.ndarray, R: int, who: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For every entry c of ``who``: all i with key[i] == who[c], as pairs (c, i)."""
    order = np.argsort(key, kind="stable")
    starts = np.searchsorted(key[order], np.arange(R + 1))
    lo, lens = starts[who], starts[who + 1] - starts[who]
    c = np.repeat(np.arange(who.size), lens)
    first = np.repeat(lo - (np.cumsum(lens) - lens), lens)
    offs = np.arange(int(lens.sum())) + first
    return c, order[offs]


class WorkingLP:
    """The HiGHS model of the working set: active columns x[r, j] and envy rows (r, s)."""

    def __init__(self, h: highspy.Highs, W: np.ndarray, weight: np.ndarray) -> None:
        self.h, self.W, self.weight = h, W, weight
        R, k = W.shape
        self.col = np.full((R, k), -1, dtype=np.int64)  # HiGHS column of x[r, j], -1: left out
        self.col_r = np.empty(0, np.int64)
        self.col_j = np.empty(0, np.int64)
        self.r = np.empty(0, np.int64)  # envy row i (HiGHS row k + i) is the pair (r[i], s[i])
        self.s = np.empty(0, np.int64)
        self.keys = np.empty(0, np.int64)  # sorted r * R + s of the rows present

    @property
    def n_rows(self) -> int:
        return int(self.r.size)

    @property
    def n_cols(self) -> int:
        return int(self.col_r.size)

    def add_cols(self, r: np.ndarray, j: np.ndarray) -> int:
        """Add the left-out columns among x[r, j] with their entries in every present row."""
        R, k = self.W.shape
        key = np.unique(np.asarray(r, np.int64) * k + np.asarray(j, np.int64))
        r, j = key // k, key % k
        new = self.col[r, j] < 0
        r, j = r[new], j[new]
        if not r.size:
            return 0
        W, pi = self.W, self.weight
        c1, i1 = _members(self.r, R, r)  # rows where r envies: coefficient pi_s W_rj
        c2, i2 = _members(self.s, R, r)  # rows where another row envies r: -pi_t W_tj
        cols = np.concatenate([np.arange(r.size), c1, c2])
        rows = np.concatenate([j, i1 + k, i2 + k])
        vals = np.concatenate([np.ones(r.size), pi[self.s[i1]] * W[r[c1], j[c1]],
                               -pi[self.r[i2]] * W[self.r[i2], j[c2]]])
        order = np.argsort(cols, kind="stable")
        starts = np.concatenate([[0], np.cumsum(np.bincount(cols, minlength=r.size))[:-1]])
        self.h.addCols(r.size, W[r, j].astype(float), np.zeros(r.size), np.full(r.size, INF),
                       int(order.size), starts.astype(np.int32), rows[order].astype(np.int32),
                       vals[order].astype(float))
        self.col[r, j] = self.n_cols + np.arange(r.size)
        self.col_r = np.concatenate([self.col_r, r])
        self.col_j = np.concatenate([self.col_j, j])
        return int(r.size)

    def add_rows(self, r: np.ndarray, s: np.ndarray) -> int:
        """Add the envy rows pi_s W_r.x_r - pi_r W_r.x_s >= 0 not yet present (r != s)."""
        R = self.W.shape[0]
        key = np.unique(np.asarray(r, np.int64) * R + np.asarray(s, np.int64))
        key = key[~np.isin(key, self.keys, assume_unique=True)]
        r, s = key // R, key % R
        keep = r != s
        r, s, key = r[keep], s[keep], key[keep]
        if not r.size:
            return 0
        W, pi = self.W, self.weight
        index = np.hstack([self.col[r], self.col[s]])
        value = np.hstack([pi[s, None] * W[r], -pi[r, None] * W[r]])
        on = index >= 0
        starts = np.concatenate([[0], np.cumsum(on.sum(axis=1))[:-1]])
        self.h.addRows(r.size, np.zeros(r.size), np.full(r.size, INF), int(on.sum()),
                       starts.astype(np.int32), index[on].astype(np.int32),
                       value[on].astype(float))
        self.r = np.concatenate([self.r, r])
        self.s = np.concatenate([self.s, s])
        self.keys = np.union1d(self.keys, key)
        return int(r.size)

    def allocation(self, col_value: np.ndarray) -> np.ndarray:
        """The R x k allocation of a HiGHS primal point (left-out columns are 0)."""
        X = np.zeros(self.W.shape)
        X[self.col_r, self.col_j] = np.asarray(col_value, float)[: self.n_cols]
        return X


def certify(h: Any, lp: WorkingLP, inst: OEFInstance) -> tuple[float, np.ndarray]:
    """Upper bound on the full LP (10) from the working LP's row duals, and the reduced costs.

    HiGHS (maximising) reports >= 0 duals on the <= capacity rows and <= 0 on the >= envy rows;
    any u, v >= 0 yield a valid bound (``bounds.py``: every column and envy row of the full LP),
    so both sign conventions are tried and the smaller bound is returned with its d.
    """
    k = inst.n_types
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    y = np.asarray(h.getSolution().row_dual, dtype=float)
    if y.size < k + lp.n_rows:  # no dual point held: the multipliers u = v = 0
        y = np.zeros(k + lp.n_rows)
    best: tuple[float, np.ndarray] | None = None
    for sign in (1.0, -1.0):
        u, v = np.maximum(sign * y[:k], 0.0), np.maximum(-sign * y[k:k + lp.n_rows], 0.0)
        d = reduced_costs(W, pi, lp.r, lp.s, u, v)
        bound = float(u @ m + (np.maximum(d, 0.0) * m[None, :]).sum())
        if best is None or bound < best[0]:
            best = (bound, d)
    assert best is not None
    return best


def price(d: np.ndarray, active: np.ndarray, tol: float, per_row: int) -> tuple[np.ndarray,
                                                                                   np.ndarray]:
    """Left-out columns with reduced cost > tol: for every row its ``per_row`` largest."""
    cand = np.where(active, -np.inf, d)
    rows = np.nonzero(cand.max(axis=1) > tol)[0]
    if not rows.size:
        return rows, rows
    p = min(per_row, d.shape[1])
    sub = cand[rows]
    top = np.argpartition(-sub, p - 1, axis=1)[:, :p]
    r = np.repeat(rows, p)
    j = top.ravel()
    keep = sub[np.repeat(np.arange(rows.size), p), j] > tol
    return r[keep], j[keep]


def equal_split(inst: OEFInstance) -> np.ndarray:
    """x_r = pi_r m / sum(pi): envy-free for every W (weighted EF holds with equality)."""
    pi = inst.rows.weight
    return np.outer(pi / pi.sum(), inst.capacity)


def capacity_ok(X: np.ndarray, capacity: np.ndarray) -> bool:
    """x >= 0 and sum_r x_rj <= m_j, to HiGHS's primal tolerance (relative to m_j)."""
    tol = 1e-7 * np.maximum(1.0, capacity)
    return bool((X >= -1e-9).all() and (X.sum(axis=0) <= capacity + tol).all())


def solve_lazy(inst: OEFInstance, options: SolveOptions, params: ActiveSet | None = None) -> Result:
    """Cooperative OEF (10) by row and column generation; optimal for the full LP."""
    params = params or ActiveSet()
    t0 = time.perf_counter()
    deadline = None if options.time_limit is None else t0 + float(options.time_limit)
    W, pi, m = inst.rows.W, inst.rows.weight, inst.capacity
    R, k = W.shape
    h = empty_highs(options)
    capacity_rows(0, k, m).add_to(h)
    lp = WorkingLP(h, W, pi)
    seed_cols = lp.add_cols(*np.nonzero(seed_columns(inst, options, params.window)))
    seed = lp.add_rows(*neighbour_pairs(speedup_order(W), params.neighbours))
    build_s = time.perf_counter() - t0
    log: list[dict[str, Any]] = []
    solve_s, check_s, iterations, done = 0.0, 0.0, 0, False
    s: Solved | None = None
    best: float | None = None  # lowest upper bound of the full LP any round's duals proved
    incumbent: tuple[float, np.ndarray] | None = None  # last working optimum that is EF
    bound = gap = None
    stats_stop = ""
    for _ in range(params.max_rounds + 1):
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            # HiGHS's clock runs over all runs of one object: the limit is on its total
            h.setOptionValue("time_limit", h.getRunTime() + left)
        s = run(h, lp.n_cols, 1)
        solve_s += s.solve_s
        iterations += s.iterations
        if s.status in (Status.OPTIMAL, Status.TIME_LIMIT) and s.bound is not None:
            bound, d = certify(h, lp, inst)
            best = bound if best is None else min(best, bound)
        if s.status is not Status.OPTIMAL:
            break
        tc = time.perf_counter()
        X = np.maximum(lp.allocation(s.col), 0.0)  # basic x within HiGHS's tolerance of 0
        s.objective = float(np.einsum("rk,rk->", W, X))
        tol = LAZY_TOL * max(1.0, abs(s.objective or 0.0))
        er, es, n_viol, worst = envy_separation(W, pi, X, tol, params.partners, params.block)
        pr, pj = price(d, lp.col >= 0, LAZY_TOL * max(1.0, float(W.max())), params.columns)
        ef = n_viol == 0 and capacity_ok(X, m)
        if ef and (incumbent is None or s.objective > incumbent[0]):
            incumbent = (float(s.objective), X)
        gap = (bound - s.objective) / max(1.0, abs(s.objective))
        log.append({"objective": s.objective, "rows": lp.n_rows, "cols": lp.n_cols,
                    "solve_s": round(s.solve_s, 4),
                    "iterations": s.iterations, "violated": n_viol, "worst": worst,
                    "priced": int(pr.size), "bound_gap": gap})
        if ef and not pr.size:
            done = True
            check_s += time.perf_counter() - tc
            break
        added = lp.add_rows(er, es)
        if params.chain and n_viol:
            added += lp.add_rows(*neighbour_pairs(bundle_order(X, W), params.chain))
        new_cols = lp.add_cols(pr, pj)
        check_s += time.perf_counter() - tc
        if not added and not new_cols:  # nothing left to add, yet not certified: stop
            stats_stop = "stalled: nothing to add, certificate gap open"
            break
        if "simplex_strategy" not in options.options:
            # only columns added: the basis stays primal feasible, so primal simplex goes on
            # from it; rows added: dual simplex
            h.setOptionValue("simplex_strategy", 1 if added else 4)
        if params.devex_after_seed and "simplex_dual_edge_weight_strategy" not in options.options:
            # devex: no per-row set-up of steepest-edge weights at each warm start
            h.setOptionValue("simplex_dual_edge_weight_strategy", 1)
    build_s += check_s
    stats: dict[str, Any] = {
        "envy": "lazy", "lazy_rounds": max(len(log) - 1, 0), "envy_rows": lp.n_rows,
        "envy_rows_full": R * (R - 1), "seed_rows": seed, "columns": lp.n_cols,
        "columns_full": R * k, "seed_columns": seed_cols, "solve_s": solve_s,
        "check_s": check_s, "simplex_iterations": iterations, "round_log": log,
    }
    if stats_stop:
        stats["stopped"] = stats_stop
    if done and s is not None:
        s.X, s.bound = X, bound
        stats["dual_bound_gap"] = gap
        if gap is not None and gap > CERT_TOL:  # feasible, but the certificate does not close
            s.status = Status.FEASIBLE
        return result(inst, "cooperative", s, t0, build_s, stats)
    return _unfinished(inst, s, best, incumbent, t0, build_s, stats)


def _unfinished(inst: OEFInstance, s: Solved | None, best: float | None,
                incumbent: tuple[float, np.ndarray] | None, t0: float, build_s: float,
                stats: dict[str, Any]) -> Result:
    """Loop stopped early: infeasible/unbounded/error are passed on; a time or round limit
    (also a sub-solve HiGHS stopped unfinished; ``feasible`` if the loop stalled) returns the
    best envy-free working optimum (or the equal split) as the incumbent and ``best``, the
    lowest certified bound (at worst LP (4)'s optimum sum_j m_j max_r w_rj) as the bound."""
    if s is not None and s.status in (Status.INFEASIBLE, Status.UNBOUNDED, Status.ERROR):
        return result(inst, "cooperative", s, t0, build_s, stats)
    X = equal_split(inst)
    obj = float(np.einsum("rk,rk->", inst.rows.W, X))
    stats["incumbent"] = "equal split"
    if incumbent is not None and incumbent[0] > obj:
        obj, X = incumbent
        stats["incumbent"] = "envy-free working optimum"
    # LP (4)'s optimum bounds LP (10) (fewer rows): bounds.py with u_j = max_r w_rj, v = 0
    lp4 = float(inst.capacity @ inst.rows.W.max(axis=0))
    best = lp4 if best is None else min(best, lp4)
    bound = max(best, obj)  # the incumbent is feasible: obj <= opt
    status = Status.FEASIBLE if "stopped" in stats else Status.TIME_LIMIT
    stopped = Solved(status, obj, bound, X, None, 0.0,
                     s.termination if s is not None else "time limit before first solve", 0)
    return result(inst, "cooperative", stopped, t0, build_s, stats)
