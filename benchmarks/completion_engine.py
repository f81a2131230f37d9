"""Targets of the completion exact engine (``completion-interval``) -> completion-engine.md.

Rows: 20 single-machine instances (n = 40, p in 1..100, w in 1..10, common arrival; Smith's rule
is optimal, its value computed here), the 10 jobs x 3 servers x T = 40 instances of
completion-scaling.md (PS and Ring), and the paper-scale suite (ring 20x10, 20x30; PS 10x10,
20x10; horizon 150, extended; seeds 0..``--paper-seeds``-1). Certified gap = (incumbent - best
bound) / incumbent. One process, 2 CP-SAT workers.
Run: ``python benchmarks/completion_engine.py [--limit 60] [--paper-seeds 3] [--out FILE]``.

Side by side (issue 23): ``--engine old=PATH`` names a previous checkout (PATH/src is put on
PYTHONPATH); with it, ``--paper-only`` runs only the paper-scale suite, each call in a fresh
subprocess, the engines interleaved (old first on even rows, new first on odd ones) so the
machine's load hits both alike, then (``--scaling``) the gap at the limit against n_jobs
(PS and Ring, 10 servers, seed 1, n = 5, 10, 15, 20, or those of ``--scaling-jobs``). The
table is rewritten after every row.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
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


def one(arch: str, n: int, h: int, seed: int, limit: float) -> dict:
    """One paper-scale call (run in a child process by ``side_by_side``)."""
    inst = generate(n_jobs=n, n_servers=h, horizon=150, seed=seed, architecture=arch)
    res, wall = run(inst, limit, horizon="extended")
    bounds = res.stats.get("bounds", {})
    which = max((k for k in bounds if k != "best" and isinstance(bounds[k], float)),
                key=lambda k: bounds[k], default="-")
    if res.bound is not None and res.bound > bounds.get("best", 0.0) + 1e-6:
        which = "CP-SAT"
    return {"status": res.status.value, "objective": res.objective, "bound": res.bound,
            "gap": (res.objective - res.bound) / res.objective, "wall": wall,
            "from": res.stats.get("incumbent_from", "CP-SAT"), "bound_from": which,
            "colgen": {k: res.stats.get("colgen", {}).get(k)
                       for k in ("bound", "master_lp", "converged", "iterations")}}


def _child(engine: str, row: tuple, limit: float) -> dict:
    env = dict(os.environ, PYTHONPATH=os.path.join(engine, "src"))
    cmd = [sys.executable, __file__, "--one", ",".join(map(str, row)), "--limit", str(limit)]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env,
                         timeout=3 * limit + 120)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode or not lines:
        return {"error": (out.stderr or out.stdout)[-300:]}
    return json.loads(lines[-1])


def _gaps(rows: list[dict], key: str) -> tuple[float, float] | None:
    g = [r[key]["gap"] for r in rows if "gap" in r.get(key, {})]
    return (100 * sum(g) / len(g), 100 * max(g)) if g else None


def side_by_side(args: argparse.Namespace, engines: dict[str, str]) -> None:
    """Paper-scale suite (and the scaling curve) for the old and the new engine."""
    lim = args.limit
    extra = f" --scaling --scaling-jobs {args.scaling_jobs}" if args.scaling else ""
    commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    head = ["# Completion exact engine (`completion-interval`): paper scale, old vs new", "",
            f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC; new = this checkout "
            f"(commit {commit}), old = {engines['old']}",
            f"- CPU: {platform.processor() or platform.machine()}, {os.cpu_count()} logical "
            f"cores visible, CP-SAT num_workers=2; each call a fresh process, old and new "
            f"interleaved; time limit {lim:g} s per call (heuristics + bounds + search)",
            f"- load before: `{os.getloadavg()}` (shared machine)",
            "- command: `python benchmarks/completion_engine.py --engine old=PATH "
            f"--paper-only{extra}`", ""]
    cols = ("| arch | jobs | servers | seed | engine | status | incumbent | from | bound | "
            "bound from | colgen LP | gap | wall (s) |")
    sep = "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    paper = [(arch, n, h, seed) for seed in range(args.paper_seeds) for arch, n, h in PAPER
             if args.arch in (None, arch)]
    sizes = tuple(int(v) for v in args.scaling_jobs.split(","))
    scaling = ([(arch, n, 10, 1) for arch in ("ps", "ring") for n in sizes
                if args.arch in (None, arch)] if args.scaling else [])
    done: dict[str, list[dict]] = {"paper": [], "scaling": []}

    def cell(r: dict) -> str:
        if "error" in r:
            return f"error: {r['error'][-80:]!r} | | | | | | | |"
        lp = r["colgen"].get("master_lp")
        return (f"{r['status']} | {r['objective']:.0f} | {r['from']} | {r['bound']:.0f} | "
                f"{r['bound_from']} | {'-' if lp is None else f'{lp:.0f}'} | "
                f"{100 * r['gap']:.1f} % | {r['wall']:.1f}")

    def write() -> None:
        lines = list(head)
        for part, title in (("paper", f"## Paper scale (generator defaults, horizon 150, "
                             f"seeds 0-{args.paper_seeds - 1}, extended horizon)"),
                            ("scaling", "## Scaling: gap at the limit against n_jobs "
                             "(10 servers, seed 1)")):
            rows = done[part]
            if not rows:
                continue
            lines += [title, "", cols, sep]
            for r in rows:
                a, n, h, seed = r["row"]
                for name in ("old", "new"):
                    lines.append(f"| {a} | {n} | {h} | {seed} | {name} | {cell(r[name])} |")
            for name in ("old", "new"):
                g = _gaps(rows, name)
                if g:
                    lines.append(f"\n{name}: mean gap {g[0]:.1f} %, max {g[1]:.1f} % over "
                                 f"{sum('gap' in r[name] for r in rows)} instances")
            lines.append("")
        lines += [f"- load now: `{os.getloadavg()}`", ""]
        with open(args.out, "w") as fh:
            fh.write("\n".join(lines))

    for part, rows in (("paper", paper), ("scaling", scaling)):
        for i, row in enumerate(rows):
            rec: dict = {"row": row}
            order = ("old", "new") if i % 2 == 0 else ("new", "old")
            for name in order:
                rec[name] = _child(engines[name], row, lim)
                print(part, row, name, rec[name], flush=True)
            done[part].append(rec)
            write()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--paper-seeds", type=int, default=3)
    ap.add_argument("--out", default="benchmarks/completion-engine.md")
    ap.add_argument("--engine", action="append", default=[],
                    help="old=PATH: a previous checkout to run side by side (PATH/src)")
    ap.add_argument("--paper-only", action="store_true")
    ap.add_argument("--scaling", action="store_true")
    ap.add_argument("--scaling-jobs", default="5,10,15,20",
                    help="n_jobs of the scaling curve, comma-separated")
    ap.add_argument("--arch", choices=("ps", "ring"),
                    help="with --engine: only the rows of this architecture")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    lim = args.limit
    if args.one:
        a, n, h, seed = args.one.split(",")
        print(json.dumps(one(a, int(n), int(h), int(seed), lim)))
        return
    if args.engine:
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        engines = {"new": here, **dict(e.split("=", 1) for e in args.engine)}
        if not args.paper_only:
            raise SystemExit("--engine runs the paper-scale suite only: add --paper-only")
        side_by_side(args, engines)
        return
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
