"""Typed LTGF solutions and the check of slot schedules.

An LTGF solution is one of two shapes, both read by ``Solution.from_json``:

* ``TimelineSolution`` (the simulator policies): ``segments`` (job, start, end, placement
  ``[[node, gpus], ...]``, reason, cold-start s, checkpoint s), ``completion`` times and the
  run's ``lease_based``, ``policy``, ``knobs``, ``preemptions``, ``decisions``, ``lease``;
* ``SlotSolution`` (the exact models): ``slot_length``, ``horizon``, ``slots`` (job -> run
  slots) and, for ``objective="windows"``, ``objective_kind`` and ``window_slots``.

Keys outside these are kept in ``extra`` so ``from_json(d).to_json() == d``.
``check_slots`` checks a slot schedule (GPU-count relaxation of notes §9).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import copy
import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..core import solution as base
from ..core.errors import InputError
from .instance import LTGFInstance


def _mapping(v: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise InputError(path, f"must be an object, got {type(v).__name__}")
    return v


def _seq(v: Any, path: str) -> list[Any] | tuple[Any, ...]:
    if not isinstance(v, (list, tuple)):
        raise InputError(path, f"must be a list, got {type(v).__name__}")
    return v


def _number(v: Any, path: str) -> Any:
    """``v`` itself (its JSON type kept) when it is a real number."""
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise InputError(path, f"must be a number, got {v!r}")
    return v


def _int(v: Any, path: str) -> Any:
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise InputError(path, f"must be an integer, got {v!r}")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise InputError(path, f"must be a string, got {v!r}")
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise InputError(path, f"must be true or false, got {v!r}")
    return v


@dataclass(frozen=True)
class Segment:
    """One run of a job on the timeline: ``[job, start, end, placement, reason, cold, ckpt]``.

    Parameters
    ----------
    job : str
        Job name.
    start : float
        Start of the run. Unit: s.
    end : float
        End of the run. Unit: s.
    placement : tuple of (int, int)
        (node index, GPUs) pairs; the GPUs sum to the job's demand (gang).
    reason : str
        How the run ended: ``"complete"`` or ``"preempt"``.
    cold : float
        Cold-start time at the start of the run without progress. Unit: s.
    ckpt : float
        Checkpoint time at the end of a preempted run without progress. Unit: s.

    Examples
    --------
    >>> Segment.from_json(["J1", 0, 600, [[0, 6]], "preempt", 0, 0], "seg").placement
    ((0, 6),)
    """

    job: str
    start: float
    end: float
    #: (node, GPUs) pairs
    placement: tuple[tuple[int, int], ...]
    #: "complete" or "preempt"
    reason: str
    cold: float
    ckpt: float

    def to_json(self) -> list[Any]:
        return [self.job, self.start, self.end, [list(p) for p in self.placement], self.reason,
                self.cold, self.ckpt]

    @classmethod
    def from_json(cls, data: Any, path: str) -> Segment:
        row = _seq(data, path)
        if len(row) != 7:
            raise InputError(path, f"must have 7 entries (job, start, end, placement, reason, "
                                   f"cold, ckpt), got {len(row)}")
        place = []
        for q, pair in enumerate(_seq(row[3], f"{path}[3]")):
            pair = _seq(pair, f"{path}[3][{q}]")
            if len(pair) != 2:
                raise InputError(f"{path}[3][{q}]", "must be a [node, gpus] pair")
            place.append((_int(pair[0], f"{path}[3][{q}][0]"), _int(pair[1], f"{path}[3][{q}][1]")))
        return cls(_str(row[0], f"{path}[0]"), _number(row[1], f"{path}[1]"),
                   _number(row[2], f"{path}[2]"), tuple(place), _str(row[4], f"{path}[4]"),
                   _number(row[5], f"{path}[5]"), _number(row[6], f"{path}[6]"))


@dataclass(frozen=True, eq=False)
class Solution(base.Solution):
    """An LTGF solution: a ``TimelineSolution`` (simulators) or a ``SlotSolution`` (exact models).

    ``Solution.from_json`` picks the shape (``slots`` present: a slot schedule); keys it does
    not know are kept in ``extra`` so ``from_json(d).to_json() == d``.

    Parameters
    ----------
    extra : dict, default {}
        JSON keys the type does not know, kept as they are.

    Raises
    ------
    InputError
        ``from_json`` names the first malformed field (e.g. ``solution.segments[0][3]``).

    Examples
    --------
    >>> sol = Solution.from_json({"slot_length": 600, "horizon": 2, "slots": {"J1": [0, 1]}})
    >>> type(sol).__name__, sol.slots
    ('SlotSolution', {'J1': (0, 1)})
    """

    #: keys of the JSON this type does not know, kept as they are
    extra: dict[str, Any] = field(default_factory=dict, kw_only=True)

    #: the typed keys, in the order ``to_json`` writes them
    _KEYS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Solution:
        """The timeline or slot schedule of ``data``.

        Parameters
        ----------
        data : Mapping
            The solution JSON.

        Returns
        -------
        Solution
            A ``SlotSolution`` when ``data`` has ``slots``, else a ``TimelineSolution``.

        Raises
        ------
        InputError
            A malformed field (named by its path), or the shape does not match ``cls``.

        Examples
        --------
        >>> Solution.from_json({"segments": [], "completion": {}}).segments
        ()
        """
        data = _mapping(data, "solution")
        kind = SlotSolution if "slots" in data else TimelineSolution
        if not issubclass(kind, cls):
            raise InputError("solution", f"is a {kind.__name__}, not a {cls.__name__}")
        return kind._parse(data)

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Solution:
        raise NotImplementedError

    def _typed_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self._typed_json().items() if v is not None}
        out.update(copy.deepcopy(self.extra))
        return out

    @staticmethod
    def _extra(data: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
        return {k: copy.deepcopy(v) for k, v in data.items() if k not in keys}


@dataclass(frozen=True, eq=False)
class TimelineSolution(Solution):
    """A simulator run (``run_policy``): the timeline of every job's runs.

    Parameters
    ----------
    segments : tuple of Segment
        The runs, in the order the simulator closed them.
    completion : dict of str to float
        Job name -> completion time. Unit: s.
    lease_based : bool or None, default None
        Whether the policy only preempts at lease ends.
    policy : str or None, default None
        Registered name of the policy.
    knobs : dict or None, default None
        The policy's parameters and the simulator switches.
    preemptions : int or None, default None
        Number of preemptions.
    decisions : int or None, default None
        Number of scheduling decisions (policy calls).
    lease : float or None, default None
        The lease the run honoured (``run_policy``'s override or the instance's). Unit: s.
    extra : dict, default {}
        JSON keys the type does not know.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6()
    >>> from dlsched.ltgf import run_policy
    >>> sol = run_policy(inst, "astraea-ltgf").solution
    >>> sol.completion, sol.preemptions
    ({'J1': 4800.0, 'J2': 3600.0, 'J3': 3600.0}, 4)
    """

    segments: tuple[Segment, ...]
    #: job name -> completion time (s)
    completion: dict[str, float]
    lease_based: bool | None = None
    policy: str | None = None
    #: the policy's parameters and the simulator switches (any JSON values)
    knobs: dict[str, Any] | None = None
    preemptions: int | None = None
    decisions: int | None = None
    #: the lease the run honoured (``run_policy``'s ``lease`` override or the instance's)
    lease: float | None = None

    _KEYS = ("segments", "completion", "lease_based", "policy", "knobs", "preemptions",
             "decisions", "lease")

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> TimelineSolution:
        for key in ("segments", "completion"):
            if key not in data:
                raise InputError(f"solution.{key}", "missing (a timeline needs segments and "
                                                    "completion)")
        segs = tuple(Segment.from_json(row, f"solution.segments[{q}]")
                     for q, row in enumerate(_seq(data["segments"], "solution.segments")))
        comp = {_str(k, "solution.completion"): _number(v, f"solution.completion.{k}")
                for k, v in _mapping(data["completion"], "solution.completion").items()}
        opt: dict[str, Any] = {}
        checks = {"lease_based": _bool, "policy": _str, "preemptions": _int, "decisions": _int,
                  "lease": _number}
        for key, conv in checks.items():
            if key in data:
                opt[key] = conv(data[key], f"solution.{key}")
        if "knobs" in data:
            opt["knobs"] = copy.deepcopy(dict(_mapping(data["knobs"], "solution.knobs")))
        return cls(segments=segs, completion=comp, extra=cls._extra(data, cls._KEYS), **opt)

    @classmethod
    def from_simulation(cls, data: Mapping[str, Any]) -> TimelineSolution:
        """The timeline of a ``simulate`` dict, without ``from_json``'s type checks.

        ``simulate`` builds every field with the right type, so its output needs no check
        (a 100k-segment run spends seconds in them); the result equals ``from_json(data)``.

        Parameters
        ----------
        data : Mapping
            A dict returned by ``simulate`` (optionally with ``lease``).

        Returns
        -------
        TimelineSolution
            The same solution ``from_json`` would build.

        Examples
        --------
        >>> from dlsched.ltgf.paper import fig6
        >>> from dlsched.ltgf import simulate
        >>> sol = simulate(fig6(), "astraea-ltgf")
        >>> TimelineSolution.from_simulation(sol) == Solution.from_json(sol)
        True
        """
        segs = tuple(Segment(r[0], r[1], r[2], tuple(map(tuple, r[3])), r[4], r[5], r[6])
                     for r in data["segments"])
        opt = {k: data[k] for k in ("lease_based", "policy", "preemptions", "decisions", "lease")
               if k in data}
        if "knobs" in data:
            opt["knobs"] = copy.deepcopy(dict(data["knobs"]))
        return cls(segments=segs, completion=dict(data["completion"]),
                   extra=cls._extra(data, cls._KEYS), **opt)

    def _typed_json(self) -> dict[str, Any]:
        return {
            "segments": [s.to_json() for s in self.segments],
            "completion": dict(self.completion),
            "lease_based": self.lease_based,
            "policy": self.policy,
            "knobs": copy.deepcopy(self.knobs),
            "preemptions": self.preemptions,
            "decisions": self.decisions,
            "lease": self.lease,
        }


@dataclass(frozen=True, eq=False)
class SlotSolution(Solution):
    """A slot schedule of the exact models: slot ``s`` is ``[s L, (s+1) L)``.

    Parameters
    ----------
    slot_length : float
        Slot length L (the lease). Unit: s.
    horizon : int
        Number of slots S. Unit: slots.
    slots : dict of str to tuple of int
        Job name -> the 0-based slots it runs in (ceil(D / L) of them, none before its
        release slot ceil(a / L)).
    objective_kind : str or None, default None
        ``"windows"`` for ``ltgf-milp`` with ``objective="windows"`` (None: max-min).
    window_slots : int or None, default None
        Window length of the windows objective. Unit: slots.
    extra : dict, default {}
        JSON keys the type does not know.

    Examples
    --------
    >>> sol = SlotSolution(slot_length=600.0, horizon=8, slots={"J1": (0, 1, 2, 3)})
    >>> sol.to_json()["slots"]
    {'J1': [0, 1, 2, 3]}
    """

    slot_length: float
    horizon: int
    #: job name -> the slots it runs in
    slots: dict[str, tuple[int, ...]]
    #: "windows" for ``ltgf-milp`` with ``objective="windows"`` (absent: max-min)
    objective_kind: str | None = None
    window_slots: int | None = None

    _KEYS = ("slot_length", "horizon", "slots", "objective_kind", "window_slots")

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> SlotSolution:
        for key in ("slot_length", "horizon"):
            if key not in data:
                raise InputError(f"solution.{key}", "missing (a slot schedule needs slot_length, "
                                                    "horizon and slots)")
        slots = {}
        for name, run in _mapping(data["slots"], "solution.slots").items():
            path = f"solution.slots.{name}"
            slots[_str(name, "solution.slots")] = tuple(
                _int(s, f"{path}[{q}]") for q, s in enumerate(_seq(run, path)))
        opt: dict[str, Any] = {}
        if "objective_kind" in data:
            opt["objective_kind"] = _str(data["objective_kind"], "solution.objective_kind")
        if "window_slots" in data:
            opt["window_slots"] = _int(data["window_slots"], "solution.window_slots")
        return cls(slot_length=_number(data["slot_length"], "solution.slot_length"),
                   horizon=_int(data["horizon"], "solution.horizon"), slots=slots,
                   extra=cls._extra(data, cls._KEYS), **opt)

    def _typed_json(self) -> dict[str, Any]:
        return {
            "slot_length": self.slot_length,
            "horizon": self.horizon,
            "slots": {name: list(run) for name, run in self.slots.items()},
            "objective_kind": self.objective_kind,
            "window_slots": self.window_slots,
        }


def check_slots(inst: LTGFInstance, sol: dict[str, Any]) -> list[str]:
    """Violations of a slot schedule (notes §9); empty when feasible.

    A slot schedule states the slotted problem: the instance must have ``time: "slotted"``
    and the schedule's ``slot_length`` must be its lease L (rules from the instance, issue 32).
    Each job runs ceil(D / L) distinct slots, none before its release slot ceil(a / L) nor at
    or beyond the horizon; per slot the GPUs in use are <= M. The GPU count is exact, not a
    relaxation: a gang may span any nodes, so GPUs summing to at most M always fit on the
    nodes (``timeline_of_slots`` builds the timeline the timeline validator accepts).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    sol : dict
        The slot schedule (``slot_length``, ``horizon``, ``slots``; a ``SlotSolution`` works
        too).

    Returns
    -------
    list of str
        One message per violation.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6().slotted()
    >>> sol = {"slot_length": 600, "horizon": 8,
    ...        "slots": {"J1": [0, 1, 2, 3], "J2": [4, 5, 6, 7], "J3": [0, 1, 2, 3]}}
    >>> check_slots(inst, sol)
    ['slot 0: 9 GPUs > 6', 'slot 1: 9 GPUs > 6', 'slot 2: 9 GPUs > 6', 'slot 3: 9 GPUs > 6']
    """
    L = float(sol["slot_length"])
    S = int(sol["horizon"])
    errs: list[str] = []
    if inst.time != "slotted":
        return [f"a slot schedule states the slotted problem; this instance has time "
                f"{inst.time!r} (judge it on inst.slotted())"]
    if abs(L - inst.lease) > 1e-9 * inst.lease:
        return [f"slot_length {L:g} s is not the instance's lease {inst.lease:g} s"]
    use = np.zeros(S, dtype=np.int64)
    slots = sol["slots"]
    for j in inst.jobs:
        run = slots.get(j.name)
        if run is None:
            errs.append(f"{j.name}: missing from the slot schedule")
            continue
        P = max(1, math.ceil(j.duration / L - 1e-9))
        r = math.ceil(j.submit / L - 1e-9)
        if len(set(run)) != P:
            errs.append(f"{j.name}: runs {len(set(run))} slots, needs {P}")
        if run and min(run) < r:
            errs.append(f"{j.name}: runs in slot {min(run)} before its release slot {r}")
        if run and max(run) >= S:
            errs.append(f"{j.name}: runs beyond the horizon")
            continue
        use[list(set(run))] += j.gpus
    for s in np.flatnonzero(use > inst.gpus):
        errs.append(f"slot {int(s)}: {int(use[s])} GPUs > {inst.gpus}")
    return errs


def timeline_of_slots(inst: LTGFInstance, sol: Mapping[str, Any]) -> dict[str, Any]:
    """The timeline of a slot schedule on a slotted instance (what ``check_timeline`` reads).

    Slot ``s`` of job ``i`` becomes the run ``[s L, (s+1) L]``; consecutive slots are one run,
    preempted where the job's slots break (always a lease end: runs start on the slot grid).
    Each slot's jobs are packed on the nodes in job order, a gang spread over the first
    nodes with free GPUs (so at most M GPUs per slot always fit). The objective of the
    timeline equals the slot schedule's.

    Parameters
    ----------
    inst : LTGFInstance
        A slotted instance (``time: "slotted"``).
    sol : Mapping
        The slot schedule (``slot_length``, ``horizon``, ``slots``), e.g. an exact model's.

    Returns
    -------
    dict
        ``{"segments": [...], "completion": {...}}`` (plus ``from_slots: true``).

    Raises
    ------
    InputError
        The instance is not slotted (field ``time``), or ``check_slots`` finds a violation
        (field ``solution``).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6().slotted()
    >>> tl = timeline_of_slots(inst, {"slot_length": 600, "horizon": 8, "slots": {
    ...     "J1": [0, 1, 6, 7], "J2": [2, 3, 4, 5], "J3": [2, 3, 4, 5]}})
    >>> tl["segments"][0], tl["completion"]["J1"]
    (['J1', 0.0, 1200.0, [[0, 6]], 'preempt', 0.0, 0.0], 4800.0)
    """
    if inst.time != "slotted":
        raise InputError("time", "a slot schedule is a timeline only on a slotted instance; "
                                 "use inst.slotted()")
    errs = check_slots(inst, dict(sol))
    if errs:
        raise InputError("solution", "; ".join(errs[:3]))
    L = float(inst.lease)
    G = inst.gpus_per_node
    runs = {j.name: sorted(set(int(s) for s in sol["slots"][j.name])) for j in inst.jobs}
    place: dict[tuple[str, int], tuple[tuple[int, int], ...]] = {}
    for s in range(int(sol["horizon"])):
        free = [G] * inst.nodes
        for j in inst.jobs:
            if s in runs[j.name]:
                need, p = j.gpus, []
                for n in range(inst.nodes):
                    take = min(need, free[n])
                    if take:
                        p.append((n, take))
                        free[n] -= take
                        need -= take
                    if not need:
                        break
                place[j.name, s] = tuple(p)
    segs: list[list[Any]] = []
    comp: dict[str, float] = {}
    for j in inst.jobs:
        slots = runs[j.name]
        k = 0
        while k < len(slots):
            # a run: consecutive slots with the same placement
            e = k
            while (e + 1 < len(slots) and slots[e + 1] == slots[e] + 1
                   and place[j.name, slots[e + 1]] == place[j.name, slots[k]]):
                e += 1
            last = e == len(slots) - 1
            segs.append([j.name, slots[k] * L, (slots[e] + 1) * L,
                         [list(p) for p in place[j.name, slots[k]]],
                         "complete" if last else "preempt", 0.0, 0.0])
            k = e + 1
        comp[j.name] = (slots[-1] + 1) * L
    return {"segments": segs, "completion": comp, "from_slots": True}
