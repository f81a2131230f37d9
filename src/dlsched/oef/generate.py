"""Seeded synthetic OEF instances: n users x k GPU types."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ..core.errors import InputError
from ..core.inputs import number
from ..core.limits import MAX_MAGNITUDE
from .instance import OEFInstance, make
from .rules import check_fairness


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
    fairness: str = "none",
) -> OEFInstance:
    """A seeded random OEF instance of ``n`` users and ``k`` GPU types.

    Every user has one job type whose speedup row starts at 1 on type 0 and grows along the
    types by log-uniform factors in [1, 2); the instance is named
    ``oef-n{n}-k{k}-{rand|mono}[-w]-s{seed}``.

    Parameters
    ----------
    n : int, default 4
        Number of users (one job type each). Unit: users. Range: 1..100000.
    k : int, default 3
        Number of GPU types. Unit: GPU types. Range: 1..1000.
    seed : int, default 0
        Seed of the random generator; the same seed gives the same instance. Unit: dimensionless.
    monotone : bool, default False
        Draw speedups with a common relative-speedup order of the users for every pair of types
        (the assumption of Thm 5.2, notes §7).
    counts : list of float or None, default None
        GPUs of each type (``k`` numbers, each > 0); None draws integers in
        [ceil(n/k), 2 ceil(n/k)] per type. Unit: GPUs.
    weighted : bool, default False
        Draw an integer weight in 1..3 per user (otherwise every weight is 1).
    fairness : str, default 'none'
        The problem the instance states (``OEFInstance.fairness``): ``'none'``,
        ``'cooperative'`` or ``'noncooperative'``; no effect on the draws.

    Returns
    -------
    OEFInstance
        The instance; the draws depend only on ``n``, ``k``, ``seed`` and ``monotone`` (and
        ``weighted`` for the weights).

    Raises
    ------
    InputError
        ``n`` or ``k`` is not an integer in its range, ``counts`` is not ``k`` positive
        finite numbers, or ``fairness`` is not a known rule (field: the parameter).

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> inst = generate(n=3, k=2, seed=0)
    >>> inst.name
    'oef-n3-k2-rand-s0'
    >>> inst.capacity.tolist()
    [2.0, 2.0]
    >>> generate(n=3, k=2, seed=0, counts=[1, 4]).capacity.tolist()
    [1.0, 4.0]
    """
    check_fairness(fairness)
    n = number(n, "n", 1, 100_000, integer=True)
    k = number(k, "k", 1, 1_000, integer=True)
    if counts is not None:
        if not isinstance(counts, (list, tuple, np.ndarray)) or len(counts) != k:
            raise InputError("counts", f"expected {k} numbers (one per GPU type), got "
                                       f"{counts!r}"[:200])
        counts = [number(c, "counts", 0, MAX_MAGNITUDE, low_open=True) for c in counts]
    rng = np.random.default_rng(seed)
    W = random_speedups(n, k, rng, monotone)
    if counts is None:
        lo = max(1, -(-n // k))
        counts = rng.integers(lo, 2 * lo + 1, size=k).astype(float).tolist()
    weights = rng.integers(1, 4, size=n).astype(float).tolist() if weighted else None
    name = f"oef-n{n}-k{k}-{'mono' if monotone else 'rand'}{'-w' if weighted else ''}-s{seed}"
    return make(W, counts, name=name, weights=weights, fairness=fairness)
