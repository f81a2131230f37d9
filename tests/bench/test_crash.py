"""Crash safety: SIGKILL a sweep mid-way; finished rows survive, a re-run does only the rest."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time

from dlsched.bench import run_suite
from tests.bench.conftest import REPO, write_suite

SUITE = """
[suite]
name = "crash"
imports = ["tests.bench.toyplugin"]

[problems.bench-toy]
reference = "exact"

[[problems.bench-toy.instances]]
grid = { n = [3, 4] }
seeds = 6

[[problems.bench-toy.methods]]
label = "exact"
model = "toy-exact"

[[problems.bench-toy.methods]]
label = "sleep"
algorithm = "toy-sleep"
params = { seconds = 0.2 }
"""
TOTAL = 2 * 6 * 2


def _count(db) -> int:
    try:
        con = sqlite3.connect(db, timeout=5)
        try:
            return con.execute("SELECT count(*) FROM runs").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:  # database or table not created yet
        return 0


def test_sigkill_loses_only_tasks_in_flight(tmp_path):
    suite = write_suite(tmp_path / "crash.toml", SUITE)
    db = tmp_path / "r.db"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, "-m", "dlsched.cli", "bench", str(suite), "--out", str(db),
           "-e", "serial", "--no-progress"]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while _count(db) < 6 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
    finally:
        with contextlib.suppress(ProcessLookupError):  # already gone: the asserts below say why
            os.killpg(proc.pid, signal.SIGKILL)  # the driver and its worker processes
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read().decode()[-2000:]

    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    survived = {k: f for k, f in con.execute("SELECT task_key, finished_at FROM runs")}
    incomplete = con.execute("SELECT count(*) FROM runs WHERE status IS NULL OR "
                             "finished_at IS NULL OR metrics IS NULL").fetchone()[0]
    con.close()
    assert 6 <= len(survived) < TOTAL and incomplete == 0

    rep = run_suite(suite, db, executor="serial", progress=False)
    assert (rep.skipped, rep.ran, rep.errors) == (len(survived), TOTAL - len(survived), 0)
    con = sqlite3.connect(db)
    rows = dict(con.execute("SELECT task_key, finished_at FROM runs"))
    con.close()
    assert len(rows) == TOTAL
    assert all(rows[k] == f for k, f in survived.items())  # finished rows were not redone
