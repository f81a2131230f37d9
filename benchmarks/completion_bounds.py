"""Completion bounds and generator table (issue 11 items 2, 4, 5). Writes
benchmarks/completion-bounds.md (dated, with the git commit, CPU, load and command).

1. Quick-suite instances (benchmarks/quick.toml envelope, 3-4 jobs, PS / RAR, seeds 0-1):
   LB0 / OPT (CP-SAT, extended horizon, proven), per-resource load and FIFO / A_online ratios,
   for the legacy generator (kappa 0.5, spec arrivals), the new capacity model with the same
   parameters, and the new quick parameters (kappa 0.3, arrivals in slots 1..2).
2. Paper-scale instances (generator defaults, horizon 150): the column-generation bound vs LB0
   at two time limits, and A_online / A_online-compact / FIFO against the best bound.

Run: python benchmarks/completion_bounds.py [--quick]
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from pathlib import Path

import numpy as np

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit
from dlsched.completion import exact
from dlsched.completion.exact.bounds import area_bound, lb0
from dlsched.completion.exact.colgen import colgen_bound
from dlsched.completion.generate import generate
from dlsched.completion.model import load_of
from dlsched.completion.support.config import configurations
from dlsched.core import SolveOptions

QUICK = {"n_servers": 2, "horizon": 30, "n_worker_types": 2, "n_ps_types": 2, "max_chunks": 3,
         "epochs": (1, 2), "minibatches": (5, 10), "minibatch_time": (0.05, 0.2)}
SETTINGS = [("before: legacy capacity, kappa 0.5, arrivals 1..15",
             {"kappa": 0.5, "capacity": "legacy"}),
            ("new capacity model, kappa 0.5, arrivals 1..15", {"kappa": 0.5}),
            ("after (quick.toml now): new capacity, kappa 0.3, arrivals 1..2",
             {"kappa": 0.3, "last_arrival": 2})]
PAPER = [("ring", 20, 10), ("ring", 20, 30), ("ring", 50, 10), ("ps", 10, 10), ("ps", 20, 10)]


def _load(inst) -> np.ndarray:
    """Per resource: sum_j area of j's d_min configuration / (total capacity x LB0 makespan)."""
    area = np.zeros(len(inst.resources))
    dmin = []
    for j in range(inst.n_jobs):
        k = min(configurations(inst, j), key=lambda k: k.d)
        area += k.d * load_of(k, inst)
        dmin.append(k.d)
    span = float(np.max(inst.arrival + np.array(dmin) - 1))
    return area / (inst.capacity.sum(axis=0) * span)


def quick_table() -> list[str]:
    out = []
    for title, kw in SETTINGS:
        out += [f"### {title}", "", "| arch | jobs | seed | status | LB0/OPT | load gpu/cpu/bw | "
                "FIFO/OPT | A_online/OPT | compact/OPT |", "|---|---|---|---|---|---|---|---|---|"]
        ratios = []
        for arch in ("ps", "ring"):
            for n in (3, 4):
                for seed in range(2):
                    inst = generate(n_jobs=n, architecture=arch, seed=seed, **QUICK, **kw)
                    cp = exact.solve_cp(inst, horizon="extended", lp_bound=False,
                                        options=SolveOptions(time_limit=20, threads=1))
                    opt = cp.objective
                    r = [lb0(inst) / opt] + [ds.run(inst, a).objective / opt
                                             for a in ("fifo", "a-online", "a-online-compact")]
                    ratios.append(r)
                    ld = "/".join(f"{x:.2f}" for x in _load(inst))
                    out.append(f"| {arch} | {n} | {seed} | {cp.status.value} | {r[0]:.3f} | {ld} "
                               f"| {r[1]:.2f} | {r[2]:.2f} | {r[3]:.2f} |")
        m = np.mean(ratios, axis=0)
        out += [f"| mean | | | | {m[0]:.3f} | | {m[1]:.2f} | {m[2]:.2f} | {m[3]:.2f} |", ""]
    return out


def paper_table(limits: tuple[float, ...]) -> list[str]:
    head = " | ".join(f"colgen/LB0 @{t:g}s (iter, conv)" for t in limits)
    out = [f"| instance | LB0 | area/LB0 | {head} | rows | A_online | compact | FIFO |",
           "|---|---|---|" + "---|" * len(limits) + "---|---|---|---|"]
    for arch, J, H in PAPER:
        inst = generate(n_jobs=J, n_servers=H, horizon=150, architecture=arch, seed=1)
        base = lb0(inst)
        cells, best = [], max(base, area_bound(inst))
        for t in limits:
            r = colgen_bound(inst, None, time_limit=t)
            cells.append(f"{r.bound / base:.3f} ({r.iterations}, {'y' if r.converged else 'n'})")
            best = max(best, r.bound)
        algs = [ds.run(inst, a).objective / best for a in ("a-online", "a-online-compact", "fifo")]
        out.append(f"| {arch} {J}x{H} | {base:.0f} | {area_bound(inst) / base:.3f} | "
                   + " | ".join(cells) + f" | {r.rows} | "
                   + " | ".join(f"{x:.2f}" for x in algs) + " |")
    return out


def single_machine_table(limit: float, seeds: int = 3) -> list[str]:
    """Issue 11's single-machine instances: 40 jobs, p in 1..100, w in 1..10, all released at
    slot 1 (1 || sum w_j C_j, Smith's rule is optimal)."""
    from dlsched.completion.instance import parse

    out = ["| seed | Smith OPT | colgen | colgen/OPT | iterations | converged | time s |",
           "|---|---|---|---|---|---|---|"]
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        p = [int(x) for x in rng.integers(1, 101, 40)]
        w = [int(x) for x in rng.integers(1, 11, 40)]
        done, opt = 1, 0
        for j in sorted(range(40), key=lambda j: p[j] / w[j]):
            opt += w[j] * (done + p[j])
            done += p[j]
        inst = parse({"problem": "completion", "schema_version": 1, "name": f"smith-{seed}",
                      "architecture": "ring", "horizon": sum(p) + 1,
                      "servers": [{"name": "h", "capacity": {"gpu": 1}}],
                      "worker_types": [{"name": "m", "demand": {"gpu": 1}, "bandwidth": 1.0}],
                      "jobs": [{"name": f"j{i}", "arrival": 1, "weight": wi, "epochs": 1,
                                "chunks": 1, "minibatches_per_chunk": pi,
                                "minibatch_time": {"m": 1.0}, "update_time": 0.0,
                                "gradient_size": 0.0}
                               for i, (pi, wi) in enumerate(zip(p, w, strict=True))]})
        r = colgen_bound(inst, None, time_limit=limit)
        out.append(f"| {seed} | {opt} | {r.bound:.1f} | {r.bound / opt:.5f} | {r.iterations} | "
                   f"{'y' if r.converged else 'n'} | {r.runtime_s:.1f} |")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="one colgen time limit (5 s)")
    args = ap.parse_args()
    limits = (5.0,) if args.quick else (5.0, 30.0)
    load = os.getloadavg()
    lines = ["# Completion: bounds, generator contention, A_online compaction", "",
             f"Date {dt.date.today()}, commit {git_commit()}, CPU {cpu_model()}, load "
             f"{load[0]:.2f} (1 min) at start; one process. Command: `python "
             f"benchmarks/completion_bounds.py{' --quick' if args.quick else ''}`.", "",
             "## Quick-suite instances: LB0 / OPT and load", "",
             "OPT: CP-SAT, extended horizon (uncapped optimum), proven unless the status says "
             "otherwise. Load: per resource, the d_min areas over capacity x the LB0 makespan. "
             "compact = `a-online-compact` (not in the paper).", ""]
    lines += quick_table()
    lines += ["## Paper-scale instances: column-generation bound", "",
              "Generator defaults (8 worker / 10 PS types), horizon 150, seed 1, new capacity "
              "model. colgen: Lagrangian bound of `bounds.colgen_bound` (uncapped), relative to "
              "LB0; iterations and whether it converged (bound = master LP). The algorithm "
              "columns are ratios against the best bound (LB0, area, colgen): upper bounds on "
              "the true ratios.", ""]
    lines += paper_table(limits)
    lines += ["", f"## Single machine, 40 jobs (issue 11): colgen bound vs Smith's optimum, "
              f"limit {limits[-1]:g} s", ""]
    lines += single_machine_table(limits[-1])
    lines.append("")
    lines += ["## Notes", "",
              "- LB0 ~ OPT on the quick instances came from the instances, not only the floors: "
              "with the arrivals U{1..T/2} of [notes §1](../docs/specs/completion.md#s1) the "
              "1-4 slot jobs hardly overlap, so even "
              "capacity = kappa x ideal demand leaves LB0 = OPT; the quick suite now also "
              "compresses arrivals (last_arrival = 2).",
              "- Compaction (`a-online-compact`, not in the paper) removes most of A_online's "
              "gap: the [alpha tau, 2 alpha tau) waiting of the framework is the bulk of it.",
              "- colgen bounds the uncapped optimum (the extended-horizon one); it is class-"
              "aggregated (identical servers pooled), so per-server packing is relaxed; on one "
              "machine it reaches Smith's optimum (the time-indexed LP is tight there).", ""]
    end = os.getloadavg()
    lines.append(f"Load at the end: {end[0]:.2f} (1 min).")
    Path(__file__).with_name("completion-bounds.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
