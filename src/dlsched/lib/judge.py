"""Judge a solution against a library record: the set's statement, its best-known value and
its bound (``dlsched check`` on an instance file of the library)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import PROBLEMS


def record_of(instance_file: str | Path) -> tuple[Path, dict[str, str]] | None:
    """The library record an instance file belongs to: its set folder and index row.

    Parameters
    ----------
    instance_file : str or Path
        An instance file (e.g. ``instances/lib/oef/small/small-01.json``).

    Returns
    -------
    tuple or None
        ``(set folder, row)``; ``None`` when the file is not a record's instance.

    Examples
    --------
    >>> folder, row = record_of("instances/lib/oef/small/small-01.json")
    >>> folder.name, row["id"]
    ('small', 'small-01')
    >>> record_of("instances/oef/paper-eq6.json") is None
    True
    """
    from .records import INDEX, read_index

    path = Path(instance_file).resolve()
    folder = path.parent
    if not (folder / INDEX).is_file():
        return None
    for row in read_index(folder, validate=False):
        if row["file"] == path.name:
            return folder, row
    return None


def judge(folder: Path, row: dict[str, str], inst: Any, solution: Any) -> dict[str, Any]:
    """A validated solution's place against its record: objective, ratios, and whether it beats
    the stored bound (which would prove the record wrong).

    Parameters
    ----------
    folder : Path
        The set's folder.
    row : dict
        The record's index row.
    inst : object
        The instance.
    solution : dict
        A solution the validator accepted (JSON form).

    Returns
    -------
    dict
        ``set``, ``id``, ``rules``, ``objective``, ``best_known``, ``bound``, ``ratio_best``,
        ``ratio_bound`` (>= 1 is worse) and ``beats_bound``.

    Examples
    --------
    >>> import dlsched as ds
    >>> folder, row = record_of("instances/lib/oef/small/small-01.json")
    >>> inst = ds.load(folder / row["file"])
    >>> best = ds.load(folder / row["solution_file"])
    >>> v = judge(folder, row, inst, best.solution)
    >>> v["ratio_best"], v["beats_bound"]
    (1.0, False)
    """
    from .score import BEYOND_BOUND, ratio

    prob = PROBLEMS.get(inst.problem)
    obj = prob.objective(inst, solution) if prob.objective is not None else None
    best = float(row["best_known"]) if row["best_known"] else None
    bound = float(row["bound"]) if row["bound"] else None
    out: dict[str, Any] = {"set": f"{folder.parent.name}/{folder.name}", "id": row["id"],
                           "rules": dict(prob.rules(inst)), "objective": obj,
                           "best_known": best, "bound": bound, "ratio_best": None,
                           "ratio_bound": None, "beats_bound": False}
    if obj is None:
        return out
    if best is not None:
        out["ratio_best"] = ratio(row["sense"], obj, best)
    if bound is not None:
        out["ratio_bound"] = ratio(row["sense"], obj, bound)
        out["beats_bound"] = out["ratio_bound"] < 1.0 - BEYOND_BOUND
    return out
