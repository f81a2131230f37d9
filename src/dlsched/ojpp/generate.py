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
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from .instance import OJPPInstance, parse

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


def _kinds(workload: str, n_jobs: int, rng: np.random.Generator) -> list[str]:
    """Per-job class: 'collision', 'interference' or 'average'."""
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
) -> OJPPInstance:
    """Random workload of class ``workload`` (one of :data:`CLASSES`), reproducible by ``seed``.

    ``active`` keeps only some side constraints: ``"all"``, ``"none"`` (plain compute + memory,
    Best-fit's set) or limit names joined by ``+`` (e.g. ``"interference"`` for I-Greedy), so a
    baseline is measured against the optimum under its own constraint set (notes §9). The jobs
    and the interference matrix do not depend on it (the same seed gives the same workload)."""
    keep = _active_limits(active)
    if workload not in CLASSES:
        raise ValueError(f"workload must be one of {CLASSES}, got {workload!r}")
    if n_jobs < 1 or max_workers < 1:
        raise ValueError("n_jobs and max_workers must be positive")
    rng = np.random.default_rng(seed)
    M = type_matrix(rng)
    mass = M.sum(axis=0) + M.sum(axis=1)
    order = np.argsort(-mass, kind="stable")
    high_i = [TYPES[t] for t in order[:3]]
    low_i = [TYPES[t] for t in order[3:]]
    jobs = []
    for idx, kind in enumerate(_kinds(workload, n_jobs, rng)):
        types = high_i if kind == "interference" else low_i
        jobs.append({"name": f"j{idx}", **_job(rng, kind, types, max_workers)})
    limits = {"collision": collision, "interference": interference, "balance": balance}
    limits = {k: (v if k in keep else None) for k, v in limits.items()}
    data = {
        "problem": "ojpp",
        "name": f"ojpp-{workload}-n{n_jobs}-w{max_workers}-s{seed}"
                + ("" if active == "all" else f"-{active}"),
        "device_capacity": {"compute": COMPUTE_PCT, "memory": MEMORY_MB},
        "jobs": jobs,
        "interference": {
            "model": interference_model,
            "types": list(TYPES),
            "matrix": M.tolist(),
        },
        "limits": {k: v for k, v in limits.items() if v is not None},
        "provenance": {
            "generator": "dlsched.ojpp.generate",
            "workload": workload,
            "seed": seed,
            "active": active,
            "note": "synthetic: the paper's profiled job data and 6x6 matrix are not published",
        },
    }
    return parse(data)


LIMIT_NAMES = ("collision", "interference", "balance")


def _active_limits(active: str) -> set[str]:
    if active == "all":
        return set(LIMIT_NAMES)
    if active == "none":
        return set()
    names = set(active.split("+"))
    unknown = sorted(names - set(LIMIT_NAMES))
    if unknown:
        raise ValueError(f"active must be 'all', 'none' or names from {LIMIT_NAMES} joined by "
                         f"'+', got unknown {unknown}")
    return names
