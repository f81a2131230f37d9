"""Active-set (lazy envy-row) solver for cooperative OEF, LP (10), on the matrix HiGHS backend.

LP (10) has n(n-1) envy rows, but at the optimum only about 2n carry a nonzero dual: a row
envies the rows just "above" it in relative-speedup order (measured: n = 100 monotone, 196 of
9,900 rows). Adding the most violated rows each round (the obvious scheme) grows the working set
to a third of all rows, because rows that share a GPU type hold near-identical bundles and
every member of such a group violates against every other. The strategy here:

1. **Seed** with each row's envy against its ``neighbours`` nearest rows on either side in the
   order of the total log speedup sum_j log w_r^j. For monotone speedups (notes §7, Thm 5.2's
   assumption) this is exactly the users' common relative-speedup order; a chain of
   neighbour rows also ties a group of same-type holders together with O(group) rows instead
   of O(group^2).
2. **Round**: solve (warm start: rows go in with ``addRows``, HiGHS keeps the basis and re-solves
   with dual simplex), compute all n^2 envy values with one matrix product (``envy_violations``),
   and add for every violating row only its ``partners`` most violated partners, plus the
   neighbour chain of the current allocation ordered by "bundle centre" (mean type index of
   the bundle), which links the rows that now compete for the same types.
3. **Stop** when no envy row of the full LP is violated: then the working-set optimum is
   feasible for the full LP and, being optimal for a relaxation, optimal for it. The result's
   ``bound`` is an independent check of that: a dual bound of the *full* LP computed from the
   working set's row duals (``bounds.py``); ``stats["dual_bound_gap"]`` ~ 1e-12.

Slack rows are never dropped (dropping risks cycling; the working set stays at about 10-25n
rows: n = 300 monotone ~3,000 of 89,700, n = 2000 ~38,000 of 4.0M).
A time limit (at a round or inside a HiGHS sub-solve) stops the loop with status ``time_limit``:
the incumbent is the equal split (always envy-free, notes §5) and the bound the lowest upper
bound any round proved (a relaxation optimum, or the row-dual bound of a stopped sub-solve).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core import Result, SolveOptions, Status
from ..instance import OEFInstance
from .bounds import dual_bound
from .envy import LAZY_TOL, envy_violations
from .matrix import Solved, capacity_rows, envy_rows, new_highs, result, run


@dataclass(frozen=True)
class ActiveSet:
    """Parameters of the active-set strategy (defaults measured on n = 300 and 1000, k = 10)."""

    neighbours: int = 3  # seed: envy rows to this many order-neighbours on each side
    partners: int = 3  # per round: most violated partners added per violating row
    chain: int = 1  # per round: neighbours in bundle-centre order added for every row
    max_rounds: int = 500


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


def top_partners(viol: np.ndarray, p: int) -> tuple[np.ndarray, np.ndarray]:
    """For every row with a violation, its (up to) p most violated partners."""
    rows = np.nonzero(viol.max(axis=1) > 0)[0]
    p = min(p, viol.shape[1])
    sub = viol[rows]
    top = np.argpartition(-sub, p - 1, axis=1)[:, :p] if p < sub.shape[1] else np.argsort(-sub)
    r = np.repeat(rows, top.shape[1])
    s = top.ravel()
    keep = viol[r, s] > 0
    return r[keep], s[keep]


class WorkingSet:
    """Envy rows currently in the HiGHS model (boolean R x R mask, deduplicated adds)."""

    def __init__(self, h: Any, W: np.ndarray, weight: np.ndarray) -> None:
        self.h, self.W, self.weight = h, W, weight
        self.mask = np.zeros((W.shape[0],) * 2, dtype=bool)
        self._r: list[np.ndarray] = []
        self._s: list[np.ndarray] = []

    def add(self, r: np.ndarray, s: np.ndarray) -> int:
        R = self.mask.shape[0]
        key = np.unique(np.asarray(r, np.int64) * R + np.asarray(s, np.int64))
        r, s = key // R, key % R
        new = (r != s) & ~self.mask[r, s]
        r, s = r[new], s[new]
        self.mask[r, s] = True
        self._r.append(r)
        self._s.append(s)
        envy_rows(self.W, self.weight, r, s).add_to(self.h)
        return int(r.size)

    def pairs(self) -> tuple[np.ndarray, np.ndarray]:
        """(r, s) of the envy rows in the order they were added to HiGHS."""
        if not self._r:
            return np.empty(0, np.int64), np.empty(0, np.int64)
        return np.concatenate(self._r), np.concatenate(self._s)

    @property
    def size(self) -> int:
        return int(self.mask.sum())


def equal_split(inst: OEFInstance) -> np.ndarray:
    """x_r = pi_r m / sum(pi): envy-free for every W (weighted EF holds with equality)."""
    pi = inst.rows.weight
    return np.outer(pi / pi.sum(), inst.capacity)


def solve_lazy(inst: OEFInstance, options: SolveOptions, params: ActiveSet | None = None) -> Result:
    """Cooperative OEF (10) by active-set generation of envy rows; optimal for the full LP."""
    params = params or ActiveSet()
    t0 = time.perf_counter()
    deadline = None if options.time_limit is None else t0 + float(options.time_limit)
    W, pi = inst.rows.W, inst.rows.weight
    R, k = W.shape
    h = new_highs(inst, options)
    capacity_rows(R, k, inst.capacity).add_to(h)
    ws = WorkingSet(h, W, pi)
    seed = ws.add(*neighbour_pairs(speedup_order(W), params.neighbours))
    build_s = time.perf_counter() - t0
    log: list[dict[str, Any]] = []
    solve_s, iterations, feasible = 0.0, 0, False
    s: Solved | None = None
    best: float | None = None  # lowest valid upper bound of any round (relaxation: >= full LP)
    for _ in range(params.max_rounds + 1):
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            h.setOptionValue("time_limit", left)
        s = run(h, R, k)
        solve_s += s.solve_s
        iterations += s.iterations
        if s.status in (Status.OPTIMAL, Status.TIME_LIMIT) and s.bound is not None:
            best = s.bound if best is None else min(best, s.bound)
        if s.status is not Status.OPTIMAL:
            break
        tc = time.perf_counter()
        tol = LAZY_TOL * max(1.0, abs(s.objective or 0.0))
        viol = envy_violations(W, pi, s.X, tol)
        n_viol = int(np.count_nonzero(viol))
        log.append({"rows": ws.size, "solve_s": round(s.solve_s, 4), "iterations": s.iterations,
                    "violated": n_viol})
        if n_viol == 0:
            feasible = True
            build_s += time.perf_counter() - tc
            break
        ws.add(*top_partners(viol, params.partners))
        ws.add(*neighbour_pairs(bundle_order(s.X, W), params.chain))
        build_s += time.perf_counter() - tc
    stats: dict[str, Any] = {
        "envy": "lazy", "lazy_rounds": max(len(log) - 1, 0), "envy_rows": ws.size,
        "envy_rows_full": R * (R - 1), "seed_rows": seed, "solve_s": solve_s,
        "simplex_iterations": iterations, "round_log": log,
    }
    if feasible and s is not None:
        s.bound = certify(h, ws, inst)
        stats["dual_bound_gap"] = (s.bound - s.objective) / max(1.0, abs(s.objective))
        return result(inst, "cooperative", s, t0, build_s, stats)
    return _unfinished(inst, s, best, t0, build_s, stats)


def certify(h: Any, ws: WorkingSet, inst: OEFInstance) -> float:
    """Upper bound on the full LP (10) from the active set's row duals (bounds.py).

    HiGHS (maximising) reports >= 0 duals on the <= capacity rows and <= 0 on the >= envy rows;
    any u, v >= 0 yield a valid bound, so both sign conventions are tried and the smaller bound
    is returned; at an optimum it equals the objective.
    """
    k = inst.n_types
    y = np.asarray(h.getSolution().row_dual, dtype=float)
    r, s = ws.pairs()
    return min(dual_bound(inst.rows.W, inst.rows.weight, inst.capacity, r, s,
                          sign * y[:k], -sign * y[k:]) for sign in (1.0, -1.0))


def _unfinished(inst: OEFInstance, s: Solved | None, best: float | None, t0: float,
                build_s: float, stats: dict[str, Any]) -> Result:
    """Loop stopped early: infeasible/unbounded/error are passed on; a time or round limit
    (also a sub-solve HiGHS stopped unfinished) returns the equal split as the incumbent and
    ``best``, the lowest upper bound any round proved, as the bound (``None`` if none did)."""
    if s is not None and s.status in (Status.INFEASIBLE, Status.UNBOUNDED, Status.ERROR):
        return result(inst, "cooperative", s, t0, build_s, stats)
    X = equal_split(inst)
    obj = float(np.einsum("rk,rk->", inst.rows.W, X))
    bound = None if best is None else max(best, obj)  # the incumbent is feasible: obj <= opt
    stopped = Solved(Status.TIME_LIMIT, obj, bound, X, None, 0.0,
                     s.termination if s is not None else "time limit before first solve", 0)
    stats["incumbent"] = "equal split"
    return result(inst, "cooperative", stopped, t0, build_s, stats)
