"""OEF instances from Gavel's measured throughputs (real data, ``gavel_throughputs``).

Source: ``throughputs_isolated.csv``, a flat re-encoding of
``scheduler/simulation_throughputs.json`` of stanford-futuredata/gavel (MIT), see
``dlsched/data/gavel_throughputs/PROVENANCE.md`` (vendored).

Selection rule (fixed, so every instance is reproducible):

* GPU types ``k80 < p100 < v100`` (Gavel's order, slow -> fast by price/generation);
* ``placement == consolidated`` and ``num_gpus == 1`` (one worker; so ``min_demand`` = 1);
* users = Gavel job types (26), each with the raw steps/s on the three types as its
  ``throughput`` row, which the instance normalises by K80 (notes §1: ``w^1 = 1``);
* rows with zero throughput are skipped and a job type is kept only if all three types are
  positive (the three zero rows of the source are k80 ResNet-50 batch 128 on 2/4/8 GPUs, so with
  ``num_gpus == 1`` nothing is dropped — the rule is there for other selections);
* subsets: ``numpy.random.default_rng(seed).choice(26, n, replace=False)`` over the job types in
  sorted order, kept in sorted order.

Note: the 5 Recommendation job types run *slower* on V100 than on K80 (speedup 0.66-1.05), so
the paper's "type 1 is slowest for every user" assumption fails on real data; the LPs do not
need it (only Thm 5.2's monotone-ratio premise does).

The data directory is the argument ``data_dir``, else ``$DLSCHED_DATA``, else the vendored
copy in ``dlsched/data``.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...core.errors import InputError

GPU_TYPES = ("k80", "p100", "v100")
CSV_RELPATH = "gavel_throughputs/throughputs_isolated.csv"
DEFAULT_DATA_DIR = str(Path(__file__).resolve().parents[2] / "data")  # vendored dlsched/data
SOURCE = {
    "repository": "https://github.com/stanford-futuredata/gavel",
    "commit": "c4fa40097339e9608ab71fd64c8bdea96a5e4a4c",
    "file": "scheduler/simulation_throughputs.json (isolated, 'null' entries), "
            "via dlsched/data/gavel_throughputs/throughputs_isolated.csv",
    "license": "MIT (Copyright (c) 2020 Stanford Future Data Systems)",
    "cite": "D. Narayanan et al., Heterogeneity-Aware Cluster Scheduling Policies for Deep "
            "Learning Workloads, OSDI 2020",
}
SELECTION = ("consolidated placement, num_gpus == 1, GPU types k80 < p100 < v100; one user per "
             "Gavel job type with raw steps/s as 'throughput' (normalised by K80 on load); zero "
             "throughputs skipped, job types without all three types dropped; subsets: "
             "numpy default_rng(seed).choice(len(sorted job types), n, replace=False), sorted")


@dataclass(frozen=True)
class InstanceSpec:
    """One committed instance: ``n`` job types (None = all) on ``counts`` GPUs per type."""

    name: str
    n: int | None
    seed: int | None
    counts: tuple[int, int, int]
    why: str


#: The committed instances (instances/oef/gavel-*.json).
SPECS: tuple[InstanceSpec, ...] = (
    InstanceSpec("gavel-all", None, None, (36, 36, 36),
                 "all 26 job types on Gavel's simulated cluster (--cluster_spec 36:36:36)"),
    InstanceSpec("gavel-n4-s0", 4, 0, (8, 8, 8),
                 "4 tenants on a 24-GPU cluster of 8 per type (the paper's testbed size, §6.2)"),
    InstanceSpec("gavel-n4-s1", 4, 1, (8, 8, 8), "as gavel-n4-s0, another draw"),
    InstanceSpec("gavel-n20-s0", 20, 0, (8, 8, 8),
                 "20 tenants on 8 GPUs per type (the paper's efficiency experiment, §6.3)"),
)


def data_dir(path: str | Path | None = None) -> Path:
    """Data root: ``path``, else ``$DLSCHED_DATA``, else the vendored ``dlsched/data``."""
    from ...core.inputs import check_env_dir

    return Path(path or check_env_dir("DLSCHED_DATA") or DEFAULT_DATA_DIR)


def csv_path(path: str | Path | None = None) -> Path:
    return data_dir(path) / CSV_RELPATH


def load_throughputs(path: str | Path | None = None) -> dict[str, tuple[float, float, float]]:
    """Job type -> (k80, p100, v100) isolated single-GPU consolidated steps/s, sorted by name."""
    file = csv_path(path)
    if not file.is_file():
        raise InputError("data_dir", f"{file} not found (set DLSCHED_DATA or pass data_dir)")
    table: dict[str, dict[str, float]] = {}
    with file.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if row["placement"] != "consolidated" or int(row["num_gpus"]) != 1:
                continue
            value = float(row["throughput_steps_per_s"])
            if value <= 0:  # skipped: a zero throughput cannot be normalised (see docstring)
                continue
            table.setdefault(row["job_type"], {})[row["gpu_type"]] = value
    return {jt: tuple(v[g] for g in GPU_TYPES)  # type: ignore[misc]
            for jt, v in sorted(table.items()) if all(g in v for g in GPU_TYPES)}


def select(job_types: list[str], n: int | None, seed: int | None) -> list[str]:
    """The subset rule of the module docstring (all job types when ``n`` is None)."""
    if n is None:
        return list(job_types)
    if not 1 <= n <= len(job_types):
        raise InputError("n", f"must be in 1..{len(job_types)}, got {n}")
    idx = np.random.default_rng(seed).choice(len(job_types), n, replace=False)
    return [job_types[i] for i in sorted(idx.tolist())]


def sha256(file: Path) -> str:
    return hashlib.sha256(file.read_bytes()).hexdigest()


def instance_dict(spec: InstanceSpec, path: str | Path | None = None,
                  command: str = "python scripts/make_oef_instances.py") -> dict[str, Any]:
    """The JSON dict of one instance (parse it with ``dlsched.oef.parse``)."""
    table = load_throughputs(path)
    chosen = select(list(table), spec.n, spec.seed)
    return {
        "problem": "oef",
        "schema_version": 1,
        "name": spec.name,
        "description": f"Gavel job types on K80/P100/V100: {spec.why}.",
        "gpu_types": [{"name": g, "count": c} for g, c in zip(GPU_TYPES, spec.counts, strict=True)],
        "users": [{"name": jt, "throughput": list(table[jt])} for jt in chosen],
        "provenance": {
            **SOURCE,
            "data_file_sha256": sha256(csv_path(path)),
            "selection": SELECTION,
            "subset": {"n": spec.n, "seed": spec.seed},
            "gpu_counts": spec.why,
            "units": "throughput in training steps/s (isolated, 1 GPU); speedup = / K80",
            "command": command,
        },
    }


def spec_named(name: str) -> InstanceSpec:
    for spec in SPECS:
        if spec.name == name:
            return spec
    raise InputError("name", f"unknown Gavel instance {name!r} (known: {[s.name for s in SPECS]})")
