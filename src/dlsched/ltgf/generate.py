"""Seeded synthetic LTGF workloads matching the published Venus statistics (notes §5).

Job sizes: 52.5% 1 GPU, 22.6% 8 GPUs, 10.3% > 8 GPUs (16/32), the rest 2/4 GPUs; 67.3% of jobs
run < 10 min (uniform 1-10 min), the others log-normal around 2 h (capped at 3 days); Poisson
submissions over ``days``; tenants with random weights (or quotas summing to the cluster).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from .instance import LTGFInstance, parse

GPU_SIZES = np.array([1, 2, 4, 8, 16, 32])
GPU_PROBS = np.array([0.525, 0.086, 0.085, 0.226, 0.07, 0.008])


def generate(
    n_jobs: int = 30,
    tenants: int = 3,
    nodes: int = 4,
    gpus_per_node: int = 8,
    days: float = 0.25,
    lease: float = 900,
    tick: float = 10,
    seed: int = 0,
    cold_start: float = 30.0,
    short_share: float = 0.673,
    name: str | None = None,
) -> LTGFInstance:
    rng = np.random.default_rng(seed)
    M = nodes * gpus_per_node
    probs = np.where(GPU_SIZES <= M, GPU_PROBS, 0.0)
    g = rng.choice(GPU_SIZES, size=n_jobs, p=probs / probs.sum())
    short = rng.random(n_jobs) < short_share
    dur = np.where(
        short,
        rng.uniform(60, 600, n_jobs),
        np.minimum(rng.lognormal(np.log(7200), 1.0, n_jobs), 3 * 86400),
    )
    submit = np.sort(rng.uniform(0, days * 86400, n_jobs))
    ten = rng.integers(0, tenants, n_jobs)
    weights = rng.integers(1, 5, tenants)
    data = {
        "problem": "ltgf",
        "schema_version": 1,
        "name": name or f"synthetic-n{n_jobs}-t{tenants}-s{seed}",
        "cluster": {"nodes": nodes, "gpus_per_node": gpus_per_node},
        "lease": lease,
        "tick": tick,
        "tenants": [{"name": f"t{k}", "weight": int(weights[k])} for k in range(tenants)],
        "jobs": [
            {
                "name": f"j{i}",
                "tenant": f"t{int(ten[i])}",
                "submit": round(float(submit[i])),
                "gpus": int(g[i]),
                "duration": round(float(dur[i])) or 1,
            }
            for i in range(n_jobs)
        ],
        "overhead": {"checkpoint": 0, "cold_start": cold_start},
        "provenance": {
            "generator": "dlsched.ltgf.generate",
            "seed": seed,
            "statistics": "Venus (ASTRAEA §5): job-size mix and short-job share",
        },
    }
    return parse(data)


def generate_slotted(
    n_jobs: int = 8,
    tenants: int = 2,
    gpus: int = 8,
    max_slots: int = 3,
    release_slots: int = 4,
    lease: float = 900,
    seed: int = 0,
) -> LTGFInstance:
    """Tiny instance for the exact models: durations and submissions on the slot grid."""
    rng = np.random.default_rng(seed)
    sizes = np.array([s for s in (1, 2, 4, 8) if s <= gpus])
    data = {
        "problem": "ltgf",
        "schema_version": 1,
        "name": f"slotted-n{n_jobs}-s{seed}",
        "cluster": {"nodes": 1, "gpus_per_node": gpus},
        "lease": lease,
        "tick": lease,
        "tenants": [{"name": f"t{k}", "weight": int(rng.integers(1, 4))} for k in range(tenants)],
        "jobs": [
            {
                "name": f"j{i}",
                "tenant": f"t{int(rng.integers(tenants))}",
                "submit": int(rng.integers(release_slots)) * lease,
                "gpus": int(rng.choice(sizes)),
                "duration": int(rng.integers(1, max_slots + 1)) * lease,
            }
            for i in range(n_jobs)
        ],
        "overhead": {"checkpoint": 0, "cold_start": 0},
    }
    return parse(data)
