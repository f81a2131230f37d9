"""Checks of slot schedules returned by the exact models (GPU-count relaxation of notes §9)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .instance import LTGFInstance


def check_slots(inst: LTGFInstance, sol: dict[str, Any]) -> list[str]:
    """Each job runs ceil(D/L) whole slots at or after its release slot; per slot the GPUs in use
    are <= M (node packing is relaxed by the exact model, notes §9)."""
    L = float(sol["slot_length"])
    S = int(sol["horizon"])
    errs: list[str] = []
    use = np.zeros(S, dtype=np.int64)
    slots = sol["slots"]
    for j in inst.jobs:
        run = slots.get(j.name)
        if run is None:
            errs.append(f"{j.name}: missing from the slot schedule")
            continue
        P = max(1, math.ceil(j.duration / L - 1e-9))
        r = math.ceil(j.submit / L - 1e-9)
        if len(set(run)) != P:
            errs.append(f"{j.name}: runs {len(set(run))} slots, needs {P}")
        if run and min(run) < r:
            errs.append(f"{j.name}: runs in slot {min(run)} before its release slot {r}")
        if run and max(run) >= S:
            errs.append(f"{j.name}: runs beyond the horizon")
            continue
        use[list(set(run))] += j.gpus
    for s in np.flatnonzero(use > inst.gpus):
        errs.append(f"slot {int(s)}: {int(use[s])} GPUs > {inst.gpus}")
    return errs
