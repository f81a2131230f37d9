"""Shared helpers of the reliability scripts: a toy suite whose tasks log each execution, and
process bookkeeping through /proc (Linux)."""

from __future__ import annotations

import os
import re
import sqlite3
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

sys.path.insert(0, str(ROOT))  # tests.bench.toyplugin: the toy problem and its logging suite
from tests.bench.toyplugin import LOG_SUITE  # noqa: E402


def write_suite(d: Path, seeds: int, seconds: float) -> tuple[Path, Path, int]:
    """(suite file, execution log, number of tasks) in directory ``d``."""
    log = d / "exec.log"
    suite = d / "suite.toml"
    text = LOG_SUITE.format(name="reliability", seeds=seeds, log=log, seconds=seconds)
    suite.write_text(text, encoding="utf-8")
    return suite, log, 2 * seeds * 2


#: dlsched sources the subprocesses import (``--src``: measure another checkout, e.g. a baseline)
SRC = [ROOT / "src"]


def env() -> dict[str, str]:
    """Environment of a `dlsched` subprocess: SRC and this checkout's tests/ importable."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC[0]), str(ROOT)])}


def bench_cmd(suite: Path, db: Path, jobs: int = 2) -> list[str]:
    return [sys.executable, "-m", "dlsched.cli", "bench", str(suite), "--out", str(db),
            "-j", str(jobs), "--no-progress"]


def executions(log: Path) -> list[str]:
    """Instance name per logged toy-log execution, in order."""
    if not log.exists():
        return []
    return [line.split()[0] for line in log.read_text().splitlines() if line.strip()]


def duplicates(names: list[str]) -> int:
    """Executions beyond the first of each task."""
    return sum(c - 1 for c in Counter(names).values())


def rows(db: Path) -> list[tuple[str, str, str]]:
    """(task_key, toy instance name as toy-log logs it, method) of every stored row."""
    try:
        con = sqlite3.connect(db, timeout=60)
        try:
            out = list(con.execute("SELECT task_key, instance_id, method FROM runs"))
        finally:
            con.close()
    except sqlite3.OperationalError:
        return []
    return [(k, _toy_name(iid), m) for k, iid, m in out]


def _toy_name(instance_id: str) -> str:
    """``bench-toy(n=3) seed=0`` -> ``toy-n3-s0`` (the generated instance's name)."""
    m = re.fullmatch(r"bench-toy\(n=(\d+)\) seed=(\d+)", instance_id)
    return f"toy-n{m[1]}-s{m[2]}" if m else instance_id


def group_members(pgid: int) -> list[int]:
    """Living (non-zombie) processes of process group ``pgid``."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            out.append(int(d.name))
    return out
