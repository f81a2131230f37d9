"""Merge a new exact result into a library record: keep only a better solution and a tighter
bound, stamped with where and when they were found (used by ``build`` and ``improve``)."""

from __future__ import annotations

import datetime as _dt
import os
from typing import Any

from ..core import InputError
from ..core.result import relative_gap
from .records import better, bound_ok, format_number, status_of

#: Environment variable that lets a writer stamp records from a dirty tree (``+dirty``).
ALLOW_DIRTY = "DLSCHED_LIB_ALLOW_DIRTY"


def stamp() -> dict[str, str]:
    """Where and when a record is made: ``machine``, ``commit`` and ``date`` (UTC) cells.

    Returns
    -------
    dict
        The three cells; ``commit`` is blank outside a git checkout.

    Raises
    ------
    InputError
        The package has uncommitted changes (unless ``ALLOW_DIRTY`` is set to 1).

    Examples
    --------
    >>> sorted(stamp())
    ['commit', 'date', 'machine']
    """
    from ..bench.machine import cpu_model, git_commit

    commit = git_commit() or ""
    if commit.endswith("+dirty") and os.environ.get(ALLOW_DIRTY) != "1":
        raise InputError("commit", f"the package has uncommitted changes ({commit}): a record "
                         "must name the code that produced it, so commit first (or run from a "
                         f"clean worktree; {ALLOW_DIRTY}=1 writes anyway, stamped +dirty, and "
                         "the suite refuses such rows)")
    return {"machine": f"{cpu_model()} ({os.cpu_count()} cores)",
            "commit": commit,
            "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def bound_source(res: Any) -> str:
    """Who proved a result's bound: the method, and the model's own ``stats["bound_from"]``
    when it names a part (e.g. ``ltgf-milp (fair floor)``).

    Parameters
    ----------
    res : Result
        A result with a bound.

    Returns
    -------
    str
        The ``bound_method`` cell.

    Examples
    --------
    >>> from dlsched.core.result import Result
    >>> bound_source(Result("ltgf", "ltgf-milp", "optimal", 1.0, 1.0,
    ...                     stats={"bound_from": "fair floor"}))
    'ltgf-milp (fair floor)'
    """
    part = res.stats.get("bound_from") if isinstance(res.stats, dict) else None
    return f"{res.method} ({part})" if isinstance(part, str) and part else res.method


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


def restate_bound(row: dict[str, Any], res: Any) -> dict[str, Any]:
    """The row with ``res.bound`` as its bound, whatever the old one (which no stored result
    proves), with its gap, status, method and stamp.

    Parameters
    ----------
    row : dict
        The index row.
    res : Result
        A validated exact result whose bound is on the right side of ``best_known``.

    Returns
    -------
    dict
        The new row.

    Raises
    ------
    InputError
        ``res.bound`` is on the wrong side of the best-known value.

    Examples
    --------
    >>> from dlsched.core.result import Result
    >>> row = {"best_known": "10.0", "bound": "10.0", "sense": "max"}
    >>> new = restate_bound(row, Result("oef", "m", "time_limit", 10.0, 10.5))
    >>> new["bound"], new["status"]
    ('10.5', 'open')
    """
    best = float(row["best_known"])
    if not bound_ok(row["sense"], best, float(res.bound)):
        raise InputError("bound", f"{res.bound} is on the wrong side of the best-known {best}")
    new = dict(row, bound=format_number(res.bound), bound_method=bound_source(res), **stamp())
    new.update(gap=format_number(relative_gap(best, float(res.bound))),
               status=status_of(best, float(res.bound)))
    return new


def reproduces(row: dict[str, str], res: Any, sense: str) -> bool:
    """Whether ``res`` reproduces the record: the same best-known value (within the library's
    tolerance) and a bound at least as tight.

    Parameters
    ----------
    row : dict
        The index row.
    res : Result
        A validated exact result.
    sense : str
        ``"min"`` or ``"max"``.

    Returns
    -------
    bool
        True when the run could replace the record without changing its values.

    Examples
    --------
    >>> from dlsched.core.result import Result
    >>> row = {"best_known": "10.0", "bound": "10.0"}
    >>> sol = {"allocation": [[1.0]]}
    >>> reproduces(row, Result("oef", "m", "optimal", 10.0, 10.0, solution=sol), "max")
    True
    >>> reproduces(row, Result("oef", "m", "time_limit", 10.0, 11.0, solution=sol), "max")
    False
    """
    if res.objective is None or res.solution is None:
        return False
    best = float(row["best_known"])
    if better(sense, best, float(res.objective)) or better(sense, float(res.objective), best):
        return False
    if not row.get("bound"):
        return True
    # a bound at least as tight: not beyond the stored one on the optimum's side
    return res.bound is not None and not better(sense, float(res.bound), float(row["bound"]))
