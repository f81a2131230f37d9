"""Build the completion instances: the notes §6 golden cases (S1-S5) and a Philly-derived workload.

Run from the repository root: ``python instances/completion/build.py``.

Philly (the vendored src/dlsched/data/philly_vc_traces_gavel, see its PROVENANCE.md: Gavel's per-VC
re-encoding of the Microsoft Philly trace, CC BY 4.0 / MIT): for VC ``ee9e8c`` the first ``N`` jobs
with a single-GPU run time of at most 48 h are taken. From the trace: arrival slot = 1 +
floor(submit seconds / 3600) (1 slot = 1 h), the maximum worker count D_j = num_gpus (each chunk
feeds one worker), and the per-mini-batch time v_j is set so that one 1-GPU worker needs the
trace's single-GPU duration: W_j v_j = duration / 3600 slots. Everything else (servers, worker / PS
types, weights, update times, gradient sizes, E and K) comes from the seeded generator
(``generate_dict(seed=7)``), with worker-type times v_jm = v_j / g_m^0.7 as in the generator.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = ROOT / "src" / "dlsched" / "data" / "philly_vc_traces_gavel" / "philly_vc_jobs.csv"
sys.path.insert(0, str(ROOT / "src"))

from dlsched.completion.generate import SHAPES, _ideal_servers, generate_dict  # noqa: E402
from dlsched.completion.instance import parse  # noqa: E402
from dlsched.completion.paper import GOLDEN  # noqa: E402

VC, N_JOBS, HORIZON, MAX_HOURS = "ee9e8c", 30, 150, 48.0


def philly(arch: str, path: Path = DATA, vc: str = VC, n_jobs: int = N_JOBS,
           horizon: int = HORIZON, start: int = 0, seed: int = 7,
           n_servers: int = 8, kappa: float | None = None) -> dict:
    """The first ``n_jobs`` jobs of ``vc`` from position ``start`` (in trace order, run time at
    most ``MAX_HOURS``), on the cluster of ``generate_dict(seed=seed, n_servers=n_servers)``.
    ``kappa``: re-size the servers for the trace jobs (the generator's ``"ideal"`` rule: capacity
    = kappa x the jobs' total ideal demand, per resource; offered load 1 / kappa). The defaults
    build the committed ``philly-ee9e8c-<arch>.json``."""
    rows = [r for r in csv.DictReader(path.open()) if r["tenant"] == vc]
    rows.sort(key=lambda r: int(r["vc_job_index"]))
    rows = [r for r in rows if float(r["duration"]) / 3600 <= MAX_HOURS][start:start + n_jobs]
    if len(rows) < n_jobs:
        raise ValueError(f"VC {vc} has only {len(rows)} jobs from position {start}")
    base = generate_dict(n_jobs=n_jobs, n_servers=n_servers, horizon=horizon,
                         architecture=arch, seed=seed, kappa=0.5, capacity="legacy")
    t0 = int(rows[0]["submit_time"])
    for job, r in zip(base["jobs"], rows, strict=True):
        gpus = int(r["num_gpus"])
        job["arrival"] = min(horizon, 1 + (int(r["submit_time"]) - t0) // 3600)
        job["chunks"] = gpus
        W = job["epochs"] * gpus * job["minibatches_per_chunk"]
        v = float(r["duration"]) / 3600 / W
        gm = {t["name"]: t["demand"]["gpu"] for t in base["worker_types"]}
        job["minibatch_time"] = {m: round(v / g ** 0.7, 9) for m, g in gm.items()}
        job["name"] = r["job_id"]
    extra = {}
    if kappa is not None:
        shapes = [SHAPES[h % len(SHAPES)] for h in range(n_servers)]
        base["servers"], extra = _ideal_servers(base["jobs"], base["worker_types"],
                                                base.get("ps_types", []), kappa, shapes, arch)
        extra = {"kappa": kappa, "capacity": "ideal", **extra}
    default = (vc, n_jobs, horizon, start, seed, n_servers, kappa) == (
        VC, N_JOBS, HORIZON, 0, 7, 8, None)
    base["name"] = (f"philly-{vc}-{arch}" if default
                    else f"philly-{vc}-{arch}-n{n_jobs}-from{start}-s{seed}")
    base["description"] = (f"Philly VC {vc} (Gavel re-encoding): arrivals, GPU counts and "
                           f"single-GPU durations from the trace; the rest from "
                           f"generate(seed={seed})")
    base["provenance"] = {"source": "src/dlsched/data/philly_vc_traces_gavel/philly_vc_jobs.csv",
                          "vc": vc, "jobs": n_jobs, "max_hours": MAX_HOURS,
                          "builder": "instances/completion/build.py"}
    if not default:
        base["provenance"].update(start=start, seed=seed, n_servers=n_servers,
                                  horizon=horizon, **extra)
    return base


def main() -> None:
    for name, (data, _) in GOLDEN.items():
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
    if DATA.exists():
        for arch in ("ring", "ps"):
            data = philly(arch)
            parse(data)
            (HERE / f"{data['name']}.json").write_text(json.dumps(data, indent=1) + "\n")
    else:
        print(f"{DATA} not found: Philly instances not rebuilt", file=sys.stderr)


if __name__ == "__main__":
    main()
