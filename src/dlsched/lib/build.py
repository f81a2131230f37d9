"""Build a set from generator calls: generate, solve exactly, validate, write files and index.

A generator call is recorded in the ``provenance`` column as executable Python,
``dlsched.generate('oef', n=6, k=3, seed=4, counts=[1, 1, 2])``; ``parse_call`` reads it back,
so ``scripts/build_lib.py`` rebuilds a set from its own index.
"""

from __future__ import annotations

import ast
import time
from pathlib import Path
from typing import Any

from ..core import PROBLEMS, InputError
from ..core.result import Status
from .load import offered_load
from .merge import bound_source, stamp
from .records import format_number, read_index, status_of, write_index


def call_text(problem: str, params: dict[str, Any]) -> str:
    """The provenance text of a generator call (executable after ``import dlsched``).

    Parameters
    ----------
    problem : str
        The problem's name.
    params : dict
        The generator's keyword arguments (literals only).

    Returns
    -------
    str
        ``dlsched.generate('PROBLEM', k=v, ...)``.

    Examples
    --------
    >>> call_text("oef", {"n": 6, "seed": 4, "monotone": True})
    "dlsched.generate('oef', n=6, seed=4, monotone=True)"
    """
    args = "".join(f", {k}={v!r}" for k, v in params.items())
    return f"dlsched.generate({problem!r}{args})"


def parse_call(text: str) -> tuple[str, dict[str, Any]]:
    """The problem and keyword arguments of a provenance text written by ``call_text``.

    Parameters
    ----------
    text : str
        ``dlsched.generate('PROBLEM', k=v, ...)`` with literal values.

    Returns
    -------
    tuple
        ``(problem, params)``.

    Raises
    ------
    InputError
        The text is not such a call (e.g. a trace slice, which is not rebuilt this way).

    Examples
    --------
    >>> parse_call("dlsched.generate('oef', n=6, seed=4)")
    ('oef', {'n': 6, 'seed': 4})
    """
    try:
        node = ast.parse(text.strip(), mode="eval").body
        ok = (isinstance(node, ast.Call) and ast.unparse(node.func) == "dlsched.generate"
              and len(node.args) == 1)
        if ok:
            problem = ast.literal_eval(node.args[0])
            params = {kw.arg: ast.literal_eval(kw.value) for kw in node.keywords}
            if isinstance(problem, str) and None not in params:
                return problem, params
    except (SyntaxError, ValueError):
        pass
    raise InputError("provenance", f"not a dlsched.generate(...) call: {text[:80]!r}")


def size_text(inst: Any) -> str:
    """The instance's size measures as one cell, ``key=value`` joined by ``;``.

    Parameters
    ----------
    inst : object
        A dlsched instance.

    Returns
    -------
    str
        E.g. ``users=6;types=3;rows=6``.

    Examples
    --------
    >>> import dlsched as ds
    >>> size_text(ds.generate("oef", n=2, k=2, seed=0))
    'users=2;types=2;rows=2'
    """
    size = PROBLEMS.get(inst.problem).size(inst)
    return ";".join(f"{k}={v}" for k, v in size.items())


def solve_record(inst: Any, model: str | None, time_limit: float, **solve_kw: Any) -> Any:
    """Solve ``inst`` exactly and validate the result (a result that fails ``ds.check`` or
    ends in error is refused).

    Parameters
    ----------
    inst : object
        The instance.
    model : str or None
        The exact model (``None``: the problem's default).
    time_limit : float
        Wall-clock limit of the solve. Unit: s. Range: (0, 1e6].
    **solve_kw
        Further keywords of ``dlsched.solve`` (e.g. ``threads``).

    Returns
    -------
    Result
        The validated result (status optimal, time_limit or infeasible).

    Raises
    ------
    InputError
        The solve failed or produced an invalid solution.

    Examples
    --------
    >>> import dlsched as ds
    >>> solve_record(ds.generate("oef", n=2, k=2, seed=0), None, 10).status.value
    'optimal'
    """
    from .. import api

    return checked_result(inst, api.solve(inst, model=model, time_limit=time_limit, **solve_kw))


def checked_result(inst: Any, res: Any) -> Any:
    """Refuse a result that ended in error or whose solution fails ``ds.check``.

    Parameters
    ----------
    inst : object
        The instance.
    res : Result
        A result for it (an exact solve, or a set's own ``solver``).

    Returns
    -------
    Result
        ``res``, checked.

    Raises
    ------
    InputError
        The run failed or produced an invalid solution.
    """
    from .. import api

    if res.status in (Status.ERROR, Status.UNBOUNDED):
        raise InputError(inst.name, f"{res.method} ended with status {res.status.value}: "
                                    f"{res.stats.get('error', '')}")
    if res.solution is not None and (why := api.check(inst, res)):
        raise InputError(inst.name, f"{res.method} returned an invalid solution: {why[0]}")
    return res


def make_row(rid: str, inst: Any, res: Any, provenance: str) -> dict[str, Any]:
    """The index row of a freshly solved instance (files named ``<rid>.json`` and
    ``<rid>.best.json``).

    Parameters
    ----------
    rid : str
        The instance id in its set.
    inst : object
        The instance.
    res : Result
        Its validated exact result (``solve_record``).
    provenance : str
        How the instance was made (``call_text`` or a trace slice).

    Returns
    -------
    dict
        The row, keys ``records.COLUMNS``.

    Examples
    --------
    >>> import dlsched as ds
    >>> inst = ds.generate("oef", n=2, k=2, seed=0)
    >>> row = make_row("a", inst, solve_record(inst, None, 10), "x")
    >>> row["status"], row["solution_file"]
    ('optimal', 'a.best.json')
    """
    sense = PROBLEMS.get(inst.problem).sense
    infeasible = res.status == Status.INFEASIBLE
    best = None if infeasible else res.objective
    bound = None if infeasible else res.bound
    from ..core.result import relative_gap

    return {
        "id": rid, "file": f"{rid}.json",
        "solution_file": "" if infeasible else f"{rid}.best.json",
        "size": size_text(inst), "offered_load": format_number(offered_load(inst)),
        "sense": sense, "best_known": format_number(best), "bound": format_number(bound),
        "gap": format_number(relative_gap(best, bound)),
        "status": "infeasible" if infeasible else status_of(best, bound),
        "method": res.method, "time_s": f"{res.runtime_s:.3f}", **stamp(),
        "provenance": provenance, "bound_method": "" if bound is None else bound_source(res),
    }


def _earlier_records(folder: Path) -> dict[str, tuple[dict[str, str], Any, Any, Any]]:
    """Provenance -> (row, instance, stored result, proof of its bound) of the folder's checked
    records (none when the folder has no index; an unreadable or tampered record is an error,
    not skipped)."""
    from .proof import proof_of
    from .records import INDEX, load_record

    if not (folder / INDEX).is_file():
        return {}
    out = {}
    for row in read_index(folder):
        inst, res = load_record(folder, row)
        proof = proof_of(folder, row)
        out[row["provenance"]] = (row, inst, res, None if proof is None else proof[1])
    return out


def _keep_better(row: dict[str, Any], inst: Any, res: Any,
                 earlier: tuple[dict[str, str], Any, Any, Any] | None
                 ) -> tuple[dict[str, Any], Any, Any]:
    """The row, solution and bound proof to store: the new ones, or the earlier record improved
    by the new result when it is the same instance (never a worse solution or a looser
    bound)."""
    from ..core.io import to_dict
    from .merge import apply_result

    keep = None if res.status == Status.INFEASIBLE else res
    if earlier is None or res.status == Status.INFEASIBLE:
        return row, keep, keep
    old_row, old_inst, old_res, old_proof = earlier
    if old_res is None or to_dict(old_inst) != to_dict(inst):
        return row, keep, keep
    base = {**old_row, "id": row["id"], "file": row["file"],
            "solution_file": row["solution_file"], "size": row["size"],
            "offered_load": row["offered_load"]}
    merged, changed = apply_result(base, res, PROBLEMS.get(inst.problem).sense)
    return (merged, res if "best_known" in changed else old_res,
            res if "bound" in changed or old_proof is None else old_proof)


def _write_record(folder: Path, row: dict[str, Any], name: str, column: str, text: str) -> None:
    """Write a record file in the form ``records.record_file`` chooses (plain or gzip) and name
    it in the row's ``column``."""
    from ..core.io import atomic_write_bytes, atomic_write_text, gzip_bytes, is_gzip
    from .records import record_file

    row[column] = record_file(folder, name, text)
    if is_gzip(row[column]):
        atomic_write_bytes(folder / row[column], gzip_bytes(text.encode("utf-8")))
    else:
        atomic_write_text(folder / row[column], text)


def build_set(problem: str, name: str, calls: list[dict[str, Any] | tuple[Any, str]], *,
              model: str | None = None, time_limit: float = 60.0,
              root: str | Path | None = None, count: int | None = None,
              skip_infeasible: bool = False, params: dict[str, Any] | None = None,
              progress: Any = None, solver: Any = None) -> list[dict[str, Any]]:
    """Create (or replace) the set ``problem/name`` from generator calls.

    Each call is generated, solved by the exact ``model`` to optimality or ``time_limit``,
    validated, and written as ``<id>.json`` + ``<id>.best.json``; the index is rewritten
    atomically after each instance, so a long build (paper, large sets) keeps what it solved.
    An instance stopped by the time limit is stored as ``open`` with its bound and gap
    (``lib improve`` continues it later). Rebuilding a set never loses a record: when the
    folder already holds a checked record of the same instance (same provenance, same file
    content), the new row keeps the better solution and the tighter bound of the two
    (``improve.apply_result``), with the stamp of the run that found each.

    Parameters
    ----------
    problem : str
        The problem's name.
    name : str
        The set's name (``small``, ``paper``, ``large``, ...).
    calls : list of dict or tuple
        One item per instance: a dict is the generator's keyword arguments (seed included);
        a pair ``(instance, provenance)`` is a ready instance, e.g. a trace slice, with the text
        saying where it comes from (``instances/ltgf/philly-2weeks-64n.json, jobs 0-199``).
    model : str or None, default None
        The exact model (``None``: the problem's default).
    time_limit : float, default 60.0
        Wall-clock limit of each solve. Unit: s. Range: (0, 1e6].
    root : str or Path or None, default None
        The library root (``None``: ``records.default_root()``, i.e. ``$DLSCHED_LIB`` or the
        packaged library).
    count : int or None, default None
        Keep this many instances (default: all calls); with ``skip_infeasible``, ``calls``
        are candidates tried in order. Unit: instances. Range: 1..10000.
    skip_infeasible : bool, default False
        Leave out a call whose instance the model proves infeasible (else it is stored with
        status ``infeasible``).
    params : dict or None, default None
        Keyword arguments of every solve (part of the set's definition, recorded in
        ``set.json`` by ``scripts/build_lib.py``; e.g. ``{"horizon": "extended"}``).
    progress : callable or None, default None
        Called with each finished row (e.g. to print it).
    solver : callable or None, default None
        ``solver(inst) -> Result`` used instead of the exact ``model``, for sets beyond any
        exact model's reach (paper-scale sets): e.g. the best validated heuristic with a
        bound computed without a solve. Its result is checked like an exact one, and its
        ``bound`` must be valid for the set's statement (say how in ``stats["bound_from"]``).

    Returns
    -------
    list of dict
        The rows written.

    Raises
    ------
    InputError
        A call is refused by the generator, or a solve fails.

    Examples
    --------
    >>> import tempfile
    >>> rows = build_set("oef", "demo", [{"n": 2, "k": 2, "seed": 0}], root=tempfile.mkdtemp())
    >>> rows[0]["id"], rows[0]["status"]
    ('demo-01', 'optimal')
    """
    from .. import api
    from ..core.io import dumps
    from .proof import save_proof
    from .records import default_root

    stamp()  # refuse a dirty tree before any solve, not after it
    folder = Path(root if root is not None else default_root()) / problem / name
    folder.mkdir(parents=True, exist_ok=True)
    earlier = _earlier_records(folder)  # read before any file is overwritten
    count = len(calls) if count is None else count
    rows: list[dict[str, Any]] = []
    for item in calls:
        if len(rows) == count:
            break
        rid = f"{name}-{len(rows) + 1:02d}"
        if isinstance(item, dict):
            inst, prov = api.generate(problem, **item), call_text(problem, item)
        else:
            inst, prov = item
            if getattr(inst, "problem", None) != problem:
                raise InputError("calls", f"{prov!r} is not a {problem} instance")
        t0 = time.perf_counter()
        res = (checked_result(inst, solver(inst)) if solver is not None
               else solve_record(inst, model, time_limit, **(params or {})))
        res.stats.setdefault("wall_s", round(time.perf_counter() - t0, 3))
        if skip_infeasible and res.status == Status.INFEASIBLE:
            if progress is not None:
                progress({"id": "-", "status": "skipped (infeasible)", "best_known": "",
                          "bound": "", "offered_load": "", "time_s": f"{res.runtime_s:.3f}",
                          "provenance": prov})
            continue
        if res.solution is None and res.status != Status.INFEASIBLE:
            raise InputError(prov, f"{res.method} found no solution within {time_limit} s "
                                   f"(status {res.status.value}): give it more time")
        row, best, proof = _keep_better(make_row(rid, inst, res, prov), inst, res,
                                        earlier.get(prov))
        _write_record(folder, row, f"{rid}.json", "file", dumps(inst))
        if best is not None:
            _write_record(folder, row, f"{rid}.best.json", "solution_file", dumps(best))
        if proof is not None and row.get("bound"):
            save_proof(folder, row, proof)
        rows.append(row)
        write_index(folder, rows)  # after every instance: a long build keeps what it solved
        if progress is not None:
            progress(rows[-1])
    if len(rows) < count:
        raise InputError("calls", f"only {len(rows)} of {count} instances kept")
    write_index(folder, rows)
    read_index(folder)
    return rows
