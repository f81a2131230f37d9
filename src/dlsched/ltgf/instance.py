"""LTGF instance: tenants with weights (or GPU quotas) sharing a cluster of 8-GPU nodes; gang jobs.

Schema (issue 7; times in seconds)::

    {"problem": "ltgf", "schema_version": 1, "name": "...",
     "cluster": {"nodes": 100, "gpus_per_node": 8}, "lease": 900, "tick": 10,
     "tenants": [{"name": "vcA", "weight": 1}],            # or {"name": "vcA", "quota": 64}
     "jobs": [{"name": "j1", "tenant": "vcA", "submit": 0, "gpus": 8, "duration": 3600,
               "weight": 1}],
     "overhead": {"checkpoint": 0, "cold_start": 30},      # optional (notes §2 defaults)
     "time": "continuous", "leases": "per-job"}            # optional: the rules (notes §2, §9)

Rules (issue 32: every rule of the statement lives in the instance, never in a solution):
``time`` is ``"continuous"`` (default: the paper's lease model of notes §2, runs start at any
time) or ``"slotted"`` (notes §9: tick = lease = L, no overheads, submissions and durations
whole multiples of L, every run starts and ends on a multiple of L); ``leases`` is
``"per-job"`` (default: a lease runs L seconds from its segment's start and renews back to
back) or ``"synchronized"`` (leases end on multiples of L). The problem is lease-based: a
running job may be preempted only at the end of one of its leases.

Quotas (6): ``Quota_j = M W_j / sum_k W_k``. A tenant given ``quota`` (GPUs) uses it as its
weight, so quotas summing to ``M`` are kept verbatim; weights and quotas may not be mixed.
Quotas are kept as exact fractions for the exact models (notes §9: scale by the common denominator).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import Field

from ..core.errors import InputError
from ..core.intscale import simplest_fraction
from ..core.jsonschema import doc, register_schema
from ..core.limits import MAX_LEASE_PERIODS, MAX_WORKERS
from ..core.schema import Strict, parse_model

PROBLEM = "ltgf"


class _ClusterIn(Strict, title="Cluster"):
    """The cluster: nodes of equal size (at most 10^6 GPUs in all, limits.MAX_WORKERS)."""

    nodes: int = Field(ge=1, **doc("Nodes.", unit="nodes", symbol="M / \\text{gpus\\_per\\_node}"))
    gpus_per_node: int = Field(default=8, ge=1, **doc(
        "GPUs per node; the cluster has M = nodes * gpus_per_node GPUs.", unit="GPUs",
        symbol="M = \\text{nodes} \\cdot \\text{gpus\\_per\\_node}"))


class _TenantIn(Strict, title="Tenant"):
    """A tenant (virtual cluster): give exactly one of weight / quota, one kind for all."""

    name: str = Field(min_length=1, **doc("Tenant name, unique.", symbol="j"))
    weight: float | None = Field(default=None, gt=0, **doc(
        "Weight; the quota is M * weight / (sum of weights) (6).", unit="dimensionless",
        symbol="W^{\\text{ten}}_j"))
    quota: float | None = Field(default=None, gt=0, **doc(
        "Quota, used as the weight (quotas summing to M are kept verbatim; their sum is at "
        "most M).", unit="GPUs", symbol="\\text{Quota}_j"))


class _JobIn(Strict, title="Job"):
    """A gang job: all its GPUs run together or not at all."""

    name: str = Field(min_length=1, **doc("Job name, unique.", symbol="J_{i,j}"))
    tenant: str = Field(**doc("Owning tenant (a tenants[].name).", symbol="j"))
    submit: float = Field(ge=0, **doc("Submission time.", unit="s", symbol="a_{i,j}"))
    gpus: int = Field(ge=1, **doc("Gang demand, at most the cluster's M GPUs.", unit="GPUs",
                                  symbol="g_{i,j}"))
    duration: float = Field(gt=0, **doc("Running time at full demand.", unit="s",
                                        symbol="D_{i,j}"))
    weight: float = Field(default=1.0, gt=0, **doc(
        "Job weight within its tenant.", unit="dimensionless", symbol="W^{\\text{job}}_{i,j}"))


class _OverheadIn(Strict, title="Overhead"):
    """Overheads of the lease model (notes §2)."""

    checkpoint: float = Field(default=0.0, ge=0, **doc(
        "Checkpoint cost per lease end.", unit="s", symbol="c_{\\text{ck}}"))
    cold_start: float = Field(default=30.0, ge=0, **doc(
        "Cold-start cost added to the remaining work on each resume after a preemption.",
        unit="s", symbol="c_{\\text{cs}}"))


class _InstanceIn(Strict, title="LTGFInstanceFile"):
    """An LTGF instance file: tenants sharing a cluster, gang jobs, leases."""

    problem: str = Field(**doc("Problem of the file.", const=PROBLEM))
    schema_version: int = Field(1, **doc("Version of this format (only 1).",
                                         unit="format version", const=1))
    name: str = Field("unnamed", **doc("Instance name (reports, file names)."))
    description: str | None = Field(None, **doc("Free text."))
    cluster: _ClusterIn = Field(**doc("Nodes and GPUs per node.", symbol="M"))
    lease: float = Field(default=900.0, gt=0, **doc(
        "Lease term; must exceed checkpoint + cold_start.", unit="s", symbol="t_{\\text{lease}}"))
    tick: float = Field(default=10.0, gt=0, **doc("Scheduler tick.", unit="s",
                                                  symbol="\\Delta"))
    tenants: list[_TenantIn] = Field(min_length=1, **doc("The tenants.", symbol="j = 1..T"))
    jobs: list[_JobIn] = Field(min_length=1, **doc(
        "The jobs (last submission + total duration at most 10^6 leases, "
        "limits.MAX_LEASE_PERIODS).", symbol="J_{i,j}"))
    overhead: _OverheadIn = Field(default_factory=_OverheadIn, **doc(
        "Checkpoint and cold-start costs.", symbol="c_{\\text{ck}}, c_{\\text{cs}}"))
    time: Literal["continuous", "slotted"] = Field("continuous", **doc(
        "Time model: 'continuous' (runs start at any time; the default, the paper's lease "
        "model and what files without the field meant) or 'slotted' (notes §9: tick = lease, "
        "zero overheads, submissions and durations multiples of the lease; every run starts "
        "and ends on a multiple of the lease)."))
    leases: Literal["per-job", "synchronized"] = Field("per-job", **doc(
        "Lease clock: 'per-job' (a lease runs one lease term from its run's start and renews "
        "back to back; the default, the paper's reading of notes §2) or 'synchronized' "
        "(leases end on multiples of the lease term, notes §10.1). Either way a running job "
        "may be preempted only at the end of one of its leases."))
    provenance: dict[str, Any] | str | None = Field(None, **doc(
        "Where the instance comes from (free form, not compared)."))


register_schema(PROBLEM, _InstanceIn)


@dataclass(frozen=True)
class Tenant:
    """A tenant (file field ``tenants[]``).

    Parameters
    ----------
    name : str
        Tenant name, unique.
    weight : float
        Weight W^ten_j (the quota when ``quota_given``). Unit: dimensionless (GPUs for a
        quota). Range: (0, 1e15].
    quota_given : bool, default False
        The file gave ``quota`` rather than ``weight``.
    """

    name: str
    weight: float
    quota_given: bool = False


@dataclass(frozen=True)
class Job:
    """A gang job (file field ``jobs[]``).

    Parameters
    ----------
    name : str
        Job name, unique.
    tenant : str
        Owning tenant's name.
    submit : float
        Submission time a. Unit: s. Range: [0, 1e15].
    gpus : int
        Gang demand g. Unit: GPUs. Range: 1..M.
    duration : float
        Running time D at full demand. Unit: s. Range: (0, 1e15].
    weight : float, default 1.0
        Job weight within its tenant. Unit: dimensionless. Range: (0, 1e15].
    """

    name: str
    tenant: str
    submit: float
    gpus: int
    duration: float
    weight: float = 1.0


@dataclass(frozen=True)
class LTGFInstance:
    """Frozen LTGF instance (notes §1-§2): tenants sharing nodes, gang jobs, leases.

    Built by ``parse`` from a file of the format ``docs/formats/ltgf.md`` describes
    (``dlsched schema ltgf`` prints its JSON Schema).

    Parameters
    ----------
    name : str
        Instance name.
    nodes : int
        Nodes. Unit: nodes. Range: 1..1e15 (at most 1e6 GPUs in all).
    gpus_per_node : int
        GPUs per node. Unit: GPUs. Range: 1..1e15.
    tenants : tuple[Tenant, ...]
        The tenants.
    jobs : tuple[Job, ...]
        The jobs.
    lease : float, default 900.0
        Lease term t_lease. Unit: s. Range: (checkpoint + cold_start, 1e15].
    tick : float, default 10.0
        Scheduler tick Delta. Unit: s. Range: (0, 1e15].
    checkpoint : float, default 0.0
        Checkpoint cost per lease end. Unit: s. Range: [0, 1e15].
    cold_start : float, default 30.0
        Cold-start cost per resume after a preemption. Unit: s. Range: [0, 1e15].
    time : str, default "continuous"
        ``"continuous"`` or ``"slotted"`` (notes §9; ``slotted()`` builds such an instance).
        The default keeps files without the field meaning what they meant (the paper's model).
    leases : str, default "per-job"
        ``"per-job"`` (a lease runs ``lease`` s from its run's start, renewed back to back) or
        ``"synchronized"`` (leases end on multiples of ``lease``); default: the paper's reading.
    description : str or None, default None
        Free text.
    provenance : dict or str or None, default None
        Where the instance comes from (not compared).

    Examples
    --------
    >>> inst = parse({"problem": "ltgf", "cluster": {"nodes": 2},
    ...               "tenants": [{"name": "a", "weight": 1}, {"name": "b", "weight": 3}],
    ...               "jobs": [{"name": "j", "tenant": "a", "submit": 0, "gpus": 8,
    ...                         "duration": 60}]})
    >>> inst.gpus, inst.quota.tolist()
    (16, [4.0, 12.0])
    """

    name: str
    nodes: int
    gpus_per_node: int
    tenants: tuple[Tenant, ...]
    jobs: tuple[Job, ...]
    lease: float = 900.0
    tick: float = 10.0
    checkpoint: float = 0.0
    cold_start: float = 30.0
    #: "continuous" or "slotted" (notes §9)
    time: str = "continuous"
    #: "per-job" or "synchronized" (notes §10.1)
    leases: str = "per-job"
    description: str | None = None
    provenance: dict[str, Any] | str | None = field(default=None, compare=False)

    problem: ClassVar[str] = PROBLEM

    @property
    def n_jobs(self) -> int:
        return len(self.jobs)

    @property
    def n_tenants(self) -> int:
        return len(self.tenants)

    @property
    def gpus(self) -> int:
        """M: GPUs in the cluster."""
        return self.nodes * self.gpus_per_node

    @cached_property
    def tenant_index(self) -> dict[str, int]:
        return {t.name: k for k, t in enumerate(self.tenants)}

    @cached_property
    def quota_fractions(self) -> tuple[Fraction, ...]:
        """Exact quotas (6) as fractions of GPUs; each weight read as the simplest fraction that
        rounds to it (0.1 -> 1/10, 1/3 -> 1/3: small common denominators for the integer
        models, core.intscale)."""
        w = [simplest_fraction(float(t.weight)) for t in self.tenants]
        tot = sum(w)
        return tuple(self.gpus * x / tot for x in w)

    @cached_property
    def quota(self) -> np.ndarray:
        """Quota_j (6) in GPUs, float."""
        return np.array([float(q) for q in self.quota_fractions])

    # job arrays (index = position in ``jobs``)
    @cached_property
    def job_tenant(self) -> np.ndarray:
        return np.array([self.tenant_index[j.tenant] for j in self.jobs], dtype=np.int64)

    @cached_property
    def job_gpus(self) -> np.ndarray:
        return np.array([j.gpus for j in self.jobs], dtype=np.int64)

    @cached_property
    def job_submit(self) -> np.ndarray:
        return np.array([j.submit for j in self.jobs], dtype=float)

    @cached_property
    def job_duration(self) -> np.ndarray:
        return np.array([j.duration for j in self.jobs], dtype=float)

    @cached_property
    def job_weight(self) -> np.ndarray:
        return np.array([j.weight for j in self.jobs], dtype=float)

    @cached_property
    def job_index(self) -> dict[str, int]:
        return {j.name: i for i, j in enumerate(self.jobs)}

    def slotted(self, length: float | None = None) -> LTGFInstance:
        """Slotted mode of notes §9: tick = lease = L, submissions rounded up to slot boundaries,
        durations rounded up to whole slots, no overheads, ``time="slotted"`` — the statement
        the exact models solve; the online schedulers run on it compare like with like.

        Parameters
        ----------
        length : float or None, default None
            Slot length L; None keeps the lease. Unit: s.

        Returns
        -------
        LTGFInstance
            The slotted instance (name suffixed ``-slotted`` unless it is slotted already).

        Examples
        --------
        >>> from dlsched.ltgf.paper import fig6
        >>> sl = fig6().slotted()
        >>> sl.time, sl.tick == sl.lease, sl.slotted() == sl
        ('slotted', True, True)
        """
        L = float(length or self.lease)
        jobs = tuple(
            replace(
                j,
                submit=math.ceil(j.submit / L - 1e-9) * L,
                duration=max(1, math.ceil(j.duration / L - 1e-9)) * L,
            )
            for j in self.jobs
        )
        return replace(
            self,
            jobs=jobs,
            lease=L,
            tick=L,
            checkpoint=0.0,
            cold_start=0.0,
            time="slotted",
            name=self.name if self.time == "slotted" else f"{self.name}-slotted",
        )


def parse(data: dict[str, Any]) -> LTGFInstance:
    """Validate a JSON dict and build the frozen instance.

    Parameters
    ----------
    data : dict
        The instance's JSON (format: ``docs/formats/ltgf.md``, schema: ``dlsched schema ltgf``).

    Returns
    -------
    LTGFInstance
        The frozen instance.

    Raises
    ------
    InputError
        The first bad field, named by its path in the schema (``jobs[1].gpus``,
        ``tenants[0]``).
    """
    raw = parse_model(_InstanceIn, data)
    if raw.problem != PROBLEM:
        raise InputError("problem", f"expected {PROBLEM!r}, got {raw.problem!r}")
    if raw.schema_version != 1:
        raise InputError("schema_version", f"unsupported version {raw.schema_version}")
    kinds = set()
    tenants: list[Tenant] = []
    seen: set[str] = set()
    for k, t in enumerate(raw.tenants):
        if (t.weight is None) == (t.quota is None):
            raise InputError(f"tenants[{k}]", "give exactly one of 'weight' and 'quota'")
        if t.name in seen:
            raise InputError(f"tenants[{k}].name", f"duplicate tenant {t.name!r}")
        seen.add(t.name)
        kinds.add(t.quota is None)
        tenants.append(Tenant(t.name, float(t.weight or t.quota), t.quota is not None))
    if len(kinds) > 1:
        raise InputError("tenants", "mix of 'weight' and 'quota' tenants; use one kind")
    M = raw.cluster.nodes * raw.cluster.gpus_per_node
    if tenants[0].quota_given and sum(t.weight for t in tenants) > M + 1e-9:
        raise InputError("tenants", f"quotas sum to more than the cluster's {M} GPUs")
    jobs: list[Job] = []
    names: set[str] = set()
    for i, j in enumerate(raw.jobs):
        if j.tenant not in seen:
            raise InputError(f"jobs[{i}].tenant", f"unknown tenant {j.tenant!r}")
        if j.name in names:
            raise InputError(f"jobs[{i}].name", f"duplicate job {j.name!r}")
        if j.gpus > M:
            raise InputError(f"jobs[{i}].gpus", f"{j.gpus} GPUs > cluster size {M}")
        names.add(j.name)
        jobs.append(
            Job(j.name, j.tenant, float(j.submit), int(j.gpus), float(j.duration), float(j.weight))
        )
    span = max((j.submit for j in raw.jobs), default=0.0) + sum(j.duration for j in raw.jobs)
    if span / raw.lease > MAX_LEASE_PERIODS:
        raise InputError("jobs", f"last submission + total duration is {span / raw.lease:.3g} "
                                 f"lease periods (> {MAX_LEASE_PERIODS}, limits."
                                 "MAX_LEASE_PERIODS): beyond what the simulator and the slotted "
                                 "models step through")
    if raw.cluster.nodes * raw.cluster.gpus_per_node > MAX_WORKERS:
        raise InputError("cluster", f"more than {MAX_WORKERS} GPUs (limits.MAX_WORKERS)")
    if raw.lease <= raw.overhead.checkpoint + raw.overhead.cold_start:
        raise InputError("lease", "must exceed checkpoint + cold_start overheads")
    if raw.time == "slotted":
        _check_slotted(raw)
    return LTGFInstance(
        name=raw.name,
        nodes=raw.cluster.nodes,
        gpus_per_node=raw.cluster.gpus_per_node,
        tenants=tuple(tenants),
        jobs=tuple(jobs),
        lease=float(raw.lease),
        tick=float(raw.tick),
        checkpoint=raw.overhead.checkpoint,
        cold_start=raw.overhead.cold_start,
        time=raw.time,
        leases=raw.leases,
        description=raw.description,
        provenance=raw.provenance,
    )


def _multiple(x: float, L: float) -> bool:
    """``x`` is a whole multiple of ``L`` (relative tolerance 1e-9)."""
    return abs(x / L - round(x / L)) <= 1e-9


def _check_slotted(raw: _InstanceIn) -> None:
    """What ``time: "slotted"`` means (notes §9): an InputError naming the first field that
    breaks it."""
    L = raw.lease
    if raw.tick != L:
        raise InputError("tick", f"a slotted instance has tick == lease ({L:g}), not {raw.tick:g}"
                                 "; build it with inst.slotted()")
    for name in ("checkpoint", "cold_start"):
        if getattr(raw.overhead, name) != 0:
            raise InputError(f"overhead.{name}", "a slotted instance has no overheads (0); build "
                                                 "it with inst.slotted()")
    for i, j in enumerate(raw.jobs):
        for name in ("submit", "duration"):
            if not _multiple(getattr(j, name), L):
                raise InputError(f"jobs[{i}].{name}", f"{getattr(j, name):g} is not a multiple of "
                                                      f"the lease {L:g} (slotted time); build it "
                                                      "with inst.slotted()")


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


def dump(inst: LTGFInstance) -> dict[str, Any]:
    """The instance as its JSON dict (the inverse of ``parse``).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.

    Returns
    -------
    dict
        JSON of the format ``docs/formats/ltgf.md`` describes; ``parse`` reads it back.
    """
    key = "quota" if inst.tenants[0].quota_given else "weight"
    out: dict[str, Any] = {
        "problem": PROBLEM,
        "schema_version": 1,
        "name": inst.name,
        "cluster": {"nodes": inst.nodes, "gpus_per_node": inst.gpus_per_node},
        "lease": _num(inst.lease),
        "tick": _num(inst.tick),
        "tenants": [{"name": t.name, key: _num(t.weight)} for t in inst.tenants],
        "jobs": [
            {
                "name": j.name,
                "tenant": j.tenant,
                "submit": _num(j.submit),
                "gpus": j.gpus,
                "duration": _num(j.duration),
                "weight": _num(j.weight),
            }
            for j in inst.jobs
        ],
        "overhead": {"checkpoint": _num(inst.checkpoint), "cold_start": _num(inst.cold_start)},
        "time": inst.time,
        "leases": inst.leases,
    }
    if inst.description:
        out["description"] = inst.description
    if inst.provenance is not None:
        out["provenance"] = inst.provenance
    return out
