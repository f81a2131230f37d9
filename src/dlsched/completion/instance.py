"""Instance of ``dlsched.completion``: elastic distributed-ML jobs, weighted completion time.

Units (notes §1 (docs/specs/completion.md), conventions; 1 slot = 1 h in the paper's setting [A25]):

- ``horizon``: number of slots T; slot t is [t, t+1), t = 1..T. ``horizon_hard`` (default
  false) says whether T is a hard limit (every job ends by slot T, the paper's offline model
  [A22]) or only the length of the time index (jobs may run past it: the problem the online
  algorithm and the baselines solve).
- ``preemption`` (default false): whether a job may be paused and resized (several runs,
  ``segments``); false is the paper's model (one run, one configuration per job).
- ``servers[].capacity``: amount of each resource (e.g. ``gpu`` devices, ``cpu`` vCPUs,
  ``bandwidth`` Gbps). The resources of the instance are the union of the capacity keys; a
  server without a key has capacity 0 of that resource.
- ``worker_types[].demand`` / ``ps_types[].demand``: amount of each resource per worker / PS
  (missing key = 0). ``bandwidth`` (Gbps) is the NIC bandwidth b_m of a worker / B_p of a PS;
  when the instance has a ``bandwidth`` resource and the demand omits it, the type's
  ``bandwidth`` is its demand of that resource (notes §2.1: b and B are resources in (2h)).
- ``jobs[].arrival``: release slot a_j >= 1; ``weight``: w_j (dimensionless);
  ``epochs`` E_j, ``chunks`` D_j (also the maximum number of workers, (2g)),
  ``minibatches_per_chunk`` K_j: workload W_j = E_j D_j K_j mini-batches.
- ``jobs[].minibatch_time[m]``: v_jm, slots per mini-batch on worker type m (a missing type is
  unusable for the job). ``update_time``: U^p_j in slots, a map over PS types (``architecture
  "ps"``, missing type = unusable) or one number (``"ring"``).
- ``jobs[].gradient_size``: pi_j in Gbit; the transfer time pi_j / b_m is in seconds and is
  divided by ``slot_seconds`` (default 1: then gradient_size / bandwidth is directly in slots,
  as in the notes' golden examples; the generator uses 3600).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

import numpy as np
from pydantic import Field

from ..core.errors import InputError
from ..core.jsonschema import doc, register_schema
from ..core.limits import MAX_SLOTS, MAX_WORKERS
from ..core.schema import Strict, parse_model

PROBLEM = "completion"
BANDWIDTH = "bandwidth"


class _ServerIn(Strict, title="Server"):
    """A server and its capacity of each resource."""

    name: str = Field(min_length=1, **doc("Server name, unique.", symbol="h"))
    capacity: dict[str, float] = Field(**doc(
        "Amount of each resource (e.g. gpu devices, cpu vCPUs, bandwidth Gbps); the instance's "
        "resources are the union of these keys, a missing key is 0.",
        unit="unit of the resource", symbol="C^r_h", numbers={"minimum": 0}))


class _TypeIn(Strict, title="WorkerOrPsType"):
    """A worker type or a PS type: its demand per instance and its NIC bandwidth."""

    name: str = Field(min_length=1, **doc("Type name, unique within its list.",
                                          symbol="m \\ (\\text{worker}) / p \\ (\\text{PS})"))
    demand: dict[str, float] = Field(default_factory=dict, **doc(
        "Amount of each resource one worker / PS uses (keys: server capacity resources; missing "
        "= 0, or the type's bandwidth for a 'bandwidth' resource). A worker demands some "
        "resource.", unit="unit of the resource", symbol="e^r_m / z^r_p",
        numbers={"minimum": 0}))
    bandwidth: float = Field(gt=0, **doc("NIC bandwidth of one worker / PS.", unit="Gbps",
                                         symbol="b_m / B_p"))


class _JobIn(Strict, title="Job"):
    """An elastic training job: workload W_j = E_j D_j K_j mini-batches."""

    name: str = Field(min_length=1, **doc("Job name, unique.", symbol="j"))
    arrival: int = Field(ge=1, **doc("Release slot (at most horizon).", unit="slot",
                                     symbol="a_j"))
    weight: float = Field(gt=0, **doc("Weight in the objective sum w_j C_j.",
                                      unit="dimensionless", symbol="w_j"))
    epochs: int = Field(ge=1, **doc("Training epochs.", unit="epochs", symbol="E_j"))
    chunks: int = Field(ge=1, **doc(
        "Data chunks, also the most workers the job may use (2g).", unit="chunks",
        symbol="D_j", maximum=MAX_WORKERS))
    minibatches_per_chunk: int = Field(ge=1, **doc("Mini-batches per chunk.",
                                                   unit="mini-batches", symbol="K_j"))
    minibatch_time: dict[str, float] = Field(min_length=1, **doc(
        "Time per mini-batch on each usable worker type (keys: worker_types[].name; a missing "
        "type is unusable).", unit="slots", symbol="v_{jm}", numbers={"exclusiveMinimum": 0}))
    update_time: dict[str, float] | float = Field(**doc(
        "Parameter-update time: a map over PS types under architecture 'ps' (a missing type is "
        "unusable), one number under 'ring'.", unit="slots", symbol="U^p_j \\ (\\text{ring: } U_j)",
        numbers={"minimum": 0}))
    gradient_size: float = Field(ge=0, **doc(
        "Gradient size; gradient_size / bandwidth is in seconds, divided by slot_seconds.",
        unit="Gbit", symbol="\\pi_j"))


class _InstanceIn(Strict, title="CompletionInstanceFile"):
    """A weighted-completion-time instance file."""

    problem: str = Field(**doc("Problem of the file.", const=PROBLEM))
    schema_version: int = Field(1, **doc("Version of this format (dlsched.load accepts 1).",
                                         unit="format version",
                                         const=1))
    name: str = Field("unnamed", **doc("Instance name (reports, file names)."))
    description: str | None = Field(None, **doc("Free text."))
    architecture: Literal["ps", "ring"] = Field(**doc(
        "Parameter servers (Eq. (1)) or Ring-AllReduce without PSs (Eq. (14)).",
        symbol="\\text{PS} / \\text{RAR}"))
    horizon: int = Field(ge=1, **doc("Slots; slot t is [t, t+1), t = 1..T (1 slot = 1 h).",
                                     unit="slots", symbol="T", maximum=MAX_SLOTS))
    horizon_hard: bool = Field(default=False, strict=True, **doc(
        "Whether the horizon is a hard limit (true: every job ends by slot T, the paper's "
        "offline model [A22]) or only the length of the time index (false, the default: jobs "
        "may run past T, the problem every online method and baseline solves; files written "
        "before the field load as false).", symbol="-"))
    preemption: bool = Field(default=False, strict=True, **doc(
        "Whether a job may be paused and resized (several runs, 'segments' in a solution). "
        "false (the default, and every file written before the field): the paper's "
        "non-preemptive model, one run with one configuration per job.", symbol="-"))
    slot_seconds: float = Field(default=1.0, gt=0, **doc(
        "Seconds per slot, dividing the transfer time gradient_size / bandwidth (1: that ratio "
        "is directly in slots).", unit="s", symbol="-"))
    servers: list[_ServerIn] = Field(min_length=1, **doc("The servers.", symbol="h = 1..H"))
    worker_types: list[_TypeIn] = Field(min_length=1, **doc("Worker types.",
                                                            symbol="m = 1..M"))
    ps_types: list[_TypeIn] = Field(default_factory=list, **doc(
        "PS types (at least one under architecture 'ps').", symbol="p = 1..P"))
    jobs: list[_JobIn] = Field(min_length=1, **doc("The jobs.", symbol="j = 1..J"))
    provenance: dict[str, Any] | str | None = Field(None, **doc(
        "Where the instance comes from (free form, not compared)."))


register_schema(PROBLEM, _InstanceIn)


@dataclass(frozen=True, eq=False)
class CompletionInstance:
    """Frozen weighted-completion-time instance (notes §1); arrays are indexed
    [server, resource], [type, resource], [job, type].

    Built by ``parse`` from a file of the format ``docs/formats/completion.md`` describes
    (``dlsched schema completion`` prints its JSON Schema). ``capacity`` is C^r_h,
    ``worker_demand`` e^r_m and ``worker_bw`` b_m (Gbps), ``ps_demand`` z^r_p and ``ps_bw``
    B_p, and per job ``arrival`` a_j (slot), ``weight`` w_j, ``epochs`` E_j, ``chunks`` D_j,
    ``minibatches`` K_j, ``minibatch_time`` v_jm and ``update_time`` U^p_j (slots; inf =
    unusable type) and ``gradient_size`` pi_j (Gbit).

    Parameters
    ----------
    name : str
        Instance name.
    architecture : str
        "ps" (parameter servers) or "ring" (Ring-AllReduce).
    horizon : int
        Slots T. Unit: slots. Range: 1..1e6.
    slot_seconds : float
        Seconds per slot for the transfer time. Unit: s. Range: (0, 1e15].
    horizon_hard : bool, default False
        True: every job ends by slot T (the paper's offline model [A22]); False: T is only
        the length of the time index and jobs may run past it (default: the problem the
        online methods and baselines solve, and what files without the field mean).
    preemption : bool, default False
        True: a job may be paused and resized (several ``segments``); False: one run with
        one configuration per job (the paper's model, which the exact models state; the
        default, so files without the field keep their meaning).
    server_names, resources, worker_names, ps_names, job_names : tuple[str, ...]
        Names, in file order (resources: the union of the servers' capacity keys).
    capacity, worker_demand, worker_bw, ps_demand, ps_bw : numpy.ndarray
        Per server and per type: the arrays listed above.
    arrival, weight, epochs, chunks, minibatches : numpy.ndarray
        Per job: the arrays listed above.
    minibatch_time, update_time, gradient_size : numpy.ndarray
        Per job (and type): the arrays listed above. Unit: slots, slots, Gbit.
    description : str or None, default None
        Free text.
    provenance : Any, default None
        Where the instance comes from.
    """

    name: str
    architecture: str  # "ps" | "ring"
    horizon: int
    slot_seconds: float
    server_names: tuple[str, ...]
    resources: tuple[str, ...]
    capacity: np.ndarray  # C[h, r]
    worker_names: tuple[str, ...]
    worker_demand: np.ndarray  # e[m, r]
    worker_bw: np.ndarray  # b[m], Gbps
    ps_names: tuple[str, ...]
    ps_demand: np.ndarray  # z[p, r]
    ps_bw: np.ndarray  # B[p], Gbps
    job_names: tuple[str, ...]
    arrival: np.ndarray  # a[j]
    weight: np.ndarray  # w[j]
    epochs: np.ndarray
    chunks: np.ndarray  # D[j]
    minibatches: np.ndarray  # K[j]
    minibatch_time: np.ndarray  # v[j, m] slots (inf = unusable)
    update_time: np.ndarray  # U[j, p] slots (ring: U[j, 0]; inf = unusable)
    gradient_size: np.ndarray  # pi[j] Gbit
    description: str | None = None
    provenance: Any = None
    horizon_hard: bool = False
    preemption: bool = False

    problem = PROBLEM

    @property
    def ring(self) -> bool:
        return self.architecture == "ring"

    @property
    def n_jobs(self) -> int:
        return len(self.job_names)

    @property
    def n_servers(self) -> int:
        return len(self.server_names)

    @cached_property
    def workload(self) -> np.ndarray:
        """W_j = E_j D_j K_j mini-batches."""
        return (self.epochs * self.chunks * self.minibatches).astype(np.int64)

    @cached_property
    def transfer(self) -> np.ndarray:
        """2 pi_j / b_m in slots, [j, m]: the (1-q) communication term of Eq. (1)/(14)."""
        return 2.0 * self.gradient_size[:, None] / (self.worker_bw[None, :] * self.slot_seconds)

    def size(self) -> dict[str, int]:
        return {"jobs": self.n_jobs, "servers": self.n_servers, "horizon": self.horizon,
                "worker_types": len(self.worker_names), "ps_types": len(self.ps_names)}


def _vector(d: dict[str, float], resources: tuple[str, ...], bw: float, path: str) -> list[float]:
    for key, val in d.items():
        if key not in resources:
            raise InputError(f"{path}.demand.{key}", f"resource {key!r} is not a server capacity")
        if val < 0:
            raise InputError(f"{path}.demand.{key}", "must be >= 0")
    out = [float(d.get(r, 0.0)) for r in resources]
    if BANDWIDTH in resources and BANDWIDTH not in d:
        out[resources.index(BANDWIDTH)] = float(bw)
    return out


def parse(data: dict[str, Any]) -> CompletionInstance:
    """Validate a JSON dict and build the frozen instance.

    Parameters
    ----------
    data : dict
        The instance's JSON (format: ``docs/formats/completion.md``, schema:
        ``dlsched schema completion``).

    Returns
    -------
    CompletionInstance
        The frozen instance.

    Raises
    ------
    InputError
        The first bad field, named by its path in the schema
        (``jobs[0].minibatch_time.w9``, ``ps_types``).
    """
    raw = parse_model(_InstanceIn, data)
    if raw.problem != PROBLEM:
        raise InputError("problem", f"expected {PROBLEM!r}, got {raw.problem!r}")
    if raw.architecture == "ps" and not raw.ps_types:
        raise InputError("ps_types", "architecture 'ps' needs at least one entry in ps_types")
    for group, items in (("servers", raw.servers), ("worker_types", raw.worker_types),
                         ("ps_types", raw.ps_types), ("jobs", raw.jobs)):
        seen: set[str] = set()
        for i, it in enumerate(items):
            if it.name in seen:
                raise InputError(f"{group}[{i}].name", f"duplicate name {it.name!r}")
            seen.add(it.name)
    resources: list[str] = []
    for i, s in enumerate(raw.servers):
        for key, val in s.capacity.items():
            if val < 0:
                raise InputError(f"servers[{i}].capacity.{key}", "must be >= 0")
            if key not in resources:
                resources.append(key)
    res = tuple(resources)
    C = np.array([[s.capacity.get(r, 0.0) for r in res] for s in raw.servers], dtype=float)
    e = np.array([_vector(t.demand, res, t.bandwidth, f"worker_types[{i}]")
                  for i, t in enumerate(raw.worker_types)], dtype=float).reshape(-1, len(res))
    z = np.array([_vector(t.demand, res, t.bandwidth, f"ps_types[{i}]")
                  for i, t in enumerate(raw.ps_types)], dtype=float).reshape(-1, len(res))
    for i, _t in enumerate(raw.worker_types):
        if not e[i].any():
            raise InputError(f"worker_types[{i}].demand", "a worker must demand some resource")
    wnames = tuple(t.name for t in raw.worker_types)
    pnames = tuple(t.name for t in raw.ps_types)
    J = len(raw.jobs)
    v = np.full((J, len(wnames)), np.inf)
    U = np.full((J, max(len(pnames), 1)), np.inf)
    for j, job in enumerate(raw.jobs):
        for key, val in job.minibatch_time.items():
            if key not in wnames:
                raise InputError(f"jobs[{j}].minibatch_time.{key}", "unknown worker type")
            if not val > 0:
                raise InputError(f"jobs[{j}].minibatch_time.{key}", "must be > 0")
            v[j, wnames.index(key)] = val
        if raw.architecture == "ring":
            if isinstance(job.update_time, dict):
                raise InputError(f"jobs[{j}].update_time", "must be a number under 'ring'")
            if job.update_time < 0:
                raise InputError(f"jobs[{j}].update_time", "must be >= 0")
            U[j, 0] = job.update_time
        else:
            if not isinstance(job.update_time, dict) or not job.update_time:
                raise InputError(f"jobs[{j}].update_time", "must map PS types to slots under 'ps'")
            for key, val in job.update_time.items():
                if key not in pnames:
                    raise InputError(f"jobs[{j}].update_time.{key}", "unknown PS type")
                if val < 0:
                    raise InputError(f"jobs[{j}].update_time.{key}", "must be >= 0")
                U[j, pnames.index(key)] = val
        if job.arrival > raw.horizon:
            raise InputError(f"jobs[{j}].arrival", f"after the horizon {raw.horizon}")
        if job.chunks > MAX_WORKERS:
            raise InputError(f"jobs[{j}].chunks", f"{job.chunks} > {MAX_WORKERS} (limits)")
    if raw.horizon > MAX_SLOTS:
        raise InputError("horizon", f"{raw.horizon} slots > {MAX_SLOTS} (limits.MAX_SLOTS)")

    def arr(field: str, dtype: type = float) -> np.ndarray:
        return np.array([getattr(jb, field) for jb in raw.jobs], dtype=dtype)

    return CompletionInstance(
        name=raw.name, architecture=raw.architecture, horizon=raw.horizon,
        slot_seconds=raw.slot_seconds, server_names=tuple(s.name for s in raw.servers),
        resources=res, capacity=C, worker_names=wnames, worker_demand=e,
        worker_bw=np.array([t.bandwidth for t in raw.worker_types], dtype=float),
        ps_names=pnames, ps_demand=z,
        ps_bw=np.array([t.bandwidth for t in raw.ps_types], dtype=float),
        job_names=tuple(jb.name for jb in raw.jobs), arrival=arr("arrival", np.int64),
        weight=arr("weight"), epochs=arr("epochs", np.int64), chunks=arr("chunks", np.int64),
        minibatches=arr("minibatches_per_chunk", np.int64), minibatch_time=v, update_time=U,
        gradient_size=arr("gradient_size"), description=raw.description,
        provenance=raw.provenance, horizon_hard=raw.horizon_hard, preemption=raw.preemption,
    )


def dump(inst: CompletionInstance) -> dict[str, Any]:
    """The instance as its JSON dict (the inverse of ``parse``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    dict
        JSON of the format ``docs/formats/completion.md`` describes; ``parse`` reads it back.
    """
    res = inst.resources

    def demand(row: np.ndarray, bw: float) -> dict[str, float]:
        out = {}
        for r, val in zip(res, row, strict=False):
            if r == BANDWIDTH and val == bw:
                continue
            if val:
                out[r] = float(val)
        return out

    jobs = []
    for j, name in enumerate(inst.job_names):
        upd: Any
        if inst.ring:
            upd = float(inst.update_time[j, 0])
        else:
            upd = {p: float(u) for p, u in zip(inst.ps_names, inst.update_time[j], strict=False)
                   if np.isfinite(u)}
        jobs.append({
            "name": name, "arrival": int(inst.arrival[j]), "weight": float(inst.weight[j]),
            "epochs": int(inst.epochs[j]), "chunks": int(inst.chunks[j]),
            "minibatches_per_chunk": int(inst.minibatches[j]),
            "minibatch_time": {m: float(x)
                               for m, x in zip(inst.worker_names, inst.minibatch_time[j],
                                               strict=True) if np.isfinite(x)},
            "update_time": upd, "gradient_size": float(inst.gradient_size[j]),
        })
    out: dict[str, Any] = {
        "problem": PROBLEM, "schema_version": 1, "name": inst.name,
        "architecture": inst.architecture, "horizon": inst.horizon,
        "horizon_hard": bool(inst.horizon_hard), "preemption": bool(inst.preemption),
        "slot_seconds": inst.slot_seconds,
        "servers": [{"name": n, "capacity": {r: float(c) for r, c in zip(res, row, strict=False)}}
                    for n, row in zip(inst.server_names, inst.capacity, strict=False)],
        "worker_types": [{"name": n, "demand": demand(row, bw), "bandwidth": float(bw)}
                         for n, row, bw in zip(inst.worker_names, inst.worker_demand,
                                               inst.worker_bw, strict=False)],
        "jobs": jobs,
    }
    if inst.ps_names:
        out["ps_types"] = [{"name": n, "demand": demand(row, bw), "bandwidth": float(bw)}
                           for n, row, bw in zip(inst.ps_names, inst.ps_demand, inst.ps_bw,
                                                 strict=True)]
    if inst.description:
        out["description"] = inst.description
    if inst.provenance is not None:
        out["provenance"] = inst.provenance
    return out
