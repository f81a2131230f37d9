"""Integer data for CP-SAT (spec §5.3): exact when the instance uses integer units.

Integer-valued data (e.g. memory in MB, compute in percent, .vbp files) are used as they are.
Otherwise values are scaled by 10^6; requirements are rounded *up* and capacities/limits *down*
(after snapping values within 1e-6 of an integer, so exact decimals such as 0.3 stay exact), which
can only cut off placements within 10^-6 of a limit, never admit an infeasible one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .instance import OJPPInstance

SCALE = 10**6
SNAP = 1e-6


def _all_int(*arrays: np.ndarray) -> bool:
    return all(np.all(np.asarray(a) == np.round(np.asarray(a))) for a in arrays)


def up(x: float, scale: int) -> int:
    v = x * scale
    r = round(v)
    return int(r) if abs(v - r) <= SNAP * max(1.0, abs(v)) else math.ceil(v)


def down(x: float, scale: int) -> int:
    v = x * scale
    r = round(v)
    return int(r) if abs(v - r) <= SNAP * max(1.0, abs(v)) else math.floor(v)


@dataclass(frozen=True)
class IntData:
    """Integer demand (n, d), burst (n,), capacity (d,), interference (n, n) and limits."""

    demand: np.ndarray
    burst: np.ndarray
    cap: np.ndarray
    I: np.ndarray
    theta: int | None
    spread: int | None
    res_scale: int
    itf_scale: int


def integer_data(inst: OJPPInstance) -> IntData:
    """Scaled integer copy of the instance's data (see module docstring)."""
    res_scale = 1 if _all_int(inst.demand, inst.burst, inst.cap) else SCALE
    dem = np.vectorize(lambda v: up(v, res_scale), otypes=[np.int64])(inst.demand)
    burst = np.array([up(v, res_scale) for v in inst.burst], dtype=np.int64)
    cap = np.array([down(v, res_scale) for v in inst.cap], dtype=np.int64)
    I = inst.I
    itf_scale = SCALE
    Iint = np.vectorize(lambda v: up(v, itf_scale), otypes=[np.int64])(I) if I.size else I
    lim = inst.limits
    theta = down(lim.interference, itf_scale) if lim.interference is not None else None
    spread = down(lim.balance, itf_scale) if lim.balance is not None else None
    return IntData(dem, burst, cap, Iint.astype(np.int64), theta, spread, res_scale, itf_scale)
