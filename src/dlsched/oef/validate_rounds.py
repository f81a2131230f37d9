"""Independent validator of placer output (solution key ``rounds``, notes §4).

Written from the notes' rules, not from ``placer.py``: every round's grants are whole GPUs, fit
the devices of every type, never give a cell ``0 < g < min_demand``; the stored long-run average
is the mean of the rounds; and that average is within the *proven* distance of ``ideal``:

* every cell: ``avg - ideal <= 1/(2T)`` (the deviation never drops below -1/2);
* GPU types whose positive-ideal rows all have ``min_demand == 1`` and whose ideal column sum is
  at most ``floor(m_j)``: ``ideal - avg < (c_j - 1/2)/T``, ``c_j`` = number of positive-ideal
  cells of the type (derivation in ``placer.py``'s docstring).

Types with larger minimum demands only get the first bound (no under-service bound is proven).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.tolerance import AMOUNT_RTOL, WHOLE_ATOL, exceeds, negative, not_whole, same_amount
from .instance import OEFInstance


def _whole(capacity: np.ndarray) -> np.ndarray:
    """Whole GPUs of each type (a capacity within the whole-number tolerance of k counts as k)."""
    return np.floor(capacity + WHOLE_ATOL)


def _min_demand(inst: OEFInstance) -> np.ndarray:
    """Per virtual row: the job type's minimum worker count (user-level value as a floor)."""
    return np.array([max(jt.min_demand, 1 if u.single else u.min_demand)
                     for u in inst.users for jt in u.job_types])


def _grants(value: Any, shape: tuple[int, int], out: list[str]) -> np.ndarray | None:
    try:
        G = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        out.append("rounds: not a numeric array")
        return None
    if G.ndim != 3 or G.shape[1:] != shape or G.shape[0] < 1:
        out.append(f"rounds: shape {G.shape}, expected (T, {shape[0]}, {shape[1]}) with T >= 1")
        return None
    if not np.all(np.isfinite(G)):
        out.append("rounds: contains NaN or infinity")
        return None
    return G


def _bounds(inst: OEFInstance, avg: np.ndarray, ideal: np.ndarray, dmin: np.ndarray,
            T: int) -> list[str]:
    out: list[str] = []
    over = avg - ideal
    for r, j in np.argwhere(exceeds(over, 0.5 / T)):
        out.append(f"rounds: cell ({r},{j}) average {avg[r, j]:.6g} exceeds ideal "
                   f"{ideal[r, j]:.6g} by more than 1/(2T) = {0.5 / T:.3g}")
    positive = ideal > AMOUNT_RTOL
    whole = _whole(inst.capacity)
    for j in range(inst.n_types):
        cells = positive[:, j]
        if not cells.any() or np.any(dmin[cells] > 1) or exceeds(ideal[:, j].sum(), whole[j]):
            continue  # no under-service bound proven for this type
        bound = (cells.sum() - 0.5) / T
        for r in np.nonzero(exceeds(ideal[:, j] - avg[:, j], bound))[0]:
            out.append(f"rounds: cell ({r},{j}) average {avg[r, j]:.6g} is below ideal "
                       f"{ideal[r, j]:.6g} by more than (c-1/2)/T = {bound:.3g}")
    return out


def check_rounds(inst: OEFInstance, solution: dict[str, Any]) -> list[str]:
    """Violations of a placer solution (``rounds`` T x R x k, ``ideal`` R x k, ``rows``)."""
    out: list[str] = []
    R, k = inst.rows.size, inst.n_types
    G = _grants(solution["rounds"], (R, k), out)
    if G is None:
        return out
    T = G.shape[0]
    if np.any(not_whole(G)):
        out.append("rounds: grants must be whole GPUs")
    if np.any(G < 0):
        out.append("rounds: negative grant")
    whole = _whole(inst.capacity)
    used = G.sum(axis=1)  # (T, k)
    for t, j in np.argwhere(exceeds(used, whole)):
        out.append(f"rounds[{t}]: {used[t, j]:.0f} GPUs of {inst.gpu_types[j].name} granted, "
                   f"only {whole[j]:.0f} exist")
    dmin = _min_demand(inst)
    small = (G > 0) & (dmin[None, :, None] > G)
    for t, r, j in np.argwhere(small)[:10]:
        out.append(f"rounds[{t}][{r}][{j}]: grant {G[t, r, j]:.0f} below min demand {dmin[r]}")
    avg = G.mean(axis=0)
    if "rows" in solution:
        stored = np.array([row.get("allocation") for row in solution["rows"]], dtype=float)
        if stored.shape != avg.shape or not same_amount(stored, avg).all():
            out.append("rounds: rows' allocations are not the average of the rounds")
    if "ideal" not in solution:
        return [*out, "rounds: 'ideal' (the fractional allocation) missing"]
    ideal = np.asarray(solution["ideal"], dtype=float)
    if ideal.shape != (R, k) or not np.all(np.isfinite(ideal)):
        return [*out, f"ideal: shape {ideal.shape}, expected {(R, k)} finite"]
    if np.any(negative(ideal)):
        out.append("ideal: negative share")
    return out + _bounds(inst, avg, ideal, dmin, T)
