"""Solution format shared by every method: the typed frozen ``Solution`` and its JSON.

A solution is ``{"jobs": {job: {"start", "duration", "worker_type", "workers", "ps_type",
"ps"}}, "objective": sum_j w_j (start_j + duration_j), "capped": bool}``; ``workers`` and
``ps`` map server names to counts (zeros omitted); ``ps_type`` and ``ps`` are absent under
Ring-AllReduce. A preemptive baseline's job carries its run ``segments`` (``start``, ``end``,
``stall``, ``workers``, ``ps``), valid only on an instance with ``preemption`` true.

Information only (the validator reads every rule from the instance, issue #32): ``capped``
(whether the method kept the schedule within the horizon; whether it must is the instance's
``horizon_hard``), ``earliest_start`` per job (A_online: the round's tau_i), and the batch
problem (7)'s ``accepted_weight`` and ``deadline`` (its schedules are judged by
``dlsched.completion.batch.check_batch``, never by the completion validator).

``Solution`` holds this JSON as typed fields; ``Solution.from_json(d).to_json() == d``
for every method's output (keys it does not know are kept in ``extra``). Methods build index
plans (``JobPlan``) and call ``make_solution``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import InputError
from ..core.solution import Solution as BaseSolution
from .instance import CompletionInstance

_RECORD_KEYS = ("start", "duration", "worker_type", "workers", "ps_type", "ps", "segments")
_SEGMENT_KEYS = ("start", "end", "stall", "workers", "ps")
_TOP_KEYS = ("jobs", "objective", "capped", "earliest_start", "accepted_weight", "deadline")


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(where, "must be a mapping")
    return value


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InputError(where, f"must be an integer, got {value!r}")
    return int(value)


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InputError(where, f"must be a number, got {value!r}")
    return value.item() if isinstance(value, np.generic) else value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InputError(where, f"must be a string, got {value!r}")
    return value


def _counts(value: Any, where: str) -> dict[str, int]:
    """A server name -> count mapping."""
    return {_str(h, f"{where} key"): _int(c, f"{where}.{h}")
            for h, c in _mapping(value, where).items()}


def _extra(data: Mapping[str, Any], known: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in known}


@dataclass(frozen=True)
class Segment:
    """One run of a preempted job: slots [start, end), the first ``stall`` without progress.

    Parameters
    ----------
    start : int
        First slot of the run. Unit: slots.
    end : int
        Slot after the last slot of the run. Unit: slots.
    workers : dict of str to int
        Server name -> number of workers in this run.
    stall : int or None, default None
        Slots at the start of the run without progress (resume or rescale penalty).
        Unit: slots.
    ps : dict of str to int or None, default None
        Server name -> number of parameter servers (PS architecture only).
    extra : dict, default {}
        JSON keys this type does not know, kept as they are.

    Examples
    --------
    >>> Segment.from_json({"start": 1, "end": 3, "workers": {"h1": 2}}, "seg").to_json()
    {'start': 1, 'end': 3, 'workers': {'h1': 2}}
    """

    start: int
    end: int
    workers: dict[str, int]
    stall: int | None = None
    ps: dict[str, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start": self.start, "end": self.end}
        if self.stall is not None:
            out["stall"] = self.stall
        out["workers"] = dict(self.workers)
        if self.ps is not None:
            out["ps"] = dict(self.ps)
        return {**out, **self.extra}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Segment:
        data = _mapping(data, where)
        for key in ("start", "end", "workers"):
            if key not in data:
                raise InputError(f"{where}.{key}", "missing required field")
        return cls(
            start=_int(data["start"], f"{where}.start"), end=_int(data["end"], f"{where}.end"),
            workers=_counts(data["workers"], f"{where}.workers"),
            stall=_int(data["stall"], f"{where}.stall") if "stall" in data else None,
            ps=_counts(data["ps"], f"{where}.ps") if "ps" in data else None,
            extra=_extra(data, _SEGMENT_KEYS))


@dataclass(frozen=True)
class JobRecord:
    """One job's schedule in a completion ``Solution``.

    The job runs slots start .. start + duration - 1 and completes at C_j = start + duration
    (the objective's C_j).

    Parameters
    ----------
    start : int
        First slot of the job (>= its arrival). Unit: slots.
    duration : int
        Number of slots from its start to its completion. Unit: slots.
    worker_type : str
        Name of the worker type of all its workers.
    workers : dict of str to int
        Server name -> number of workers (zeros omitted).
    ps_type : str or None, default None
        Name of the parameter-server type (PS architecture only).
    ps : dict of str to int or None, default None
        Server name -> number of parameter servers (PS architecture only).
    segments : tuple of Segment or None, default None
        The runs of a preempted job (preemptive baselines only).
    extra : dict, default {}
        JSON keys this type does not know, kept as they are.

    Examples
    --------
    >>> rec = JobRecord.from_json({"start": 1, "duration": 2, "worker_type": "m1",
    ...                            "workers": {"h1": 2}}, "jobs.j1")
    >>> rec.completion
    3
    """

    start: int
    duration: int
    worker_type: str
    workers: dict[str, int]
    ps_type: str | None = None
    ps: dict[str, int] | None = None
    segments: tuple[Segment, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def completion(self) -> int:
        return self.start + self.duration

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start": self.start, "duration": self.duration,
                               "worker_type": self.worker_type, "workers": dict(self.workers)}
        if self.ps_type is not None:
            out["ps_type"] = self.ps_type
        if self.ps is not None:
            out["ps"] = dict(self.ps)
        if self.segments is not None:
            out["segments"] = [s.to_json() for s in self.segments]
        return {**out, **self.extra}

    @classmethod
    def from_json(cls, data: Any, where: str) -> JobRecord:
        data = _mapping(data, where)
        for key in ("start", "duration", "worker_type", "workers"):
            if key not in data:
                raise InputError(f"{where}.{key}", "missing required field")
        segments = None
        if "segments" in data:
            segs = data["segments"]
            if not isinstance(segs, (list, tuple)):
                raise InputError(f"{where}.segments", "must be a list")
            segments = tuple(Segment.from_json(s, f"{where}.segments[{i}]")
                             for i, s in enumerate(segs))
        return cls(
            start=_int(data["start"], f"{where}.start"),
            duration=_int(data["duration"], f"{where}.duration"),
            worker_type=_str(data["worker_type"], f"{where}.worker_type"),
            workers=_counts(data["workers"], f"{where}.workers"),
            ps_type=_str(data["ps_type"], f"{where}.ps_type") if "ps_type" in data else None,
            ps=_counts(data["ps"], f"{where}.ps") if "ps" in data else None,
            segments=segments, extra=_extra(data, _RECORD_KEYS))


@dataclass(frozen=True, eq=False)
class Solution(BaseSolution):
    """A completion schedule: one ``JobRecord`` per job and the objective.

    Its JSON is ``{"jobs": {job: {"start", "duration", "worker_type", "workers", "ps_type",
    "ps"}}, "objective", "capped"}`` (see the module docstring);
    ``Solution.from_json(d).to_json() == d``. Build one from index plans with
    ``make_solution``.

    Parameters
    ----------
    jobs : dict of str to JobRecord
        Job name -> its schedule.
    objective : float
        sum_j w_j C_j with C_j = start_j + duration_j (for a batch schedule of (7): the
        accepted weight). Unit: weight x slots.
    capped : bool or None, default None
        Information: whether the method kept the schedule within the horizon (the rule is
        the instance's ``horizon_hard``; the validator ignores this key).
    earliest_start : dict of str to int or None, default None
        Information: job name -> the earliest slot the method allowed (A_online: its round's
        tau_i). Unit: slots.
    accepted_weight : float or None, default None
        Batch problem (7): total weight of the accepted jobs (``batch.check_batch`` checks
        it). Unit: weight.
    deadline : int or None, default None
        Batch problem (7): the deadline tau the method used (information; ``check_batch``
        takes the deadline from its caller). Unit: slots.
    extra : dict, default {}
        JSON keys this type does not know, kept as they are.

    Raises
    ------
    InputError
        ``from_json`` names the first missing or mistyped field (e.g. ``solution.jobs.j1.start``).

    Examples
    --------
    >>> sol = Solution.from_json({"jobs": {"j1": {"start": 1, "duration": 2,
    ...     "worker_type": "m1", "workers": {"h1": 2}}}, "objective": 3.0})
    >>> sol.jobs["j1"].completion, sol.objective
    (3, 3.0)
    """

    jobs: dict[str, JobRecord]
    objective: float
    capped: bool | None = None
    earliest_start: dict[str, int] | None = None
    accepted_weight: float | None = None
    deadline: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"jobs": {n: r.to_json() for n, r in self.jobs.items()},
                               "objective": self.objective}
        if self.capped is not None:
            out["capped"] = self.capped
        if self.earliest_start is not None:
            out["earliest_start"] = dict(self.earliest_start)
        if self.accepted_weight is not None:
            out["accepted_weight"] = self.accepted_weight
        if self.deadline is not None:
            out["deadline"] = self.deadline
        return {**out, **self.extra}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Solution:
        data = _mapping(data, "solution")
        for key in ("jobs", "objective"):
            if key not in data:
                raise InputError(f"solution.{key}", "missing required field")
        jobs = {_str(n, "solution.jobs key"): JobRecord.from_json(r, f"solution.jobs.{n}")
                for n, r in _mapping(data["jobs"], "solution.jobs").items()}
        capped = data.get("capped")
        if capped is not None and not isinstance(capped, bool):
            raise InputError("solution.capped", f"must be true or false, got {capped!r}")
        earliest = data.get("earliest_start")
        return cls(
            jobs=jobs, objective=_number(data["objective"], "solution.objective"),
            capped=capped,
            earliest_start=(None if earliest is None
                            else _counts(earliest, "solution.earliest_start")),
            accepted_weight=(None if data.get("accepted_weight") is None else
                             _number(data["accepted_weight"], "solution.accepted_weight")),
            deadline=(None if data.get("deadline") is None
                      else _int(data["deadline"], "solution.deadline")),
            extra=_extra(data, _TOP_KEYS))


@dataclass
class JobPlan:
    """One job's decision in index form, the input of ``make_solution``.

    Parameters
    ----------
    start : int
        First slot of the job. Unit: slots.
    duration : int
        Slots until completion (e.g. ``Config.d`` of its configuration). Unit: slots.
    m : int
        Index of the worker type (``inst.worker_names``).
    p : int
        Index of the PS type (``inst.ps_names``); -1 under Ring-AllReduce.
    workers : dict of int to int
        Server index -> number of workers.
    ps : dict of int to int, default {}
        Server index -> number of parameter servers (empty under Ring-AllReduce).

    Examples
    --------
    >>> JobPlan(start=1, duration=2, m=0, p=0, workers={0: 2}, ps={0: 1}).completion
    3
    """

    start: int
    duration: int
    m: int
    p: int  # -1 under RAR
    workers: dict[int, int]
    ps: dict[int, int] = field(default_factory=dict)

    @property
    def completion(self) -> int:
        return self.start + self.duration


def solution_json(inst: CompletionInstance, plans: dict[int, JobPlan], *, capped: bool = True,
                  **extra: Any) -> dict[str, Any]:
    """Index plans -> the JSON solution, with the objective recomputed from starts and durations.

    For a method that adds to the records (e.g. ``segments``) before typing the result with
    ``Solution.from_json``; otherwise use ``make_solution``.

    Parameters
    ----------
    inst : CompletionInstance
        The instance the plans index into.
    plans : dict of int to JobPlan
        Job index -> its plan.
    capped : bool, default True
        Whether the schedule must end by the horizon.
    **extra
        Further top-level keys (e.g. ``earliest_start``, ``accepted_weight``, ``deadline``).

    Returns
    -------
    dict
        ``{"jobs": ..., "objective": ..., "capped": ..., **extra}``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> d = solution_json(inst, {0: JobPlan(1, 2, 0, 0, {0: 2}, {0: 1})})
    >>> d["objective"], d["jobs"]["j1"]["workers"], d["jobs"]["j1"]["ps"]
    (3.0, {'h1': 2}, {'h1': 1})
    """
    jobs: dict[str, Any] = {}
    for j in sorted(plans):
        pl = plans[j]
        rec: dict[str, Any] = {
            "start": int(pl.start), "duration": int(pl.duration),
            "worker_type": inst.worker_names[pl.m],
            "workers": {inst.server_names[h]: int(c) for h, c in sorted(pl.workers.items()) if c},
        }
        if not inst.ring:
            rec["ps_type"] = inst.ps_names[pl.p]
            rec["ps"] = {inst.server_names[h]: int(c) for h, c in sorted(pl.ps.items()) if c}
        jobs[inst.job_names[j]] = rec
    return {"jobs": jobs, "objective": objective(inst, plans), "capped": capped, **extra}


def make_solution(inst: CompletionInstance, plans: dict[int, JobPlan], *, capped: bool = True,
                  **extra: Any) -> Solution:
    """Index plans -> the typed ``Solution`` (objective recomputed from starts and durations).

    The helper a method (or a plugin) calls last: pick for each job a configuration
    (``support.config.configurations``), a placement (``support.placement.place``) and a
    start, wrap them in ``JobPlan`` and pass them here. It does not check feasibility: run
    ``check`` on the result.

    Parameters
    ----------
    inst : CompletionInstance
        The instance the plans index into.
    plans : dict of int to JobPlan
        Job index -> its plan.
    capped : bool, default True
        Whether the schedule must end by the horizon (false for online schedules).
    **extra
        Further top-level keys (``earliest_start``, ``accepted_weight``, ``deadline``).

    Returns
    -------
    Solution
        The typed solution.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> from dlsched.completion.validate import check
    >>> plans = {0: JobPlan(1, 2, 0, 0, {0: 2}, {0: 1}),
    ...          1: JobPlan(1, 3, 0, 0, {0: 1}, {0: 1})}
    >>> sol = make_solution(inst, plans)
    >>> sol.objective, check(inst, sol)
    (7.0, [])
    """
    return Solution.from_json(solution_json(inst, plans, capped=capped, **extra))


def plans_from_solution(inst: CompletionInstance, sol: Mapping[str, Any]) -> dict[int, JobPlan]:
    """A non-preemptive JSON solution -> index plans (the inverse of ``make_solution``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance of the solution.
    sol : Mapping
        The solution (JSON dict or ``Solution``); records with ``segments`` are not supported.

    Returns
    -------
    dict of int to JobPlan
        Job index -> its plan.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> plans = {0: JobPlan(1, 2, 0, 0, {0: 2}, {0: 1})}
    >>> plans_from_solution(inst, make_solution(inst, plans)) == plans
    True
    """
    sidx = {n: h for h, n in enumerate(inst.server_names)}
    plans = {}
    for name, rec in sol["jobs"].items():
        p = inst.ps_names.index(rec["ps_type"]) if not inst.ring else -1
        plans[inst.job_names.index(name)] = JobPlan(
            int(rec["start"]), int(rec["duration"]), inst.worker_names.index(rec["worker_type"]),
            p, {sidx[h]: int(c) for h, c in rec["workers"].items()},
            {sidx[h]: int(c) for h, c in rec.get("ps", {}).items()})
    return plans


def objective(inst: CompletionInstance, plans: dict[int, JobPlan]) -> float:
    """sum_j w_j (start_j + duration_j) over the plans.

    Parameters
    ----------
    inst : CompletionInstance
        The instance the plans index into.
    plans : dict of int to JobPlan
        Job index -> its plan.

    Returns
    -------
    float
        The total weighted completion time. Unit: weight x slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> objective(inst, {0: JobPlan(1, 2, 0, 0, {0: 2}, {0: 1})})
    3.0
    """
    return float(sum(inst.weight[j] * pl.completion for j, pl in plans.items()))
