"""Every stored bound carries its proof: the saved result of the run that proved it.

A record's bound comes from an exact run. When that run also found the stored solution, its
result is ``<id>.best.json`` and proves the bound itself; when the bound came from another run
(``lib improve`` tightened it, or the record's solution came from elsewhere), that run's result
is kept as ``<id>.proof.json`` (status, objective, bound, gap, method, stats; no solution). A
record whose bound no stored result states is refused (``check_proof``): an ``optimal`` label is
only as good as the result that proves it.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..core import InputError

#: Suffix of a record's proof file (the result whose bound the row states).
PROOF_SUFFIX = ".proof.json"
#: Relative slack between a row's bound and its proof's (the CSV round-trips repr, so 1e-12).
PROOF_TOL = 1e-12


def proof_path(folder: str | Path, row: dict[str, str]) -> Path:
    """Where a record's proof file lives (``<id>.proof.json`` beside the instance).

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    row : dict
        The index row.

    Returns
    -------
    Path
        The proof file's path (it may not exist).

    Examples
    --------
    >>> proof_path("x", {"id": "small-01"}).name
    'small-01.proof.json'
    """
    return Path(folder) / f"{row['id']}{PROOF_SUFFIX}"


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=PROOF_TOL, abs_tol=PROOF_TOL)


def proof_of(folder: str | Path, row: dict[str, str]) -> tuple[Path, Any] | None:
    """The stored result whose bound is the row's bound: the best solution's run, else the
    proof file; ``None`` when neither states it (or the row has no bound).

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    row : dict
        The index row.

    Returns
    -------
    tuple or None
        ``(path, Result)``.

    Examples
    --------
    >>> from dlsched.lib.records import read_index, set_dir
    >>> folder = set_dir("oef/small")
    >>> proof_of(folder, read_index(folder)[0])[0].name
    'small-01.best.json'
    """
    from .. import api
    from ..core.result import Result

    if not row.get("bound"):
        return None
    bound = float(row["bound"])
    for path in (Path(folder) / row["solution_file"] if row["solution_file"] else None,
                 proof_path(folder, row)):
        if path is None or not path.is_file():
            continue
        res = api.load(path)
        if isinstance(res, Result) and res.bound is not None and _same(float(res.bound), bound):
            return path, res
    return None


def check_proof(folder: str | Path, row: dict[str, str]) -> None:
    """Refuse a record whose bound no stored result proves, or whose ``optimal`` label its
    proof does not carry.

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    row : dict
        The index row.

    Raises
    ------
    InputError
        The row's bound is stated by no stored result, or the record is ``optimal`` but its
        proof's bound does not meet the best-known value within the library's gap.

    Examples
    --------
    >>> from dlsched.lib.records import read_index, set_dir
    >>> folder = set_dir("oef/small")
    >>> check_proof(folder, read_index(folder)[0])
    """
    from ..core.result import relative_gap
    from .records import OPTIMAL_GAP

    if not row.get("bound"):
        return
    found = proof_of(folder, row)
    if found is None:
        raise InputError(f"record {row['id']!r}.bound", f"{row['bound']} is stated by no stored "
                         f"result ({row['solution_file']} or {proof_path(folder, row).name}): "
                         "re-prove it with dlsched lib improve")
    path, res = found
    if row["status"] == "optimal":
        gap = relative_gap(float(row["best_known"]), float(res.bound))
        if gap is None or gap > OPTIMAL_GAP:
            raise InputError(f"record {row['id']!r}.status", f"optimal, but its proof "
                             f"{path.name} has gap {gap}")


def save_proof(folder: str | Path, row: dict[str, Any], res: Any) -> Path | None:
    """Keep the result that proved the row's bound when the best solution's file does not.

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    row : dict
        The row as written (its ``bound`` is ``res.bound``).
    res : Result
        The run whose bound the row states.

    Returns
    -------
    Path or None
        The proof file written, or ``None`` when ``<id>.best.json`` already proves the bound
        (a stale proof file is then removed).

    Examples
    --------
    >>> import tempfile
    >>> from dlsched.core.result import Result
    >>> res = Result("oef", "oef-cooperative", "time_limit", 1.0, 2.0, solution=None)
    >>> save_proof(tempfile.mkdtemp(), {"id": "x", "bound": "2.0", "solution_file": ""},
    ...            res).name
    'x.proof.json'
    """
    from dataclasses import replace

    from .. import api

    path = proof_path(folder, row)
    best = Path(folder) / row["solution_file"] if row.get("solution_file") else None
    if best is not None and best.is_file():
        stored = api.load(best)
        if stored.bound is not None and _same(float(stored.bound), float(row["bound"])):
            path.unlink(missing_ok=True)
            return None
    api.save(replace(res, solution=None), path)
    return path
