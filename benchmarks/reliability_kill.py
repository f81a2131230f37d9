"""Kill / resume: start `dlsched bench`, kill it at a random moment, count what survives.

``python benchmarks/reliability_kill.py [--reps 10] [--signal both] [--seeds 4] [--seconds 0.5]``

Each repetition runs a fresh toy sweep (2 x SEEDS instances x {toy-exact, toy-log}; toy-log
sleeps SECONDS and appends one line per execution, tests/bench/toyplugin.py) with 2 workers in
its own session, sends SIGKILL or SIGTERM to the driver process only at a uniformly random time
while tasks run, then measures: processes of the sweep's group still alive 0.5 s and 5 s after
the driver ended, the driver's exit status, rows stored, and after a resume (the same command
again): rows lost (tasks without a row), duplicated rows, and re-executions of tasks that
already had a row before the kill (double work). Prints a Markdown table and totals. Linux only
(reads /proc).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from reliability_common import (
    SRC,
    bench_cmd,
    env,
    executions,
    group_members,
    rows,
    write_suite,
)


def one(rep: int, sig: signal.Signals, seeds: int, seconds: float, rng: random.Random) -> dict:
    with tempfile.TemporaryDirectory(prefix="dlsched-kill-") as tmp:
        d = Path(tmp)
        suite, log, total = write_suite(d, seeds, seconds)
        db = d / "r.db"
        err_file = (d / "stderr.txt").open("wb")  # a file, not a pipe: leftovers may hold it
        proc = subprocess.Popen(bench_cmd(suite, db), env=env(), cwd=d, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=err_file)
        try:
            deadline = time.monotonic() + 120
            while not executions(log) and time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.02)  # wait until tasks run
            # the log tasks take ~ total/2 * seconds / 2 workers; kill somewhere inside that
            time.sleep(rng.uniform(0.0, max(0.2, total / 2 * seconds / 2 * 0.8)))
            killed_alive = proc.poll() is None
            os.kill(proc.pid, sig)
            t_sig = time.monotonic()
            proc.wait(timeout=60)
            t_end = time.monotonic()
            left_05 = gone_s = None
            while True:
                now, left = time.monotonic() - t_end, len(group_members(proc.pid))
                if left_05 is None and now >= 0.5:
                    left_05 = left
                if gone_s is None and left == 0:
                    gone_s = now
                if now >= 5.0 or (left == 0 and left_05 is not None):
                    break
                time.sleep(0.02)
            left_5 = len(group_members(proc.pid)) if gone_s is None else 0
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # clean up whatever a failure left
            err_file.close()
        err = (d / "stderr.txt").read_text(errors="replace")
        before = {name for _, name, method in rows(db) if method == "log"}
        n_before = len(rows(db))
        n_exec = len(executions(log))
        res = subprocess.run(bench_cmd(suite, db), env=env(), cwd=d, capture_output=True,
                             timeout=600)
        after = rows(db)
        keys = [k for k, _, _ in after]
        rerun = [name for name in executions(log)[n_exec:] if name in before]
        # a toy-log row whose instance had a row before the kill ran again: double work
        return {
            "rep": rep, "signal": sig.name, "killed_running": killed_alive,
            "exit": proc.returncode, "exit_s": round(t_end - t_sig, 2),
            "left_0.5s": left_05, "left_5s": left_5,
            "gone_s": None if gone_s is None else round(gone_s, 2),
            "rows_at_kill": n_before, "resume_exit": res.returncode,
            "rows_final": len(after), "tasks": total,
            "lost": total - len(set(keys)), "dup_rows": len(keys) - len(set(keys)),
            "reexecuted": len(rerun), "interrupted_note": "interrupted" in err,
        }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=10, help="repetitions per signal")
    ap.add_argument("--signal", choices=["kill", "term", "both"], default="both")
    ap.add_argument("--seeds", type=int, default=4, help="instances = 2 x SEEDS")
    ap.add_argument("--seconds", type=float, default=0.5, help="sleep of each toy-log task")
    ap.add_argument("--seed", type=int, default=0, help="seed of the kill times")
    ap.add_argument("--src", type=Path, help="dlsched src/ to measure (default: this checkout's)")
    a = ap.parse_args()
    if a.src:
        SRC[0] = a.src.resolve()
    sigs = {"kill": [signal.SIGKILL], "term": [signal.SIGTERM],
            "both": [signal.SIGKILL, signal.SIGTERM]}[a.signal]
    rng = random.Random(a.seed)
    out = [one(i, s, a.seeds, a.seconds, rng) for s in sigs for i in range(a.reps)]
    cols = list(out[0])
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in out:
        print("| " + " | ".join(str(r[c]) for c in cols) + " |")
    for s in sigs:
        sel = [r for r in out if r["signal"] == s.name]
        print(f"\n{s.name}: {len(sel)} runs, {sum(r['tasks'] for r in sel)} tasks; rows lost "
              f"{sum(r['lost'] for r in sel)}, duplicated rows {sum(r['dup_rows'] for r in sel)}, "
              f"re-executed finished tasks {sum(r['reexecuted'] for r in sel)}; runs with "
              f"processes left 5 s after the driver ended: "
              f"{sum(r['left_5s'] > 0 for r in sel)}; max time until none left "
              + ("> 5 s" if any(r["gone_s"] is None for r in sel)
                 else f"{max(r['gone_s'] for r in sel)} s"))


if __name__ == "__main__":
    main()
