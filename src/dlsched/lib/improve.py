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
from ..core.io import atomic_write_text
from ..core.result import Status, relative_gap
from .build import bound_source, solve_record, stamp
from .records import (
    better,
    bound_ok,
    format_number,
    load_record,
    read_index,
    read_meta,
    status_of,
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


def apply_result(row: dict[str, str], res: Any, sense: str) -> tuple[dict[str, Any], list[str]]:
    """The row updated with a validated exact result: a better solution, a tighter bound.

    Parameters
    ----------
    row : dict
        The current (checked) index row.
    res : Result
        A validated result of an exact model on the row's instance (its solution is taken
        only when it holds one).
    sense : str
        ``"min"`` or ``"max"``.

    Returns
    -------
    tuple
        ``(new_row, changed)`` with ``changed`` a subset of ``["best_known", "bound"]``.

    Raises
    ------
    InputError
        The new bound cuts off the stored best-known solution (a wrong bound is not stored).

    Examples
    --------
    >>> from dlsched.core.result import Result
    >>> row = {"best_known": "10.0", "bound": "14.0", "sense": "max"}
    >>> res = Result("oef", "m", "time_limit", 11.0, 13.0, solution={"allocation": []})
    >>> new, changed = apply_result(row, res, "max")
    >>> changed, new["best_known"], new["bound"], new["status"]
    (['best_known', 'bound'], '11.0', '13.0', 'open')
    """
    new = dict(row)
    best = float(row["best_known"])
    bound = float(row["bound"]) if row.get("bound") else None
    changed = []
    if res.solution is not None and res.objective is not None \
            and better(sense, float(res.objective), best):
        best = float(res.objective)
        new.update(best_known=format_number(best), method=res.method,
                   time_s=f"{res.runtime_s:.3f}", **stamp())
        changed.append("best_known")
    if res.bound is not None:
        cand = float(res.bound)
        if not bound_ok(sense, best, cand):
            raise InputError(f"record {row.get('id', '')!r}", f"{res.method} reports the bound "
                             f"{cand}, which cuts off the best-known {best}: not stored")
        tighter = "min" if sense == "max" else "max"  # a max problem's bound tightens downward
        if bound is None or better(tighter, cand, bound):
            bound = cand
            new.update(bound=format_number(bound), bound_method=bound_source(res))
            if "best_known" not in changed:
                new.update(stamp())
            changed.append("bound")
    if not changed:
        return dict(row), changed  # untouched: not even reformatted
    gap = relative_gap(best, bound)
    new.update(gap=format_number(gap), status=status_of(best, bound))
    return new, changed


def improve_set(folder: str | Path, time_limit: float, model: str | None = None,
                ids: list[str] | None = None, every: bool = False,
                progress: Any = None) -> list[Change]:
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
        new, changed = apply_result(row, res, sense)
        sol_path = folder / row["solution_file"]
        old_text = sol_path.read_text(encoding="utf-8")
        if "best_known" in changed:
            api.save(res, sol_path)
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
            atomic_write_text(sol_path, old_text)  # the old pair stays consistent
            raise
    return changes
