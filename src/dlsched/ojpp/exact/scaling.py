"""Integer data for CP-SAT (notes §5.3), exact whenever an integer model of the instance exists.

Each group of values compared with each other gets its own smallest exact integer scale
(``dlsched.core.intscale``): one per resource dimension (the jobs' demands and the device
capacity; the memory dimension also the bursts), one for the interference values with the
interference cap and the balance limit. The CP-SAT model is then the instance as given: its
``optimal`` and ``infeasible`` are verdicts on the instance.

Only when some group has no exact scale within the magnitude budget (sums CP-SAT handles, kept
exact in float64) does the data fall back to a scale of 10^6 with requirements rounded *up* and
capacities / limits rounded *down*: a restriction of the instance, whose solutions are feasible
but whose optimality or infeasibility says nothing about the instance. ``IntData.exact`` is
then False and the model reports neither label (``cpsat._result``).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ...core.intscale import exact_integers
from ..instance import OJPPInstance

FALLBACK_SCALE = 10**6


def up(x: float, scale: int) -> int:
    return math.ceil(x * scale - 1e-9)


def down(x: float, scale: int) -> int:
    return math.floor(x * scale + 1e-9)


@dataclass(frozen=True)
class IntData:
    """Integer demand (n, d), burst (n,), capacity (d,), interference (n, n) and limits."""

    demand: np.ndarray
    burst: np.ndarray
    cap: np.ndarray
    I: np.ndarray
    theta: int | None
    spread: int | None
    res_scale: tuple[int, ...]  # per resource dimension
    itf_scale: int
    exact: bool = True
    inexact_groups: tuple[str, ...] = field(default_factory=tuple)

    def describe(self) -> dict[str, object]:
        """For ``stats["scaling"]``."""
        return {"exact": self.exact, "resource_scales": list(self.res_scale),
                "interference_scale": self.itf_scale, "inexact": list(self.inexact_groups)}


MEMORY = 1  # the dimension the bursts add to (notes §2: compute, memory)


def integer_data(inst: OJPPInstance) -> IntData:
    """Exactly scaled integer copy of the instance's data (see module docstring)."""
    workers = float(inst.omega.sum()) + 1.0  # most terms one device row can add up
    n, dims = inst.demand.shape
    dem = np.zeros((n, dims), dtype=np.int64)
    cap = np.zeros(dims, dtype=np.int64)
    burst = np.zeros(n, dtype=np.int64)
    scales, inexact = [], []
    for d in range(dims):
        group = [inst.demand[:, d], [inst.cap[d]]] + ([inst.burst] if d == MEMORY else [])
        flat = np.concatenate([np.asarray(g, dtype=float).ravel() for g in group])
        got = exact_integers(flat, multiplicity=workers)
        if got is None:
            s = FALLBACK_SCALE
            inexact.append(f"resource[{d}]")
            dem[:, d] = [up(v, s) for v in inst.demand[:, d]]
            cap[d] = down(float(inst.cap[d]), s)
            if d == MEMORY:
                burst[:] = [up(v, s) for v in inst.burst]
        else:
            ints, s = got
            dem[:, d] = ints[:n]
            cap[d] = ints[n]
            if d == MEMORY:
                burst[:] = ints[n + 1:]
        scales.append(s)
    lim = inst.limits
    I = np.asarray(inst.I, dtype=float)
    extra = [v for v in (lim.interference, lim.balance) if v is not None]
    flat = np.concatenate([I.ravel(), np.asarray(extra, dtype=float)])
    got = exact_integers(flat, multiplicity=workers)
    if got is None:
        s = FALLBACK_SCALE
        inexact.append("interference")
        Iint = np.vectorize(lambda v: up(v, s), otypes=[np.int64])(I) if I.size else \
            I.astype(np.int64)
        theta = down(lim.interference, s) if lim.interference is not None else None
        spread = down(lim.balance, s) if lim.balance is not None else None
    else:
        ints, s = got
        Iint = ints[: I.size].reshape(I.shape)
        rest = iter(ints[I.size:].tolist())
        theta = next(rest) if lim.interference is not None else None
        spread = next(rest) if lim.balance is not None else None
    return IntData(dem, burst, cap, Iint.astype(np.int64), theta, spread, tuple(scales), s,
                   exact=not inexact, inexact_groups=tuple(inexact))
