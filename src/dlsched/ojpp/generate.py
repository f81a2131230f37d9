"""Seeded synthetic OJPP workloads in the paper's settings (notes §3, §8).

Paper: 4 queues x 20 jobs with 1-10 workers each, 6 model types, 11 GB devices, limits
(tau-bar, theta-bar, theta') = (0.1, 0.2, 0.1). The paper's measured data are not published, so
this generator synthesises them (and says so in ``provenance``):

* memory in MB on an 11 GB device (11264 MB), compute in percent: integer units keep data exact;
* the 6x6 type matrix follows notes §3: ``I[a, b] = h_a g_b U(0.5, 1.5)`` (sensitivity h,
  aggressiveness g) plus the measured heavy pairs (ResNet by VGG +122%, VGG by ResNet +18.7%,
  LeNet by LSTM +18%);
* classes are built from parameters, not model names (notes §11.4): *high collision* = burst
  probability 0.25-0.45 with a large burst; *high interference* = a job of one of the three types
  with the largest row+column mass of the matrix; *average* = neither.

Workload knobs (notes §8.1), each named in the instance's ``provenance``:

* ``matrix`` — which 6x6 type matrix: ``"synthetic"`` (default, above; *not* a measured matrix),
  ``"gavel"`` (Gavel's measured single-GPU co-location slowdowns on V100, six of its job types
  chosen by the seed: real measurements, but of other jobs than the paper's), ``"bimodal"``
  (dlsched's: each pair near zero or heavy with probability 1/2, plus the three quoted pairs).
  The paper's own matrix (Fig. 3) is not in its text; only the three quoted pairs are.
  ``matrix_scale`` multiplies the whole matrix (x1 by default).
* ``mixed`` — the reading of 'Mixed': ``"half-average"`` (default: half the jobs high-collision
  or high-interference, each with probability 1/2, the other half average) or
  ``"collision-interference"`` (half high-collision, half high-interference, none average).

The jobs' resource draws do not depend on ``matrix`` or ``matrix_scale`` (the same seed gives the
same jobs; only the type labels' matrix changes), so placements compare in pairs.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from ..core.errors import InputError
from ..core.inputs import number
from ..core.limits import PARAM_RANGES
from .instance import INTERFERENCE_MODELS, OJPPInstance, parse

TYPES = ("lenet", "resnet", "vgg", "alexnet", "lstm", "cnn")
CLASSES = ("mixed", "c-high", "i-high", "average")
MEMORY_MB = 11264
COMPUTE_PCT = 100
#: Measured pairs quoted in the paper's text (victim, aggressor, slowdown).
MEASURED = (("resnet", "vgg", 1.22), ("vgg", "resnet", 0.187), ("lenet", "lstm", 0.18))


def type_matrix(rng: np.random.Generator) -> np.ndarray:
    """Synthetic asymmetric 6x6 slowdown matrix with a diagonal (notes §3)."""
    T = len(TYPES)
    h = rng.uniform(0.02, 0.25, size=T)  # sensitivity of the victim type
    g = rng.uniform(0.2, 1.0, size=T)  # aggressiveness of the co-runner type
    M = np.outer(h, g) * rng.uniform(0.5, 1.5, size=(T, T))
    for victim, aggressor, value in MEASURED:
        M[TYPES.index(victim), TYPES.index(aggressor)] = value
    return np.round(M, 4)


def _job(rng: np.random.Generator, kind: str, types: list[str], max_workers: int) -> dict:
    base = int(rng.integers(int(0.08 * MEMORY_MB), int(0.30 * MEMORY_MB)))
    if kind == "collision":
        p = float(np.round(rng.uniform(0.25, 0.45), 3))
        burst_frac = rng.uniform(0.30, 0.60)
    else:
        p = float(np.round(rng.uniform(0.02, 0.12), 3))
        burst_frac = rng.uniform(0.05, 0.30)
    burst = int(min(burst_frac * MEMORY_MB, MEMORY_MB - base))
    return {
        "workers": int(rng.integers(1, max_workers + 1)),
        "compute": int(rng.integers(10, 51)),
        "mem_base": base,
        "mem_burst": burst,
        "burst_prob": p,
        "type": str(rng.choice(types)),
        "migration_cost": float(np.round(rng.uniform(0.5, 2.0), 2)),
    }


MATRICES = ("synthetic", "gavel", "bimodal")
MIXED_READINGS = ("half-average", "collision-interference")


def bimodal_matrix(rng: np.random.Generator) -> np.ndarray:
    """dlsched's bimodal 6x6 matrix: each entry U(0, 0.02) or U(0.15, 0.6) with probability 1/2,
    plus the paper's three quoted pairs (``MEASURED``)."""
    T = len(TYPES)
    heavy = rng.random((T, T)) < 0.5
    M = np.where(heavy, rng.uniform(0.15, 0.6, size=(T, T)), rng.uniform(0.0, 0.02, size=(T, T)))
    for victim, aggressor, value in MEASURED:
        M[TYPES.index(victim), TYPES.index(aggressor)] = value
    return np.round(M, 4)


def gavel_matrix(seed: int, k: int = len(TYPES)) -> tuple[list[str], np.ndarray]:
    """k of Gavel's job types (V100, single GPU, consolidated; chosen without repetition by
    ``seed``) and their measured slowdown matrix (``gavel_data.slowdown_matrix``)."""
    from .support.gavel_data import slowdown_matrix

    types, S, _ = slowdown_matrix("v100")
    pick = np.sort(np.random.default_rng([seed, 7]).choice(len(types), size=k, replace=False))
    return [types[t] for t in pick], np.round(S[np.ix_(pick, pick)], 4)


def _kinds(workload: str, n_jobs: int, rng: np.random.Generator,
           mixed: str = "half-average") -> list[str]:
    """Per-job class: 'collision', 'interference' or 'average'."""
    if workload == "mixed" and mixed == "collision-interference":
        coll = rng.permutation(n_jobs) < n_jobs // 2
        return ["collision" if c else "interference" for c in coll]
    if workload == "mixed":
        high = rng.permutation(n_jobs) < n_jobs // 2
        return [
            ("collision" if rng.random() < 0.5 else "interference") if h else "average"
            for h in high
        ]
    single = {"c-high": "collision", "i-high": "interference", "average": "average"}
    return [single[workload]] * n_jobs


def generate(
    workload: str = "mixed",
    n_jobs: int = 20,
    max_workers: int = 10,
    seed: int = 0,
    collision: float | None = 0.1,
    interference: float | None = 0.2,
    balance: float | None = 0.1,
    interference_model: str = "additive",
    active: str = "all",
    matrix: str = "synthetic",
    matrix_scale: float = 1.0,
    mixed: str = "half-average",
) -> OJPPInstance:
    """A seeded random OJPP workload in the paper's settings (module docstring).

    Devices of 100 % compute and 11264 MB memory; each job has 1..``max_workers`` workers, a
    compute share of 10-50 %, base memory, a burst and its probability drawn by the job's
    class, one of six model types and a migration cost. The jobs and the interference matrix
    do not depend on ``active`` (the same seed gives the same workload).

    Parameters
    ----------
    workload : str, default 'mixed'
        Workload class: ``'mixed'``, ``'c-high'`` (high collision), ``'i-high'`` (high
        interference) or ``'average'``.
    n_jobs : int, default 20
        Number of jobs. Unit: jobs. Range: 1..100000.
    max_workers : int, default 10
        Largest worker count of a job (drawn uniformly from 1..max_workers). Unit: workers.
        Range: 1..100000.
    seed : int, default 0
        Seed of the random generator; the same seed gives the same workload.
        Unit: dimensionless.
    collision : float or None, default 0.1
        Collision-probability limit tau-bar (5) of a device; None drops it.
        Unit: probability. Range: [0, 1].
    interference : float or None, default 0.2
        Interference cap theta-bar (7): the largest slowdown of a worker; None drops it.
        Unit: dimensionless (relative slowdown). Range: [0, 1e6].
    balance : float or None, default 0.1
        Slowdown balance theta' (8): the largest spread of one job's worker slowdowns; None
        drops it. Unit: dimensionless (relative slowdown). Range: [0, 1].
    interference_model : str, default 'additive'
        How the slowdowns of several co-located workers compose: ``'additive'`` or
        ``'max'``.
    active : str, default 'all'
        Which side constraints to keep: ``'all'``, ``'none'`` (compute + memory only,
        Best-fit's set) or limit names joined by ``+`` (e.g. ``'interference'`` for
        I-Greedy), so a baseline is measured against the optimum under its own constraints.
    matrix : str, default 'synthetic'
        The 6x6 type slowdown matrix: ``'synthetic'`` (not measured), ``'gavel'`` (Gavel's
        measured V100 co-location slowdowns of six of its job types) or ``'bimodal'``.
    matrix_scale : float, default 1.0
        Factor on the whole slowdown matrix. Unit: dimensionless. Range: [1e-9, 1e9].
    mixed : str, default 'half-average'
        Reading of the ``'mixed'`` class: ``'half-average'`` (half the jobs high-collision or
        high-interference, half average) or ``'collision-interference'`` (half each).

    Returns
    -------
    OJPPInstance
        The instance, named ``ojpp-{workload}-n{n_jobs}-w{max_workers}-s{seed}`` plus a suffix
        per non-default knob; its ``provenance`` records the knobs and that the data are
        synthetic.

    Raises
    ------
    InputError
        An unknown ``workload``, ``matrix``, ``mixed``, ``active`` or ``interference_model``
        value, ``n_jobs`` or ``max_workers`` outside 1..100000, ``matrix_scale`` outside
        [1e-09, 1e9] (field: the parameter), or a limit the instance schema refuses.

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> inst = generate(n_jobs=4, max_workers=2, seed=0)
    >>> inst.name, inst.n_jobs, inst.n_workers
    ('ojpp-mixed-n4-w2-s0', 4, 8)
    >>> generate("c-high", n_jobs=4, max_workers=2, active="interference").limits
    Limits(collision=None, interference=0.2, balance=None)
    """
    keep = _active_limits(active)
    for field, value, known in (("workload", workload, CLASSES), ("matrix", matrix, MATRICES),
                                ("mixed", mixed, MIXED_READINGS),
                                ("interference_model", interference_model, INTERFERENCE_MODELS)):
        if not isinstance(value, str) or value not in known:
            raise InputError(field, f"unknown value {value!r} (known: {', '.join(known)})")
    ranges = PARAM_RANGES["ojpp/generate"]  # the ranges the parameter check applies
    for field, value in (("n_jobs", n_jobs), ("max_workers", max_workers)):
        number(value, field, *ranges[field], integer=True)
    number(matrix_scale, "matrix_scale", *ranges["matrix_scale"])
    rng = np.random.default_rng(seed)
    M = type_matrix(rng)  # always drawn, so the jobs below are the same for every matrix
    names = list(TYPES)
    if matrix == "gavel":
        names, M = gavel_matrix(seed)
    elif matrix == "bimodal":
        M = bimodal_matrix(np.random.default_rng([seed, 11]))
    M = np.round(M * matrix_scale, 6) if matrix_scale != 1.0 else M
    mass = M.sum(axis=0) + M.sum(axis=1)
    order = np.argsort(-mass, kind="stable")
    high_i = [names[t] for t in order[:3]]
    low_i = [names[t] for t in order[3:]]
    jobs = []
    for idx, kind in enumerate(_kinds(workload, n_jobs, rng, mixed)):
        types = high_i if kind == "interference" else low_i
        jobs.append({"name": f"j{idx}", **_job(rng, kind, types, max_workers)})
    limits = {"collision": collision, "interference": interference, "balance": balance}
    limits = {k: (v if k in keep else None) for k, v in limits.items()}
    data = {
        "problem": "ojpp",
        "name": f"ojpp-{workload}-n{n_jobs}-w{max_workers}-s{seed}"
                + ("" if active == "all" else f"-{active}")
                + ("" if matrix == "synthetic" else f"-{matrix}")
                + ("" if matrix_scale == 1.0 else f"-x{matrix_scale:g}")
                + ("" if mixed == "half-average" or workload != "mixed" else f"-{mixed}"),
        "device_capacity": {"compute": COMPUTE_PCT, "memory": MEMORY_MB},
        "jobs": jobs,
        "interference": {
            "model": interference_model,
            "types": names,
            "matrix": M.tolist(),
        },
        "limits": {k: v for k, v in limits.items() if v is not None},
        "provenance": {
            "generator": "dlsched.ojpp.generate",
            "workload": workload,
            "seed": seed,
            "active": active,
            "matrix": matrix,
            "matrix_scale": matrix_scale,
            "mixed": mixed,
            "note": "synthetic jobs: the paper's profiled job data and 6x6 matrix are not "
                    "published; matrix: " + MATRIX_LABELS[matrix],
        },
    }
    return parse(data)


#: What each matrix choice is (reports and provenance use these words).
MATRIX_LABELS = {
    "synthetic": "dlsched's synthetic matrix (h_a g_b U(0.5, 1.5) plus the paper's three quoted "
                 "pairs); not measured",
    "gavel": "Gavel's measured single-GPU co-location slowdowns (V100), six of its job types",
    "bimodal": "dlsched's bimodal matrix (pairs near zero or heavy) plus the three quoted pairs",
}

LIMIT_NAMES = ("collision", "interference", "balance")


def _active_limits(active: str) -> set[str]:
    if active == "all":
        return set(LIMIT_NAMES)
    if active == "none":
        return set()
    names = set(active.split("+"))
    unknown = sorted(names - set(LIMIT_NAMES))
    if unknown:
        raise InputError("active", f"'all', 'none' or names from {', '.join(LIMIT_NAMES)} "
                                   f"joined by '+', got unknown {', '.join(unknown)}")
    return names
