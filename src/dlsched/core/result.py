"""One Result type for exact models and algorithms alike."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from typing import Any

from .solution import as_json


class Status(str, Enum):
    """Outcome of a method. ``time_limit`` means: stopped early, objective is the incumbent.

    Examples
    --------
    >>> Status("time_limit").has_solution, Status.INFEASIBLE.has_solution
    (True, False)
    """

    OPTIMAL = "optimal"
    FEASIBLE = "feasible"
    INFEASIBLE = "infeasible"
    UNBOUNDED = "unbounded"
    TIME_LIMIT = "time_limit"
    ERROR = "error"

    @property
    def has_solution(self) -> bool:
        """Whether a method with this status produced a solution (optimal, feasible or time limit).

        Examples
        --------
        >>> Status.TIME_LIMIT.has_solution
        True
        """
        return self in (Status.OPTIMAL, Status.FEASIBLE, Status.TIME_LIMIT)


def relative_gap(objective: float | None, bound: float | None) -> float | None:
    """Relative gap ``|objective - bound| / max(|objective|, 1e-10)``.

    Parameters
    ----------
    objective : float or None
        The incumbent's objective value.
    bound : float or None
        A proven bound on the optimum.

    Returns
    -------
    float or None
        The gap (``inf`` when either is infinite); ``None`` when either is unknown.

    Examples
    --------
    >>> relative_gap(8.0, 10.0)
    0.25
    >>> relative_gap(8.0, None) is None
    True
    """
    if objective is None or bound is None:
        return None
    if not (math.isfinite(objective) and math.isfinite(bound)):
        return math.inf
    return abs(bound - objective) / max(abs(objective), 1e-10)


@dataclass
class Result:
    """What every method returns, exact model or algorithm.

    Parameters
    ----------
    problem : str
        The problem's name (``"oef"``, ...).
    method : str
        The method's registered name.
    status : Status
        The outcome (a ``Status`` or its value, e.g. ``"optimal"``).
    objective : float or None, default None
        The method's objective value (recomputed from the solution for heuristics).
    bound : float or None, default None
        A proven bound on the optimum (exact methods only).
    gap : float or None, default None
        Relative gap of ``objective`` and ``bound``; computed from them when not given.
    runtime_s : float, default 0.0
        Total wall time including the build, in seconds.
    build_s : float, default 0.0
        Model-building time, in seconds.
    solution : Mapping or None, default None
        The problem's typed frozen Solution (it also reads as its JSON mapping); a plug-in may
        return a plain dict, which the registry types.
    stats : dict, default {}
        Method-specific statistics (solver log figures, modes, errors).

    Examples
    --------
    >>> res = Result("oef", "demo", "feasible", objective=8.0, bound=10.0)
    >>> res.status, res.gap, res.ok
    (<Status.FEASIBLE: 'feasible'>, 0.25, False)
    """

    problem: str
    method: str
    status: Status
    objective: float | None = None
    bound: float | None = None
    gap: float | None = None
    runtime_s: float = 0.0
    build_s: float = 0.0
    #: The problem's typed frozen Solution (see ``dlsched.core.solution``); it also reads
    #: as its JSON mapping. A plug-in may return a plain dict: the registry types it.
    solution: Mapping[str, Any] | None = None
    stats: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.status = Status(self.status)
        if self.gap is None:
            self.gap = relative_gap(self.objective, self.bound)

    @property
    def ok(self) -> bool:
        """True when the method produced a usable solution (its status has one, and it is there).

        Examples
        --------
        >>> Result("oef", "m", "optimal").ok
        False
        """
        return self.status.has_solution and self.solution is not None

    def to_dict(self) -> dict[str, Any]:
        """The Result as a JSON-ready dict (``kind: result``; the solution in its JSON form).

        Returns
        -------
        dict
            Every field, the status as its value.

        Examples
        --------
        >>> Result("oef", "m", "optimal", objective=1.0).to_dict()["status"]
        'optimal'
        """
        data = asdict(replace(self, solution=None))
        data["solution"] = as_json(self.solution)
        data["status"] = self.status.value
        return {"kind": "result", **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        """The Result of a dict made by ``to_dict`` (``kind`` and ``schema_version`` are ignored).

        Parameters
        ----------
        data : dict
            The JSON form.

        Returns
        -------
        Result
            The Result (its solution a plain dict; ``dlsched.core.io.from_dict`` types it).

        Examples
        --------
        >>> Result.from_dict(Result("oef", "m", "optimal", objective=1.0).to_dict()).objective
        1.0
        """
        data = {k: v for k, v in data.items() if k not in ("kind", "schema_version")}
        return cls(**data)

    @property
    def verdict(self) -> dict[str, Any] | None:
        """The validator's verdict when ``ds.run`` / ``ds.solve`` checked the result:
        ``{"valid", "count", "violations"}`` (the first five), else ``None``.

        Examples
        --------
        >>> Result("oef", "m", "feasible").verdict is None
        True
        """
        return self.stats.get("check") if isinstance(self.stats, dict) else None

    def summary(self) -> str:
        """One human line: method, status, objective, bound and gap (when not optimal), times.

        Returns
        -------
        str
            The line.

        Examples
        --------
        >>> Result("oef", "m", "feasible", objective=8.0, bound=10.0, runtime_s=0.5).summary()
        'oef/m: feasible  objective=8  bound=10  gap=25.000%  time=0.500s (build 0.000s)'
        """
        invalid = self.verdict is not None and not self.verdict["valid"]
        state = f"INVALID (status {self.status.value})" if invalid else self.status.value
        parts = [f"{self.problem}/{self.method}: {state}"]
        if self.objective is not None:
            parts.append(f"objective={self.objective:.6g}")
        if self.bound is not None and self.status is not Status.OPTIMAL:
            parts.append(f"bound={self.bound:.6g}")
        if self.gap is not None and self.status is not Status.OPTIMAL:
            parts.append(f"gap={self.gap:.3%}")
        parts.append(f"time={self.runtime_s:.3f}s (build {self.build_s:.3f}s)")
        if invalid:
            parts.append(f"\n{self.verdict['count']} violation(s), first: "
                         + "; ".join(self.verdict["violations"][:3]))
        return "  ".join(parts)
