"""Build the LTGF instances in instances/ltgf/ from the traces vendored in src/dlsched/data.

* ``philly-2weeks.json`` — Philly jobs per VC (philly_vc_traces_gavel) of the 11 VCs that have a
  quota in philly_cluster_helios/philly_vc.csv. The Gavel per-VC traces start every VC's clock at
  its first job (PROVENANCE.md: submit times are *not* aligned across VCs); we align all VCs at
  their first job (t = 0) and keep the first two weeks of submissions, as the paper's two-week
  snapshots. Tenant weights = Helios node counts (quota = 8 x node num); the cluster is the paper's
  scaled Philly cluster of 210 nodes x 8 GPUs (notes §5), so Quota_j = 1680 w_j / sum w (6).
  Durations and GPU demands unmodified. The four tiny VCs without a quota are left out.
* ``venus-synthetic.json`` — the 16 Venus VCs active on 2020-09-28 with that day's GPU quotas
  (helios_venus_vc), scaled by (6) to the paper's 100 nodes x 8 GPUs; jobs synthetic (the Venus
  job log is unavailable), drawn by :func:`dlsched.ltgf.generate` statistics (52.5% 1-GPU,
  22.6% 8-GPU, 67.3% < 10 min) over two weeks, tenant of each job ∝ quota; mean GPU-job run
  time = the published Venus average (helios_cluster_summary.csv avg_run_time_gpu).
* ``philly-2weeks-64n.json`` — the same jobs on a contended 64-node (512-GPU) cluster: the
  paper-scale cluster is idle most of the time with the ~1.1k jobs the Gavel traces hold for
  two weeks of these VCs (mean demand ~870 GPUs while the long jobs run for up to 60 days).
* ``philly-window-n{N}-s{seed}.json`` — sampled small windows for the exact model (notes §9 Size):
  N consecutive submissions (from a seeded random start) of 4 VCs, submissions shifted to 0,
  durations clipped to 8 slots of L = 3600 s, cluster 4 nodes, in slotted mode (submissions and
  durations rounded up to the slot grid, no overheads); used for the online/optimum ratio.

Run: ``python scripts/make_ltgf_instances.py [DATA_DIR]`` (default: the vendored src/dlsched/data).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import csv
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from dlsched.core.io import save
from dlsched.ltgf import parse
from dlsched.ltgf.generate import GPU_PROBS, GPU_SIZES

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "instances" / "ltgf"
TWO_WEEKS = 14 * 86400


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def philly(data: Path) -> dict:
    quotas = {
        r["vc"]: int(r["node num"]) for r in read_csv(data / "philly_cluster_helios/philly_vc.csv")
    }
    rows = read_csv(data / "philly_vc_traces_gavel/philly_vc_jobs.csv")
    jobs = [r for r in rows if r["tenant"] in quotas and int(r["submit_time"]) < TWO_WEEKS]
    jobs.sort(key=lambda r: (int(r["submit_time"]), r["job_id"]))
    return {
        "problem": "ltgf",
        "schema_version": 1,
        "name": "philly-2weeks",
        "description": "Philly (Gavel per-VC traces), first two weeks of every VC aligned at its "
        "first job, 11 VCs with Helios quotas, scaled 210 x 8-GPU cluster",
        "cluster": {"nodes": 210, "gpus_per_node": 8},
        "lease": 900,
        "tick": 10,
        "tenants": [{"name": vc, "weight": n} for vc, n in sorted(quotas.items())],
        "jobs": [
            {
                "name": r["job_id"],
                "tenant": r["tenant"],
                "submit": int(r["submit_time"]),
                "gpus": int(r["num_gpus"]),
                "duration": int(r["duration"]),
            }
            for r in jobs
        ],
        "overhead": {"checkpoint": 0, "cold_start": 30},
        "provenance": {
            "jobs": "src/dlsched/data/philly_vc_traces_gavel/philly_vc_jobs.csv "
            "(Gavel c4fa400, Philly CC BY 4.0)",
            "quotas": "src/dlsched/data/philly_cluster_helios/philly_vc.csv "
            "(HeliosArtifact bdaae10): weight = node num",
            "alignment": "each VC's clock starts at its first job (Gavel); all VCs aligned at t=0",
            "window": "submit_time < 14 days",
            "script": "scripts/make_ltgf_instances.py",
        },
    }


def venus(data: Path, n_jobs: int = 11304, seed: int = 0) -> dict:
    q = {
        r["vc"]: int(r["gpus_last_day"])
        for r in read_csv(data / "helios_venus_vc/venus_vc_quota_summary.csv")
        if int(r["active_last_day"])
    }
    names = sorted(q)
    rng = np.random.default_rng(seed)
    w = np.array([q[v] for v in names], float)
    ten = rng.choice(len(names), size=n_jobs, p=w / w.sum())
    g = rng.choice(GPU_SIZES, size=n_jobs, p=GPU_PROBS / GPU_PROBS.sum())
    short = rng.random(n_jobs) < 0.673
    # long-job median chosen so the mean GPU-job run time matches Helios' published Venus
    # average (avg_run_time_gpu = 13,040 s in helios_cluster_summary.csv): 0.673 * 330 s +
    # 0.327 * median * exp(1.2^2 / 2) = 13,040 s  =>  median ~ 19,100 s
    rows = read_csv(data / "helios_venus_vc/helios_cluster_summary.csv")
    avg = float(next(r for r in rows if r["id"] == "Venus")["avg_run_time_gpu"])
    median = (avg - 0.673 * 330.0) / 0.327 / np.exp(1.2**2 / 2)
    dur = np.where(
        short,
        rng.uniform(60, 600, n_jobs),
        np.minimum(rng.lognormal(np.log(median), 1.2, n_jobs), 7 * 86400),
    )
    sub = np.sort(rng.uniform(0, TWO_WEEKS, n_jobs))
    return {
        "problem": "ltgf",
        "schema_version": 1,
        "name": "venus-synthetic",
        "description": "Venus VC quotas of 2020-09-28 (16 VCs), synthetic two-week jobs with "
        "the published Venus statistics, 100 x 8-GPU cluster",
        "cluster": {"nodes": 100, "gpus_per_node": 8},
        "lease": 900,
        "tick": 10,
        "tenants": [{"name": v, "weight": q[v]} for v in names],
        "jobs": [
            {
                "name": f"v{i}",
                "tenant": names[int(ten[i])],
                "submit": round(float(sub[i])),
                "gpus": int(g[i]),
                "duration": max(1, round(float(dur[i]))),
            }
            for i in range(n_jobs)
        ],
        "overhead": {"checkpoint": 0, "cold_start": 30},
        "provenance": {
            "quotas": "src/dlsched/data/helios_venus_vc/venus_vc_quota_summary.csv "
            "gpus_last_day (HeliosData 50b7631)",
            "jobs": f"synthetic, seed {seed}: 52.5% 1-GPU, 22.6% 8-GPU, "
            "67.3% < 10 min (ASTRAEA §5), mean run time = Helios Venus avg",
            "script": "scripts/make_ltgf_instances.py",
        },
    }


def window(full: dict, n: int, seed: int, vcs: int = 4, L: int = 3600, nodes: int = 4) -> dict:
    rng = np.random.default_rng(seed)
    counts: dict[str, int] = {}
    for j in full["jobs"]:
        counts[j["tenant"]] = counts.get(j["tenant"], 0) + 1
    big = sorted(t for t, c in counts.items() if c >= 4 * n)
    chosen = sorted(rng.choice(big, size=min(vcs, len(big)), replace=False).tolist())
    pool = [j for j in full["jobs"] if j["tenant"] in chosen and j["gpus"] <= nodes * 8]
    start = int(rng.integers(0, len(pool) - n))
    sel = pool[start : start + n]
    t0 = sel[0]["submit"]
    jobs = [{**j, "submit": j["submit"] - t0, "duration": min(j["duration"], 8 * L)} for j in sel]
    return {
        "problem": "ltgf",
        "schema_version": 1,
        "name": f"philly-window-n{n}-s{seed}",
        "cluster": {"nodes": nodes, "gpus_per_node": 8},
        "lease": L,
        "tick": L,
        "tenants": [
            {"name": t["name"], "weight": t["weight"]}
            for t in full["tenants"]
            if t["name"] in chosen
        ],
        "jobs": jobs,
        "overhead": {"checkpoint": 0, "cold_start": 0},
        "provenance": {
            **full["provenance"],
            "sample": f"{n} consecutive submissions of VCs {chosen} "
            f"from index {start}, shifted to 0, durations clipped to 8 slots of {L} s, "
            f"{nodes} nodes",
            "seed": seed,
        },
    }


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "src" / "dlsched" / "data"
    OUT.mkdir(parents=True, exist_ok=True)
    ph = philly(data)
    save(parse(ph), OUT / "philly-2weeks.json")
    contended = {
        **ph,
        "name": "philly-2weeks-64n",
        "cluster": {"nodes": 64, "gpus_per_node": 8},
        "description": ph["description"].replace("scaled 210", "contended 64"),
    }
    save(parse(contended), OUT / "philly-2weeks-64n.json")
    save(parse(venus(data)), OUT / "venus-synthetic.json")
    for n, seed in [(10, 0), (20, 0), (30, 0), (50, 0), (50, 1)]:
        inst = parse(window(ph, n, seed)).slotted()  # notes §9 slotted mode, like with like
        save(
            replace(inst, name=f"philly-window-n{n}-s{seed}"),
            OUT / f"philly-window-n{n}-s{seed}.json",
        )
    print("wrote", sorted(p.name for p in OUT.glob("*.json")))


if __name__ == "__main__":
    main()
