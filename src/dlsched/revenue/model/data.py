"""Index sets of the notes §2.2 MILP: configurations K_j, start sets T_jk, slot ranges."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from ...core.deadline import check_deadline
from ..instance import RevenueInstance
from ..support.configs import Config, configurations, utility_x


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


def _start_values(inst: RevenueInstance, T: int, time_origin: str, fixed_workers: bool,
                  ) -> Iterator[tuple[list[Config], list[tuple[np.ndarray, np.ndarray]]]]:
    """Per job: its configurations and, per configuration, the starts with f > 0 and f there."""
    for j in range(inst.n_jobs):
        check_deadline()  # only inside a caller's time limit (core.deadline)
        ks = configurations(inst, j, fixed_workers)
        per_k = []
        for k in ks:
            # all starts of (j, k) at once: the same float64 operations as inst.f on scalars
            t0s = np.arange(int(inst.arrival[j]) + 1, T - k.d + 2, dtype=np.int64)
            xs = utility_x(inst, j, t0s + (k.d - 1), time_origin)
            vals = np.asarray(inst.f(j, np.asarray(xs, dtype=float)), dtype=float)
            keep = vals > 0
            per_k.append((t0s[keep], vals[keep]))
        yield ks, per_k


def milp_extent(inst: RevenueInstance, T: int | None = None, time_origin: str = "arrival",
                fixed_workers: bool = False) -> tuple[int, float]:
    """(number of start values, Σ_j max f_j) of ``milp_data`` without building its dict (1.3M
    Python tuples took 2 s on philly-vc-4pervc): the models' size check before the build."""
    count, alone = 0, 0.0
    for _ks, per_k in _start_values(inst, int(T or inst.horizon), time_origin, fixed_workers):
        count += sum(int(v.size) for _t, v in per_k)
        alone += max((float(v.max()) for _t, v in per_k if v.size), default=0.0)
    return count, alone


def milp_data(inst: RevenueInstance, T: int | None = None, time_origin: str = "arrival",
              fixed_workers: bool = False) -> MilpData:
    """K_j pruned per (P, d); T_jk = starts r+1..T-d+1 with f > 0 (rejection allowed)."""
    data = MilpData(inst, int(T or inst.horizon), time_origin, fixed_workers)
    for j, (ks, per_k) in enumerate(_start_values(inst, data.T, time_origin, fixed_workers)):
        data.configs.append(ks)
        starts = []
        for k_idx, (t0s, vals) in enumerate(per_k):
            ts = t0s.tolist()
            data.value.update(zip(((j, k_idx, t) for t in ts), vals.tolist(), strict=True))
            starts.append(ts)
        data.starts.append(starts)
    return data
