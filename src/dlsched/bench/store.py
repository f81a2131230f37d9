"""SQLite results store: one row per task, committed as soon as the task finishes.

WAL journal mode plus one transaction per finished task means that killing the sweep loses at
most the tasks in flight; re-running the suite skips every task whose row exists.
The schema is documented in ``benchmarks/README.md`` and versioned in the ``meta`` table.
"""

from __future__ import annotations

import json
import os
import platform
import random
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..core import InputError

SCHEMA_VERSION = 1

#: (column, SQL type) of the ``runs`` table, in order.
RUN_COLUMNS: tuple[tuple[str, str], ...] = (
    ("task_key", "TEXT PRIMARY KEY"),
    ("suite", "TEXT NOT NULL"),
    ("problem", "TEXT NOT NULL"),
    ("group", "TEXT NOT NULL"),
    ("instance_id", "TEXT NOT NULL"),
    ("instance_key", "TEXT NOT NULL"),
    ("sizes", "TEXT"),
    ("size_key", "TEXT"),
    ("size", "REAL"),
    ("method", "TEXT NOT NULL"),
    ("kind", "TEXT NOT NULL"),
    ("name", "TEXT NOT NULL"),
    ("params", "TEXT NOT NULL"),
    ("seed", "INTEGER"),
    ("solver", "TEXT"),
    ("status", "TEXT NOT NULL"),
    ("objective", "REAL"),
    ("bound", "REAL"),
    ("gap", "REAL"),
    ("note", "TEXT"),  # exact results: why the answer is no proof (ratios.unproven_note)
    ("runtime_s", "REAL"),
    ("build_s", "REAL"),
    ("wall_s", "REAL"),
    ("valid", "INTEGER NOT NULL"),
    ("violations", "INTEGER"),
    ("first_violation", "TEXT"),
    ("solution_digest", "TEXT"),
    ("metrics", "TEXT NOT NULL"),
    ("error", "TEXT"),
    ("traceback", "TEXT"),
    ("versions", "TEXT"),
    ("host", "TEXT"),
    ("started_at", "TEXT"),
    ("finished_at", "TEXT"),
    # the method's code + parameters digest (tasks.method_fingerprint); NULL in rows written
    # before it existed, which are never re-run for it
    ("fingerprint", "TEXT"),
    # JSON list of the distinct Python warnings the run raised ("Category: message"), captured
    # instead of printed (tasks.run_task); NULL when none, or in rows of older databases
    ("warnings", "TEXT"),
)
COLUMNS = tuple(c for c, _ in RUN_COLUMNS)

SUITE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("suite", "TEXT NOT NULL"),
    ("problem", "TEXT NOT NULL"),
    ("sense", "TEXT NOT NULL"),
    ("reference", "TEXT NOT NULL"),  # "" when the section has no reference
    ("ratio", "TEXT NOT NULL"),
    ("size_key", "TEXT"),  # the suite's `size` (None: the first key of each row's sizes)
    ("bootstrap", "INTEGER NOT NULL"),
    ("confidence", "REAL NOT NULL"),
    ("methods", "TEXT NOT NULL"),  # JSON list of labels in suite order
    ("task_keys", "TEXT"),  # JSON list of the suite's current task keys (None: all rows)
    ("path", "TEXT"),
    ("updated_at", "TEXT"),
)


#: sqlite busy timeout: how long a statement waits for another process's lock before failing.
BUSY_TIMEOUT_S = 60.0

_AUX_TABLES = (
    # one row per task being run; taken before the task is submitted, removed with its row
    "CREATE TABLE IF NOT EXISTS claims (task_key TEXT PRIMARY KEY, owner TEXT NOT NULL, "
    "host TEXT NOT NULL, pid INTEGER NOT NULL, claimed_at REAL NOT NULL, heartbeat REAL NOT NULL)",
    # one row per `dlsched bench` invocation: running / done / interrupted / failed
    "CREATE TABLE IF NOT EXISTS sweeps (owner TEXT PRIMARY KEY, suite TEXT NOT NULL, "
    "host TEXT, pid INTEGER, started_at TEXT, finished_at TEXT, status TEXT NOT NULL, "
    "ran INTEGER)",
)


def _locked(exc: sqlite3.OperationalError) -> bool:
    msg = str(exc).lower()
    return "locked" in msg or "busy" in msg


def _retry_locked(fn: Callable[[], Any], budget_s: float = BUSY_TIMEOUT_S) -> Any:
    """Call ``fn``, retrying with jittered back-off while sqlite says the database is locked.

    The busy handler covers most waits, but not all (switching to WAL needs an exclusive lock
    and fails at once; a lock upgrade inside a deferred transaction cannot wait): retry those.
    """
    deadline = time.monotonic() + budget_s
    delay = 0.005
    while True:
        try:
            return fn()
        except sqlite3.OperationalError as exc:
            if not _locked(exc) or time.monotonic() > deadline:
                raise
        time.sleep(delay * (0.5 + random.random()))
        delay = min(delay * 2, 0.25)


def connect(path: str | Path) -> sqlite3.Connection:
    """A connection in WAL mode with the busy timeout (retrying the WAL switch if locked).

    Parameters
    ----------
    path : str or Path
        The SQLite file.

    Returns
    -------
    sqlite3.Connection
        With ``sqlite3.Row`` rows.
    """
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S)
    try:
        conn.row_factory = sqlite3.Row
        # a file system without shared memory may refuse WAL: sqlite then keeps its own mode
        _retry_locked(lambda: conn.execute("PRAGMA journal_mode=WAL").fetchone())
        conn.execute("PRAGMA synchronous=NORMAL")  # durable against process crashes
    except BaseException:
        conn.close()
        raise
    return conn


def _q(name: str) -> str:
    return f'"{name}"'


class ResultsStore:
    """A results database; use as a context manager or call ``close``.

    Safe for many processes at once: WAL journal, a busy timeout of ``BUSY_TIMEOUT_S``, and
    schema creation / migration inside one ``BEGIN IMMEDIATE`` transaction that re-checks what
    exists, so processes creating one new file at the same moment all end with one schema.

    Parameters
    ----------
    path : str or Path
        The SQLite file (its folder is created when missing).
    create : bool, default True
        Create the file and its tables when missing; False opens an existing store only (for
        reading: a report never creates an empty database).

    Raises
    ------
    InputError
        ``create`` is False and the file is missing, or the file is not a dlsched results
        database, or its schema version is not this dlsched's.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from dlsched.bench import ResultsStore
    >>> tmp = tempfile.TemporaryDirectory()
    >>> db = Path(tmp.name) / "results.db"
    >>> with ResultsStore(db) as store:
    ...     store.rows()
    []
    >>> ResultsStore(Path(tmp.name) / "missing.db", create=False)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: ...missing.db: results database not found
    >>> tmp.cleanup()
    """

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.exists():
            raise InputError(str(path), "results database not found")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = connect(self.path)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"not a dlsched results database ({exc})") from None
        try:
            self._init_schema(create)
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise InputError(str(path), f"not a dlsched results database ({exc})") from None
        except BaseException:
            self.conn.close()
            raise

    def _init_schema(self, create: bool) -> None:
        def init() -> None:
            tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master")}
            if "meta" in tables:
                row = self.conn.execute(
                    "SELECT value FROM meta WHERE key='schema_version'").fetchone()
                found = int(row[0]) if row else None
                if found != SCHEMA_VERSION:
                    raise InputError(str(self.path), f"results schema version {found}, "
                                                     f"this dlsched reads {SCHEMA_VERSION}")
                self._add_missing_columns()
            elif not create:
                raise InputError(str(self.path), "not a dlsched results database (no meta table)")
            else:
                self._create_schema()
            if create:  # claims / sweeps: added to older databases by writers only
                for sql in _AUX_TABLES:
                    self.conn.execute(sql)

        if self._schema_current(create):
            return  # the common case: nothing to create, no write lock taken
        _retry_locked(lambda: self._immediate(init))

    def _schema_current(self, create: bool) -> bool:
        """True when the schema needs no change (read-only check, no write lock)."""
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master")}
        if not {"meta", "runs", "suites"} | ({"claims", "sweeps"} if create else set()) <= tables:
            return False
        row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        if row is None or int(row[0]) != SCHEMA_VERSION:
            return False
        for table, spec in (("runs", RUN_COLUMNS), ("suites", SUITE_COLUMNS)):
            have = {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}
            if any(c not in have for c, _ in spec):
                return False
        return True

    def _immediate(self, body: Callable[[], Any]) -> Any:
        """Run ``body`` in a ``BEGIN IMMEDIATE`` transaction (the write lock is taken first).

        A transaction still open on entry was cut by a signal between its ``BEGIN`` and its
        commit (every write goes through here): it is rolled back first, so the release after
        a kill does not fail with "cannot start a transaction within a transaction"."""
        if self.conn.in_transaction:
            self.conn.rollback()
        try:
            self.conn.execute("BEGIN IMMEDIATE")
            out = body()
        except BaseException:
            if self.conn.in_transaction:
                self.conn.rollback()
            raise
        self.conn.commit()
        return out

    def _create_schema(self) -> None:
        self.conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        self.conn.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
        self.conn.execute("INSERT INTO meta VALUES ('created_at', ?)", (_now(),))
        cols = ", ".join(f"{_q(c)} {t}" for c, t in RUN_COLUMNS)
        self.conn.execute(f"CREATE TABLE runs ({cols})")
        self.conn.execute("CREATE INDEX runs_by_suite ON runs (suite, problem, method)")
        scols = ", ".join(f"{_q(c)} {t}" for c, t in SUITE_COLUMNS)
        self.conn.execute(f"CREATE TABLE suites ({scols}, PRIMARY KEY (suite, problem))")

    def _add_missing_columns(self) -> None:
        """Forward-migrate a database of the same version: add nullable columns it lacks."""
        for table, spec in (("runs", RUN_COLUMNS), ("suites", SUITE_COLUMNS)):
            have = {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}
            for col, sqltype in spec:
                if col in have:
                    continue
                if "NOT NULL" in sqltype or "PRIMARY" in sqltype:
                    raise InputError(str(self.path), f"table {table} lacks column {col!r}; "
                                                     "write the results to a new --out file")
                self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {_q(col)} {sqltype}")

    # --- writing ----------------------------------------------------------------------------
    def record(self, row: dict[str, Any], owner: str | None = None) -> None:
        """Insert (or replace) one finished task and commit immediately.

        Parameters
        ----------
        row : dict
            The row (``RUN_COLUMNS`` keys; missing ones are stored as NULL).
        owner : str or None, default None
            The sweep token that claimed the task; its claim is released in the same
            transaction, so a claim is never gone before its row is there.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> row = {"task_key": "k1", "suite": "demo", "problem": "oef", "group": "paper",
        ...        "instance_id": "paper-w1.json", "instance_key": "file:0", "method": "max-min",
        ...        "kind": "algorithm", "name": "max-min", "params": "{}", "status": "feasible",
        ...        "objective": 4.0, "valid": 1, "metrics": "{}", "wall_s": 0.5,
        ...        "finished_at": "2026-01-01T00:00:00+00:00", "fingerprint": "f1"}
        >>> store.record(row)
        >>> store.record({**row, "objective": 4.5})  # the same key replaces the row
        >>> [(r["task_key"], r["objective"]) for r in store.rows()]
        [('k1', 4.5)]
        >>> store.close()
        >>> tmp.cleanup()
        """
        values = [row.get(c) for c in COLUMNS]
        marks = ", ".join("?" for _ in COLUMNS)
        names = ", ".join(_q(c) for c in COLUMNS)
        def write() -> None:
            self.conn.execute(f"INSERT OR REPLACE INTO runs ({names}) VALUES ({marks})", values)
            if owner is not None:  # the row supersedes its claim
                self.conn.execute("DELETE FROM claims WHERE task_key = ? AND owner = ?",
                                  (row["task_key"], owner))

        _retry_locked(lambda: self._immediate(write))

    def register_suite(self, info: dict[str, Any]) -> None:
        """Remember how a suite's rows are to be compared (reference, sense, ratio, CIs).

        Parameters
        ----------
        info : dict
            The ``SUITE_COLUMNS`` values of one (suite, problem) section.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.register_suite({"suite": "demo", "problem": "oef", "sense": "max",
        ...                       "reference": "efficiency", "ratio": "objective",
        ...                       "bootstrap": 1000, "confidence": 0.95,
        ...                       "methods": '["efficiency", "max-min"]'})
        >>> [(s["suite"], s["problem"], s["methods"]) for s in store.suites()]
        [('demo', 'oef', ['efficiency', 'max-min'])]
        >>> store.close()
        >>> tmp.cleanup()
        """
        info = {**info, "updated_at": _now()}
        cols = [c for c, _ in SUITE_COLUMNS]
        _retry_locked(lambda: self._immediate(lambda: self.conn.execute(
            f"INSERT OR REPLACE INTO suites ({', '.join(_q(c) for c in cols)}) "
            f"VALUES ({', '.join('?' for _ in cols)})",
            [info.get(c) for c in cols],
        )))

    # --- claims: two sweeps on one store never run the same task twice --------------------------
    def done_marks(self, suite: str) -> dict[str, tuple[Any, Any]]:
        """The stored rows' marks, which a claim re-checks.

        Parameters
        ----------
        suite : str
            The suite name.

        Returns
        -------
        dict of str to tuple
            ``task_key -> (finished_at, wall_s)``.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> row = {"task_key": "k1", "suite": "demo", "problem": "oef", "group": "paper",
        ...        "instance_id": "paper-w1.json", "instance_key": "file:0", "method": "max-min",
        ...        "kind": "algorithm", "name": "max-min", "params": "{}", "status": "feasible",
        ...        "objective": 4.0, "valid": 1, "metrics": "{}", "wall_s": 0.5,
        ...        "finished_at": "2026-01-01T00:00:00+00:00", "fingerprint": "f1"}
        >>> store.record(row)
        >>> store.done_marks("demo")
        {'k1': ('2026-01-01T00:00:00+00:00', 0.5)}
        >>> store.close()
        >>> tmp.cleanup()
        """
        sql = "SELECT task_key, finished_at, wall_s FROM runs WHERE suite = ?"
        return {r[0]: (r[1], r[2]) for r in self.conn.execute(sql, (suite,))}

    def claim(self, task_key: str, owner: str, seen: tuple[Any, Any] | None) -> bool:
        """Take the task for ``owner``; False when another sweep has it or has finished it.

        A claim held by another owner is taken over only when it is stale (``claim_is_stale``).

        Parameters
        ----------
        task_key : str
            The task.
        owner : str
            This sweep's token (``new_owner``).
        seen : tuple or None
            The task's row mark when this sweep decided to run it (None: no row). A row that
            changed since means another sweep ran the task meanwhile.

        Returns
        -------
        bool
            True when this sweep now holds the task.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> from dlsched.bench.store import new_owner
        >>> mine, other = new_owner(), new_owner()
        >>> store.claim("k1", mine, None), store.claim("k1", other, None)
        (True, False)
        >>> store.close()
        >>> tmp.cleanup()
        """
        def take() -> bool:
            row = self.conn.execute("SELECT finished_at, wall_s FROM runs WHERE task_key = ?",
                                    (task_key,)).fetchone()
            if (tuple(row) if row is not None else None) != seen:
                return False
            held = self.conn.execute("SELECT * FROM claims WHERE task_key = ?",
                                     (task_key,)).fetchone()
            if held is not None and held["owner"] != owner and not claim_is_stale(dict(held)):
                return False
            now = time.time()
            self.conn.execute("INSERT OR REPLACE INTO claims VALUES (?, ?, ?, ?, ?, ?)",
                              (task_key, owner, _HOST, os.getpid(), now, now))
            return True

        return bool(_retry_locked(lambda: self._immediate(take)))

    def heartbeat(self, owner: str) -> None:
        """Refresh the heartbeat of every claim ``owner`` holds (the sweep is alive).

        Parameters
        ----------
        owner : str
            The sweep token.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.claim("k1", "sweep-a", None)
        True
        >>> before = store.claims()[0]["heartbeat"]
        >>> store.heartbeat("sweep-a")
        >>> store.claims()[0]["heartbeat"] >= before
        True
        >>> store.close()
        >>> tmp.cleanup()
        """
        _retry_locked(lambda: self._immediate(lambda: self.conn.execute(
            "UPDATE claims SET heartbeat = ? WHERE owner = ?", (time.time(), owner))))

    def release(self, owner: str) -> None:
        """Drop every claim ``owner`` still holds (the sweep ends or is interrupted).

        Parameters
        ----------
        owner : str
            The sweep token.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.claim("k1", "sweep-a", None), store.claim("k2", "sweep-b", None)
        (True, True)
        >>> store.release("sweep-a")
        >>> [c["task_key"] for c in store.claims()]
        ['k2']
        >>> store.close()
        >>> tmp.cleanup()
        """
        _retry_locked(lambda: self._immediate(lambda: self.conn.execute(
            "DELETE FROM claims WHERE owner = ?", (owner,))))

    def claims(self) -> list[dict[str, Any]]:
        """The claims held now, oldest first.

        Returns
        -------
        list of dict
            ``task_key``, ``owner``, ``host``, ``pid``, ``claimed_at``, ``heartbeat`` (Unix s).

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.claim("k1", "sweep-a", None)
        True
        >>> [(c["task_key"], c["owner"]) for c in store.claims()]
        [('k1', 'sweep-a')]
        >>> store.close()
        >>> tmp.cleanup()
        """
        return [dict(r) for r in self.conn.execute("SELECT * FROM claims ORDER BY claimed_at")]

    def sweep_status(self, owner: str, suite: str, status: str, ran: int | None = None) -> None:
        """Record a sweep as ``running`` (first call), then ``done`` / ``interrupted`` / ``failed``.

        Parameters
        ----------
        owner : str
            The sweep token.
        suite : str
            The suite name.
        status : str
            ``running``, ``done``, ``interrupted`` or ``failed``.
        ran : int or None, default None
            Tasks this sweep ran. Unit: tasks.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.sweep_status("sweep-a", "demo", "running")
        >>> store.sweep_status("sweep-a", "demo", "done", ran=3)
        >>> [(s["suite"], s["status"], s["ran"]) for s in store.sweeps()]
        [('demo', 'done', 3)]
        >>> store.close()
        >>> tmp.cleanup()
        """
        def write() -> None:
            fin = None if status == "running" else _now()
            self.conn.execute(
                "INSERT INTO sweeps VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(owner) DO UPDATE "
                "SET status = excluded.status, finished_at = excluded.finished_at, "
                "ran = excluded.ran",
                (owner, suite, _HOST, os.getpid(), _now(), fin, status, ran))

        _retry_locked(lambda: self._immediate(write))

    def sweeps(self) -> list[dict[str, Any]]:
        """Every recorded ``dlsched bench`` invocation, in order.

        Returns
        -------
        list of dict
            ``owner``, ``suite``, ``host``, ``pid``, ``started_at``, ``finished_at``, ``status``,
            ``ran``.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.sweep_status("sweep-a", "demo", "interrupted", ran=1)
        >>> store.sweep_status("sweep-b", "demo", "running")
        >>> [(s["owner"], s["status"], s["finished_at"] is None) for s in store.sweeps()]
        [('sweep-a', 'interrupted', False), ('sweep-b', 'running', True)]
        >>> store.close()
        >>> tmp.cleanup()
        """
        return [dict(r) for r in self.conn.execute("SELECT * FROM sweeps ORDER BY rowid")]

    # --- reading ----------------------------------------------------------------------------
    def finished(self, suite: str, retry_errors: bool = False) -> set[str]:
        """Task keys already done for ``suite``.

        Parameters
        ----------
        suite : str
            The suite name.
        retry_errors : bool, default False
            Leave rows with status ``error`` out (they are run again).

        Returns
        -------
        set of str
            The task keys.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> row = {"task_key": "k1", "suite": "demo", "problem": "oef", "group": "paper",
        ...        "instance_id": "paper-w1.json", "instance_key": "file:0", "method": "max-min",
        ...        "kind": "algorithm", "name": "max-min", "params": "{}", "status": "feasible",
        ...        "objective": 4.0, "valid": 1, "metrics": "{}", "wall_s": 0.5,
        ...        "finished_at": "2026-01-01T00:00:00+00:00", "fingerprint": "f1"}
        >>> store.record(row)
        >>> store.record({**row, "task_key": "k2", "status": "error"})
        >>> sorted(store.finished("demo")), sorted(store.finished("demo", retry_errors=True))
        (['k1', 'k2'], ['k1'])
        >>> store.close()
        >>> tmp.cleanup()
        """
        sql = "SELECT task_key FROM runs WHERE suite = ?"
        if retry_errors:
            sql += " AND status != 'error'"
        return {r[0] for r in self.conn.execute(sql, (suite,))}

    def fingerprints(self, suite: str) -> dict[str, str | None]:
        """The method fingerprint stored with each row of ``suite``.

        Parameters
        ----------
        suite : str
            The suite name.

        Returns
        -------
        dict of str to str or None
            ``task_key -> fingerprint`` (None for rows stored before fingerprints existed).

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> row = {"task_key": "k1", "suite": "demo", "problem": "oef", "group": "paper",
        ...        "instance_id": "paper-w1.json", "instance_key": "file:0", "method": "max-min",
        ...        "kind": "algorithm", "name": "max-min", "params": "{}", "status": "feasible",
        ...        "objective": 4.0, "valid": 1, "metrics": "{}", "wall_s": 0.5,
        ...        "finished_at": "2026-01-01T00:00:00+00:00", "fingerprint": "f1"}
        >>> store.record(row)
        >>> store.record({**row, "task_key": "k2", "fingerprint": None})
        >>> store.fingerprints("demo")
        {'k1': 'f1', 'k2': None}
        >>> store.close()
        >>> tmp.cleanup()
        """
        sql = "SELECT task_key, fingerprint FROM runs WHERE suite = ?"
        return {r[0]: r[1] for r in self.conn.execute(sql, (suite,))}

    def rows(self, suite: str | None = None,
             keys: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Rows as dicts (JSON columns decoded), optionally for one suite or some task keys.

        Parameters
        ----------
        suite : str or None, default None
            Only this suite's rows.
        keys : iterable of str or None, default None
            Only these task keys.

        Returns
        -------
        list of dict
            In insertion order.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> row = {"task_key": "k1", "suite": "demo", "problem": "oef", "group": "paper",
        ...        "instance_id": "paper-w1.json", "instance_key": "file:0", "method": "max-min",
        ...        "kind": "algorithm", "name": "max-min", "params": "{}", "status": "feasible",
        ...        "objective": 4.0, "valid": 1, "metrics": "{}", "wall_s": 0.5,
        ...        "finished_at": "2026-01-01T00:00:00+00:00", "fingerprint": "f1"}
        >>> store.record(row)
        >>> store.record({**row, "task_key": "k2", "suite": "other"})
        >>> [r["task_key"] for r in store.rows()], [r["task_key"] for r in store.rows("other")]
        (['k1', 'k2'], ['k2'])
        >>> r = store.rows(keys=["k1"])[0]
        >>> r["params"], r["metrics"]  # JSON columns come back decoded
        ({}, {})
        >>> store.close()
        >>> tmp.cleanup()
        """
        sql, args = "SELECT * FROM runs", []
        if suite is not None:
            sql += " WHERE suite = ?"
            args.append(suite)
        out = [_decode(dict(r)) for r in self.conn.execute(sql + " ORDER BY rowid", args)]
        if keys is not None:
            wanted = set(keys)
            out = [r for r in out if r["task_key"] in wanted]
        return out

    def suites(self) -> list[dict[str, Any]]:
        """The registered suite sections.

        Returns
        -------
        list of dict
            One per (suite, problem): ``methods`` decoded, ``reference`` None for a metrics-only
            section, ``task_keys`` a set (None: every row counts).

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.register_suite({"suite": "demo", "problem": "oef", "sense": "max",
        ...                       "reference": "efficiency", "ratio": "objective",
        ...                       "bootstrap": 1000, "confidence": 0.95,
        ...                       "methods": '["efficiency", "max-min"]'})
        >>> s = store.suites()[0]
        >>> s["reference"], s["methods"], s["task_keys"]
        ('efficiency', ['efficiency', 'max-min'], None)
        >>> store.close()
        >>> tmp.cleanup()
        """
        rows = [dict(r) for r in self.conn.execute("SELECT * FROM suites ORDER BY suite, problem")]
        for r in rows:
            r["methods"] = json.loads(r["methods"])
            r["reference"] = r.get("reference") or None  # "" / NULL: metrics-only section
            r["task_keys"] = set(json.loads(r["task_keys"])) if r.get("task_keys") else None
        return rows

    def close(self) -> None:
        """Close the connection (``with ResultsStore(...)`` calls it on leaving the block).

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from dlsched.bench import ResultsStore
        >>> tmp = tempfile.TemporaryDirectory()
        >>> store = ResultsStore(Path(tmp.name) / "results.db")
        >>> store.close()
        >>> store.rows()
        Traceback (most recent call last):
        ...
        sqlite3.ProgrammingError: Cannot operate on a closed database.
        >>> tmp.cleanup()
        """
        self.conn.close()

    def __enter__(self) -> ResultsStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_HOST = platform.node()

#: A claim whose heartbeat is older than this (seconds) may be taken over by another sweep.
CLAIM_STALE_S = 300.0
#: How often a running sweep refreshes the heartbeat of its claims (seconds).
HEARTBEAT_S = 30.0


def _pid_alive(pid: int) -> bool:
    """True unless process ``pid`` is gone or a zombie (exited, not yet reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: someone else's process, alive
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:  # no /proc (macOS): trust kill(0)
        return True
    return stat.rpartition(")")[2].split()[:1] != ["Z"]


def claim_is_stale(claim: dict[str, Any], now: float | None = None) -> bool:
    """Whether a claim may be taken over by another sweep.

    A claim is stale when its owner is known dead (same host, pid gone) or its heartbeat is
    older than ``CLAIM_STALE_S`` (other hosts, or a reused pid).

    Parameters
    ----------
    claim : dict
        A row of the ``claims`` table.
    now : float or None, default None
        The current Unix time (None: now). Unit: s.

    Returns
    -------
    bool
        True when stale.
    """
    now = time.time() if now is None else now
    if claim["host"] == _HOST and not _pid_alive(int(claim["pid"])):
        return True
    return now - float(claim["heartbeat"]) > CLAIM_STALE_S


def new_owner() -> str:
    """A token naming one sweep: host, pid and a random part (pids are reused).

    Returns
    -------
    str
        ``host:pid:hex``.
    """
    return f"{_HOST}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for col in ("sizes", "params", "solver", "metrics", "versions", "warnings"):
        if row.get(col) is not None:
            row[col] = json.loads(row[col])
    return row


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
