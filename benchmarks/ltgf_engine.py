"""LTGF engine performance, previous engine vs this one in one run -> ltgf-engine.md (issue 23).

Goal (issue 23, item 4): every LTGF policy on instances/ltgf/philly-2weeks-64n.json (1,082 jobs,
512 GPUs) in at most 5 CPU-seconds per ``ds.run(inst, name)`` (simulation, validation and
metrics, the default knobs). The previous engine is the source tree of ``--base`` (default: the
commit this work started from), unpacked with ``git archive`` into a temporary directory; each
(engine, policy) pair runs in its own subprocess with PYTHONPATH pointing at its ``src``, old and
new interleaved per policy so both see the same machine load. The scaling curve runs the same
policies on prefixes of the trace (the first n jobs in submission order, the same cluster, as
tests/ltgf/test_simulate_regression.py slices it). Each row also records the solution digest,
so the table shows that both engines produce the same schedule.
Run: ``nice -n 5 python benchmarks/ltgf_engine.py [--base 5fdef80] [--sizes 135,270,541,1082]
[--policies themis,tiresias-l]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTANCE = ROOT / "instances" / "ltgf" / "philly-2weeks-64n.json"
POLICIES = ("astraea-ltgf", "themis", "gandiva-fair", "tiresias-l", "allox", "hived", "yarn-cs")
#: CPU-seconds per policy on the full instance at main 97778bf, as stated in issue 23
ISSUE_CPU = {"astraea-ltgf": 12.3, "themis": 9.1, "gandiva-fair": 22.0, "tiresias-l": 16.4,
             "allox": 11.4, "hived": 8.0, "yarn-cs": 16.0}
GOAL_CPU = 5.0


def worker(policy: str, sizes: list[int]) -> None:
    """Run ``policy`` on every prefix size and print one JSON line each (subprocess side)."""
    import hashlib

    import dlsched as ds
    from dlsched.ltgf.support import simulate as runner

    # CPU-s inside ``simulate`` (the simulation alone, without validation, metrics and the
    # solution build): ``run_policy`` calls the module's ``simulate``, wrapped here
    sim_cpu = [0.0]
    plain = runner.simulate

    def timed(*a: object, **k: object) -> object:
        c = time.process_time()
        try:
            return plain(*a, **k)
        finally:
            sim_cpu[0] += time.process_time() - c

    runner.simulate = timed
    data = json.loads(INSTANCE.read_text())
    for n in sizes:
        part = dict(data, jobs=data["jobs"][:n])
        inst = ds.PROBLEMS.get("ltgf").parse(part)
        sim_cpu[0] = 0.0
        w0, c0 = time.perf_counter(), time.process_time()
        res = ds.run(inst, policy)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        text = json.dumps(dict(res.solution), sort_keys=True, default=str).encode()
        print(json.dumps({"n": n, "cpu": cpu, "wall": wall, "status": res.status.value,
                          "objective": res.objective, "decisions": res.stats["decisions"],
                          "sim_s": res.stats["sim_s"], "sim_cpu": sim_cpu[0],
                          "digest": hashlib.sha256(text).hexdigest()[:16]}), flush=True)


def measure(src: Path, policy: str, sizes: list[int]) -> dict[int, dict]:
    """Rows of one (engine, policy) subprocess, by size."""
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", policy,
           "--sizes", ",".join(map(str, sizes))]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    rows = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    return {r["n"]: r for r in rows}


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def machine() -> str:
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} logical cores, Python {platform.python_version()}"


def report(args: argparse.Namespace, res: dict[str, dict[str, dict[int, dict]]],
           meta: dict[str, str]) -> str:
    full = max(args.sizes)
    lines = [
        "# LTGF engine: every policy on philly-2weeks-64n, previous engine vs this one",
        "",
        f"- date: {meta['date']}; commit {meta['commit']} (previous engine: {meta['base']})",
        f"- machine: {meta['machine']}; shared with other sessions, so CPU-seconds "
        "(`time.process_time` of the subprocess) are the measure, wall seconds are shown too",
        f"- load average (1/5/15 min): before {meta['load0']}, after {meta['load1']}",
        f"- command: `{meta['command']}`",
        "- measured: `ds.run(inst, name)` with default knobs (simulation + validation + "
        f"metrics), one subprocess per (engine, policy), old and new interleaved, "
        f"{meta['workers']} at a time",
        f"- goal: every policy in at most {GOAL_CPU:g} CPU-s on the {full}-job instance",
        "",
        f"## Full instance ({full} jobs, 64 x 8 GPUs)",
        "",
        "| policy | issue CPU-s | old CPU-s | new CPU-s | speed-up | old sim CPU-s "
        "| new sim CPU-s | old wall s | new wall s | decisions | same schedule | goal |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    missed = []
    nan = float("nan")
    for p in args.policies:
        o, n = res[p]["old"][full], res[p]["new"][full]
        same = "yes" if o["digest"] == n["digest"] else "**NO**"
        ok = n["cpu"] <= GOAL_CPU
        if not ok:
            missed.append((p, n["cpu"] - GOAL_CPU))
        goal = "met" if ok else f"missed by {n['cpu'] - GOAL_CPU:.1f} s"
        lines.append(f"| {p} | {ISSUE_CPU.get(p, float('nan')):.1f} | {o['cpu']:.1f} | "
                     f"{n['cpu']:.2f} | {o['cpu'] / n['cpu']:.1f}x | {o.get('sim_cpu', nan):.2f} | "
                     f"{n.get('sim_cpu', nan):.2f} | {o['wall']:.1f} | "
                     f"{n['wall']:.2f} | {n['decisions']} | {same} ({n['digest']}) | {goal} |")
    load = [res[p]["old"][full]["cpu"] / ISSUE_CPU[p] for p in args.policies if p in ISSUE_CPU]
    factor = sum(load) / len(load) if load else float("nan")
    lines += [
        "",
        f"The old engine's CPU-seconds here are {factor:.1f}x the issue's figures on average. "
        "The issue's figures are main 97778bf's; they compare with the old column only when "
        "``--base`` is that engine (a later base is already faster on some policies), and "
        "CPU time of a process grows with cache and core contention, so the speed-up column "
        "is what transfers.",
        "",
        "## Scaling curve (prefixes of the trace): CPU-s old -> new",
        "",
        "| policy | " + " | ".join(f"n = {n}" for n in args.sizes) + " |",
        "|---|" + "---:|" * len(args.sizes),
    ]
    for p in args.policies:
        cells = [f"{res[p]['old'][n]['cpu']:.2f} -> {res[p]['new'][n]['cpu']:.2f}"
                 + ("" if res[p]["old"][n]["digest"] == res[p]["new"][n]["digest"] else " (!)")
                 for n in args.sizes]
        lines.append(f"| {p} | " + " | ".join(cells) + " |")
    lines += ["", "(!) marks a different schedule; none is expected.", "",
              "## Goal", ""]
    if missed:
        worst = max(missed, key=lambda x: x[1])
        lines.append(f"Missed on this machine by {len(missed)} polic"
                     f"{'y' if len(missed) == 1 else 'ies'}: "
                     + ", ".join(f"{p} by {d:.1f} s" for p, d in missed)
                     + f" (worst {worst[0]}).")
    else:
        lines.append(f"Met: every policy at most {GOAL_CPU:g} CPU-s on this machine.")
    sim_only = {p: res[p]["new"][full].get("sim_cpu", float("nan")) for p in args.policies}
    lines += ["", "The simulation alone (`simulate`, without the validation, the metrics and "
              "the solution build; the 'new sim CPU-s' column): "
              + ", ".join(f"{p} {v:.2f}" for p, v in sim_only.items())
              + f" CPU-s; within {GOAL_CPU:g} s: "
              + (", ".join(p for p, v in sim_only.items() if v <= GOAL_CPU) or "none") + "."]
    scaled = {p: res[p]["new"][full]["cpu"] * ISSUE_CPU[p] / res[p]["old"][full]["cpu"]
              for p in args.policies if p in ISSUE_CPU}
    lines += ["", "Scaled to the issue's machine state (new CPU-s x issue CPU-s / old CPU-s; "
              "meaningful only when the base is the issue's engine, 97778bf or 03f1afc): "
              + ", ".join(f"{p} {v:.1f} s" for p, v in scaled.items()) + "."]
    lines += ["", "Per-decision cost of the new engine on the full instance (everything: the "
              "policy call, the engine's starts, stops and renewals, the validation and the "
              "metrics, divided by the decisions):", "",
              "| policy | decisions | new CPU-s | us per decision |", "|---|---:|---:|---:|"]
    for p in args.policies:
        n = res[p]["new"][full]
        lines.append(f"| {p} | {n['decisions']} | {n['cpu']:.2f} | "
                     f"{1e6 * n['cpu'] / max(n['decisions'], 1):.0f} |")
    lines += ["", "What changed since the previous engine (the schedules do not: pinned by "
              "tests/ltgf/test_engine_digests.py and tests/ltgf/test_simulate_regression.py):",
              "",
              "- `run_policy`: Python's cyclic garbage collector is paused for the run "
              "(simulation, validation, metrics, solution build) and restored after; the "
              "run's hundreds of thousands of short-lived tuples are freed by reference "
              "counting, and the collector no longer rescans the growing timeline "
              "(tests/ltgf/test_run_gc.py).",
              "- `EventSim.renews_when_blocked` (Themis, Tiresias-L, Gandiva_fair, AlloX): when "
              "no pending job could start even with the GPUs of the jobs whose leases end at a "
              "tick (`_placeable_with`, `any_placeable` with those GPUs added), the engine "
              "renews them in place without the pool round trip and without calling the "
              "policy (Gandiva_fair advances the pass in `on_blocked_renewal`).",
              "- `EventSim._start` / `_close` / `_stop`: per-job values read as Python floats "
              "(`ndarray.item`, the same IEEE operations as numpy scalars) and the node-bucket "
              "moves inlined; the lease expiry trusts the heap entry's version (a finish or "
              "stop bumps it) instead of reading the numpy state.",
              "- Themis: r_hat of a pending job kept per job (its remaining work is fixed while "
              "it waits; refreshed from `watch_pending`), the pending set read unsorted (the "
              "order breaks ties by id), the active-job count as an int, demands `can_fit` "
              "refuses skipped by value, and the loop stops once no expired job is undecided "
              "and no pending job can start.",
              "- ASTRAEA: `BlockFairShareTracker.update` on Python floats and per-tenant block "
              "views (same additions in the same order).",
              "- `validate.check`: the same checks on numpy arrays of all segments (`_clean`) "
              "certify a feasible timeline; the per-segment loop (`_violations`, unchanged "
              "messages) runs only when one may fail (tests/ltgf/test_validate_fastpath.py).",
              "- Tiresias-L: the 2D-LAS queue by bisect over the ascending thresholds; "
              "`simulate`'s placement rows by `map`.",
              "- earlier rounds (03f1afc -> 5fdef80 -> 1faafcc): `PendingOrder`, `can_fit` / "
              "`any_placeable`, node buckets, ASTRAEA's lazy tenant queues, "
              "`TimelineSolution.from_simulation`, `_skip_renewals` (see the git log of "
              "src/dlsched/sim and src/dlsched/ltgf).",
              ""]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--base", default="1faafcc", help="commit of the previous engine")
    ap.add_argument("--sizes", default="135,270,541,1082")
    ap.add_argument("--policies", default=",".join(POLICIES))
    ap.add_argument("--workers", type=int, default=1,
                    help="subprocesses at a time (CPU-s are per process either way)")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "ltgf-engine.md"))
    args = ap.parse_args()
    args.sizes = [int(x) for x in args.sizes.split(",")]
    args.policies = [p for p in args.policies.split(",") if p]
    if args.worker:
        worker(args.worker, args.sizes)
        return
    meta = {"date": f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC",
            "commit": git("rev-parse", "--short=12", "HEAD"),
            "base": git("rev-parse", "--short=12", args.base),
            "machine": machine(), "load0": " ".join(f"{x:.2f}" for x in os.getloadavg()),
            "command": "python benchmarks/ltgf_engine.py " + " ".join(sys.argv[1:]),
            "workers": str(args.workers)}
    res: dict[str, dict[str, dict[int, dict]]] = {}
    with tempfile.TemporaryDirectory(prefix="ltgf-engine-") as tmp:
        arch = subprocess.run(["git", "archive", args.base, "src"], cwd=ROOT,
                              capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=arch, check=True)
        srcs = {"old": Path(tmp) / "src", "new": ROOT / "src"}
        tasks = [(p, e) for p in args.policies for e in ("old", "new")]  # interleaved
        with ThreadPoolExecutor(args.workers) as pool:
            futs = {t: pool.submit(measure, srcs[t[1]], t[0], args.sizes) for t in tasks}
            for p, e in tasks:
                res.setdefault(p, {})[e] = rows = futs[(p, e)].result()
                print(f"{p} {e}: {rows[max(args.sizes)]['cpu']:.2f} CPU-s", flush=True)
    meta["load1"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    Path(args.out).write_text(report(args, res, meta))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
