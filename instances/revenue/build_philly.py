"""Build Philly-derived revenue instances (tenants and quotas from the real Philly virtual
clusters; job arrivals and GPU requests from the Philly per-VC traces).

Run from the repository root: python instances/revenue/build_philly.py [DATA_DIR]
(DATA_DIR defaults to the vendored src/dlsched/data). Inputs (see their PROVENANCE.md):
philly_cluster_helios/philly_vc.csv (VC -> Philly node count) and
philly_vc_traces_gavel/philly_vc_jobs.csv (per-VC jobs).

Mapping ([ASSUME], documented in instances/revenue/PROVENANCE.md): tenant = VC; the VC's
servers = ceil(nodes / NODES_PER_SERVER) servers of 8 GPUs and 1 PS, all owned by the VC; its
quota = their sum. Jobs: the first JOBS_PER_VC jobs of each VC (submission order); arrival =
submit hour (each VC's trace starts at 0, as in the source); demand = num_gpus (capped at 8);
epochs, chunks, mini-batches, timing and utilities are drawn with the paper's §5.1 ranges
(seeded), as the trace has no such fields.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "dlsched" / "data"   # vendored; another root: argv[1]
NODES_PER_SERVER = 8


def _job_fields(rng: np.random.Generator, scale: str) -> dict:
    """Paper §5.1 ranges, or the ``small`` scale of dlsched.revenue.generate (runs of 1-12
    slots, so the exact models can bound the optimum)."""
    if scale == "small":
        rc = float(rng.choice([1.0, 1.5, 2.0]))
        return {"epochs": int(rng.integers(1, 4)), "chunks": int(rng.integers(1, 5)),
                "minibatches": int(rng.integers(1, 3)),
                "rate": {"centralized": rc, "distributed": rc / 2}}
    return {"epochs": int(rng.integers(50, 101)), "chunks": int(rng.integers(20, 51)),
            "minibatches": int(rng.integers(10, 51)),
            "minibatch_time": round(float(rng.uniform(0.001, 0.05)), 5),
            "update_time": round(float(rng.uniform(10, 100)), 2),
            "gradient_size": round(float(rng.uniform(30, 575)), 1)}


def build(jobs_per_vc: int, seed: int, utility: str = "linear", scale: str = "paper",
          data: Path = DATA) -> dict:
    rng = np.random.default_rng(seed)
    with open(data / "philly_cluster_helios" / "philly_vc.csv") as fh:
        vcs = [(r["vc"], int(r["node num"])) for r in csv.DictReader(fh)]
    with open(data / "philly_vc_traces_gavel" / "philly_vc_jobs.csv") as fh:
        rows = list(csv.DictReader(fh))
    tenants, servers, jobs = [], [], []
    for vc, nodes in vcs:
        k = math.ceil(nodes / NODES_PER_SERVER)
        for i in range(k):
            servers.append({"name": f"{vc}-s{i + 1}", "workers": 8, "ps": 1, "owner": vc})
        tenants.append({"name": vc, "quota": {"workers": 8 * k, "ps": k}})
        mine = sorted((r for r in rows if r["tenant"] == vc), key=lambda r: int(r["vc_job_index"]))
        for r in mine[:jobs_per_vc]:
            util = ({"kind": "linear", "slope": round(float(rng.uniform(-2, -0.1)), 3),
                     "intercept": round(float(rng.uniform(100, 1000)), 2)}
                    if utility == "linear" else
                    {"kind": "convex", "e": round(float(rng.uniform(100, 1000)), 2),
                     "kappa": round(float(rng.uniform(1, 2)), 3)})
            jobs.append({"name": r["job_id"], "tenant": vc,
                         "arrival": 1 + int(r["submit_time"]) // 3600,
                         **_job_fields(rng, scale),
                         "utility": util, "demand": min(int(r["num_gpus"]), 8)})
    small = scale == "small"
    last = max(j["arrival"] for j in jobs)
    return {"problem": "revenue", "schema_version": 1,
            "name": f"philly-vc-{jobs_per_vc}pervc-{scale}-{utility}-seed{seed}",
            "horizon": last + 24 if small else 4096,
            "bandwidth": {"worker": 1.0, "ps": 1.0} if small else
            {"worker": round(float(rng.uniform(100, 5120)), 1),
             "ps": round(float(rng.uniform(5, 20)) * 1024, 1)},
            "tenants": tenants, "servers": servers, "jobs": jobs,
            "time_origin": "arrival", "fixed_workers": False,  # the statement (issue 32)
            "provenance": {"script": "instances/revenue/build_philly.py", "seed": seed,
                           "vc_capacity": "src/dlsched/data/philly_cluster_helios/philly_vc.csv",
                           "jobs": "src/dlsched/data/philly_vc_traces_gavel/philly_vc_jobs.csv",
                           "nodes_per_server": NODES_PER_SERVER, "jobs_per_vc": jobs_per_vc,
                           "scale": scale}}


def main() -> None:
    out = Path(__file__).resolve().parent
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else DATA
    for jobs_per_vc, scale in ((4, "paper"), (8, "paper"), (2, "small"), (4, "small")):
        for seed in (0, 1):
            data = build(jobs_per_vc, seed, scale=scale, data=root)
            (out / f"{data['name']}.json").write_text(json.dumps(data, indent=1) + "\n")
            print("wrote", data["name"])


if __name__ == "__main__":
    main()
