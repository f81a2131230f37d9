"""Time-limit discipline: every registered exact model on a large instance of its problem.

``python benchmarks/time_limits.py [--limits 5 20]`` writes ``benchmarks/time-limits.md``: per
model and limit the build time, the total wall time of ``ds.solve`` in-process (build, solve,
bounds, fallbacks and the cross-check guard), the status, objective and bound, and whether the
call stayed within ``limit * 1.1 + 1`` s (issue 10, item 4).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit
from dlsched.core import MODELS

ROOT = Path(__file__).resolve().parents[1]


def _instances() -> dict[str, list[tuple[str, Any, Callable[[Any], dict[str, Any]]]]]:
    """problem -> [(label, instance, params(instance) for models that need some)]."""
    from dlsched.ltgf import generate_slotted

    none: Callable[[Any], dict[str, Any]] = lambda inst: {}  # noqa: E731
    return {
        "completion": [
            ("single machine, 40 jobs", ds.generate("completion", kind="single-machine", n=40,
                                                    seed=0), none),
            ("ring 20 jobs x 10 servers, T=150", ds.generate(
                "completion", n_jobs=20, n_servers=10, horizon=150, architecture="ring",
                seed=0), none),
        ],
        "revenue": [("30 jobs, 10 servers, paper scale, T=4096", ds.generate(
            "revenue", n_jobs=30, n_servers=10, n_tenants=4, seed=0), none)],
        "oef": [("200 users x 10 GPU types", ds.generate("oef", n=200, k=10, seed=0), none)],
        "ojpp": [("mixed, 80 jobs x 1-10 workers", ds.generate(
            "ojpp", workload="mixed", n_jobs=80, max_workers=10, seed=0),
            lambda inst: {"initial": ds.run(inst, "heuristic").solution, "budget": 5.0})],
        "ltgf": [("slotted, 50 jobs x 48 slots", generate_slotted(
            n_jobs=50, tenants=4, gpus=32, max_slots=4, release_slots=24, seed=0), none),
                 ("Philly two weeks, 1,082 jobs (instances/ltgf)", ds.load(
                     ROOT / "instances" / "ltgf" / "philly-2weeks.json"), none)],
    }


def run(limits: list[float]) -> list[str]:
    rows = []
    for problem, cases in _instances().items():
        for label, inst, params in cases:
            for name, _ in MODELS.items(problem):
                for limit in limits:
                    kw = params(inst) if name == "ojpap-exact" else {}
                    t = time.perf_counter()
                    try:
                        res = ds.solve(inst, model=name, time_limit=limit, **kw)
                        wall = time.perf_counter() - t
                        status, obj, bound, build = (res.status.value, res.objective,
                                                     res.bound, res.build_s)
                    except ds.core.DlschedError as exc:  # refused up front: that is in time
                        wall = time.perf_counter() - t
                        status, obj, bound, build = f"refused ({exc})", None, None, 0.0
                    ok = wall <= limit * 1.1 + 1
                    rows.append(
                        f"| {problem} | {label} | {name} | {limit:g} | {build:.2f} | {wall:.2f} "
                        f"| {status} | {'' if obj is None else f'{obj:.6g}'} | "
                        f"{'' if bound is None else f'{bound:.6g}'} | "
                        f"{'yes' if ok else '**NO**'} |")
                    print(rows[-1], flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limits", type=float, nargs="+", default=[5.0, 20.0])
    args = ap.parse_args()
    rows = run(args.limits)
    head = [
        "# Time-limit discipline of every exact model", "",
        f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC",
        f"- git commit: {git_commit()}",
        f"- CPU: {cpu_model()} ({platform.machine()}), 2 cores; load average "
        f"{os.getloadavg()[0]:.2f} at the end (other work ran on the machine)",
        f"- command: `python benchmarks/time_limits.py --limits {' '.join(map(str, args.limits))}`",
        "- messages cite the formulation notes as \"notes §n\" (completion: "
        "[docs/specs/completion.md](../docs/specs/completion.md))",
        "- wall = the whole in-process `ds.solve` call (heuristics, build, solve, bounds, "
        "fallbacks, cross-check guard); target wall <= limit x 1.1 + 1 s", "",
        "| problem | instance | model | limit s | build s | wall s | status | objective | "
        "bound | within |", "|---|---|---|---|---|---|---|---|---|---|",
    ]
    out = ROOT / "benchmarks" / "time-limits.md"
    out.write_text("\n".join(head + rows) + "\n")
    print("wrote", out, file=sys.stderr)


if __name__ == "__main__":
    main()
