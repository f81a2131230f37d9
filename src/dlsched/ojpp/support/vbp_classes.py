"""Seeded d-dimensional vector-packing instances of the standard literature classes.

OJPP without bursts, collision, interference and balance is plain d-dimensional vector bin
packing (notes §4), so the usual vector-packing benchmark classes measure the pattern
model directly. The ten classes are those of Caprara & Toth (2001), "Lower bounds and algorithms
for the 2-dimensional vector packing problem", Discrete Applied Mathematics 111:231-262
(classes 6-8 from Spieksma (1994), class 10 the triplet construction of Falkenauer (1996) in
every dimension), in the d-dimensional form used by later vector-packing studies (every
dimension drawn like the first; e.g. the public ``vpack`` generator of Stillwell et al., which
generalises the classes this way). Integers, drawn uniformly and independently:

=====  ==========================================  ==========  ===========================
class  weights (per item, per dimension k)          capacity    note
=====  ==========================================  ==========  ===========================
1      U[100, 400]                                  1000
2      U[1, 1000]                                   1000
3      U[200, 800]                                  1000
4      U[50, 200]                                   1000
5      U[25, 100]                                   1000        many small items per bin
6      U[20, 100]                                   150         Spieksma
7      w_0 ~ U[20, 100], w_k ~ U[w_0 - 10, w_0 + 10]  150       positively correlated
8      w_0 ~ U[20, 100], w_k ~ U[110 - w_0, 130 - w_0]  150     negatively correlated
9      U[100, 400]; capacity_k = ceil(total_k / L),  per dim.  every dimension equally
       L = ceil(max_k total_k / 1000)                           tight (volume bound L)
10     triplets: two items U[25, 50], the third     100         perfect packing, optimum n/3
       100 - a - b (per dimension)
=====  ==========================================  ==========  ===========================

Classes 7 and 8 correlate every dimension k >= 1 with dimension 0 (Caprara & Toth define them
for d = 2). Class 10 needs n divisible by 3 (``vbp_weights`` rounds n down; rows 3t, 3t+1,
3t+2 form triplet t).

One further class of our own, ``perfect`` (exact fit with capacity 1000, the family the issue
report used): ``m = n // items_per_bin`` bins of capacity 1000 in every dimension are each cut
at random distinct integer points into their items, so every bin is filled exactly in every
dimension and the optimum is ``m`` by construction (the volume bound). Known optima:
``known_optimum``.

Items with identical weight vectors become one OJPP job with that many workers (as in
``dlsched.ojpp.instance.read_vbp``); dimension 0 is ``compute``, 1 ``memory`` (base), and
2.. the extra resources ``r2, r3, ...``.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...core.errors import InputError
from ..instance import OJPPInstance, parse

Draw = Callable[[np.random.Generator, int, int], tuple[np.ndarray, np.ndarray]]


def _uniform(lo: int, hi: int, cap: int) -> Draw:
    def draw(rng: np.random.Generator, n: int, d: int) -> tuple[np.ndarray, np.ndarray]:
        return rng.integers(lo, hi + 1, size=(n, d)), np.full(d, cap)
    return draw


def _correlated(sign: int) -> Draw:
    """Classes 7 (sign +1) and 8 (sign -1): dimensions k >= 1 follow dimension 0."""
    def draw(rng: np.random.Generator, n: int, d: int) -> tuple[np.ndarray, np.ndarray]:
        w0 = rng.integers(20, 101, size=n)
        centre = w0 if sign > 0 else 120 - w0
        rest = centre[:, None] + rng.integers(-10, 11, size=(n, d - 1))
        return np.column_stack([w0, rest]), np.full(d, 150)
    return draw


def _equal_tightness(rng: np.random.Generator, n: int, d: int) -> tuple[np.ndarray, np.ndarray]:
    w = rng.integers(100, 401, size=(n, d))
    total = w.sum(axis=0)
    bins = math.ceil(int(total.max()) / 1000)
    cap = np.array([math.ceil(int(t) / bins) for t in total])
    return w, np.maximum(cap, w.max(axis=0))


def _triplets(rng: np.random.Generator, n: int, d: int) -> tuple[np.ndarray, np.ndarray]:
    m = n // 3
    ab = rng.integers(25, 51, size=(m, 2, d))
    c = 100 - ab.sum(axis=1, keepdims=True)
    return np.concatenate([ab, c], axis=1).reshape(3 * m, d), np.full(d, 100)


def _perfect(rng: np.random.Generator, n: int, d: int, per_bin: int = 4,
             cap: int = 1000) -> tuple[np.ndarray, np.ndarray]:
    m = max(1, n // per_bin)
    sizes = np.full(m, n // m)
    sizes[: n - sizes.sum()] += 1  # spread the remainder: every bin gets >= per_bin items
    rows = []
    for k in sizes:
        cols = []
        for _ in range(d):
            cuts = np.sort(rng.choice(np.arange(1, cap), size=k - 1, replace=False))
            cols.append(np.diff(np.concatenate([[0], cuts, [cap]])))
        rows.append(np.column_stack(cols))
    w = np.concatenate(rows)
    return w[rng.permutation(len(w))], np.full(d, cap)


@dataclass(frozen=True)
class VBPClass:
    """A literature class: how to draw (weights (n, d), capacities (d,)) and its source."""

    name: str
    draw: Draw
    source: str
    perfect: bool = False  # optimum known by construction (= the volume bound)


#: Registry of the classes (module docstring).
CLASSES: dict[str, VBPClass] = {
    c.name: c
    for c in (
        VBPClass("1", _uniform(100, 400, 1000), "Caprara & Toth 2001, class 1"),
        VBPClass("2", _uniform(1, 1000, 1000), "Caprara & Toth 2001, class 2"),
        VBPClass("3", _uniform(200, 800, 1000), "Caprara & Toth 2001, class 3"),
        VBPClass("4", _uniform(50, 200, 1000), "Caprara & Toth 2001, class 4"),
        VBPClass("5", _uniform(25, 100, 1000), "Caprara & Toth 2001, class 5"),
        VBPClass("6", _uniform(20, 100, 150), "Caprara & Toth 2001, class 6 (Spieksma 1994)"),
        VBPClass("7", _correlated(+1), "Caprara & Toth 2001, class 7 (Spieksma 1994)"),
        VBPClass("8", _correlated(-1), "Caprara & Toth 2001, class 8 (Spieksma 1994)"),
        VBPClass("9", _equal_tightness, "Caprara & Toth 2001, class 9"),
        VBPClass("10", _triplets, "Caprara & Toth 2001, class 10 (Falkenauer triplets)", True),
        VBPClass("perfect", _perfect, "exact fit, capacity 1000 (this module)", True),
    )
}


def vbp_weights(cls: str, d: int = 3, n: int = 40, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """(weights (n', d), capacities (d,)) of class ``cls``; n' = n except class 10 (3 | n')."""
    if cls not in CLASSES:
        raise InputError("cls", f"must be one of {sorted(CLASSES)}, got {cls!r}")
    if d < 1 or n < 1:
        raise InputError("d" if d < 1 else "n", "must be positive")
    if cls == "10" and n < 3:
        raise InputError("n", "class 10 needs at least 3 items")
    if cls in ("7", "8") and d < 2:
        raise InputError("d", f"class {cls} correlates dimensions, needs d >= 2")
    rng = np.random.default_rng([seed, d, n, list(CLASSES).index(cls)])
    w, cap = CLASSES[cls].draw(rng, n, d)
    return np.asarray(w, dtype=np.int64), np.asarray(cap, dtype=np.int64)


def known_optimum(cls: str, d: int = 3, n: int = 40, seed: int = 0) -> int | None:
    """The optimum where the class fixes it by construction (10, perfect), else None."""
    if not CLASSES[cls].perfect:
        return None
    w, cap = vbp_weights(cls, d, n, seed)
    return int(w[:, 0].sum() // cap[0])


def from_weights(weights: np.ndarray, cap: np.ndarray, name: str) -> OJPPInstance:
    """Plain OJPP instance of a vector-packing instance (identical items aggregated)."""
    weights = np.asarray(weights, dtype=np.int64)
    d = weights.shape[1]
    dims = ["compute", "memory"] + [f"r{k}" for k in range(2, d)]
    types, demand = np.unique(weights, axis=0, return_counts=True)
    jobs = []
    for t, (row, c) in enumerate(zip(types.tolist(), demand.tolist(), strict=True)):
        job: dict = {"name": f"i{t}", "workers": int(c), "compute": row[0]}
        if d >= 2:
            job["mem_base"] = row[1]
        if d >= 3:
            job["resources"] = {dims[k]: row[k] for k in range(2, d)}
        jobs.append(job)
    return parse({
        "problem": "ojpp", "name": name,
        "device_capacity": {dims[k]: int(cap[k]) for k in range(d)},
        "jobs": jobs,
        "provenance": {"generator": "dlsched.ojpp.vbp_classes", "dimensions": d},
    })


def vbp_instance(cls: str, d: int = 3, n: int = 40, seed: int = 0) -> OJPPInstance:
    """Seeded instance of class ``cls`` with ``d`` dimensions and ``n`` items."""
    w, cap = vbp_weights(cls, d, n, seed)
    inst = from_weights(w, cap, f"vbp-c{cls}-d{d}-n{len(w)}-s{seed}")
    return inst


def vbp_text(weights: np.ndarray, cap: np.ndarray) -> str:
    """VPSolver ``.vbp`` text (readable by ``dlsched.ojpp.read_vbp``)."""
    types, demand = np.unique(np.asarray(weights, dtype=np.int64), axis=0, return_counts=True)
    lines = [str(len(cap)), " ".join(str(int(c)) for c in cap), str(len(types))]
    lines += [" ".join(map(str, row)) + f" {c}" for row, c in
              zip(types.tolist(), demand.tolist(), strict=True)]
    return "\n".join(lines) + "\n"


def write_vbp(path: str | Path, weights: np.ndarray, cap: np.ndarray) -> Path:
    """Write a ``.vbp`` file; returns the path."""
    path = Path(path)
    path.write_text(vbp_text(weights, cap), encoding="utf-8")
    return path
