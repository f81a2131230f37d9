"""OJPP solutions: the typed frozen ``Solution`` every OJPP method returns.

JSON shape (unchanged, what ``validate.check`` reads)::

    {"devices": [{"<job>": count, ...}, ...], "used": <number of devices>}

plus ``"objective_kind": "max_slowdown"`` on ``ojpap-exact``'s re-placements; any other key is
kept in ``Solution.extra`` so a result file round-trips exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import InputError
from ..core.solution import FrozenDict, freeze
from ..core.solution import Solution as _Base
from .instance import OJPPInstance

_KNOWN = ("devices", "used", "objective_kind")


def _check_count(value: Any, path: str) -> None:
    """A worker count is a non-negative integer (an integral float, as the validator reads it,
    is accepted and kept as given so that ``to_json`` returns the input)."""
    integral = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not integral or value < 0:
        raise InputError(path, "count must be a non-negative integer")


@dataclass(frozen=True, eq=False)
class Solution(_Base):
    """A placement: per device, the worker count of each job on it (device order as given).

    Frozen; every OJPP method returns one in ``Result.solution``. Build it with
    ``make_solution`` (from a count matrix) or ``Solution.from_json``; ``to_json`` gives the
    JSON the validator reads (``from_json(d).to_json() == d``).

    Parameters
    ----------
    devices : tuple of Mapping
        One read-only mapping {job name: worker count} per listed device.
    used : int
        Number of devices used, as the method reports it. Unit: devices.
    objective_kind : str or None, default None
        ``'max_slowdown'`` for ``ojpap-exact`` (the OJPAP objective); None: devices used.
    extra : Mapping, default {}
        Keys of the JSON this class does not model, kept verbatim.

    Examples
    --------
    >>> from dlsched.ojpp.solution import Solution
    >>> sol = Solution.from_json({"devices": [{"A": 2}, {"B": 1, "C": 1}], "used": 2})
    >>> sol.used, dict(sol.devices[1])
    (2, {'B': 1, 'C': 1})
    >>> sol.to_json()
    {'devices': [{'A': 2}, {'B': 1, 'C': 1}], 'used': 2}
    """

    #: One read-only mapping {job name: worker count} per listed device (empty devices allowed).
    devices: tuple[Mapping[str, int], ...]
    #: Number of devices used (non-empty devices) as the method reports it.
    used: int
    #: ``"max_slowdown"`` for ``ojpap-exact`` (the OJPAP objective); ``None``: devices used.
    objective_kind: str | None = None
    #: Keys of the JSON this class does not model, kept verbatim.
    extra: Mapping[str, Any] = field(default_factory=FrozenDict)

    def to_json(self) -> dict[str, Any]:
        """A fresh JSON dict: ``devices``, ``used``, ``objective_kind`` when set, ``extra``.

        Returns
        -------
        dict
            The JSON object.

        Examples
        --------
        >>> from dlsched.ojpp.solution import Solution
        >>> Solution(({"A": 1},), 1, "max_slowdown").to_json()
        {'devices': [{'A': 1}], 'used': 1, 'objective_kind': 'max_slowdown'}
        """
        out: dict[str, Any] = {
            "devices": [dict(dev) for dev in self.devices],
            "used": self.used,
        }
        if self.objective_kind is not None:
            out["objective_kind"] = self.objective_kind
        for key, value in self.extra.items():
            out[key] = _thaw(value)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Solution:
        """The typed solution of a JSON dict.

        Parameters
        ----------
        data : Mapping
            ``{"devices": [{job: count}, ...], "used": n}`` and optionally
            ``objective_kind``; other keys are kept in ``extra``.

        Returns
        -------
        Solution
            The typed solution (counts kept as given).

        Raises
        ------
        InputError
            A missing or malformed field, named by its path (e.g. ``devices[0].A``).

        Examples
        --------
        >>> from dlsched.ojpp.solution import Solution
        >>> Solution.from_json({"devices": [{"A": -1}], "used": 1})
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: devices[0].A: count must be a non-negative integer
        """
        if not isinstance(data, Mapping):
            raise InputError("solution", "expected a JSON object")
        devices = data.get("devices")
        if not isinstance(devices, (list, tuple)):
            raise InputError("devices", "missing or not a list")
        devs: list[FrozenDict] = []
        for k, dev in enumerate(devices):
            if not isinstance(dev, Mapping):
                raise InputError(f"devices[{k}]", "expected an object mapping job names to counts")
            for name, c in dev.items():
                if not isinstance(name, str):
                    raise InputError(f"devices[{k}]", f"job name {name!r} is not a string")
                _check_count(c, f"devices[{k}].{name}")
            devs.append(FrozenDict(dev))
        if "used" not in data:
            raise InputError("used", "missing")
        used = data["used"]
        if isinstance(used, bool) or not isinstance(used, int) or used < 0:
            raise InputError("used", "must be a non-negative integer")
        kind = data.get("objective_kind")
        if kind is not None and not isinstance(kind, str):
            raise InputError("objective_kind", "must be a string")
        # an explicit ``"objective_kind": null`` is not a kind: kept verbatim in ``extra``
        extra = {k: freeze(v) for k, v in data.items()
                 if k not in _KNOWN or (k == "objective_kind" and v is None)}
        return cls(tuple(devs), used, kind, FrozenDict(extra))


def _thaw(value: Any) -> Any:
    """A mutable deep copy of a frozen JSON value."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(v) for v in value]
    return value


def make_solution(inst: OJPPInstance, Y: np.ndarray | list[dict[int, int]],
                  keep_empty: bool = False, **extra: Any) -> Solution:
    """The typed solution of a placement: what a plugin returns in its Result.

    Parameters
    ----------
    inst : OJPPInstance
        The instance (job names come from it).
    Y : numpy.ndarray or list of dict
        Worker counts: a matrix (devices x jobs, columns in the order of ``inst.jobs``) or one
        {job index: count} per device. Empty devices are dropped. Unit: workers.
    keep_empty : bool, default False
        Keep empty devices in the list, so that position k stays device k (OJPAP counts
        migrations per reference device).
    **extra
        Further solution keys (e.g. ``objective_kind='max_slowdown'``).

    Returns
    -------
    Solution
        ``{"devices": [{job name: count}, ...], "used": <non-empty devices>, **extra}``.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.ojpp.paper import golden_o1
    >>> inst = golden_o1()  # jobs A (2 workers), B (3), C (2); optimum 5 devices
    >>> sol = make_solution(inst, np.array([[0, 0, 2], [2, 0, 0], [0, 3, 0]]))
    >>> sol.to_json()
    {'devices': [{'C': 2}, {'A': 2}, {'B': 3}], 'used': 3}
    >>> make_solution(inst, [{0: 1, 2: 1}, {}]).used
    1
    """
    names = [j.name for j in inst.jobs]
    devices: list[dict[str, int]] = []
    if isinstance(Y, np.ndarray):
        rows = [{int(i): int(c) for i, c in enumerate(row) if c > 0} for row in np.rint(Y)]
    else:
        rows = [{int(i): int(c) for i, c in row.items() if c > 0} for row in Y]
    for row in rows:
        if row or keep_empty:
            devices.append({names[i]: c for i, c in sorted(row.items())})
    used = sum(1 for d in devices if d)
    return Solution.from_json({"devices": devices, "used": used, **extra})


def counts(inst: OJPPInstance, solution: Mapping[str, Any]) -> np.ndarray:
    """Count matrix (used devices x jobs) of a solution (typed or its JSON).

    Parameters
    ----------
    inst : OJPPInstance
        The instance (column order = ``inst.jobs``).
    solution : Mapping
        A solution with ``devices``.

    Returns
    -------
    numpy.ndarray
        Integer worker counts, shape (non-empty devices, jobs). Unit: workers.

    Examples
    --------
    >>> from dlsched.ojpp.paper import golden_o1
    >>> inst = golden_o1()  # jobs A (2 workers), B (3), C (2); optimum 5 devices
    >>> counts(inst, {"devices": [{"A": 2, "C": 1}, {}, {"B": 3}], "used": 2}).tolist()
    [[2, 0, 1], [0, 3, 0]]
    """
    index = {j.name: i for i, j in enumerate(inst.jobs)}
    devs = [d for d in solution["devices"] if any(d.values())]
    Y = np.zeros((len(devs), inst.n_jobs), dtype=int)
    for k, dev in enumerate(devs):
        for name, c in dev.items():
            Y[k, index[name]] += int(c)
    return Y


def initial_json(initial: Any) -> dict[str, Any]:
    """The JSON dict of a method's ``initial`` placement (a typed ``Solution`` or its JSON;
    the ``Solution`` annotation lets the typed value past the generic parameter check).

    Parameters
    ----------
    initial : Solution or dict
        The placement.

    Returns
    -------
    dict
        Its JSON.

    Raises
    ------
    InputError
        ``initial`` is neither a ``Solution`` nor a dict.

    Examples
    --------
    >>> initial_json({"devices": [{"A": 1}], "used": 1})
    {'devices': [{'A': 1}], 'used': 1}
    """
    if isinstance(initial, Solution):
        return initial.to_json()
    if not isinstance(initial, dict):
        raise InputError("initial", f"expected a table or null, got {type(initial).__name__}")
    return initial


def checked(inst: OJPPInstance, status: Any, solution: Mapping[str, Any] | None,
            stats: dict) -> Any:
    """DESIGN.md 'do not trust one solver run': re-check an exact model's rounded solution with
    the independent validator; a violating solution turns the status into ``error``."""
    from ..core import Status
    from ..core.solution import as_json
    from .validate import check

    if solution is None:
        return status
    violations = check(inst, as_json(solution))
    if violations:
        stats["violations"] = violations
        return Status.ERROR
    return status
