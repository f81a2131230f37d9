"""Solution format shared by every method: the typed frozen ``Solution`` and its JSON.

A solution is ``{"jobs": {job: {"start", "duration", "worker_type", "workers", "ps_type",
"ps"}}, "objective": sum_j w_j (start_j + duration_j), "capped": bool}``; ``workers`` and
``ps`` map server names to counts (zeros omitted); ``ps_type`` and ``ps`` are absent under
Ring-AllReduce. ``capped`` (default true) says the schedule must end by the horizon (offline);
online schedules set it false [A22] and may give ``earliest_start`` per job (the round's tau_i).
A preemptive baseline's job carries its run ``segments`` (``start``, ``end``, ``stall``,
``workers``, ``ps``); the batch problem (7) adds ``accepted_weight`` and ``deadline``.

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
    """One run of a preempted job: slots [start, end), ``stall`` slots without progress."""

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
    """One job's schedule: start slot, duration, worker type and per-server counts (and the PS
    type and counts under the PS architecture)."""

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
    """A completion schedule (see the module docstring for its JSON)."""

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
    """One job's decision in index form (types and servers as indices)."""

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
    """Index plans -> the JSON solution (objective recomputed from starts and durations); for
    a method that adds to the records (e.g. segments) before typing it with ``from_json``."""
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
    """Index plans -> the typed solution (objective recomputed from starts and durations)."""
    return Solution.from_json(solution_json(inst, plans, capped=capped, **extra))


def plans_from_solution(inst: CompletionInstance, sol: Mapping[str, Any]) -> dict[int, JobPlan]:
    """The JSON solution of a non-preemptive schedule -> index plans (inverse of make_solution)."""
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
    return float(sum(inst.weight[j] * pl.completion for j, pl in plans.items()))
