"""Concurrent writers: many processes on one new results store; two sweeps on one store.

``python benchmarks/reliability_writers.py [--reps 5] [--procs 6] [--opens 5] [--sweeps 2]``

Part A, per repetition: PROCS processes start at the same instant on a path that does not
exist yet; each opens the store OPENS times and writes one row per open. Counted: failed opens
or writes, rows present / expected. Part B, per repetition: SWEEPS `dlsched bench` processes
(2 workers each) start at once on one new store with the same toy suite (toy-log appends a line
per execution, tests/bench/toyplugin.py). Counted: exit codes, tasks executed more than once
(double work), rows present / expected, claims left over. ``--src DIR`` measures another
dlsched checkout (e.g. a baseline). Prints Markdown tables and totals.
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reliability_common import (
    SRC,
    bench_cmd,
    duplicates,
    env,
    executions,
    rows,
    write_suite,
)

#: one writer process: wait for the common start instant, then OPENS x (open, write one row)
WRITER = """
import sys, time
from dlsched.bench.store import ResultsStore
path, ident, opens, start = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
row = dict(suite="s", problem="p", group="g", instance_id="i", instance_key="ik", method="m",
           kind="algorithm", name="n", params="{}", status="feasible", valid=1, metrics="{}")
while time.time() < start:
    time.sleep(0.0005)
fails = 0
for j in range(opens):
    try:
        with ResultsStore(path) as st:
            st.record({**row, "task_key": f"{ident}-{j}"})
    except Exception as exc:
        fails += 1
        print(type(exc).__name__, str(exc)[:120], file=sys.stderr)
print(fails)
"""


def writers(rep: int, procs: int, opens: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="dlsched-writers-") as tmp:
        db = Path(tmp) / "new.db"
        start = time.time() + 3.0  # every interpreter is up by then
        ps = [subprocess.Popen([sys.executable, "-c", WRITER, str(db), f"p{i}", str(opens),
                                str(start)], env=env(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for i in range(procs)]
        outs = [p.communicate(timeout=600) for p in ps]
        fails = sum(int(o.strip().splitlines()[-1]) if o.strip() else opens for o, _ in outs)
        errors = sorted({line.split(":")[0] for _, e in outs for line in e.splitlines()
                         if line.strip()})
        present = len(rows(db)) if db.exists() else 0
        return {"rep": rep, "processes": procs, "opens": procs * opens, "failed": fails,
                "rows": present, "expected": procs * opens,
                "errors": "; ".join(errors)[:80] or "-"}


def sweeps(rep: int, n: int, seeds: int, seconds: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="dlsched-sweeps-") as tmp:
        d = Path(tmp)
        suite, log, total = write_suite(d, seeds, seconds)
        db = d / "r.db"
        ps = [subprocess.Popen(bench_cmd(suite, db), env=env(), cwd=d,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
              for _ in range(n)]
        codes = [p.wait(timeout=900) for p in ps]
        for p in ps:
            p.stderr.close()
        ran = executions(log)
        keys = [k for k, _, _ in rows(db)]

        con = sqlite3.connect(db)
        try:
            claims = con.execute("SELECT count(*) FROM claims").fetchone()[0]
        except sqlite3.OperationalError:  # a store without claims (baseline)
            claims = "n/a"
        con.close()
        return {"rep": rep, "sweeps": n, "exit_codes": ",".join(map(str, codes)),
                "toy-log tasks": total // 2, "executions": len(ran),
                "ran twice": duplicates(ran), "rows": len(set(keys)), "expected": total,
                "claims left": claims}


def table(out: list[dict]) -> None:
    cols = list(out[0])
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in out:
        print("| " + " | ".join(str(r[c]) for c in cols) + " |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--procs", type=int, default=6, help="writer processes (part A)")
    ap.add_argument("--opens", type=int, default=5, help="opens + writes per process (part A)")
    ap.add_argument("--sweeps", type=int, default=2, help="concurrent sweeps (part B)")
    ap.add_argument("--seeds", type=int, default=4, help="part B instances = 2 x SEEDS")
    ap.add_argument("--seconds", type=float, default=0.2, help="sleep of each toy-log task")
    ap.add_argument("--src", type=Path, help="dlsched src/ to measure (default: this checkout's)")
    a = ap.parse_args()
    if a.src:
        SRC[0] = a.src.resolve()
    wa = [writers(i, a.procs, a.opens) for i in range(a.reps)]
    print("### A. processes creating, opening and writing one new store\n")
    table(wa)
    print(f"\nA: {sum(r['failed'] for r in wa)} of {sum(r['opens'] for r in wa)} opens+writes "
          f"failed; rows {sum(r['rows'] for r in wa)} of {sum(r['expected'] for r in wa)}\n")
    wb = [sweeps(i, a.sweeps, a.seeds, a.seconds) for i in range(a.reps)]
    print(f"### B. {a.sweeps} `dlsched bench` runs on one store at once\n")
    table(wb)
    print(f"\nB: tasks executed twice {sum(r['ran twice'] for r in wb)} of "
          f"{sum(r['toy-log tasks'] for r in wb)}; rows {sum(r['rows'] for r in wb)} of "
          f"{sum(r['expected'] for r in wb)}; non-zero exits "
          f"{sum(c != '0' for r in wb for c in r['exit_codes'].split(','))}")


if __name__ == "__main__":
    main()
