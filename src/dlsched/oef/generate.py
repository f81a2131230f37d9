"""Seeded synthetic OEF instances: n users x k GPU types."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from .instance import OEFInstance, make


def random_speedups(n: int, k: int, rng: np.random.Generator, monotone: bool) -> np.ndarray:
    """Speedup rows with w[:, 0] == 1 and w increasing along types.

    ``monotone``: users are totally ordered by relative speedup for every pair of types
    (w_l^q / w_l^p nondecreasing in l for p < q), the assumption of Thm 5.2 (notes §7).
    """
    steps = rng.uniform(0.0, np.log(2.0), size=(n, k - 1))  # log speedup increments per type
    if monotone:
        steps = np.sort(steps, axis=0)
    logw = np.concatenate([np.zeros((n, 1)), np.cumsum(steps, axis=1)], axis=1)
    return np.exp(logw)


def generate(
    n: int = 4,
    k: int = 3,
    seed: int = 0,
    monotone: bool = False,
    counts: list[float] | None = None,
    weighted: bool = False,
) -> OEFInstance:
    """Random instance. GPU counts default to integers in [ceil(n/k), ceil(2n/k)] per type;
    ``weighted`` draws integer weights 1..3."""
    if n < 1 or k < 1:
        raise ValueError("n and k must be positive")
    rng = np.random.default_rng(seed)
    W = random_speedups(n, k, rng, monotone)
    if counts is None:
        lo = max(1, -(-n // k))
        counts = rng.integers(lo, 2 * lo + 1, size=k).astype(float).tolist()
    weights = rng.integers(1, 4, size=n).astype(float).tolist() if weighted else None
    name = f"oef-n{n}-k{k}-{'mono' if monotone else 'rand'}{'-w' if weighted else ''}-s{seed}"
    return make(W, counts, name=name, weights=weights)
