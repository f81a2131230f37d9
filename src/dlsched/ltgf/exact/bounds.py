"""Size and horizon bounds of the slotted models (notes §9): no schedule is shorter than
``shortest_horizon``, ``model_sizes`` bounds the model's columns/rows/nonzeros from
above, and ``too_big`` refuses a build that would not fit in half the time limit."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math

import numpy as np

from ..instance import LTGFInstance
from ..support.slots import SlotData, slot_data


def shortest_horizon(inst: LTGFInstance) -> SlotData:
    """Slot data over max_i (r_i + P_i) slots: no schedule is shorter, so a model too big here
    is too big for every horizon (checked before simulating the online policies)."""
    low = slot_data(inst, 1)
    return slot_data(inst, int(max(int(r) + int(p)
                                   for r, p in zip(low.release, low.proc, strict=True))))


def model_sizes(sd: SlotData, objective: str, window: int) -> tuple[int, int, int]:
    """(columns, rows, nonzeros) of the slotted MILP, upper bounds (model/*.py): x, c per
    (job, slot >= release); f, b per (tenant, slot); t or the window flags v. The completion rows
    hold the cumulative runs, L(L+1) entries for a job with L slots; the fair-share rows hold
    the job's c once per row."""
    n_t = len(sd.tenants_with_jobs)
    L = np.maximum(0, sd.S - sd.release.astype(np.int64))
    run = int(L.sum())
    n_w = math.ceil(sd.S / window)
    extra = 1 if objective == "maxmin" else n_t * n_w
    cols = 2 * run + 2 * n_t * sd.S + extra
    rows = 3 * run + sd.S + sd.n + 4 * n_t * sd.S + (n_t if objective == "maxmin" else n_t * n_w)
    nnz = int((L * (L + 1)).sum()) + 10 * run + 12 * n_t * sd.S + 2 * extra + n_t
    return cols, rows, nnz


#: Measured model-building rates (philly-window instances, 2 cores): Pyomo builds ~13k
#: columns/s and ~450k nonzeros/s of the slotted MILP; the CP-SAT rows are built alike.
BUILD_COLUMNS_PER_S = 12_000
BUILD_NONZEROS_PER_S = 400_000


def too_big(sd: SlotData, objective: str, window: int, limit: float | None) -> str | None:
    """Why the slotted model cannot be built within half of ``limit`` (None: it can)."""
    if limit is None:
        return None
    cols, _rows, nnz = model_sizes(sd, objective, window)
    predicted = max(cols / BUILD_COLUMNS_PER_S, nnz / BUILD_NONZEROS_PER_S)
    if predicted <= 0.5 * limit:
        return None
    return (f"{cols} columns and {nnz} nonzeros over {sd.S} slots, ~{predicted:.3g} s to build "
            f"(> half the limit); pass slots=N for a shorter horizon or a smaller instance")
