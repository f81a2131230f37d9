"""SQLite results store: one row per task, committed as soon as the task finishes.

WAL journal mode plus one transaction per finished task means that killing the sweep loses at
most the tasks in flight; re-running the suite skips every task whose row exists.
The schema is documented in ``benchmarks/README.md`` and versioned in the ``meta`` table.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
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


def _q(name: str) -> str:
    return f'"{name}"'


class ResultsStore:
    """A results database; use as a context manager or call :meth:`close`."""

    def __init__(self, path: str | Path, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.exists():
            raise InputError(str(path), "results database not found")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(str(self.path), timeout=30.0)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")  # durable against process crashes
            self._init_schema(create)
        except sqlite3.DatabaseError as exc:
            raise InputError(str(path), f"not a dlsched results database ({exc})") from None

    def _init_schema(self, create: bool) -> None:
        tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master")}
        if "meta" in tables:
            row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            found = int(row[0]) if row else None
            if found != SCHEMA_VERSION:
                raise InputError(str(self.path), f"results schema version {found}, "
                                                 f"this dlsched reads {SCHEMA_VERSION}")
            self._add_missing_columns()
            return
        if not create:
            raise InputError(str(self.path), "not a dlsched results database (no meta table)")
        with self.conn:
            self.conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
            self.conn.execute("INSERT INTO meta VALUES ('schema_version', ?)",
                              (str(SCHEMA_VERSION),))
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
                with self.conn:
                    self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {_q(col)} {sqltype}")

    # --- writing ----------------------------------------------------------------------------
    def record(self, row: dict[str, Any]) -> None:
        """Insert (or replace) one finished task and commit immediately."""
        values = [row.get(c) for c in COLUMNS]
        marks = ", ".join("?" for _ in COLUMNS)
        names = ", ".join(_q(c) for c in COLUMNS)
        with self.conn:
            self.conn.execute(f"INSERT OR REPLACE INTO runs ({names}) VALUES ({marks})", values)

    def register_suite(self, info: dict[str, Any]) -> None:
        """Remember how a suite's rows are to be compared (reference, sense, ratio, CIs)."""
        info = {**info, "updated_at": _now()}
        cols = [c for c, _ in SUITE_COLUMNS]
        with self.conn:
            self.conn.execute(
                f"INSERT OR REPLACE INTO suites ({', '.join(_q(c) for c in cols)}) "
                f"VALUES ({', '.join('?' for _ in cols)})",
                [info.get(c) for c in cols],
            )

    # --- reading ----------------------------------------------------------------------------
    def finished(self, suite: str, retry_errors: bool = False) -> set[str]:
        """Task keys already done for ``suite`` (errors count as done unless retried)."""
        sql = "SELECT task_key FROM runs WHERE suite = ?"
        if retry_errors:
            sql += " AND status != 'error'"
        return {r[0] for r in self.conn.execute(sql, (suite,))}

    def rows(self, suite: str | None = None,
             keys: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Rows as dicts (JSON columns decoded), optionally for one suite or some task keys."""
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
        rows = [dict(r) for r in self.conn.execute("SELECT * FROM suites ORDER BY suite, problem")]
        for r in rows:
            r["methods"] = json.loads(r["methods"])
            r["reference"] = r.get("reference") or None  # "" / NULL: metrics-only section
            r["task_keys"] = set(json.loads(r["task_keys"])) if r.get("task_keys") else None
        return rows

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ResultsStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _decode(row: dict[str, Any]) -> dict[str, Any]:
    for col in ("sizes", "params", "solver", "metrics", "versions"):
        if row.get(col) is not None:
            row[col] = json.loads(row[col])
    return row


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
