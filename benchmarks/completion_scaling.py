"""Completion benchmark table: exact-model size and time to optimum vs jobs and horizon, and
A_online time vs jobs and servers. Writes benchmarks/completion-scaling.md (dated, with the git
commit, CPU and command).

Run: python benchmarks/completion_scaling.py [--quick] [--only exact|online]

``--only online`` reruns the A_online section and keeps the exact-model table of the existing
output file (noting its date and commit); ``--only exact`` does the converse. With ``--only``
the hand-written "## Notes" section at the end of the file is kept (update it by hand).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import time
from pathlib import Path

import dlsched as ds
from dlsched.bench.machine import cpu_model, git_commit
from dlsched.completion.generate import generate
from dlsched.core import InputError

SMALL = {"n_worker_types": 2, "n_ps_types": 2, "max_chunks": 4, "epochs": (1, 3),
         "minibatches": (5, 20), "minibatch_time": (0.05, 0.2), "kappa": 0.5}


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def exact_rows(grid: list[tuple[int, int, int]], limit: float) -> list[str]:
    rows = ["| arch | jobs | servers | T | model | status | objective | best LB | E1 LP | "
            "config LP | binaries / columns | rows | time (s) |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for arch in ("ps", "ring"):
        for J, H, T in grid:
            inst = generate(n_jobs=J, n_servers=H, horizon=T, architecture=arch, seed=1,
                            **SMALL)
            for model in ("completion-cpsat", "completion-milp", "completion-patterns"):
                try:
                    res = ds.solve(inst, model=model, time_limit=limit, threads=2)
                except InputError as exc:  # a model that refuses this size says why
                    rows.append(f"| {arch} | {J} | {H} | {T} | {model} | refused: "
                                f"{exc.reason.split(':')[0]} | - | - | - | - | - | - | - |")
                    print(rows[-1], flush=True)
                    continue
                b = res.stats.get("binaries", res.stats.get("columns", ""))
                r = res.stats.get("rows", "")
                obj = f"{res.objective:.0f}" if res.objective is not None else "-"
                bounds = res.stats.get("bounds", {})
                lb, e1, cfg = (_fmt(bounds.get(k)) for k in ("best", "lp_relaxation",
                                                             "config_lp"))
                rows.append(f"| {arch} | {J} | {H} | {T} | {model} | {res.status.value} | "
                            f"{obj} | {lb} | {e1} | {cfg} | {b} | {r} | {res.runtime_s:.2f} |")
                print(rows[-1], flush=True)
    return rows


def online_rows(grid: dict[str, list[tuple[int, int, int]]]) -> list[str]:
    rows = ["| arch | jobs | servers | T | A_online time (s) | objective | rounds |",
            "|---|---|---|---|---|---|---|"]
    for arch, cases in grid.items():
        for J, H, T in cases:
            inst = generate(n_jobs=J, n_servers=H, horizon=T, architecture=arch, seed=1)
            t0 = time.perf_counter()
            res = ds.run(inst, "a-online")
            el = time.perf_counter() - t0
            assert ds.check(inst, res) == []
            rows.append(f"| {arch} | {J} | {H} | {T} | {el:.2f} | {res.objective:.4g} | "
                        f"{len(res.stats['rounds'])} |")
            print(rows[-1], flush=True)
    return rows


def _section(text: str, title: str) -> list[str]:
    """The table lines of section ``title`` of an existing output file ([] if absent)."""
    lines = text.splitlines()
    if title not in lines:
        return []
    i = lines.index(title) + 2
    out: list[str] = []
    while i < len(lines) and lines[i].startswith("|"):
        out.append(lines[i])
        i += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", choices=("exact", "online"), default=None,
                    help="rerun one section; the other is kept from --out")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--out", default=str(Path(__file__).with_name("completion-scaling.md")))
    args = ap.parse_args()
    if args.quick:
        egrid = [(4, 2, 20), (6, 3, 30)]
        ogrid = {"ring": [(20, 10, 150)], "ps": [(20, 10, 150)]}
    else:
        egrid = [(4, 2, 20), (6, 2, 30), (8, 3, 30), (10, 3, 40)]
        sizes = [(20, 10, 150), (50, 30, 150), (100, 75, 300), (200, 150, 300)]
        ogrid = {"ring": sizes, "ps": [(10, 10, 150), (20, 10, 150), (30, 10, 150), *sizes[1:]]}
    exact_title = "## Exact models: size and time to optimum"
    online_title = "## A_online: running time vs jobs and servers"
    old = Path(args.out).read_text() if args.only and Path(args.out).exists() else ""
    now = f"{dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M UTC}"
    kept = []
    if args.only:
        other = "online" if args.only == "exact" else "exact"
        prev = [ln for ln in old.splitlines() if ln.startswith(f"- {other} section: ")]
        date = [ln[len("- date: "):].split(" (")[0] for ln in old.splitlines()
                if ln.startswith("- date: ")]
        commit = [ln[len("- commit: "):] for ln in old.splitlines() if ln.startswith("- commit: ")]
        kept = prev or [f"- {other} section: not rerun; from the run of "
                        f"{date[0] if date else '?'}, commit {commit[0] if commit else '?'}"]
    head = [
        "# Completion (dlsched.completion) benchmark",
        "",
        f"- date: {now}" + (f" (only the {args.only} section was rerun)" if args.only else ""),
        *kept,
        f"- commit: {git_commit()}",
        f"- CPU: {cpu_model()} ({os.cpu_count()} logical cores visible; 2 used)",
        f"- command: `python benchmarks/completion_scaling.py {' '.join(sys.argv[1:])}`",
        f"- exact instances: generate(seed=1, {SMALL}); time limit {args.limit:g} s, 2 threads",
        "- A_online instances: generate(seed=1) with the paper's ranges; defaults "
        "(alpha fixed 4, the paper's tie rule tie=\"earliest\"); wall time of one `ds.run` in this "
        "process",
        "",
        exact_title,
        "",
    ]
    body = (_section(old, exact_title) if args.only == "online" else exact_rows(egrid, args.limit))
    body += ["", online_title, ""]
    body += _section(old, online_title) if args.only == "exact" else online_rows(ogrid)
    notes = old[old.index("\n## Notes"):] if "\n## Notes" in old else ""  # hand-written
    Path(args.out).write_text("\n".join(head + body) + "\n" + notes)
    print("wrote", args.out)


if __name__ == "__main__":
    main()
