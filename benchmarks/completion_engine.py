"""Targets of the completion exact engine (``completion-interval``) -> completion-engine.md.

Rows: 20 single-machine instances (n = 40, p in 1..100, w in 1..10, common arrival; Smith's rule
is optimal, its value computed here), the 10 jobs x 3 servers x T = 40 instances of
completion-scaling.md (PS and Ring), and the paper-scale suite (ring 20x10, 20x30; PS 10x10,
20x10; horizon 150, extended; seeds 0..``--paper-seeds``-1). Certified gap = (incumbent - best
bound) / incumbent. One process, 2 CP-SAT workers.
Run: ``python benchmarks/completion_engine.py [--limit 60] [--paper-seeds 3] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import time

import dlsched as ds
from dlsched.completion.exact.interval import solve_interval
from dlsched.completion.generate import generate
from dlsched.core import SolveOptions

SMALL = {"n_worker_types": 2, "n_ps_types": 2, "max_chunks": 4, "epochs": (1, 3),
         "minibatches": (5, 20), "minibatch_time": (0.05, 0.2), "kappa": 0.5}
PAPER = [("ring", 20, 10), ("ring", 20, 30), ("ps", 10, 10), ("ps", 20, 10)]


def smith(p, w) -> float:
    order = sorted(range(len(p)), key=lambda j: p[j] / w[j])
    t = total = 0.0
    for j in order:
        t += p[j]
        total += w[j] * (1 + t)
    return total


def run(inst, limit: float, **kw):
    t0 = time.perf_counter()
    res = solve_interval(inst, options=SolveOptions(time_limit=limit, threads=2), **kw)
    wall = time.perf_counter() - t0
    assert ds.check(inst, res) == [], "validator"
    return res, wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--paper-seeds", type=int, default=3)
    ap.add_argument("--out", default="benchmarks/completion-engine.md")
    args = ap.parse_args()
    lim = args.limit
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    lines = ["# Completion exact engine (`completion-interval`): targets of issue 11", "",
             f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC; commit {commit}",
             f"- CPU: {platform.processor() or platform.machine()}, {os.cpu_count()} logical "
             f"cores visible, CP-SAT num_workers=2, one process; time limit {lim:g} s per call "
             "(heuristics + build + solve)",
             f"- load before: `{os.getloadavg()}` (shared machine)",
             "- command: `python benchmarks/completion_engine.py`", "",
             "## Single machine, n = 40 (Smith's rule optimal)", "",
             "| seed | status | objective | Smith value | proven by | wall (s) |",
             "|---|---|---|---|---|---|"]
    proven = 0
    over = []
    for seed in range(args.seeds):
        inst = generate(kind="single-machine", n=40, seed=seed)
        res, wall = run(inst, lim)
        ref = smith(inst.minibatch_time[:, 0], inst.weight)
        ok = res.status.value == "optimal" and res.objective == ref
        proven += ok
        if wall > 1.1 * lim + 1:
            over.append(wall)
        lines.append(f"| {seed} | {res.status.value} | {res.objective:.0f} | {ref:.0f} | "
                     f"{res.stats.get('optimal_by', 'CP-SAT search')} | {wall:.2f} |")
    lines += ["", f"Proven optimal and equal to Smith's value: {proven}/{args.seeds}.", "",
              "## 10 jobs x 3 servers x T = 40 (completion-scaling.md instances, seed 1)", "",
              "| arch | status | objective | bound | wall (s) |", "|---|---|---|---|---|"]
    for arch in ("ps", "ring"):
        inst = generate(n_jobs=10, n_servers=3, horizon=40, seed=1, architecture=arch, **SMALL)
        res, wall = run(inst, lim)
        if wall > 1.1 * lim + 1:
            over.append(wall)
        lines.append(f"| {arch} | {res.status.value} | {res.objective:.0f} | {res.bound:.0f} | "
                     f"{wall:.2f} |")
    last = args.paper_seeds - 1
    lines += ["", f"## Paper scale (generator defaults, horizon 150, seeds 0-{last}, "
              "extended horizon)", "",
              "| arch | jobs | servers | seed | status | incumbent | from | best bound | "
              "bound from | certified gap | wall (s) |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    gaps = []
    for seed in range(args.paper_seeds):
        for arch, n, h in PAPER:
            inst = generate(n_jobs=n, n_servers=h, horizon=150, seed=seed, architecture=arch)
            res, wall = run(inst, lim, horizon="extended")
            if wall > 1.1 * lim + 1:
                over.append(wall)
            gap = (res.objective - res.bound) / res.objective
            gaps.append(gap)
            src = res.stats.get("incumbent_from", "CP-SAT")
            bounds = res.stats.get("bounds", {})
            which = max((k for k in bounds if k != "best" and isinstance(bounds[k], float)),
                        key=lambda k: bounds[k], default="-")
            lines.append(f"| {arch} | {n} | {h} | {seed} | {res.status.value} | "
                         f"{res.objective:.0f} | {src} | {res.bound:.0f} | {which} | "
                         f"{100 * gap:.1f} % | {wall:.2f} |")
    mean = 100 * sum(gaps) / len(gaps)
    small = sum(g <= 0.02 for g in gaps)
    lines += ["", f"Mean certified gap: {mean:.1f} % over {len(gaps)} instances "
              f"(max {100 * max(gaps):.1f} %); <= 2 %: {small}/{len(gaps)}; <= 10 %: "
              f"{sum(g <= 0.10 for g in gaps)}/{len(gaps)}.",
              f"Calls over limit x 1.1 + 1 s: {len(over)} {over}",
              f"- load after: `{os.getloadavg()}`", ""]
    with open(args.out, "w") as fh:
        fh.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
