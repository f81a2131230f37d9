"""Score an algorithm on a library set against the stored values, re-solving nothing.

Ratio convention: every ratio is oriented so that 1 is the reference and **>= 1 is worse**,
whatever the sense. For a minimisation, ``ratio = objective / reference``; for a maximisation,
``ratio = reference / objective``. The reference is the stored best-known value
(``ratio_best``) or the stored bound (``ratio_bound``, >= ``ratio_best`` when the bound is
valid). A solution that fails validation is reported as ``invalid`` with the violated
constraint of the set's statement (``dlsched.lib.statement``) and enters no ratio or mean. A
validated solution can never beat the stored bound, since the validator, the bound and the
exact model state one problem; if one ever does, the row is an ``error`` naming the record as
wrong (``tests/lib/test_bounds_unbeaten.py`` tries to make that happen on every commit).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import PROBLEMS, InputError
from ..core.errors import crash_message
from .records import load_record, read_index


def ratio(sense: str, value: float, reference: float) -> float:
    """The oriented ratio of ``value`` to ``reference`` (>= 1 worse; module docstring).

    Parameters
    ----------
    sense : str
        ``"min"`` or ``"max"``.
    value : float
        The algorithm's objective.
    reference : float
        The best-known value or the bound.

    Returns
    -------
    float
        ``value / reference`` (min) or ``reference / value`` (max); 1.0 when both are equal,
        ``inf`` when the denominator is 0 and the numerator is not. Unit: dimensionless.

    Examples
    --------
    >>> ratio("min", 12.0, 10.0), ratio("max", 8.0, 10.0), ratio("max", 0.0, 0.0)
    (1.2, 1.25, 1.0)
    """
    num, den = (value, reference) if sense == "min" else (reference, value)
    if num == den:
        return 1.0
    if den == 0:
        return math.inf
    return num / den


def geomean(values: list[float]) -> float | None:
    """The geometric mean of positive ratios (``None`` for none; ``inf`` if one is infinite).

    Parameters
    ----------
    values : list of float
        The ratios.

    Returns
    -------
    float or None
        ``exp(mean(log v))``.

    Examples
    --------
    >>> round(geomean([1.0, 4.0]), 12), geomean([])
    (2.0, None)
    """
    vals = [v for v in values if v is not None]
    if not vals:
        return None
    if any(math.isinf(v) for v in vals):
        return math.inf
    if any(v <= 0 for v in vals):
        return None
    return math.exp(sum(math.log(v) for v in vals) / len(vals))


#: relative slack before an objective counts as beyond the certified bound (solver tolerances)
BEYOND_BOUND = 1e-6


@dataclass
class Score:
    """An algorithm's scores on one set.

    Parameters
    ----------
    set : str
        The set's name (``problem/set``).
    algorithm : str
        The algorithm's registered name.
    rows : list of dict
        Per instance: ``id``, ``status`` (``valid``, ``invalid``: breaks the set's statement,
        ``error``: the run raised, or a validated objective beats the stored bound, i.e. the
        record is wrong), ``objective``,
        ``best_known``, ``bound``, ``ratio_best``, ``ratio_bound``, ``time_s``, ``message``.

    Examples
    --------
    >>> sc = Score("oef/small", "demo", [{"status": "valid", "ratio_best": 2.0,
    ...                                   "ratio_bound": 2.0}])
    >>> sc.geomean_best, sc.invalid
    (2.0, 0)
    """

    set: str
    algorithm: str
    rows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def geomean_best(self) -> float | None:
        """Geometric mean of ``ratio_best`` over the valid instances.

        Returns
        -------
        float or None
            None when no instance is valid.

        Examples
        --------
        >>> Score("oef/small", "demo", [
        ...     {"status": "valid", "ratio_best": 2.0, "ratio_bound": 2.0},
        ...     {"status": "valid", "ratio_best": 8.0, "ratio_bound": None},
        ...     {"status": "invalid", "ratio_best": None, "ratio_bound": None}]).geomean_best
        4.0
        """
        return geomean([r["ratio_best"] for r in self.rows if r["status"] == "valid"])

    @property
    def geomean_bound(self) -> float | None:
        """Geometric mean of ``ratio_bound`` over the valid instances with a bound.

        Returns
        -------
        float or None
            None when no valid instance has a bound.

        Examples
        --------
        >>> Score("oef/small", "demo", [
        ...     {"status": "valid", "ratio_best": 2.0, "ratio_bound": 2.0},
        ...     {"status": "valid", "ratio_best": 8.0, "ratio_bound": None},
        ...     {"status": "invalid", "ratio_best": None, "ratio_bound": None}]).geomean_bound
        2.0
        """
        return geomean([r["ratio_bound"] for r in self.rows
                        if r["status"] == "valid" and r["ratio_bound"] is not None])

    @property
    def invalid(self) -> int:
        """Instances whose solution failed validation or whose run raised.

        Returns
        -------
        int
            The number of rows whose status is not ``valid``.

        Examples
        --------
        >>> Score("oef/small", "demo", [
        ...     {"status": "valid", "ratio_best": 2.0, "ratio_bound": 2.0},
        ...     {"status": "valid", "ratio_best": 8.0, "ratio_bound": None},
        ...     {"status": "invalid", "ratio_best": None, "ratio_bound": None}]).invalid
        1
        """
        return sum(r["status"] != "valid" for r in self.rows)

    def as_dict(self) -> dict[str, Any]:
        """The scores as JSON-ready data (rows + the geometric means).

        Returns
        -------
        dict
            ``set``, ``algorithm``, ``rows``, ``geomean_ratio_best``, ``geomean_ratio_bound``,
            ``invalid`` and the ratio ``convention``.

        Examples
        --------
        >>> Score("oef/small", "demo").as_dict()["invalid"]
        0
        """
        return {"set": self.set, "algorithm": self.algorithm, "rows": self.rows,
                "geomean_ratio_best": self.geomean_best,
                "geomean_ratio_bound": self.geomean_bound, "invalid": self.invalid,
                "convention": "ratio >= 1 is worse: objective/reference (min), "
                              "reference/objective (max)"}


def score_set(folder: str | Path, algorithm: str, params: dict[str, Any] | None = None,
              name: str | None = None) -> Score:
    """Run ``algorithm`` on every feasible instance of a set and compare it with the records.

    Parameters
    ----------
    folder : str or Path
        The set's folder (``records.set_dir``).
    algorithm : str
        A registered algorithm of the set's problem (a plug-in's too, once imported).
    params : dict or None, default None
        The algorithm's parameters.
    name : str or None, default None
        The set's display name (default: ``problem/set`` from the folder).

    Returns
    -------
    Score
        Per-instance rows and geometric means (module docstring for the ratio convention).

    Raises
    ------
    InputError
        A stored record is invalid, or the algorithm or a parameter is unknown.

    Examples
    --------
    >>> from dlsched.lib.records import set_dir
    >>> sc = score_set(set_dir("oef/small"), "max-min")
    >>> sc.invalid, sc.geomean_best >= 1.0
    (0, True)
    """
    from .. import api
    from ..core import ALGORITHMS
    from ..core import inputs as _inputs

    folder = Path(folder)
    out = Score(name or f"{folder.parent.name}/{folder.name}", algorithm)
    params = dict(params or {})
    problem = folder.parent.name
    if problem in PROBLEMS:  # an unknown algorithm or parameter stops before any run
        method = ALGORITHMS.get(algorithm, "algorithm", problem=problem)
        params = _inputs.check_params(method.run, params, f"algorithm {algorithm!r}",
                                      prefix="", ranges_key=f"{problem}/{algorithm}")
    for row in read_index(folder):
        if row["status"] == "infeasible":
            continue
        inst, _ = load_record(folder, row)
        best = float(row["best_known"])
        bound = float(row["bound"]) if row["bound"] else None
        entry: dict[str, Any] = {"id": row["id"], "status": "valid", "objective": None,
                                 "best_known": best, "bound": bound, "ratio_best": None,
                                 "ratio_bound": None, "time_s": None, "message": ""}
        t0 = time.perf_counter()
        try:
            res = api.run(inst, algorithm, verify=False, **params)  # checked below
        except InputError as exc:
            # name and parameters were checked up front: the algorithm refuses this instance
            # (e.g. a rule it needs is absent), which is a row, not a stop
            entry.update(status="error", message=f"refused: {exc}"[:200])
            out.rows.append(entry)
            continue
        except Exception as exc:  # a crashing algorithm is a result, not a stop
            entry.update(status="error", message=crash_message(exc))
            out.rows.append(entry)
            continue
        entry["time_s"] = round(time.perf_counter() - t0, 4)
        violations = api.check(inst, res)
        if violations or res.objective is None:
            entry.update(status="invalid", objective=res.objective,
                         message=(violations or ["no objective"])[0][:200])
            out.rows.append(entry)
            continue
        sense = row["sense"]
        entry["objective"] = float(res.objective)
        if bound is not None and ratio(sense, entry["objective"], bound) < 1.0 - BEYOND_BOUND:
            # the validator accepted it under the set's statement, so the stored bound is wrong
            entry.update(status="error",
                         message=f"LIBRARY RECORD WRONG: the validated objective "
                                 f"{entry['objective']:.10g} beats the stored bound {bound:.10g} "
                                 "(please report it with this solution)")
            out.rows.append(entry)
            continue
        entry["ratio_best"] = ratio(sense, entry["objective"], best)
        if bound is not None:
            entry["ratio_bound"] = ratio(sense, entry["objective"], bound)
        out.rows.append(entry)
    return out
