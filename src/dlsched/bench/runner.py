"""Run a suite: expand tasks, skip finished ones, execute, store each row as it arrives."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ..core import InputError
from .executors import EXECUTORS, ExecutorConfig
from .store import ResultsStore
from .suite import Suite, load_suite
from .tasks import Task, expand


@dataclass
class SweepReport:
    """What one ``bench`` invocation did."""

    suite: str
    database: Path
    total: int
    skipped: int
    ran: int = 0
    errors: int = 0
    wall_s: float = 0.0
    error_messages: list[str] = field(default_factory=list)


def _register(store: ResultsStore, suite: Suite, tasks: list[Task]) -> None:
    for ps in suite.problems:
        keys = [t.key for t in tasks if t.problem == ps.problem]
        store.register_suite({
            "suite": suite.name, "problem": ps.problem, "sense": ps.sense,
            "reference": ps.reference or "", "ratio": ps.ratio, "size_key": ps.size_key,
            "bootstrap": suite.bootstrap,
            "confidence": suite.confidence, "methods": json.dumps([m.label for m in ps.methods]),
            "path": str(suite.path), "task_keys": json.dumps(keys),
        })


def run_suite(suite: Suite | str | Path, out: str | Path = "results.db", executor: str = "local",
              jobs: int | None = None, address: str | None = None, retry_errors: bool = False,
              progress: bool = True, console: Console | None = None) -> SweepReport:
    """Run every unfinished task of ``suite`` and store the rows in the SQLite file ``out``."""
    if not isinstance(suite, Suite):
        suite = load_suite(suite)
    if jobs is not None and jobs < 1:
        raise InputError("--jobs", f"must be >= 1, got {jobs}")
    if address and executor != "dask":
        raise InputError("--address", "only applies to --executor dask")
    run = EXECUTORS.get(executor, "--executor")
    console = console or Console(stderr=True)
    t0 = time.perf_counter()
    with ResultsStore(out) as store:
        tasks = expand(suite)
        _register(store, suite, tasks)
        done = store.finished(suite.name, retry_errors)
        todo = [t for t in tasks if t.key not in done]
        rep = SweepReport(suite.name, Path(out), len(tasks), len(tasks) - len(todo))
        bar = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[errors]} errors"), TimeElapsedColumn(),
            TextColumn("ETA"), TimeRemainingColumn(), console=console,
            disable=not progress or not todo, transient=False,
        )
        with bar:
            pid = bar.add_task(suite.name, total=len(todo), errors=0)
            for _task, row in run(todo, ExecutorConfig(jobs, address)):
                store.record(row)
                rep.ran += 1
                if row["status"] == "error":
                    rep.errors += 1
                    first = (str(row.get("error") or "").strip().splitlines() or ["?"])[0]
                    rep.error_messages.append(f"{row['method']} on {row['instance_id']}: "
                                              f"{first[:160]}")
                bar.update(pid, advance=1, errors=rep.errors)
    rep.wall_s = time.perf_counter() - t0
    return rep


def describe(rep: SweepReport) -> dict[str, Any]:
    """Plain summary (for logs and tests)."""
    return {"suite": rep.suite, "total": rep.total, "skipped": rep.skipped, "ran": rep.ran,
            "errors": rep.errors, "wall_s": round(rep.wall_s, 3)}
