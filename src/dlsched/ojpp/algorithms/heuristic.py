"""Alg. 3 Heuristic (notes §6): Placement in gregariousness order, all constraints active.

The queue starts in Greedy's resource order; the next job is the one of least gregariousness
tau(i, V) = max_{q in V, q != i} p_i p_q over the jobs V still queued (ties: resource order).
``literal_order=True`` follows the printed pseudo-code (take the front, then re-sort);
``self_collision=True`` also counts q = i for jobs with >= 2 workers (notes §6 variant).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from ...core import Result
from ..instance import OJPPInstance
from ..support.placement import PARAM_DOCS, Variant, add_variant, resource_order, run_variant
from ..support.state import Cluster, Rules


def gregariousness(
    inst: OJPPInstance, V: np.ndarray, self_collision: bool = False
) -> np.ndarray:
    """tau(i, V) = max_{q in V, q != i} p_i p_q for every i in V (0 if alone); eq. (20).

    ``self_collision``: also count q = i when job i has >= 2 workers (notes §6 variant).
    """
    pv = inst.p[V]
    if pv.size == 0:
        return pv
    a = int(np.argmax(pv))
    rest = np.delete(pv, a)
    second = rest.max() if rest.size else 0.0
    other = np.where(np.arange(pv.size) == a, second, pv[a])
    if self_collision:
        other = np.where(inst.omega[V] >= 2, np.maximum(other, pv), other)
    return pv * other



def heuristic_order(
    inst: OJPPInstance, cl: Cluster, literal_order: bool = False, self_collision: bool = False
):
    """Alg. 3: repeatedly re-sort the remaining queue by gregariousness (ties: resource order)."""
    queue = resource_order(inst)
    if not literal_order:
        yield from _gregarious_front(inst, queue, self_collision)
        return
    rank = np.empty(inst.n_jobs, dtype=int)
    rank[queue] = np.arange(inst.n_jobs)
    while queue.size:  # printed pseudo-code: take the front, then sort (V includes it)
        i = int(queue[0])
        g = np.round(gregariousness(inst, queue, self_collision), 12)
        queue = queue[np.lexsort((rank[queue], g))]
        queue = queue[queue != i]
        yield i


def _gregarious_front(inst: OJPPInstance, queue: np.ndarray, self_collision: bool):
    """Alg. 3's loop with the queue kept in resource order under an ``alive`` mask (no
    re-allocation per step): the first minimum of the rounded tau(i, V) is the tie-break.
    Same values as ``gregariousness`` on the compacted queue (V = alive jobs)."""
    pv = inst.p[queue]
    multi = inst.omega[queue] >= 2
    alive = np.ones(queue.size, dtype=bool)
    idx = np.arange(queue.size)
    for _ in range(queue.size):
        live_p = np.where(alive, pv, -np.inf)
        a = int(np.argmax(live_p))
        live_p[a] = -np.inf
        second = float(live_p.max(initial=0.0))  # p >= 0: equals max over the others, or 0
        other = np.where(idx == a, second, pv[a])
        if self_collision:
            other = np.where(multi, np.maximum(other, pv), other)
        g = np.where(alive, np.round(pv * other, 12), np.inf)
        pos = int(np.argmin(g))
        alive[pos] = False
        yield int(queue[pos])


HEURISTIC = Variant(
    Rules(), "heuristic",
    "Alg. 3 Heuristic (gregariousness order), all constraints; literal_order, self_collision",
    ("literal_order", "self_collision"),
)
PARAM_DOCS.update({
    "literal_order": "literal_order : bool, default False\n"
                     "    Follow the printed pseudo-code: take the queue's front job, then\n"
                     "    re-sort (default: re-sort, then take the least gregarious job).",
    "self_collision": "self_collision : bool, default False\n"
                      "    Also count a job with two or more workers as colliding with itself in\n"
                      "    its gregariousness (notes §6 variant).",
})
add_variant("heuristic", HEURISTIC, heuristic_order)


def run_heuristic(inst: OJPPInstance, **params: Any) -> Result:
    """The registered ``heuristic`` on ``inst`` (the exact models' warm start)."""
    return run_variant(inst, "heuristic", **params)
