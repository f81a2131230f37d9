"""Kills: SIGKILL / SIGTERM of `dlsched bench` leaves no worker behind; a resume loses nothing."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from dlsched.bench import run_suite
from tests.bench.conftest import REPO, write_suite
from tests.bench.toyplugin import LOG_SUITE

TOTAL = 2 * 3 * 2


def descendants(pid: int) -> list[int]:
    """Living processes whose ancestry includes ``pid`` or whose process group is ``pid``'s."""
    procs: dict[int, tuple[int, int, str]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        fields = stat.rpartition(")")[2].split()
        procs[int(d.name)] = (int(fields[1]), int(fields[2]), fields[0])  # ppid, pgid, state
    out = []
    for p, (ppid, pgid, state) in procs.items():
        if state == "Z" or p == pid:
            continue
        anc, seen = ppid, set()
        while anc > 1 and anc not in seen and anc != pid:
            seen.add(anc)
            anc = procs.get(anc, (0, 0, ""))[0]
        if anc == pid or pgid == pid:
            out.append(p)
    return out


def _rows(db: Path) -> int:
    try:
        con = sqlite3.connect(db, timeout=5)
        try:
            return con.execute("SELECT count(*) FROM runs").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:
        return 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_kill_leaves_no_worker_and_resume_runs_each_task_once(tmp_path, sig):
    log = tmp_path / "exec.log"
    text = LOG_SUITE.format(name="kill", seeds=3, log=log, seconds=1.5)
    suite = write_suite(tmp_path / "kill.toml", text)
    db = tmp_path / "r.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "src"), str(REPO)])}
    cmd = [sys.executable, "-m", "dlsched.cli", "bench", str(suite), "--out", str(db),
           "-j", "2", "--no-progress"]
    # own session: the test can find every process of the run by its group, and a leak
    # cannot hide behind the test's own process group
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while (not log.exists() or len(log.read_text().splitlines()) < 3) \
                and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
        assert len(descendants(proc.pid)) >= 2  # the pool workers are running
        os.kill(proc.pid, sig)  # the driver only: the workers must follow by themselves
        proc.wait(timeout=30)
        left = descendants(proc.pid)
        t_end = time.monotonic() + 5
        while left and time.monotonic() < t_end:
            time.sleep(0.1)
            left = descendants(proc.pid)
        assert left == [], f"processes left behind: {left}"
        err = proc.stderr.read().decode()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    if sig == signal.SIGTERM:
        assert proc.returncode == 143 and "interrupted" in err, err[-2000:]
        con = sqlite3.connect(db)
        assert [r[0] for r in con.execute("SELECT status FROM sweeps")] == ["interrupted"]
        assert con.execute("SELECT count(*) FROM claims").fetchone()[0] == 0
        con.close()
    else:
        assert proc.returncode == -signal.SIGKILL
    before = _rows(db)
    assert before < TOTAL
    rep = run_suite(suite, db, executor="local", jobs=2, progress=False)
    assert rep.skipped == before and rep.ran == TOTAL - before and rep.elsewhere == 0
    con = sqlite3.connect(db)
    keys = [r[0] for r in con.execute("SELECT task_key FROM runs")]
    con.close()
    assert len(keys) == len(set(keys)) == TOTAL  # nothing lost, nothing duplicated
    runs = Counter(line.split()[0] for line in log.read_text().splitlines())
    assert set(runs) == {f"toy-n{n}-s{s}" for n in (3, 4) for s in range(3)}
