"""Index sets of the notes §2.2 MILP: configurations K_j, start sets T_jk, slot ranges."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..configs import Config, configurations, utility_x
from ..instance import RevenueInstance


@dataclass
class MilpData:
    inst: RevenueInstance
    T: int
    time_origin: str
    fixed_workers: bool
    configs: list[list[Config]] = field(default_factory=list)
    starts: list[list[list[int]]] = field(default_factory=list)  # [j][k] -> t0 list
    value: dict[tuple[int, int, int], float] = field(default_factory=dict)

    def xkeys(self) -> list[tuple[int, int, int]]:
        return list(self.value)

    def slots(self, j: int) -> range:
        """Slots job j may use: r_j + 1 .. T."""
        return range(int(self.inst.arrival[j]) + 1, self.T + 1)

    def wmax(self, j: int) -> int:
        return max((k.w for k in self.configs[j]), default=0)


def milp_data(inst: RevenueInstance, T: int | None = None, time_origin: str = "arrival",
              fixed_workers: bool = False) -> MilpData:
    """K_j pruned per (P, d); T_jk = starts r+1..T-d+1 with f > 0 (rejection allowed)."""
    data = MilpData(inst, int(T or inst.horizon), time_origin, fixed_workers)
    for j in range(inst.n_jobs):
        ks = configurations(inst, j, fixed_workers)
        data.configs.append(ks)
        per_k = []
        for k_idx, k in enumerate(ks):
            # all starts of (j, k) at once: the same float64 operations as inst.f on scalars
            t0s = np.arange(int(inst.arrival[j]) + 1, data.T - k.d + 2, dtype=np.int64)
            xs = utility_x(inst, j, t0s + (k.d - 1), time_origin)
            vals = np.asarray(inst.f(j, np.asarray(xs, dtype=float)), dtype=float)
            keep = vals > 0
            ts = t0s[keep].tolist()
            data.value.update(zip(((j, k_idx, t) for t in ts), vals[keep].tolist(),
                                  strict=True))
            per_k.append(ts)
        data.starts.append(per_k)
    return data
