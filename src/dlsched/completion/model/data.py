"""Index sets of the time-indexed MILP E1 (notes §2.4): configurations and start windows."""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..instance import CompletionInstance
from ..support.config import Config, configurations


@dataclass(frozen=True)
class E1Data:
    """Configurations K_j, start sets S_jk = {a_j .. T_max - d_k + 1} and derived constants."""

    inst: CompletionInstance
    tmax: int
    configs: tuple[tuple[Config, ...], ...]
    starts: tuple[tuple[range, ...], ...]
    s_hat: tuple[int, ...]  # \hat S_j: enough PSs for any placement

    @property
    def slots(self) -> range:
        return range(1, self.tmax + 1)

    @property
    def n_columns(self) -> int:
        """Number of configuration x start columns, without listing them."""
        return sum(len(rng) for ks in self.starts for rng in ks)

    def xkeys(self) -> list[tuple[int, int, int]]:
        return [(j, k, t) for j, ks in enumerate(self.starts) for k, rng in enumerate(ks)
                for t in rng]


def e1_data(inst: CompletionInstance, tmax: int | None = None) -> E1Data:
    tmax = int(tmax or inst.horizon)
    configs = tuple(configurations(inst, j) for j in range(inst.n_jobs))
    starts = tuple(tuple(range(int(inst.arrival[j]), tmax - k.d + 2) for k in ks)
                   for j, ks in enumerate(configs))
    if inst.ring:
        s_hat = tuple(0 for _ in range(inst.n_jobs))
    else:
        bmax, bmin = float(inst.worker_bw.max()), float(inst.ps_bw.min())
        s_hat = tuple(max(1, math.ceil(int(D) * bmax / bmin - 1e-9)) for D in inst.chunks)
    return E1Data(inst, tmax, configs, starts, s_hat)


def load_of(cfg: Config, inst: CompletionInstance) -> np.ndarray:
    """Aggregate per-resource load of a configuration (N e_m + z_p): the aggregate cut."""
    out = cfg.n * inst.worker_demand[cfg.m]
    return out + inst.ps_demand[cfg.p] if cfg.p >= 0 else out
