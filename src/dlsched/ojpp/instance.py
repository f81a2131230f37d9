"""OJPP instance: data-parallel jobs (identical workers) to pack onto the fewest GPUs.

Units (notes §1): every per-worker requirement is in the unit of the matching
``device_capacity`` entry. By default a device has capacity 1 for ``compute`` and ``memory``
(normalised fractions); give e.g. ``{"compute": 100, "memory": 11264}`` to state compute in
percent and memory in MB, which keeps benchmark data exact (sums of integers are exact floats).
Extra additive per-device resources (d-dimensional vector packing) are listed per job under
``resources`` and need a matching ``device_capacity`` entry.

``burst_prob`` is the probability that a worker uses ``mem_burst`` on top of ``mem_base``;
``interference.matrix[a][b]`` is the slowdown of a worker of type ``a`` (the victim, row) caused by
one co-located worker of type ``b``. An omitted limit is inactive.

``objective`` states which problem the instance is: ``"devices"`` (OJPP, the default: the fewest
devices) or ``"max_slowdown"`` (OJPAP, notes §6: re-place the ``reference`` placement to minimise
the largest worker slowdown, moving at most ``migration_budget`` worth of workers (19) and using
at most the reference's devices). The validator and the objective read it from the instance only.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import Field

from ..core.errors import InputError
from ..core.jsonschema import doc, register_schema
from ..core.limits import MAX_WORKERS
from ..core.schema import Strict, parse_model

PROBLEM = "ojpp"
#: Dimensions every instance has; extra resources follow them.
BASE_DIMS = ("compute", "memory")
INTERFERENCE_MODELS = ("additive", "max")
COLLISION_MODELS = ("independent", "correlated_same_job")


_CAP = "unit of device_capacity.{0} (default: a fraction of one device)"


class _JobIn(Strict, title="Job"):
    """A data-parallel job: ``workers`` identical workers with these per-worker needs."""

    name: str = Field(min_length=1, **doc("Job name, unique.", symbol="v_i"))
    workers: int = Field(ge=1, **doc("Identical workers of the job, one per device slot.",
                                     unit="workers", symbol="\\omega_i"))
    compute: float = Field(ge=0, **doc(
        "Compute requirement per worker, at most device_capacity.compute.",
        unit=_CAP.format("compute"), symbol="\\alpha_i"))
    mem_base: float = Field(default=0.0, ge=0, **doc(
        "Memory per worker, always used.", unit=_CAP.format("memory"), symbol="\\gamma_i"))
    mem_burst: float = Field(default=0.0, ge=0, **doc(
        "Extra memory per worker, used with probability burst_prob; mem_base + mem_burst is "
        "at most device_capacity.memory.", unit=_CAP.format("memory"), symbol="\\delta_i"))
    burst_prob: float = Field(default=0.0, ge=0, lt=1, **doc(
        "Probability that a worker uses mem_burst.", unit="probability", symbol="p_i"))
    type: str | None = Field(None, **doc(
        "Interference type of the job (a name in interference.types; required exactly when "
        "interference.types is given).", symbol="\\text{row / column of } I"))
    migration_cost: float = Field(default=1.0, ge=0, **doc(
        "Cost of migrating one worker.", unit="cost units", symbol="c_i"))
    resources: dict[str, float] = Field(default_factory=dict, **doc(
        "Extra additive per-worker resources (d-dimensional vector packing): name -> demand, "
        "each name a device_capacity key other than compute / memory, each demand >= 0 and at "
        "most its capacity.", unit="unit of the matching device_capacity entry",
        symbol="\\text{extra dimensions}", numbers={"minimum": 0}))


class _InterferenceIn(Strict, title="Interference"):
    """Pairwise slowdowns between co-located workers (notes §3)."""

    model: Literal["additive", "max"] = Field("additive", **doc(
        "How the slowdowns of several co-located workers compose: their sum or their maximum.",
        symbol="s_w"))
    types: list[str] | None = Field(None, **doc(
        "Names of the matrix rows / columns (unique); omitted: the matrix is per job, in job "
        "order.", symbol="\\text{rows / columns of } I"))
    matrix: list[list[float]] = Field(**doc(
        "matrix[a][b]: slowdown of a worker of type a (the victim, row) caused by one "
        "co-located worker of type b; square, one row per type, entries >= 0.",
        unit="dimensionless (fraction of standalone time)", symbol="I", numbers={"minimum": 0}))


class _LimitsIn(Strict, title="Limits"):
    """Optional limits of the placement; an omitted limit is inactive."""

    collision: float | None = Field(default=None, ge=0, **doc(
        "Bound on a device's probability of a memory collision (constraint 5, notes §2).",
        unit="probability", symbol="\\bar\\tau"))
    interference: float | None = Field(default=None, ge=0, **doc(
        "Bound on the slowdown of any worker (constraint 7).", unit="dimensionless",
        symbol="\\bar\\theta"))
    balance: float | None = Field(default=None, ge=0, **doc(
        "Bound on the spread of one job's worker slowdowns (constraint 8).",
        unit="dimensionless", symbol="\\theta'"))


class _InstanceIn(Strict, title="OJPPInstanceFile"):
    """An OJPP instance file: jobs to pack onto the fewest devices."""

    problem: str = Field(**doc("Problem of the file.", const=PROBLEM))
    schema_version: int = Field(1, **doc("Version of this format (dlsched.load accepts 1).",
                                         unit="format version",
                                         const=1))
    name: str = Field("unnamed", **doc("Instance name (reports, file names)."))
    description: str | None = Field(None, **doc("Free text."))
    devices: int | None = Field(default=None, ge=1, **doc(
        "Candidate devices (GPUs); omitted: one per worker.", unit="GPUs",
        symbol="m = \\lvert B \\rvert"))
    device_capacity: dict[str, float] = Field(default_factory=dict, **doc(
        "Capacity of one device per additive dimension: compute, memory (both default 1) and "
        "the extra resources of the jobs; every value > 0.",
        unit="any (the jobs' demands use the same unit)", symbol="\\text{capacity of } b_k",
        numbers={"exclusiveMinimum": 0}))
    jobs: list[_JobIn] = Field(min_length=1, **doc(
        "The queued jobs (at most 10^6 workers in all, limits.MAX_WORKERS).",
        symbol="V = \\{v_1, \\dots, v_n\\}"))
    interference: _InterferenceIn | None = Field(None, **doc(
        "Interference matrix; omitted: workers do not slow each other down.", symbol="I"))
    limits: _LimitsIn = Field(default_factory=_LimitsIn, **doc(
        "Collision, interference and balance bounds.",
        symbol="\\bar\\tau, \\bar\\theta, \\theta\'"))
    collision_model: Literal["independent", "correlated_same_job"] = Field(
        "independent", **doc("Whether the bursts of workers are independent or perfectly "
                             "correlated within one job (notes §2)."))
    objective: Literal["devices", "max_slowdown"] = Field("devices", **doc(
        "The problem: 'devices' (OJPP: fewest devices used) or 'max_slowdown' (OJPAP, notes "
        "§6: re-place reference to minimise the largest worker slowdown within "
        "migration_budget, on at most the reference's devices). Omitted: 'devices', the "
        "problem every file before this field stated."))
    reference: list[dict[str, int]] | None = Field(None, **doc(
        "The placement y0 to re-place (objective 'max_slowdown' only, required there): one "
        "{job name: workers} per device, feasible for the instance; its device order labels "
        "the devices a migration is counted on.", unit="workers", symbol="y^0",
        numbers={"minimum": 0}))
    migration_budget: float | None = Field(default=None, ge=0, **doc(
        "Budget c-bar of (19): the cost of the workers that leave their reference device is "
        "at most this (objective 'max_slowdown' only). Omitted: 5 % of the cost of moving "
        "every worker once, at least one cheapest move.", unit="cost units",
        symbol="\\bar c"))
    provenance: dict[str, Any] | str | None = Field(None, **doc(
        "Where the instance comes from (free form, not compared)."))


register_schema(PROBLEM, _InstanceIn)


@dataclass(frozen=True)
class Job:
    """One data-parallel job: ``workers`` identical workers with these needs (``jobs[]``).

    Parameters
    ----------
    name : str
        Job name, unique.
    workers : int
        Identical workers omega_i. Unit: workers. Range: 1..1e15.
    compute : float
        Compute per worker alpha_i. Unit: of ``device_capacity.compute``. Range: [0, capacity].
    mem_base : float, default 0.0
        Memory per worker gamma_i. Unit: of ``device_capacity.memory``. Range: [0, capacity].
    mem_burst : float, default 0.0
        Extra memory delta_i used with probability ``burst_prob``. Unit: of
        ``device_capacity.memory``. Range: [0, capacity - mem_base].
    burst_prob : float, default 0.0
        Burst probability p_i. Unit: probability. Range: [0, 1).
    type : str or None, default None
        Interference type (a row of the interference matrix).
    migration_cost : float, default 1.0
        Cost c_i of migrating one worker. Unit: cost units. Range: [0, 1e15].
    resources : tuple[tuple[str, float], ...], default ()
        Extra additive demands (name, amount). Unit: of the matching capacity. Range: [0, capacity].
    """

    name: str
    workers: int
    compute: float
    mem_base: float = 0.0
    mem_burst: float = 0.0
    burst_prob: float = 0.0
    type: str | None = None
    migration_cost: float = 1.0
    resources: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Interference:
    """Type-level pairwise slowdown matrix (file field ``interference``; notes §3).

    Parameters
    ----------
    types : tuple[str, ...]
        Row / column names (the job names when the file gives no ``types``).
    matrix : tuple[tuple[float, ...], ...]
        ``matrix[a][b]``: slowdown of a worker of type a caused by one worker of type b.
        Unit: dimensionless. Range: [0, 1e15].
    model : str, default "additive"
        How slowdowns of several co-located workers compose: "additive" or "max".
    """

    types: tuple[str, ...]
    matrix: tuple[tuple[float, ...], ...]
    model: str = "additive"


@dataclass(frozen=True)
class Limits:
    """Collision bound tau-bar (5), interference cap theta-bar (7), balance theta' (8).

    Parameters
    ----------
    collision : float or None, default None
        Bound on a device's collision probability; None: inactive. Unit: probability.
        Range: [0, 1e15].
    interference : float or None, default None
        Bound on any worker's slowdown; None: inactive. Unit: dimensionless. Range: [0, 1e15].
    balance : float or None, default None
        Bound on the spread of one job's slowdowns; None: inactive. Unit: dimensionless.
        Range: [0, 1e15].
    """

    collision: float | None = None
    interference: float | None = None
    balance: float | None = None

    def without(self, *names: str) -> Limits:
        """A copy with the named limits switched off."""
        values = {k: getattr(self, k) for k in ("collision", "interference", "balance")}
        for n in names:
            values[n] = None
        return Limits(**values)


@dataclass(frozen=True)
class OJPPInstance:
    """Frozen OJPP instance (notes §1-§4): jobs to pack onto the fewest devices.

    Built by ``parse`` from a file of the format ``docs/formats/ojpp.md`` describes
    (``dlsched schema ojpp`` prints its JSON Schema).

    Parameters
    ----------
    name : str
        Instance name.
    jobs : tuple[Job, ...]
        The jobs.
    devices : int
        Candidate devices m. Unit: GPUs. Range: 1..1e15.
    capacity : tuple[tuple[str, float], ...], default (("compute", 1.0), ("memory", 1.0))
        Device capacity per additive dimension (compute, memory, then extra resources).
    interference : Interference or None, default None
        Pairwise slowdowns; None: none.
    limits : Limits, default Limits()
        Collision, interference and balance bounds.
    collision_model : str, default "independent"
        "independent" or "correlated_same_job" bursts.
    objective : str, default "devices"
        "devices" (OJPP) or "max_slowdown" (OJPAP re-placement of ``reference``).
    reference : tuple or None, default None
        OJPAP's y0: per non-empty device, ((job name, workers), ...).
    migration_budget : float or None, default None
        OJPAP's c-bar (set whenever ``objective`` is "max_slowdown"). Unit: cost units.
    description : str or None, default None
        Free text.
    provenance : dict or str or None, default None
        Where the instance comes from (not compared).

    Examples
    --------
    >>> inst = parse({"problem": "ojpp", "jobs": [{"name": "a", "workers": 3,
    ...                                           "compute": 0.5}]})
    >>> inst.n_workers, inst.devices, inst.lower_bound()
    (3, 3, 2)
    """

    name: str
    jobs: tuple[Job, ...]
    devices: int
    capacity: tuple[tuple[str, float], ...] = (("compute", 1.0), ("memory", 1.0))
    interference: Interference | None = None
    limits: Limits = field(default_factory=Limits)
    collision_model: str = "independent"
    description: str | None = None
    provenance: dict[str, Any] | str | None = field(default=None, compare=False)
    objective: str = "devices"
    reference: tuple[tuple[tuple[str, int], ...], ...] | None = None
    migration_budget: float | None = None

    problem: ClassVar[str] = PROBLEM

    # ---- sizes -------------------------------------------------------------------------------
    @property
    def n_jobs(self) -> int:
        return len(self.jobs)

    @property
    def n_workers(self) -> int:
        return int(sum(j.workers for j in self.jobs))

    @property
    def dims(self) -> tuple[str, ...]:
        """Additive dimensions: compute, memory (bases), then the extra resources."""
        return tuple(name for name, _ in self.capacity)

    def size(self) -> dict[str, int]:
        return {"workers": self.n_workers, "jobs": self.n_jobs, "devices": self.devices}

    # ---- arrays (raw units) ------------------------------------------------------------------
    @cached_property
    def cap(self) -> np.ndarray:
        """Device capacity per additive dimension, shape (d,)."""
        return np.array([c for _, c in self.capacity], dtype=float)

    @cached_property
    def demand(self) -> np.ndarray:
        """Additive per-worker demand, shape (n, d): compute, mem_base, extras."""
        extras = self.dims[2:]
        rows = []
        for j in self.jobs:
            res = dict(j.resources)
            rows.append([j.compute, j.mem_base, *(res.get(r, 0.0) for r in extras)])
        return np.array(rows, dtype=float).reshape(self.n_jobs, len(self.dims))

    @cached_property
    def burst(self) -> np.ndarray:
        """Extra burst memory per worker (delta), shape (n,)."""
        return np.array([j.mem_burst for j in self.jobs], dtype=float)

    @cached_property
    def p(self) -> np.ndarray:
        """Burst probability per worker, shape (n,)."""
        return np.array([j.burst_prob for j in self.jobs], dtype=float)

    @cached_property
    def omega(self) -> np.ndarray:
        """Workers per job, shape (n,)."""
        return np.array([j.workers for j in self.jobs], dtype=int)

    @cached_property
    def type_index(self) -> np.ndarray:
        """Row of each job in the type matrix (all 0 without interference), shape (n,)."""
        if self.interference is None:
            return np.zeros(self.n_jobs, dtype=int)
        pos = {t: k for k, t in enumerate(self.interference.types)}
        return np.array([pos[j.type if j.type is not None else j.name] for j in self.jobs])

    @cached_property
    def type_matrix(self) -> np.ndarray:
        """Type-level slowdown matrix M (T, T); [[0]] without interference."""
        if self.interference is None:
            return np.zeros((1, 1))
        return np.array(self.interference.matrix, dtype=float)

    @cached_property
    def I(self) -> np.ndarray:  # noqa: E743 (the paper's symbol)
        """Job-level matrix I[i, q] = slowdown of a worker of job i by one worker of job q."""
        t = self.type_index
        return self.type_matrix[np.ix_(t, t)]

    @property
    def interference_model(self) -> str:
        return self.interference.model if self.interference is not None else "additive"

    @property
    def is_vector_packing(self) -> bool:
        """True when bursts, collision and interference play no role (plain d-dim packing)."""
        return bool(np.all(self.burst == 0) and np.all(self.p == 0) and not np.any(self.I))

    # ---- derived instances -------------------------------------------------------------------
    def with_limits(self, limits: Limits) -> OJPPInstance:
        return _replace(self, limits=limits)

    def with_collision_model(self, model: str) -> OJPPInstance:
        if model not in COLLISION_MODELS:
            raise InputError("collision_model", f"must be one of {COLLISION_MODELS}")
        return _replace(self, collision_model=model)

    def lower_bound(self) -> int:
        """max over additive dimensions of ceil(total demand / capacity) (notes §5)."""
        tot = (self.demand * self.omega[:, None]).sum(axis=0)
        ratios = [t / c for t, c in zip(tot, self.cap, strict=True) if c > 0]
        return max(1, *(math.ceil(r - 1e-9) for r in ratios))


def _replace(inst: OJPPInstance, **changes: Any) -> OJPPInstance:
    values = {
        k: getattr(inst, k)
        for k in ("name", "jobs", "devices", "capacity", "interference", "limits",
                  "collision_model", "description", "provenance", "objective", "reference",
                  "migration_budget")
    }
    values.update(changes)
    return OJPPInstance(**values)


# ---- parsing -------------------------------------------------------------------------------


def _unique(names: list[str], path: str) -> None:
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            raise InputError(f"{path}[{i}].name", f"duplicate name {name!r}")
        seen.add(name)


def _capacity(raw: dict[str, float], jobs: list[_JobIn]) -> tuple[tuple[str, float], ...]:
    caps = {"compute": 1.0, "memory": 1.0}
    for name, value in raw.items():
        if not value > 0:
            raise InputError(f"device_capacity.{name}", f"must be positive, got {value}")
        caps[name] = float(value)
    extras = [k for k in raw if k not in BASE_DIMS]
    for i, j in enumerate(jobs):
        for r in j.resources:
            if r in BASE_DIMS:
                raise InputError(
                    f"jobs[{i}].resources.{r}", f"use the job field for {r!r}, not 'resources'"
                )
            if r not in caps:
                raise InputError(
                    f"jobs[{i}].resources.{r}", "no matching entry in 'device_capacity'"
                )
            if j.resources[r] < 0:
                raise InputError(f"jobs[{i}].resources.{r}", "must be non-negative")
    return tuple((k, caps[k]) for k in (*BASE_DIMS, *extras))


def _interference(raw: _InterferenceIn, jobs: list[_JobIn]) -> Interference:
    names = [j.name for j in jobs]
    types = raw.types
    if types is None:  # matrix indexed by job, in job order
        types = names
        for i, j in enumerate(jobs):
            if j.type is not None:
                raise InputError(
                    f"jobs[{i}].type", "interference.types is missing, so the matrix is per job"
                )
    if len(set(types)) != len(types):
        raise InputError("interference.types", "duplicate type names")
    T = len(types)
    if len(raw.matrix) != T:
        raise InputError("interference.matrix", f"has {len(raw.matrix)} rows, expected {T}")
    for a, row in enumerate(raw.matrix):
        if len(row) != T:
            raise InputError(f"interference.matrix[{a}]", f"has {len(row)} entries, expected {T}")
        for b, v in enumerate(row):
            if v < 0:
                raise InputError(f"interference.matrix[{a}][{b}]", f"must be >= 0, got {v}")
    if raw.types is not None:
        for i, j in enumerate(jobs):
            if j.type is None:
                raise InputError(f"jobs[{i}].type", "required when interference.types is given")
            if j.type not in types:
                raise InputError(f"jobs[{i}].type", f"{j.type!r} is not in interference.types")
    return Interference(
        tuple(types), tuple(tuple(float(v) for v in row) for row in raw.matrix), raw.model
    )


def parse(data: dict[str, Any]) -> OJPPInstance:
    """Validate a JSON dict and build the frozen instance.

    Parameters
    ----------
    data : dict
        The instance's JSON (format: ``docs/formats/ojpp.md``, schema: ``dlsched schema ojpp``).

    Returns
    -------
    OJPPInstance
        The frozen instance (``devices`` defaults to the number of workers).

    Raises
    ------
    InputError
        The first bad field, named by its path in the schema (``jobs[0].mem_burst``,
        ``device_capacity.memory``).
    """
    raw = parse_model(_InstanceIn, data)
    if raw.problem != PROBLEM:
        raise InputError("problem", f"expected {PROBLEM!r}, got {raw.problem!r}")
    _unique([j.name for j in raw.jobs], "jobs")
    total = sum(j.workers for j in raw.jobs)
    if total > MAX_WORKERS:
        raise InputError("jobs", f"{total} workers in all > {MAX_WORKERS} (limits.MAX_WORKERS)")
    capacity = _capacity(raw.device_capacity, raw.jobs)
    caps = dict(capacity)
    for i, j in enumerate(raw.jobs):
        if j.compute > caps["compute"]:
            raise InputError(f"jobs[{i}].compute", "exceeds the device capacity")
        if j.mem_base + j.mem_burst > caps["memory"]:
            raise InputError(
                f"jobs[{i}].mem_burst", "mem_base + mem_burst exceeds the device memory"
            )
        for r, v in j.resources.items():
            if v > caps[r]:
                raise InputError(f"jobs[{i}].resources.{r}", "exceeds the device capacity")
    interference = _interference(raw.interference, raw.jobs) if raw.interference else None
    total = sum(j.workers for j in raw.jobs)
    jobs = tuple(
        Job(
            name=j.name,
            workers=j.workers,
            compute=float(j.compute),
            mem_base=float(j.mem_base),
            mem_burst=float(j.mem_burst),
            burst_prob=float(j.burst_prob),
            type=j.type,
            migration_cost=float(j.migration_cost),
            resources=tuple((k, float(v)) for k, v in j.resources.items()),
        )
        for j in raw.jobs
    )
    inst = OJPPInstance(
        name=raw.name,
        jobs=jobs,
        devices=raw.devices if raw.devices is not None else total,
        capacity=capacity,
        interference=interference,
        limits=Limits(raw.limits.collision, raw.limits.interference, raw.limits.balance),
        collision_model=raw.collision_model,
        description=raw.description,
        provenance=raw.provenance,
    )
    if raw.objective == "devices":
        for key in ("reference", "migration_budget"):
            if getattr(raw, key) is not None:
                raise InputError(key, "only with objective 'max_slowdown'")
        return inst
    if raw.reference is None:
        raise InputError("reference", "objective 'max_slowdown' re-places a reference "
                                      "placement: give it")
    return with_ojpap(inst, {"devices": raw.reference}, raw.migration_budget)


def default_budget(inst: OJPPInstance) -> float:
    """OJPAP's default c-bar: 5 % of the cost of moving every worker once, at least one
    cheapest move.

    Parameters
    ----------
    inst : OJPPInstance
        The instance.

    Returns
    -------
    float
        The budget. Unit: cost units.

    Examples
    --------
    >>> inst = parse({"problem": "ojpp", "jobs": [{"name": "a", "workers": 40,
    ...                                           "compute": 0.5}]})
    >>> default_budget(inst)
    2.0
    """
    c = np.array([j.migration_cost for j in inst.jobs])
    return max(float(c.min()), 0.05 * float(c @ inst.omega))


def with_ojpap(inst: OJPPInstance, reference: dict[str, Any], budget: float | None = None
               ) -> OJPPInstance:
    """The OJPAP statement on ``inst``: re-place ``reference`` to minimise the largest slowdown
    within ``budget`` (objective ``"max_slowdown"``).

    Parameters
    ----------
    inst : OJPPInstance
        The instance (its constraints stay).
    reference : dict
        A placement's JSON (``devices``), feasible for ``inst``; empty devices are dropped.
    budget : float or None, default None
        c-bar; None: ``default_budget``. Unit: cost units.

    Returns
    -------
    OJPPInstance
        The instance stating OJPAP.

    Raises
    ------
    InputError
        ``reference`` is malformed or infeasible, or ``budget`` is negative.

    Examples
    --------
    >>> from dlsched.ojpp.paper import golden_o1
    >>> ref = {"devices": [{"C": 2}, {"A": 1}, {"A": 1}, {"B": 2}, {"B": 1}]}
    >>> inst = with_ojpap(golden_o1(), ref, 1.0)
    >>> inst.objective, len(inst.reference), inst.migration_budget
    ('max_slowdown', 5, 1.0)
    """
    from .validate import check

    base = _replace(inst, objective="devices", reference=None, migration_budget=None)
    devices = reference.get("devices") if isinstance(reference, dict) else None
    if not isinstance(devices, list):
        raise InputError("reference", "must be a list of {job name: workers} per device")
    bad = check(base, {"devices": devices})
    if bad:
        raise InputError("reference", f"infeasible for the instance: {bad[0]}")
    if budget is not None and not (isinstance(budget, (int, float)) and budget >= 0):
        raise InputError("migration_budget", f"must be a number >= 0, got {budget!r}")
    ref = tuple(tuple((str(n), int(c)) for n, c in dev.items() if c) for dev in devices)
    ref = tuple(dev for dev in ref if dev)
    return _replace(base, objective="max_slowdown", reference=ref,
                    migration_budget=float(default_budget(base) if budget is None else budget))


def dump(inst: OJPPInstance) -> dict[str, Any]:
    """The instance as its JSON dict (the inverse of ``parse``).

    Parameters
    ----------
    inst : OJPPInstance
        The instance.

    Returns
    -------
    dict
        JSON of the format ``docs/formats/ojpp.md`` describes; ``parse`` reads it back.
    """
    out: dict[str, Any] = {"problem": PROBLEM, "schema_version": 1, "name": inst.name}
    if inst.description:
        out["description"] = inst.description
    out["devices"] = inst.devices
    caps = dict(inst.capacity)
    if any(v != 1.0 for v in caps.values()) or len(caps) > 2:
        out["device_capacity"] = caps
    jobs = []
    for j in inst.jobs:
        entry: dict[str, Any] = {
            "name": j.name,
            "workers": j.workers,
            "compute": j.compute,
            "mem_base": j.mem_base,
            "mem_burst": j.mem_burst,
            "burst_prob": j.burst_prob,
        }
        if j.type is not None:
            entry["type"] = j.type
        entry["migration_cost"] = j.migration_cost
        if j.resources:
            entry["resources"] = dict(j.resources)
        jobs.append(entry)
    out["jobs"] = jobs
    if inst.interference is not None:
        itf = inst.interference
        entry = {"model": itf.model, "matrix": [list(r) for r in itf.matrix]}
        if any(j.type is not None for j in inst.jobs):
            entry["types"] = list(itf.types)
        out["interference"] = entry
    limits = {k: getattr(inst.limits, k) for k in ("collision", "interference", "balance")}
    out["limits"] = {k: v for k, v in limits.items() if v is not None}
    if inst.collision_model != "independent":
        out["collision_model"] = inst.collision_model
    out["objective"] = inst.objective
    if inst.reference is not None:
        out["reference"] = [dict(dev) for dev in inst.reference]
        out["migration_budget"] = inst.migration_budget
    if inst.provenance is not None:
        out["provenance"] = inst.provenance
    return out


# ---- VPSolver .vbp files -------------------------------------------------------------------


def read_vbp(path: str | Path, name: str | None = None) -> OJPPInstance:
    """Read a VPSolver ``.vbp`` vector-packing file of any dimension as a plain OJPP instance.

    Format (whitespace-separated integers): ``d``; the ``d`` bin capacities; the number ``m`` of
    item types; then per item type its ``d`` weights followed by its demand. Dimension 0 maps to
    ``compute``, dimension 1 to ``memory`` (base, no burst), further ones to resources
    ``r2, r3, ...``. Item types with demand 0 are dropped.

    Parameters
    ----------
    path : str or pathlib.Path
        The ``.vbp`` file.
    name : str, optional
        Instance name (default: the file's stem).

    Returns
    -------
    OJPPInstance
        The instance (items become jobs ``i0, i1, ...``, a demand its workers).

    Raises
    ------
    InputError
        A malformed file (field: the path), or a bad item (``FILE: jobs[i].FIELD``).
    """
    path = Path(path)
    from ..core.inputs import read_text
    from ..core.limits import MAX_INT_DIGITS

    tokens = read_text(path).split()
    long = next((t for t in tokens if len(t.lstrip("+-")) > MAX_INT_DIGITS), None)
    if long is not None:
        raise InputError(str(path), f"integer with {len(long)} digits > limit {MAX_INT_DIGITS}")
    try:
        values = [int(t) for t in tokens]
    except ValueError:
        raise InputError(str(path), "a .vbp file holds integers only") from None

    def take(k: int, what: str) -> list[int]:
        nonlocal values
        if len(values) < k:
            raise InputError(str(path), f"file ends early while reading {what}")
        head, values = values[:k], values[k:]
        return head

    (d,) = take(1, "the number of dimensions")
    if d < 1:
        raise InputError(str(path), f"number of dimensions must be >= 1, got {d}")
    caps = take(d, "the capacities")
    (m,) = take(1, "the number of item types")
    names = ["compute", "memory"] + [f"r{k}" for k in range(2, d)]
    capacity = {names[k]: caps[k] for k in range(d)}
    jobs = []
    for t in range(m):
        row = take(d + 1, f"item type {t}")
        weights, demand = row[:d], row[d]
        if demand == 0:
            continue
        job: dict[str, Any] = {"name": f"i{t}", "workers": demand, "compute": weights[0]}
        if d >= 2:
            job["mem_base"] = weights[1]
        if d >= 3:
            job["resources"] = {names[k]: weights[k] for k in range(2, d)}
        jobs.append(job)
    if values:
        raise InputError(str(path), f"{len(values)} unexpected trailing values")
    try:
        return parse(
            {
                "problem": PROBLEM,
                "name": name or path.stem,
                "device_capacity": capacity,
                "jobs": jobs,
                "provenance": {"format": "vbp", "file": path.name, "dimensions": d},
            }
        )
    except InputError as exc:
        raise InputError(f"{path}: {exc.field}", exc.reason) from None
