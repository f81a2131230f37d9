"""The library's files: where the sets live, the index columns, and atomic reads / writes.

A set is a folder ``<root>/<problem>/<set>/`` holding ``<id>.json`` (the instance),
``<id>.best.json`` (the best-known solution, a saved ``Result``) and ``index.csv`` (one row per
instance; columns ``COLUMNS``, documented in ``instances/lib/README.md``). The index is plain
CSV so that a script reads it with the ``csv`` module alone. Writes go to a temporary file that
replaces the index in one ``os.replace``: a reader never sees a half-written index.

A record file larger than ``COMPRESS_ABOVE`` is stored gzip-compressed as ``<id>.json.gz`` /
``<id>.best.json.gz`` (the index's ``file`` and ``solution_file`` name it so); every reader
takes both forms and every writer keeps the form a record already has (``record_file``).

The library read by default is the copy shipped in the package (``PACKAGED_ROOT``: the
repository's ``instances/lib``); the environment variable ``DLSCHED_LIB`` (``LIB_ENV``) or a
``root`` argument (``--root``) points at another copy (``default_root``).
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any

from ..core import PROBLEMS, InputError, inputs
from ..core.io import GZIP_SUFFIX, PACKAGED_INSTANCES, atomic_write_text
from ..core.result import relative_gap

#: The index columns, in file order (``instances/lib/README.md`` documents each).
COLUMNS: tuple[str, ...] = (
    "id", "file", "solution_file", "size", "offered_load", "sense", "best_known", "bound",
    "gap", "status", "method", "time_s", "machine", "commit", "date", "provenance",
    "bound_method",
)
#: Values of the ``status`` column.
STATUSES = ("optimal", "open", "infeasible")
#: A record is ``optimal`` when its gap is at most this (tighter than HiGHS' default MIP gap
#: of 1e-4, so the library's MILP solves pass mip_gap=1e-7: scripts/build_lib.py PARAMS).
OPTIMAL_GAP = 1e-6
#: Slack of the bound-side check (solver tolerances).
BOUND_TOL = 1e-6
INDEX = "index.csv"
#: The library shipped in the package (``dlsched/instances/lib``; in a source checkout it is
#: the repository's ``instances/lib``).
PACKAGED_ROOT = PACKAGED_INSTANCES / "lib"
#: The same path under its older name (the library root when ``DLSCHED_LIB`` is unset).
DEFAULT_ROOT = PACKAGED_ROOT
#: Environment variable naming another library root (an edited copy, a newer release).
LIB_ENV = "DLSCHED_LIB"
#: A writer stores a new record file gzip-compressed (``NAME.json.gz``) when its JSON text is
#: larger than this; smaller ones stay plain JSON (readable and diffable). Unit: bytes.
COMPRESS_ABOVE = 64 * 1024


def default_root() -> Path:
    """The library root when none is given: ``$DLSCHED_LIB`` if set, else ``PACKAGED_ROOT``.

    Read on every call, so a changed environment takes effect at once.

    Returns
    -------
    Path
        The root folder (it holds ``<problem>/<set>/index.csv``).

    Raises
    ------
    InputError
        ``DLSCHED_LIB`` is set but is not an existing directory (the error names it).

    Examples
    --------
    >>> import os
    >>> default_root() == PACKAGED_ROOT or bool(os.environ.get(LIB_ENV))
    True
    """
    return inputs.check_env_dir(LIB_ENV) or PACKAGED_ROOT


def record_file(folder: str | Path, name: str, text: str) -> str:
    """The file name a writer gives the record file ``name`` (``<id>.json`` or
    ``<id>.best.json``) holding ``text``: the form the record already has in ``folder``,
    else ``name + ".gz"`` when ``text`` is larger than ``COMPRESS_ABOVE``.

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    name : str
        The plain name (``<id>.json`` / ``<id>.best.json``).
    text : str
        The JSON text to store (its UTF-8 size decides a new file's form).

    Returns
    -------
    str
        ``name`` or ``name + ".gz"``.

    Examples
    --------
    >>> import tempfile
    >>> tmp = tempfile.mkdtemp()
    >>> record_file(tmp, "a.json", "{}"), record_file(tmp, "a.json", " " * (COMPRESS_ABOVE + 1))
    ('a.json', 'a.json.gz')
    """
    folder = Path(folder)
    if (folder / (name + GZIP_SUFFIX)).is_file():
        return name + GZIP_SUFFIX
    if (folder / name).is_file():
        return name
    return name + GZIP_SUFFIX if len(text.encode("utf-8")) > COMPRESS_ABOVE else name


def set_dir(name: str, root: str | Path | None = None) -> Path:
    """The folder of the set ``PROBLEM/SET`` (or of an existing folder given as a path).

    Parameters
    ----------
    name : str
        ``PROBLEM/SET`` (e.g. ``oef/small``) or the path of a set folder.
    root : str or Path or None, default None
        The library root; ``None`` means ``default_root()`` (``$DLSCHED_LIB``, else the
        packaged library).

    Returns
    -------
    Path
        The set's folder (it holds ``index.csv``).

    Raises
    ------
    InputError
        No such set.

    Examples
    --------
    >>> set_dir("oef/small").name
    'small'
    """
    base = Path(root) if root is not None else default_root()
    for cand in (base / name, Path(name)):
        if (cand / INDEX).is_file():
            return cand
    known = ", ".join(s for s, _ in list_sets(base)) or "none"
    raise InputError("set", f"no library set {name!r} under {base} (known: {known})")


def list_sets(root: str | Path | None = None) -> list[tuple[str, Path]]:
    """Every set of the library as ``("problem/set", folder)``, sorted.

    Parameters
    ----------
    root : str or Path or None, default None
        The library root; ``None`` means ``default_root()``.

    Returns
    -------
    list of tuple
        ``(name, folder)`` per folder holding an ``index.csv``.

    Examples
    --------
    >>> ("oef/small" in dict(list_sets()))
    True
    """
    base = Path(root) if root is not None else default_root()
    found = sorted(p.parent for p in base.glob(f"*/*/{INDEX}"))
    return [(f"{p.parent.name}/{p.name}", p) for p in found]


META = "set.json"


def read_meta(folder: str | Path) -> dict[str, Any]:
    """A set's ``set.json`` (description, exact model, its parameters, time limit), or ``{}``.

    The ``params`` entry holds the keyword arguments every exact solve of the set takes
    (part of the set's definition, e.g. completion's ``horizon="extended"``).

    Parameters
    ----------
    folder : str or Path
        The set's folder.

    Returns
    -------
    dict
        The parsed file; ``{}`` when the set has none.

    Raises
    ------
    InputError
        The file exists but is not a JSON object.

    Examples
    --------
    >>> read_meta(set_dir("oef/small"))["model"]
    'oef-cooperative'
    """
    import json

    path = Path(folder) / META
    if not path.is_file():
        return {}
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise InputError(str(path), f"not valid JSON: {exc}") from None
    if not isinstance(meta, dict) or not isinstance(meta.get("params", {}), dict):
        raise InputError(str(path), "must be a JSON object whose 'params' is an object")
    return meta


def _num(row: dict[str, str], key: str, blank_ok: bool = True) -> float | None:
    raw = row.get(key, "")
    if raw == "":
        if blank_ok:
            return None
        raise InputError(f"index {row.get('id')!r}.{key}", "empty")
    try:
        return float(raw)
    except ValueError:
        raise InputError(f"index {row.get('id')!r}.{key}", f"not a number: {raw!r}") from None


def better(sense: str, a: float, b: float) -> bool:
    """Whether objective ``a`` beats ``b`` under ``sense`` beyond the solver tolerance.

    Parameters
    ----------
    sense : str
        ``"min"`` or ``"max"``.
    a, b : float
        Two objective values.

    Returns
    -------
    bool
        ``a`` strictly better than ``b`` by more than ``BOUND_TOL`` (relative + absolute).

    Examples
    --------
    >>> better("min", 9.0, 10.0), better("max", 9.0, 10.0), better("min", 10.0, 10.0)
    (True, False, False)
    """
    slack = BOUND_TOL * (1 + max(abs(a), abs(b)))
    return a < b - slack if sense == "min" else a > b + slack


def bound_ok(sense: str, best: float, bound: float) -> bool:
    """Whether ``bound`` is on the right side of ``best`` (a valid bound of the optimum).

    Parameters
    ----------
    sense : str
        ``"min"`` or ``"max"``.
    best : float
        The best-known objective.
    bound : float
        A proven bound on the optimum.

    Returns
    -------
    bool
        ``bound <= best`` for min, ``bound >= best`` for max (within ``BOUND_TOL``).

    Examples
    --------
    >>> bound_ok("max", 5.0, 6.0), bound_ok("min", 5.0, 6.0)
    (True, False)
    """
    return not better(sense, best, bound)


def status_of(best: float | None, bound: float | None) -> str:
    """The record's status: ``optimal`` when the gap is at most ``OPTIMAL_GAP``, else ``open``
    (``infeasible`` when there is no solution but a proof of infeasibility, set by the caller).

    Parameters
    ----------
    best : float or None
        The best-known objective.
    bound : float or None
        The best proven bound.

    Returns
    -------
    str
        ``"optimal"`` or ``"open"``.

    Examples
    --------
    >>> status_of(10.0, 10.0), status_of(10.0, 12.0), status_of(10.0, None)
    ('optimal', 'open', 'open')
    """
    gap = relative_gap(best, bound)
    return "optimal" if gap is not None and gap <= OPTIMAL_GAP else "open"


def validate_row(row: dict[str, str], problem: str | None = None) -> None:
    """Refuse a malformed index row: missing columns, bad numbers, a bound on the wrong side of
    the best-known value, a gap or status that do not follow from them.

    Parameters
    ----------
    row : dict
        One index row (strings, as ``csv.DictReader`` reads them).
    problem : str or None, default None
        The set's problem; the row's ``sense`` must be the problem's.

    Raises
    ------
    InputError
        The row is malformed (the field names the row id and column).

    Examples
    --------
    >>> validate_row({c: "" for c in COLUMNS})
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: index ''.id: empty
    """
    rid = row.get("id", "")
    missing = [c for c in COLUMNS if c not in row]
    if missing:
        raise InputError(f"index {rid!r}", f"missing columns {missing}")
    for key in ("id", "file", "sense", "status", "provenance"):
        if not row[key]:
            raise InputError(f"index {rid!r}.{key}", "empty")
    if row["sense"] not in ("min", "max"):
        raise InputError(f"index {rid!r}.sense", f"must be min or max, not {row['sense']!r}")
    if problem is not None and row["sense"] != PROBLEMS.get(problem).sense:
        raise InputError(f"index {rid!r}.sense", f"{problem} is a {PROBLEMS.get(problem).sense} "
                                                  "problem")
    if row["status"] not in STATUSES:
        raise InputError(f"index {rid!r}.status", f"must be one of {STATUSES}")
    best, bound, gap = _num(row, "best_known"), _num(row, "bound"), _num(row, "gap")
    _num(row, "time_s")
    _num(row, "offered_load")
    if row["status"] == "infeasible":
        if best is not None or row["solution_file"]:
            raise InputError(f"index {rid!r}.status", "infeasible but a solution is stored")
        return
    if best is None or not row["solution_file"]:
        raise InputError(f"index {rid!r}.best_known", "no best-known solution stored")
    if bound is not None:
        if not bound_ok(row["sense"], best, bound):
            raise InputError(f"index {rid!r}.bound", f"bound {bound} is on the wrong side of "
                                                      f"the best-known {best} ({row['sense']})")
        want = relative_gap(best, bound)
        if gap is None or not math.isclose(gap, want, rel_tol=1e-6, abs_tol=1e-9):
            raise InputError(f"index {rid!r}.gap", f"{gap} but best_known and bound give {want}")
    if row["status"] != status_of(best, bound):
        raise InputError(f"index {rid!r}.status", f"{row['status']!r} but the gap says "
                                                   f"{status_of(best, bound)!r}")


def read_index(folder: str | Path, validate: bool = True) -> list[dict[str, str]]:
    """The rows of a set's ``index.csv`` (strings, as the csv module reads them).

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    validate : bool, default True
        Check every row (``validate_row``) and that ids are unique.

    Returns
    -------
    list of dict
        One dict per instance, keys ``COLUMNS``.

    Raises
    ------
    InputError
        The index is missing or a row is malformed.

    Examples
    --------
    >>> rows = read_index(set_dir("oef/small"))
    >>> rows[0]["sense"]
    'max'
    """
    path = Path(folder) / INDEX
    if not path.is_file():
        raise InputError("set", f"{path} does not exist")
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    if validate:
        problem = Path(folder).parent.name
        problem = problem if problem in PROBLEMS else None
        seen: set[str] = set()
        for row in rows:
            validate_row(row, problem)
            if row["id"] in seen:
                raise InputError(f"index {row['id']!r}.id", "duplicate id")
            seen.add(row["id"])
    return rows


def format_number(value: float | None) -> str:
    """A number as an index cell: ``repr`` precision (round-trips), blank for ``None``.

    Parameters
    ----------
    value : float or None
        The number.

    Returns
    -------
    str
        Its shortest round-tripping text, or ``""``.

    Examples
    --------
    >>> format_number(0.5), format_number(None), format_number(3.0)
    ('0.5', '', '3.0')
    """
    return "" if value is None else repr(float(value))


def write_index(folder: str | Path, rows: list[dict[str, Any]]) -> Path:
    """Validate ``rows`` and replace the set's ``index.csv`` atomically.

    Parameters
    ----------
    folder : str or Path
        The set's folder (created if missing).
    rows : list of dict
        Rows with keys ``COLUMNS`` (values are written with ``str``; numbers should come
        from ``format_number``).

    Returns
    -------
    Path
        The index file.

    Raises
    ------
    InputError
        A row is malformed: nothing is written.

    Examples
    --------
    >>> import tempfile
    >>> rows = read_index(set_dir("oef/small"))[:1]
    >>> write_index(tempfile.mkdtemp(), rows).name
    'index.csv'
    """
    folder = Path(folder)
    text_rows = [{c: "" if r.get(c) is None else str(r[c]) for c in COLUMNS} for r in rows]
    problem = folder.parent.name if folder.parent.name in PROBLEMS else None
    for row in text_rows:
        validate_row(row, problem)
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(COLUMNS), lineterminator="\n")
    writer.writeheader()
    writer.writerows(text_rows)
    folder.mkdir(parents=True, exist_ok=True)
    atomic_write_text(folder / INDEX, buf.getvalue())
    return folder / INDEX


def load_record(folder: str | Path, row: dict[str, str]) -> tuple[Any, Any]:
    """The instance and the stored best-known ``Result`` of a row, both checked.

    The solution must pass the problem's validator and its recomputed objective must equal
    the row's ``best_known`` (within ``dlsched.core.objective``'s tolerance): a tampered or
    stale record is refused, never scored against or improved upon.

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    row : dict
        The instance's index row.

    Returns
    -------
    tuple
        ``(instance, result)``; ``result`` is ``None`` for an infeasible record.

    Raises
    ------
    InputError
        The files are missing, the solution is infeasible, or its objective is not the row's.

    Examples
    --------
    >>> folder = set_dir("oef/small")
    >>> inst, res = load_record(folder, read_index(folder)[0])
    >>> inst.problem
    'oef'
    """
    from .. import api
    from ..core.objective import agree

    folder = Path(folder)
    inst = api.load(folder / row["file"])
    if row["status"] == "infeasible":
        return inst, None
    res = api.load(folder / row["solution_file"])
    where = f"record {row['id']!r}"
    violations = api.check(inst, res)
    if violations:
        raise InputError(where, f"the stored solution {row['solution_file']} fails validation: "
                                f"{violations[0]}")
    fn = PROBLEMS.get(inst.problem).objective
    recomputed = fn(inst, res.solution) if fn is not None else None
    value = res.objective if recomputed is None else recomputed
    if value is None or not agree(float(row["best_known"]), float(value)):
        raise InputError(where, f"best_known {row['best_known']} but the stored solution's "
                                f"objective is {value}")
    return inst, res
