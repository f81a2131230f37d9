"""Improve a set's records: re-solve, and keep only a validated better solution or a tighter
bound (never a worse one).

Every record is checked before it is touched (``records.load_record``): a stored solution that
fails validation, or whose recomputed objective is not the row's ``best_known``, is refused
with an ``InputError``. A new solution replaces the stored one only when it validates and is
strictly better; a new bound replaces the stored one only when it is tighter and still on the
right side of the best-known value. Files are written solution first, index last (atomically).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import PROBLEMS, InputError
from ..core.io import atomic_write_bytes
from ..core.result import Status
from .build import solve_record
from .merge import apply_result, reproduces, restate_bound, stamp
from .proof import proof_of, save_proof
from .records import (
    load_record,
    read_index,
    read_meta,
    write_index,
)


@dataclass
class Change:
    """What ``improve_set`` did to one record.

    Parameters
    ----------
    id : str
        The instance id.
    field : str
        ``best_known``, ``bound`` or ``none``.
    old : float or None
        The value before.
    new : float or None
        The value after (the same as ``old`` for ``none``).
    note : str, default ""
        Why (e.g. ``not better``).

    Examples
    --------
    >>> Change("small-01", "bound", 12.0, 10.0, "by oef-cooperative in 0.1s").field
    'bound'
    """

    id: str
    field: str
    old: float | None
    new: float | None
    note: str = ""


def improve_set(folder: str | Path, time_limit: float, model: str | None = None,
                ids: list[str] | None = None, every: bool = False,
                progress: Any = None, restamp: bool = False) -> list[Change]:
    """Re-solve a set's open records (or ``ids``, or all) and keep what improves.

    Parameters
    ----------
    folder : str or Path
        The set's folder.
    time_limit : float
        Wall-clock limit of each solve. Unit: s. Range: (0, 1e6].
    model : str or None, default None
        The exact model (``None``: the set's model from its ``set.json``, else the problem's
        default). The set's ``params`` (``set.json``) are passed to every solve: they define
        the set's problem variant.
    ids : list of str or None, default None
        Only these instances (open or not).
    every : bool, default False
        Re-solve every record, not only the open ones.
    progress : callable or None, default None
        Called with each ``Change`` as it happens.
    restamp : bool, default False
        When a run reproduces a record (the same best-known value within 1e-6 and a bound as
        tight), store that run's result and stamp: the record then names the code that
        reproduced it (for rows stamped from a dirty tree).

    Returns
    -------
    list of Change
        One entry per field changed, or a ``none`` entry per record left as it was.

    Raises
    ------
    InputError
        An unknown id, or a stored record that fails validation (nothing is written then).

    Examples
    --------
    >>> import shutil, tempfile
    >>> from dlsched.lib.records import set_dir
    >>> tmp = shutil.copytree(set_dir("oef/small"), tempfile.mkdtemp() + "/oef/small")
    >>> improve_set(tmp, time_limit=5)  # every record optimal: nothing to do
    []
    """
    from .. import api

    stamp()  # refuse a dirty tree before any solve, not after it
    folder = Path(folder)
    rows = read_index(folder)
    meta = read_meta(folder)
    model = model or meta.get("model")
    params = meta.get("params", {})
    by_id = {r["id"]: r for r in rows}
    unknown = sorted(set(ids or ()) - set(by_id))
    if unknown:
        raise InputError("--instances", f"not in the set: {', '.join(unknown)}")
    todo = [r for r in rows if (r["id"] in ids if ids else (every or r["status"] == "open"))]
    loaded = {r["id"]: load_record(folder, r) for r in todo}  # refuse a bad record up front
    changes: list[Change] = []
    for row in todo:
        if row["status"] == "infeasible":
            continue
        inst, _ = loaded[row["id"]]
        sense = PROBLEMS.get(inst.problem).sense
        res = solve_record(inst, model, time_limit, **params)
        if res.status == Status.INFEASIBLE:
            raise InputError(f"record {row['id']!r}", f"{res.method} says infeasible, but a "
                             "feasible solution is stored")
        unproven = bool(row["bound"]) and proof_of(folder, row) is None
        new, changed = apply_result(row, res, sense)
        if unproven and "bound" not in changed and res.bound is not None:
            # a bound no stored result states is no bound: this run's (equal, or looser
            # when the old one cannot be re-proven) replaces it, with its proof
            new = restate_bound(new, res)
            changed.append("bound")
        if restamp and not changed and reproduces(row, res, sense):
            new = restate_bound(dict(new, method=res.method, time_s=f"{res.runtime_s:.3f}"),
                                res)
            changed += ["best_known", "bound"]
        sol_path = folder / row["solution_file"]  # plain or .gz: save keeps the form
        old_bytes = sol_path.read_bytes()
        old_proof = proof_of(folder, row) if changed else None  # read before overwriting
        if "best_known" in changed:
            api.save(res, sol_path)
        if "bound" in changed:
            save_proof(folder, new, res)  # the run that proved the tighter bound
        elif old_proof is not None:
            save_proof(folder, new, old_proof[1])  # the old bound keeps its proof
        for key in changed:
            changes.append(Change(row["id"], key, float(row[key]) if row[key] else None,
                                  float(new[key]), f"by {res.method} in {res.runtime_s:.1f}s"))
        if not changed:
            changes.append(Change(row["id"], "none", None, None,
                                  f"{res.method}: {res.objective} / bound {res.bound}, "
                                  "not better"))
        if progress is not None:
            for ch in changes[-max(len(changed), 1):]:
                progress(ch)
        if not changed:
            continue
        by_id[row["id"]] = new
        try:
            write_index(folder, [by_id[r["id"]] for r in rows])
        except BaseException:
            atomic_write_bytes(sol_path, old_bytes)  # the old pair stays consistent
            raise
    return changes
