"""Run a suite: expand tasks, skip finished ones, execute, store each row as it arrives."""

from __future__ import annotations

import json
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
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

from ..core import InputError, plugins
from .executors import EXECUTORS, ExecutorConfig
from .store import HEARTBEAT_S, ResultsStore, new_owner
from .suite import Suite, load_suite, with_reproducible
from .tasks import Task, expand


@dataclass
class SweepReport:
    """What one ``bench`` invocation did.

    Parameters
    ----------
    suite : str
        The suite's name.
    database : Path
        The results store.
    total : int
        Tasks of the suite.
    skipped : int
        Tasks already finished before the sweep.
    ran, errors : int, default 0
        Tasks this sweep ran; of them, ended in an error.
    elsewhere : int, default 0
        Tasks left to a concurrent sweep that had claimed or finished them.
    owner : str, default ""
        This sweep's claim token.
    wall_s : float, default 0.0
        Wall time of the sweep. Unit: s.
    error_messages : list of str, default []
        The errors' messages.
    changed : dict of str to int, default {}
        Method label -> stored tasks re-run because the method's code or parameters changed
        (its fingerprint differs from the stored rows'). Unit: tasks.

    Examples
    --------
    >>> from pathlib import Path
    >>> SweepReport("quick", Path("results.db"), total=10, skipped=4).ran
    0
    """

    suite: str
    database: Path
    total: int
    skipped: int
    ran: int = 0
    errors: int = 0
    elsewhere: int = 0  # tasks left to a concurrent sweep that had claimed or finished them
    owner: str = ""  # this sweep's claim token
    wall_s: float = 0.0
    error_messages: list[str] = field(default_factory=list)
    #: method label -> stored tasks re-run because the method's code or parameters changed
    changed: dict[str, int] = field(default_factory=dict)


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


class SweepInterrupted(KeyboardInterrupt):
    """SIGTERM arrived: the sweep stops, kills its workers and records itself interrupted."""


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """Turn SIGTERM into ``SweepInterrupted`` (main thread only; restored afterwards)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise SweepInterrupted(f"signal {signal.Signals(signum).name}")

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def _heartbeat(out: str | Path, owner: str) -> Iterator[None]:
    """Refresh this sweep's claims every ``HEARTBEAT_S`` seconds from a background thread."""
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(HEARTBEAT_S):
            try:
                with ResultsStore(out) as st:
                    st.heartbeat(owner)
            except Exception:  # a missed beat only ages the claims; the sweep goes on
                continue

    thread = threading.Thread(target=beat, daemon=True, name="dlsched-heartbeat")
    thread.start()
    try:
        yield
    finally:
        stop.set()


def run_suite(suite: Suite | str | Path, out: str | Path = "results.db", executor: str = "local",
              jobs: int | None = None, address: str | None = None, retry_errors: bool = False,
              progress: bool = True, console: Console | None = None,
              reproducible: bool = False, imports: tuple[str, ...] | list[str] = ()) -> SweepReport:
    """Run every unfinished task of ``suite`` and store the rows in the SQLite file ``out``.

    A task is unfinished when it has no row, or an ``error`` row and ``retry_errors``, or a row
    whose method fingerprint differs from the method's code and parameters now (the method
    changed: ``SweepReport.changed`` counts these). Several sweeps may share one ``out``: each
    task is claimed just before it is submitted, so no task runs twice; a sweep killed mid-way
    leaves claims that a later sweep takes over (benchmarks/README.md, "Concurrency and
    kills"). SIGTERM stops the sweep, kills its workers,
    records it as ``interrupted`` and raises ``SweepInterrupted``.

    Parameters
    ----------
    suite : Suite or str or Path
        A loaded suite or the path of its TOML file.
    out : str or Path, default "results.db"
        The results database (created if missing).
    executor : str, default "local"
        A registered executor: ``local``, ``serial``, ``dask`` or a plug-in one.
    jobs : int or None, default None
        Parallel workers (None: the executor's default). Unit: processes. Range: >= 1.
    address : str or None, default None
        Dask scheduler address (``executor="dask"`` only).
    retry_errors : bool, default False
        Run tasks stored as errors again.
    progress : bool, default True
        Show a progress bar on ``console``.
    console : Console or None, default None
        Where the progress bar goes (None: stderr).
    reproducible : bool, default False
        Every exact model of the suite solves in reproducible mode (a different task key from
        default mode).
    imports : tuple or list of str, default ()
        Plug-ins (module names or ``.py`` paths, ``dlsched bench --import``) imported before
        the suite is read, here and in every worker, like the suite's own ``imports``.

    Returns
    -------
    SweepReport
        What the sweep did.

    Raises
    ------
    InputError
        A bad suite, executor, job count or plug-in.
    SweepInterrupted
        SIGTERM arrived: the sweep stopped its workers and recorded itself ``interrupted``.

    Examples
    --------
    >>> rep = run_suite("benchmarks/quick.toml", "results.db")  # doctest: +SKIP
    >>> load_suite("benchmarks/quick.toml").name
    'quick'
    """
    plugins.load_entry_points()  # installed plug-ins (the CLI has loaded them already)
    extra = tuple(plugins.absolute(s) for s in imports)
    plugins.import_plugins(extra, "--import")
    if not isinstance(suite, Suite):
        suite = load_suite(suite)
    if extra:
        suite = replace(suite, imports=extra + tuple(s for s in suite.imports if s not in extra))
    if reproducible:
        suite = with_reproducible(suite)
    if jobs is not None and jobs < 1:
        raise InputError("--jobs", f"must be >= 1, got {jobs}")
    if address and executor != "dask":
        raise InputError("--address", "only applies to --executor dask")
    run = EXECUTORS.get(executor, "--executor")
    console = console or Console(stderr=True)
    t0 = time.perf_counter()
    owner = new_owner()
    with ResultsStore(out) as store, _sigterm_interrupts():
        tasks = expand(suite)
        _register(store, suite, tasks)
        done = store.finished(suite.name, retry_errors)
        marks = store.done_marks(suite.name)
        stored = store.fingerprints(suite.name)
        stale = {t.key for t in tasks if t.key in done and stored.get(t.key) is not None
                 and t.fingerprint is not None and stored[t.key] != t.fingerprint}
        todo = [t for t in tasks if t.key not in done or t.key in stale]
        rep = SweepReport(suite.name, Path(out), len(tasks), len(tasks) - len(todo), owner=owner)
        for t in tasks:
            if t.key in stale:
                rep.changed[t.method] = rep.changed.get(t.method, 0) + 1
        bar = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[errors]} errors"), TimeElapsedColumn(),
            TextColumn("ETA"), TimeRemainingColumn(), console=console,
            disable=not progress or not todo, transient=False,
        )
        pid = bar.add_task(suite.name, total=len(todo), errors=0)

        def admit(task: Task) -> bool:
            if store.claim(task.key, owner, marks.get(task.key)):
                return True
            rep.elsewhere += 1
            bar.update(pid, advance=1)
            return False

        if not getattr(run, "claims_lazily", False):  # a plug-in executor: claim up front
            todo = [t for t in todo if admit(t)]
        store.sweep_status(owner, suite.name, "running")
        status = "failed"
        stream = None
        try:
            with bar, _heartbeat(out, owner):
                stream = run(todo, ExecutorConfig(jobs, address, admit))
                for _task, row in stream:
                    store.record(row, owner)
                    rep.ran += 1
                    if row["status"] == "error":
                        rep.errors += 1
                        first = (str(row.get("error") or "").strip().splitlines() or ["?"])[0]
                        rep.error_messages.append(f"{row['method']} on {row['instance_id']}: "
                                                  f"{first[:160]}")
                    bar.update(pid, advance=1, errors=rep.errors)
            status = "done"
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM (SweepInterrupted)
            status = "interrupted"
            raise
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()  # a generator executor: stops its pool and workers now
            store.release(owner)
            store.sweep_status(owner, suite.name, status, rep.ran)
    rep.wall_s = time.perf_counter() - t0
    return rep


def changed_note(rep: SweepReport) -> str:
    """The line saying which stored rows were re-run because their method changed ('' if none).

    Parameters
    ----------
    rep : SweepReport
        What the sweep did.

    Returns
    -------
    str
        ``re-ran N tasks: method code changed: LABEL, ...``, or ``''``.

    Examples
    --------
    >>> rep = SweepReport("s", Path("r.db"), 4, 2, changed={"greedy": 2})
    >>> changed_note(rep)
    're-ran 2 tasks: method code changed: greedy'
    """
    if not rep.changed:
        return ""
    n = sum(rep.changed.values())
    return (f"re-ran {n} task{'s' if n != 1 else ''}: method code changed: "
            + ", ".join(sorted(rep.changed)))


def describe(rep: SweepReport) -> dict[str, Any]:
    """Plain summary of a sweep (for logs and tests).

    Parameters
    ----------
    rep : SweepReport
        What the sweep did.

    Returns
    -------
    dict
        ``suite``, ``total``, ``skipped``, ``ran``, ``errors``, ``elsewhere``, ``changed``,
        ``wall_s``.
    """
    return {"suite": rep.suite, "total": rep.total, "skipped": rep.skipped, "ran": rep.ran,
            "errors": rep.errors, "elsewhere": rep.elsewhere, "changed": dict(rep.changed),
            "wall_s": round(rep.wall_s, 3)}
