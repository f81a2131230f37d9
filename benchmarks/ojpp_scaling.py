"""OJPP scaling benchmark: time to proven optimum of the exact models on paper-size instances
(notes §8: 20 jobs x 1-10 workers, 4 workload classes, limits (0.1, 0.2, 0.1)), and the
Heuristic's time from 10 to 10,000 workers. Every solution is checked with ``ds.check``.

    python benchmarks/ojpp_scaling.py [--seeds 5] [--limit 60] [--full-seeds 1]
                                      [--out benchmarks/ojpp-scaling.md] [--heuristic-only]

``--heuristic-only``: re-run only the heuristic section and replace it in ``--out`` (the exact
section keeps its own date and commit; the new section states its own).

``--full-seeds``: how many seeds per class also run ojpp-cpsat and ojpp-compact (the pattern
model runs on all). Targets (issue 4): best exact model proves >= 90 % within 60 s; heuristic
places 10,000 workers in < 1 s.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit

CLASSES = ("mixed", "c-high", "i-high", "average")
#: (n_jobs, max_workers) giving about 10, 100, 1000, 10000 workers (mean workers 5.5 per job)
HEUR_SIZES = ((2, 10), (18, 10), (182, 10), (1820, 10))
HEUR_TITLE = "Heuristic (Alg. 3), Mixed class, seed 3, 3 runs"


def exact_rows(seeds: int, full_seeds: int, limit: float) -> list[dict]:
    rows = []
    for w in CLASSES:
        for s in range(seeds):
            inst = ds.generate("ojpp", workload=w, n_jobs=20, max_workers=10, seed=s)
            models = ["ojpp-patterns"] + (["ojpp-cpsat", "ojpp-compact"] if s < full_seeds else [])
            for m in models:
                t0 = time.perf_counter()
                r = ds.solve(inst, model=m, time_limit=limit)
                wall = time.perf_counter() - t0
                rows.append({"class": w, "seed": s, "workers": inst.n_workers, "model": m,
                             "status": r.status.value, "obj": r.objective, "bound": r.bound,
                             "wall": wall, "valid": ds.check(inst, r) == []})
                print(rows[-1], flush=True)
    return rows


def heuristic_rows(repeats: int = 3) -> list[dict]:
    rows = []
    for n_jobs, mw in HEUR_SIZES:
        inst = ds.generate("ojpp", workload="mixed", n_jobs=n_jobs, max_workers=mw, seed=3)
        cpu, wall = [], []
        for _ in range(repeats):
            c0, w0 = time.process_time(), time.perf_counter()
            r = ds.run(inst, "heuristic")
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
        rows.append({"workers": inst.n_workers, "jobs": n_jobs, "devices": r.objective,
                     "cpu": statistics.median(cpu), "wall": statistics.median(wall),
                     "cpu_best": min(cpu), "wall_best": min(wall),
                     "valid": ds.check(inst, r) == []})
        print(rows[-1], flush=True)
    return rows


def render(ex: list[dict], he: list[dict], args: argparse.Namespace) -> str:
    commit = git_commit()
    out = ["# OJPP scaling", "",
           f"- date: {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M UTC}",
           f"- commit: {commit}", f"- CPU: {cpu_model()} (2 cores, shared with other jobs)",
           f"- python {sys.version.split()[0]}, command: `python benchmarks/ojpp_scaling.py "
           f"--seeds {args.seeds} --full-seeds {args.full_seeds} --limit {args.limit:g}`", "",
           f"## Exact models, paper-size (20 jobs x 1-10 workers), limit {args.limit:g} s",
           "", "| model | instances | proven optimal | share | median s | max s | all valid |",
           "|---|---|---|---|---|---|---|"]
    for m in ("ojpp-patterns", "ojpp-cpsat", "ojpp-compact"):
        rs = [r for r in ex if r["model"] == m]
        if not rs:
            continue
        opt = [r for r in rs if r["status"] == "optimal"]
        ts = [r["wall"] for r in rs]
        out.append(f"| {m} | {len(rs)} | {len(opt)} | {len(opt) / len(rs):.0%} | "
                   f"{statistics.median(ts):.2f} | {max(ts):.2f} | {all(r['valid'] for r in rs)} |")
    out += ["", "Per instance:", "", "| class | seed | workers | model | status | devices | bound "
            "| wall s |", "|---|---|---|---|---|---|---|---|"]
    for r in ex:
        out.append(f"| {r['class']} | {r['seed']} | {r['workers']} | {r['model']} | {r['status']} "
                   f"| {r['obj']} | {r['bound']} | {r['wall']:.2f} |")
    return "\n".join(out) + "\n" + render_heuristic(he)


def render_heuristic(he: list[dict], stamp: bool = False) -> str:
    out = ["", f"## {HEUR_TITLE}", ""]
    if stamp:
        out += [f"- date: {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M UTC}, "
                f"commit: {git_commit()}, CPU: {cpu_model()} (2 cores, shared with other jobs), "
                "command: `python benchmarks/ojpp_scaling.py --heuristic-only`", ""]
    out += ["| workers | jobs | devices | CPU s (median) | CPU s (best) | wall s (median) "
            "| wall s (best) | valid |", "|---|---|---|---|---|---|---|---|"]
    for r in he:
        out.append(f"| {r['workers']} | {r['jobs']} | {r['devices']} | {r['cpu']:.3f} | "
                   f"{r['cpu_best']:.3f} | {r['wall']:.3f} | {r['wall_best']:.3f} | "
                   f"{r['valid']} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--full-seeds", type=int, default=1)
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--out", default=str(Path(__file__).with_name("ojpp-scaling.md")))
    ap.add_argument("--heuristic-only", action="store_true")
    args = ap.parse_args(argv)
    he = heuristic_rows()
    if args.heuristic_only:
        text = Path(args.out).read_text()
        head = text.split("\n## Heuristic", 1)[0].rstrip("\n") + "\n"
        Path(args.out).write_text(head + render_heuristic(he, stamp=True))
        print("wrote", args.out)
        return 0
    ex = exact_rows(args.seeds, args.full_seeds, args.limit)
    Path(args.out).write_text(render(ex, he, args))
    print("wrote", args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
