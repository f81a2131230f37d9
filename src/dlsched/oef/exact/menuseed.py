"""Multilevel seed of the menu strategy: the partition of the rows from a subsample's optimum.

At the optimum of LP (10) the rows of a monotone instance hold few distinct bundles, each held
by an interval of the speedup order, and every row holds its favourite bundle of that menu. A
subsample (every s-th row in speedup order, capacity scaled by its weight share) has nearly the
same menu per unit weight, so assigning every row to its favourite bundle of the subsample's
menu gives a partition close to the optimal one: the grouped LP and the lifted certificate of
``menu.py`` then start there instead of bisecting from equal intervals.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...core import Result
from ..instance import GpuType, JobType, OEFInstance, User

#: Bundles of the subsample's menu closer than this (relative) are one bundle.
MENU_TOL = 1e-7


def rows_instance(W: np.ndarray, pi: np.ndarray, m: np.ndarray, name: str) -> OEFInstance:
    """An instance whose rows are exactly ``W`` with weights ``pi`` and capacity ``m``."""
    gpus = tuple(GpuType(f"t{j}", float(c)) for j, c in enumerate(m))
    users = tuple(User(f"r{i}", float(w), (JobType(f"r{i}", tuple(map(float, row))),))
                  for i, (row, w) in enumerate(zip(W, pi, strict=True)))
    return OEFInstance(name, gpus, users)


def distinct_bundles(Y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``Y`` (per-weight bundles, to ``MENU_TOL`` relative) and the label
    of every row."""
    scale = max(1.0, float(np.abs(Y).max()))
    _, first, lab = np.unique(np.round(Y / (scale * MENU_TOL)), axis=0, return_index=True,
                              return_inverse=True)
    return Y[first], np.asarray(lab).ravel()


def favourite_partition(W: np.ndarray, B: np.ndarray, rank: np.ndarray, centre: np.ndarray,
                        tol: float) -> np.ndarray:
    """Label of every row: its favourite bundle of the menu ``B`` (K x k, per unit weight);
    among bundles within ``tol`` (relative) of its best, the one whose holders' median rank
    ``centre`` is nearest to the row's rank (keeps the groups contiguous in speedup order).
    Labels are renumbered 0..K'-1 over the bundles some row holds."""
    U = W @ B.T
    best = U.max(axis=1, keepdims=True)
    tied = best - tol * np.maximum(1.0, np.abs(best)) <= U
    dist = np.where(tied, np.abs(rank[:, None] - centre[None, :]), np.inf)
    fav = dist.argmin(axis=1)
    _, lab = np.unique(fav, return_inverse=True)
    return np.asarray(lab).ravel()


def seed_partition(W: np.ndarray, pi: np.ndarray, m: np.ndarray, order: np.ndarray,
                   rank: np.ndarray, stride: int,
                   solve: Callable[[OEFInstance], Result]) -> tuple[np.ndarray, dict]:
    """Partition of all rows from the optimum of every ``stride``-th row in speedup order
    (``solve`` solves that sub-instance), and what the sub-solve reported."""
    sub = order[stride // 2::stride]
    share = float(pi[sub].sum() / pi.sum())
    res = solve(rows_instance(W[sub], pi[sub], m * share, f"seed-{sub.size}"))
    X = np.asarray(res.solution.allocation, float)
    B, blab = distinct_bundles(X / pi[sub][:, None])
    centre = np.array([np.median(rank[sub][blab == b]) for b in range(B.shape[0])])
    lab = favourite_partition(W, B, rank, centre, 1e-9)
    info = {"rows": int(sub.size), "status": res.status.value, "menu": int(B.shape[0]),
            "groups": int(lab.max()) + 1, "objective": res.objective,
            "rounds": res.stats.get("menu_rounds", res.stats.get("lazy_rounds"))}
    return lab, info
