"""Real interference data for OJPP: pairwise co-location slowdowns measured by Gavel.

Notes §3 needs a matrix I[a][b] = slowdown of a worker of type a next to one worker of
type b; the issue fixes its source: Gavel's throughputs_isolated.csv and
throughputs_colocated_pairs.csv (vendored: dlsched/data/gavel_throughputs, MIT, PROVENANCE.md),
slowdown = isolated / co-located - 1, single-GPU jobs (num_gpus = 1), one GPU type and the
consolidated placement. Negative values (measurement noise: faster when shared) are clipped to 0.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "data"  # vendored (data/README.md)


def data_dir(path: str | Path | None = None) -> Path:
    """``path``, else $DLSCHED_DATA, else the vendored dlsched/data; its gavel_throughputs."""
    from ...core.inputs import check_env_dir

    base = Path(path) if path else (check_env_dir("DLSCHED_DATA") or DEFAULT_DIR)
    return base / "gavel_throughputs"


def slowdown_matrix(gpu: str = "v100", path: str | Path | None = None):
    """(types, S, pairs): S[a, b] = iso[a] / coloc[a next to b] - 1 (clipped at 0); ``pairs`` =
    the (features-free) list of (type a, type b, slowdown) measurements used."""
    d = data_dir(path)
    iso: dict[str, float] = {}
    with open(d / "throughputs_isolated.csv", newline="") as f:
        for r in csv.DictReader(f):
            if ((r["gpu_type"], r["placement"], r["num_gpus"]) == (gpu, "consolidated", "1")
                    and float(r["throughput_steps_per_s"]) > 0):
                iso[r["job_type"]] = float(r["throughput_steps_per_s"])
    pairs: dict[tuple[str, str], float] = {}
    with open(d / "throughputs_colocated_pairs.csv", newline="") as f:
        for r in csv.DictReader(f):
            if (r["gpu_type"] != gpu or r["placement"] != "consolidated"
                    or r["num_gpus_a"] != "1" or r["num_gpus_b"] != "1"):
                continue
            a, b, ta = r["job_type_a"], r["job_type_b"], float(r["throughput_a_steps_per_s"])
            if a in iso and b in iso and ta > 0:
                pairs[(a, b)] = iso[a] / ta - 1.0
    types = sorted(iso)
    idx = {t: i for i, t in enumerate(types)}
    S = np.full((len(types), len(types)), np.nan)
    for (a, b), s in pairs.items():
        S[idx[a], idx[b]] = s
    keep = [i for i in range(len(types)) if not np.isnan(S[i]).all()]
    types = [types[i] for i in keep]
    S = S[np.ix_(keep, keep)]
    S = np.where(np.isnan(S), np.nanmax(S), S)  # an unmeasured pair: assume the worst measured
    return types, np.clip(S, 0.0, None), sorted((a, b, s) for (a, b), s in pairs.items())
