"""Perfect packings: vector-packing instances whose optimum is known by construction.

``n_bins`` devices of capacity 1 in every dimension are each cut, independently per dimension,
into ``k`` pieces at random points of a grid (``grid=1024``: multiples of 1/1024, exact binary
fractions; ``grid=10`` or ``100``: decimals such as 0.3, which floats cannot represent exactly).
Piece ``i`` of a device becomes one item with the i-th piece of every dimension. The items fill
the ``n_bins`` devices exactly, and their total size is ``n_bins`` in every dimension, so no
packing uses fewer devices: the optimum is ``n_bins``. Such instances test that exact models
neither round fractional sizes into a different instance nor mislabel the result.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..instance import PROBLEM, OJPPInstance, parse

DIMENSION_NAMES = ("compute", "memory")


def _cuts(rng: np.random.Generator, k: int, grid: int) -> np.ndarray:
    """k positive integer parts of ``grid`` (sorted distinct cut points)."""
    points = np.sort(rng.choice(np.arange(1, grid), size=k - 1, replace=False))
    return np.diff(np.concatenate([[0], points, [grid]]))


def perfect_packing_dict(n_bins: int = 4, items: tuple[int, int] = (2, 5), dims: int = 2,
                         grid: int = 1024, seed: int = 0) -> dict[str, Any]:
    """The JSON dict of a perfect packing (module docstring); optimum = ``n_bins``."""
    if not (n_bins >= 1 and 1 <= items[0] <= items[1] < grid and dims >= 1):
        raise ValueError("need n_bins >= 1, 1 <= items[0] <= items[1] < grid, dims >= 1")
    rng = np.random.default_rng(seed)
    names = [*DIMENSION_NAMES, *(f"r{d}" for d in range(2, dims))][:dims]
    jobs = []
    for b in range(n_bins):
        k = int(rng.integers(items[0], items[1] + 1))
        parts = np.stack([_cuts(rng, k, grid) for _ in range(dims)], axis=1)  # (k, dims)
        for i, row in enumerate(parts):
            size = [float(v) / grid for v in row]
            job: dict[str, Any] = {"name": f"b{b}i{i}", "workers": 1, "compute": size[0]}
            if dims >= 2:
                job["mem_base"] = size[1]
            if dims >= 3:
                job["resources"] = {names[d]: size[d] for d in range(2, dims)}
            jobs.append(job)
    return {"problem": PROBLEM, "name": f"perfect-b{n_bins}-d{dims}-g{grid}-s{seed}",
            "device_capacity": {n: 1.0 for n in names}, "jobs": jobs,
            "provenance": {"generator": "dlsched.ojpp.perfect", "optimum": n_bins,
                           "seed": seed, "grid": grid}}


def perfect_packing(**params: Any) -> OJPPInstance:
    """``perfect_packing_dict`` parsed into an instance."""
    return parse(perfect_packing_dict(**params))
