"""Consolidated gang placement on identical multi-GPU nodes (ltgf notes §3).

A placement is a tuple of ``(node, gpus)`` pairs summing to the job's demand. ``g <= G``
(G = GPUs per node): best fit — the node with the fewest free GPUs that still fits ``g``, ties by
node id. ``g > G``: ``g // G`` completely free nodes (lowest ids) plus a best-fit node for the
remainder; if impossible, the fewest-node cover (nodes by free GPUs descending, then id) unless
``strict`` (Tiresias-style consolidation) forbids the fallback.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the LTGF formulation notes)

from __future__ import annotations

import numpy as np

Placement = tuple[tuple[int, int], ...]


def _best_fit(free: np.ndarray, g: int, exclude: np.ndarray | None = None) -> int | None:
    ok = free >= g
    if exclude is not None:
        ok &= ~exclude
    cand = np.flatnonzero(ok)
    if cand.size == 0:
        return None
    return int(cand[np.argmin(free[cand])])


def consolidated(free: np.ndarray, g: int, per_node: int, strict: bool = False) -> Placement | None:
    """Place ``g`` GPUs on nodes with ``free`` GPUs each (not modified); ``None`` if impossible."""
    if g <= per_node:
        n = _best_fit(free, g)
        return None if n is None else ((n, g),)
    if int(free.sum()) < g:
        return None
    k, r = divmod(g, per_node)
    full = np.flatnonzero(free == per_node)
    if full.size >= k:
        chosen = full[:k]
        out = [(int(n), per_node) for n in chosen]
        if r == 0:
            return tuple(out)
        mask = np.zeros(free.size, dtype=bool)
        mask[chosen] = True
        n = _best_fit(free, r, exclude=mask)
        if n is not None:
            return tuple(sorted([*out, (n, r)]))
    if strict:
        return None
    order = np.lexsort((np.arange(free.size), -free))
    out, left = [], g
    for n in order:
        if left == 0 or free[n] == 0:
            break
        take = int(min(free[n], left))
        out.append((int(n), take))
        left -= take
    return tuple(sorted(out)) if left == 0 else None


def nodes_used(p: Placement) -> int:
    return len(p)
