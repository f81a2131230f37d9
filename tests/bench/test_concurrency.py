"""Concurrency: many processes on one results store, two sweeps on one store, claims."""

from __future__ import annotations

import multiprocessing as mp
import os
import platform
import sqlite3
import subprocess
import sys
import time
from collections import Counter

from dlsched.bench import run_suite
from dlsched.bench.store import ResultsStore, claim_is_stale
from tests.bench.conftest import write_suite
from tests.bench.toyplugin import LOG_SUITE

PROCS, OPENS = 6, 5


def _row(key: str) -> dict:
    return {"task_key": key, "suite": "s", "problem": "p", "group": "g", "instance_id": "i",
            "instance_key": "ik", "method": "m", "kind": "algorithm", "name": "n",
            "params": "{}", "status": "feasible", "valid": 1, "metrics": "{}"}


def _opener(path: str, i: int, start: float, out: mp.Queue) -> None:
    while time.time() < start:  # every process opens the new file at the same moment
        pass
    fails = []
    for j in range(OPENS):
        try:
            with ResultsStore(path) as st:
                st.record(_row(f"k{i}-{j}"))
        except Exception as exc:  # counted, not raised: the parent asserts there are none
            fails.append(repr(exc))
    out.put(fails)


def test_many_processes_create_open_and_write_one_new_store(tmp_path):
    path = str(tmp_path / "new.db")
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    start = time.time() + 2.0
    procs = [ctx.Process(target=_opener, args=(path, i, start, q)) for i in range(PROCS)]
    for p in procs:
        p.start()
    fails = [f for _ in procs for f in q.get(timeout=120)]
    for p in procs:
        p.join(30)
    assert fails == []
    con = sqlite3.connect(path)
    keys = {r[0] for r in con.execute("SELECT task_key FROM runs")}
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()
    assert keys == {f"k{i}-{j}" for i in range(PROCS) for j in range(OPENS)}


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_claims_block_a_live_owner_and_yield_to_a_dead_one(tmp_path):
    with ResultsStore(tmp_path / "r.db") as st:
        assert st.claim("t1", "A", None)
        assert not st.claim("t1", "B", None)  # A (this live process) holds it
        assert st.claim("t1", "A", None)  # the owner may re-take its own claim
        st.record(_row("t1"), owner="A")
        assert st.claims() == []  # the row superseded the claim
        assert not st.claim("t1", "B", None)  # B saw no row, but now there is one
        # a claim of a dead pid on this host is stale at once; a live one only when silent
        dead = {"host": platform.node(), "pid": _dead_pid(), "heartbeat": time.time()}
        assert claim_is_stale(dead)
        alive = {**dead, "pid": os.getpid()}
        assert not claim_is_stale(alive)
        assert claim_is_stale({**alive, "heartbeat": time.time() - 301})
        assert not claim_is_stale({**alive, "host": "elsewhere", "heartbeat": time.time() - 10})


N_INST = 2 * 4


def _sweep(suite: str, db: str, out: mp.Queue) -> None:
    rep = run_suite(suite, db, executor="local", jobs=2, progress=False)
    out.put((rep.ran, rep.elsewhere, rep.skipped))


def test_two_sweeps_on_one_store_run_every_task_once(tmp_path):
    log = tmp_path / "exec.log"
    text = LOG_SUITE.format(name="conc", seeds=4, log=log, seconds=0.15)
    suite = write_suite(tmp_path / "conc.toml", text)
    db = str(tmp_path / "r.db")
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    procs = [ctx.Process(target=_sweep, args=(str(suite), db, q)) for _ in range(2)]
    for p in procs:
        p.start()
    reps = [q.get(timeout=240) for _ in procs]
    for p in procs:
        p.join(30)
    runs = Counter(line.split()[0] for line in log.read_text().splitlines())
    assert len(runs) == N_INST and set(runs.values()) == {1}, runs  # no task ran twice
    ran = sum(r[0] for r in reps)
    assert ran == 2 * N_INST  # together they ran every task once (exact + log per instance)
    assert all(r[0] + r[1] + r[2] == 2 * N_INST for r in reps)
    with ResultsStore(db, create=False) as st:
        rows = st.rows("conc")
        assert st.claims() == []
        assert [s["status"] for s in st.sweeps()] == ["done", "done"]
    assert len(rows) == 2 * N_INST and all(r["status"] != "error" for r in rows)
