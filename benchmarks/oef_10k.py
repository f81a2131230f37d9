"""Cooperative OEF (LP (10)) at n = 1000 .. 10,000 tenants, k = 10 types: previous engines against
this one, in one run (issue 23, item 4: n = 10,000 in under 5 min).

Each engine is a source tree (``--engine LABEL=PATH/src``, default: this checkout as ``new``); the
previous one is a ``git worktree add /tmp/oef-old <commit>`` of the base commit. Every (n, engine)
run is its own process (``PYTHONPATH`` = that tree, ``nice``), solving
``dlsched.oef.generate(n, 10, seed=0, monotone=True, fairness="cooperative")`` with
``model="oef-cooperative"``,
``envy=ENVY`` (``--envy LABEL=STRATEGY``, default ``lazy``; e.g. ``new=menu``) and
``time_limit=BUDGET``; a crash is recorded with its exception. Recorded:
wall time, status, rounds (lazy or menu), envy rows in the working set (menu: distinct
bundles), objective, bound and the
certificate gap (bound - objective) / objective (for an optimal run the active set's dual bound
of the full LP, ``oef/exact/bounds.py``), peak RSS and CPU seconds (user + system, all threads,
including import and instance generation) of the solving process. ``--engine-sizes LABEL=N,N``
restricts an engine to some sizes (e.g. a previous engine known to stop at the budget).

    python benchmarks/oef_10k.py --engine old=/tmp/oef-old/src [--sizes 1000 2000 5000 10000]
                                 [--envy new=menu] [--budget 300] [--out benchmarks/oef-10k.md]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
K = 10
SEED = 0

CHILD = r"""
import json, resource, sys, time, traceback
n, budget, k, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
envy = sys.argv[5]
out = {"n": n}
try:
    import dlsched as ds
    from dlsched.oef import generate
    inst = generate(n, k, seed=seed, monotone=True, fairness="cooperative")
    t0 = time.perf_counter()
    r = ds.solve(inst, model="oef-cooperative", envy=envy, time_limit=budget)
    out.update(time_s=time.perf_counter() - t0, status=r.status.value, objective=r.objective,
               bound=r.bound, rounds=r.stats.get("lazy_rounds", r.stats.get("menu_rounds")),
               rows=r.stats.get("envy_rows", r.stats.get("groups")), envy=envy,
               solve_s=r.stats.get("solve_s"), termination=r.stats.get("termination"),
               incumbent=r.stats.get("incumbent"))
    if r.objective is not None and r.bound is not None:
        out["gap"] = (r.bound - r.objective) / max(1.0, abs(r.objective))
except Exception as exc:  # recorded, not hidden
    out.update(time_s=time.perf_counter() - t0 if "t0" in dir() else None, status="crash",
               error=f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}",
               where=traceback.extract_tb(exc.__traceback__)[-1].filename.split("src/")[-1])
ru = resource.getrusage(resource.RUSAGE_SELF)
out["rss_mb"] = ru.ru_maxrss / 1024
out["cpu_s"] = ru.ru_utime + ru.ru_stime
print("RESULT " + json.dumps(out))
"""


def run_one(src: str, n: int, budget: float, envy: str = "lazy") -> dict:
    """One solve in a fresh niced process on the engine at ``src``; wall-clock guard 2x budget."""
    env = {**os.environ, "PYTHONPATH": src}
    cmd = ["nice", "-n", "10", sys.executable, "-c", CHILD, str(n), str(budget), str(K), str(SEED),
           envy]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True,
                           timeout=2 * budget + 120)
    except subprocess.TimeoutExpired:
        return {"n": n, "status": "killed", "time_s": time.perf_counter() - t0}
    for line in p.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    return {"n": n, "status": "crash", "error": p.stderr.strip().splitlines()[-1][:160]
            if p.stderr.strip() else f"exit {p.returncode}", "time_s": time.perf_counter() - t0}


def _commit(src: str) -> str:
    out = subprocess.run(["git", "-C", src, "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True)
    dirty = subprocess.run(["git", "-C", src, "status", "--porcelain", "--", "."],
                           capture_output=True, text=True).stdout.strip()
    return out.stdout.strip() + (" (+uncommitted)" if dirty else "")


def _fmt(v: object, spec: str) -> str:
    return "-" if v is None else format(v, spec)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", action="append", default=[], help="LABEL=PATH/src (repeatable)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000, 10000])
    ap.add_argument("--engine-sizes", action="append", default=[],
                    help="LABEL=N,N: run that engine only at these sizes (repeatable)")
    ap.add_argument("--envy", action="append", default=[],
                    help="LABEL=STRATEGY: envy strategy of that engine (default lazy; repeatable)")
    ap.add_argument("--budget", type=float, default=300.0, help="time limit per solve, s")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "oef-10k.md"))
    args = ap.parse_args()
    engines = [e.split("=", 1) for e in args.engine] + [["new", str(ROOT / "src")]]
    start = dt.datetime.now(dt.timezone.utc)
    load0 = os.getloadavg()
    only = {lab: {int(v) for v in sizes.split(",")}
            for lab, sizes in (e.split("=", 1) for e in args.engine_sizes)}
    envy = dict(e.split("=", 1) for e in args.envy)
    rows = []
    for n in args.sizes:
        for label, src in engines:
            if label in only and n not in only[label]:
                continue
            res = run_one(src, n, args.budget, envy.get(label, "lazy"))
            res["engine"] = label
            rows.append(res)
            print(json.dumps(res), flush=True)
    load1 = os.getloadavg()
    lines = [
        "# OEF cooperative LP (10), k = 10: n = 1000 .. 10,000", "",
        f"- date: {start:%Y-%m-%d %H:%M} UTC (run took "
        f"{(dt.datetime.now(dt.timezone.utc) - start).total_seconds():.0f} s)",
        "- engines: " + ", ".join(f"{lab} = {_commit(src)}" for lab, src in engines),
        f"- machine: {platform.machine()}, {os.cpu_count()} cores (shared with other sessions), "
        f"Python {platform.python_version()}, {platform.platform()}",
        f"- load average (1/5/15 min) at start {load0[0]:.1f}/{load0[1]:.1f}/{load0[2]:.1f}, "
        f"at end {load1[0]:.1f}/{load1[1]:.1f}/{load1[2]:.1f}",
        "- command: `" + " ".join(shlex.quote(a) for a in [
            "python", "benchmarks/oef_10k.py", *sys.argv[1:]]) + "`",
        f"- instance: `dlsched.oef.generate(n, {K}, seed={SEED}, monotone=True, "
        f"fairness='cooperative')`; "
        f"`ds.solve(inst, model='oef-cooperative', envy=ENVY, time_limit={args.budget:g})`",
        "", "| n | engine | envy | status | time s | CPU s | rounds | envy rows / bundles | "
        "objective | bound | gap | peak RSS MB | note |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        note = r.get("error", "") + (f" ({r['where']})" if r.get("where") else "")
        if r.get("status") == "time_limit":
            note = note or f"incumbent: {r.get('incumbent') or 'equal split'}"
        lines.append(
            f"| {r['n']} | {r['engine']} | {envy.get(r['engine'], 'lazy')} | {r.get('status')} | "
            f"{_fmt(r.get('time_s'), '.1f')} | "
            f"{_fmt(r.get('cpu_s'), '.1f')} | "
            f"{_fmt(r.get('rounds'), 'd')} | {_fmt(r.get('rows'), ',d')} | "
            f"{_fmt(r.get('objective'), '.6g')} | {_fmt(r.get('bound'), '.6g')} | "
            f"{_fmt(r.get('gap'), '.2e')} | {_fmt(r.get('rss_mb'), '.0f')} | {note} |")
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
