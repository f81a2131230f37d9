"""OEF instance: GPU types (slow -> fast) with device counts, users with speedup rows.

Units: ``count`` is a number of devices (may be fractional, e.g. a time-averaged share);
``speedup[j]`` is the user's training throughput on type j divided by its throughput on type 0
(dimensionless, so ``speedup[0] == 1``). A ``throughput`` list (any unit, e.g. steps/s) may be
given instead and is normalised by its first entry.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import Field, model_validator

from ..core.errors import InputError
from ..core.jsonschema import doc, register_schema
from ..core.schema import Strict, parse_model
from .rules import DEFAULT_FAIRNESS, check_fairness

PROBLEM = "oef"


_POSITIVE = {"exclusiveMinimum": 0}
_ROW = ("one entry per GPU type, in the order of gpu_types; every entry > 0")


class _JobTypeIn(Strict, title="JobType"):
    """One job type of a user (notes §3): a virtual user with its own speedup row."""

    name: str = Field(min_length=1, **doc("Job type name, unique within its user.", symbol="t"))
    speedup: list[float] | None = Field(None, **doc(
        f"Speedup row: throughput on each GPU type divided by that on the first ({_ROW}; the "
        "first is 1). Give exactly one of speedup / throughput.", unit="dimensionless",
        symbol="W_l = \\langle w_l^1, \\dots, w_l^k \\rangle", numbers=_POSITIVE))
    throughput: list[float] | None = Field(None, **doc(
        f"Raw throughput row ({_ROW}), normalised by its first entry into the speedup row.",
        unit="any throughput unit (e.g. steps/s)", symbol="W_l \\ (\\text{before } w_l^1 = 1)",
        numbers=_POSITIVE))
    min_demand: int = Field(default=1, ge=1, **doc(
        "Fewest GPUs a job of this type runs on: the placer grants 0 below it (notes §4.3).",
        unit="GPUs", symbol="\\text{demand}_q"))

    @model_validator(mode="after")
    def _one_row(self) -> _JobTypeIn:
        if (self.speedup is None) == (self.throughput is None):
            raise ValueError("give exactly one of 'speedup' or 'throughput'")
        return self


class _UserIn(Strict, title="User"):
    """A user (tenant): one speedup or throughput row, or several job types."""

    name: str = Field(min_length=1, **doc("User name, unique.", symbol="l"))
    weight: float = Field(1.0, **doc(
        "Weight: throughputs are shared in proportion to it (notes §3).", unit="dimensionless",
        symbol="\\pi_l", numbers=_POSITIVE))
    speedup: list[float] | None = Field(None, **doc(
        f"Speedup row of the user's single job type ({_ROW}; the first is 1). Give exactly "
        "one of speedup / throughput / job_types.", unit="dimensionless",
        symbol="W_l = \\langle w_l^1, \\dots, w_l^k \\rangle", numbers=_POSITIVE))
    throughput: list[float] | None = Field(None, **doc(
        f"Raw throughput row ({_ROW}), normalised by its first entry into the speedup row.",
        unit="any throughput unit (e.g. steps/s)", symbol="W_l \\ (\\text{before } w_l^1 = 1)",
        numbers=_POSITIVE))
    job_types: list[_JobTypeIn] | None = Field(None, **doc(
        "Several job types, each a virtual user with weight pi_l / t_l (notes §3).",
        symbol="t_l", minItems=1))
    min_demand: int = Field(default=1, ge=1, **doc(
        "Fewest GPUs a job of the user runs on (single-row users; notes §4.3).", unit="GPUs",
        symbol="\\text{demand}_q"))

    @model_validator(mode="after")
    def _one_form(self) -> _UserIn:
        given = [f for f in ("speedup", "throughput", "job_types") if getattr(self, f) is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of 'speedup', 'throughput' or 'job_types'")
        return self


class _GpuTypeIn(Strict, title="GpuType"):
    """A GPU type and how many devices of it the cluster has."""

    name: str = Field(min_length=1, **doc("GPU type name, unique.", symbol="j"))
    count: float = Field(**doc(
        "Devices of this type (may be fractional, e.g. a time-averaged share).", unit="GPUs",
        symbol="m_j", numbers=_POSITIVE))


class _InstanceIn(Strict, title="OEFInstanceFile"):
    """An OEF instance file: GPU types (slowest first) and users with speedup rows."""

    problem: str = Field(**doc("Problem of the file.", const=PROBLEM))
    schema_version: int = Field(1, **doc("Version of this format (dlsched.load accepts 1).",
                                         unit="format version",
                                         const=1))
    name: str = Field("unnamed", **doc("Instance name (reports, file names)."))
    description: str | None = Field(None, **doc("Free text."))
    gpu_types: list[_GpuTypeIn] = Field(min_length=1, **doc(
        "GPU types, slowest first (the speedup rows are relative to the first).",
        symbol="j = 1..k"))
    users: list[_UserIn] = Field(min_length=1, **doc("Users (tenants).", symbol="l = 1..n"))
    provenance: dict[str, Any] | str | None = Field(None, **doc(
        "Where the instance comes from (free form, not compared)."))
    fairness: Literal["none", "cooperative", "noncooperative"] = Field(DEFAULT_FAIRNESS, **doc(
        "The problem stated: which fairness rows a solution must satisfy besides capacity. "
        "'none': capacity only (LP (4)); 'cooperative': weighted envy-freeness between "
        "virtual rows, W_r.x_r / pi_r >= W_r.x_s / pi_s (LP (10)); 'noncooperative': equal "
        "weighted normalised throughput, W_r.x_r / pi_r = T for all rows (LP (9)). Default "
        "'none' keeps files written before the field meaning what the validator checked then "
        "(capacity only)."))


register_schema(PROBLEM, _InstanceIn)


@dataclass(frozen=True)
class GpuType:
    """A GPU type of the cluster (file field ``gpu_types[]``).

    Parameters
    ----------
    name : str
        GPU type name, unique.
    count : float
        Devices of this type (may be fractional). Unit: GPUs. Range: (0, 1e15].
    """

    name: str
    count: float


@dataclass(frozen=True)
class JobType:
    """One job type of a user (file field ``users[].job_types[]``; notes §3).

    Parameters
    ----------
    name : str
        Job type name (the user's name for a user given as one row).
    speedup : tuple[float, ...]
        Throughput on each GPU type relative to the first (``speedup[0] == 1``).
        Unit: dimensionless. Range: (0, 1e15].
    min_demand : int, default 1
        Fewest GPUs a job of this type runs on. Unit: GPUs. Range: 1..1e15.
    """

    name: str
    speedup: tuple[float, ...]
    min_demand: int = 1


@dataclass(frozen=True)
class User:
    """A user (tenant) with a positive weight and one or more job types (``users[]``).

    Parameters
    ----------
    name : str
        User name, unique.
    weight : float
        Share weight pi_l. Unit: dimensionless. Range: (0, 1e15].
    job_types : tuple[JobType, ...]
        The user's job types (one, named like the user, for a user given as one row).
    min_demand : int, default 1
        Fewest GPUs a job of the user runs on. Unit: GPUs. Range: 1..1e15.
    """

    name: str
    weight: float
    job_types: tuple[JobType, ...]
    min_demand: int = 1

    @property
    def single(self) -> bool:
        """True when the user was given as one speedup row (job type named like the user)."""
        return len(self.job_types) == 1 and self.job_types[0].name == self.name


@dataclass(frozen=True)
class Rows:
    """Virtual users of the LPs: one row per (user, job type).

    ``weight[r] = user weight / number of its job types`` (notes §3 weight splitting). The LPs use
    the weighted forms, which equal the replicated LP of notes §3 after averaging identical
    replicas (see ``replicate`` for the literal replication used as a cross-check).
    """

    W: np.ndarray  # (R, k) speedups
    weight: np.ndarray  # (R,)
    owner: np.ndarray  # (R,) user index
    labels: tuple[tuple[str, str], ...]  # (user name, job type name)

    @property
    def size(self) -> int:
        return int(self.W.shape[0])


@dataclass(frozen=True)
class OEFInstance:
    """Frozen OEF instance (notes §1): GPU types, slowest first, and users.

    Built by ``parse`` from a file of the format ``docs/formats/oef.md`` describes
    (``dlsched schema oef`` prints its JSON Schema).

    Parameters
    ----------
    name : str
        Instance name.
    gpu_types : tuple[GpuType, ...]
        The k GPU types, slowest first.
    users : tuple[User, ...]
        The n users.
    description : str or None, default None
        Free text.
    provenance : dict or str or None, default None
        Where the instance comes from (not compared).
    fairness : str, default 'none'
        The problem stated (``dlsched.oef.rules``): ``'none'`` (capacity only, LP (4)),
        ``'cooperative'`` (plus weighted envy-freeness, LP (10)) or ``'noncooperative'`` (plus
        equal weighted normalised throughput, LP (9)). The default keeps files written before
        the field loading with the meaning the validator gave them (capacity only).

    Examples
    --------
    >>> inst = parse({"problem": "oef", "gpu_types": [{"name": "k80", "count": 2}],
    ...               "users": [{"name": "a", "speedup": [1]}, {"name": "b", "speedup": [1]}]})
    >>> inst.n_users, inst.n_types, inst.capacity.tolist()
    (2, 1, [2.0])
    """

    name: str
    gpu_types: tuple[GpuType, ...]
    users: tuple[User, ...]
    description: str | None = None
    provenance: dict[str, Any] | str | None = field(default=None, compare=False)
    fairness: str = DEFAULT_FAIRNESS

    problem: ClassVar[str] = PROBLEM

    def __post_init__(self) -> None:
        check_fairness(self.fairness)

    def with_fairness(self, fairness: str) -> OEFInstance:
        """A copy stating the fairness rule ``fairness`` (same GPUs and users).

        Parameters
        ----------
        fairness : str
            ``'none'``, ``'cooperative'`` or ``'noncooperative'``.

        Returns
        -------
        OEFInstance
            The copy (``self`` when it already states ``fairness``).

        Raises
        ------
        InputError
            Field ``fairness``: not a known rule.

        Examples
        --------
        >>> from dlsched.oef import generate
        >>> generate(n=2, k=2, seed=0).with_fairness("cooperative").fairness
        'cooperative'
        """
        check_fairness(fairness)
        return self if fairness == self.fairness else replace(self, fairness=fairness)

    @property
    def n_users(self) -> int:
        return len(self.users)

    @property
    def n_types(self) -> int:
        return len(self.gpu_types)

    @cached_property
    def capacity(self) -> np.ndarray:
        """Device count per GPU type, shape (k,)."""
        return np.array([g.count for g in self.gpu_types], dtype=float)

    @cached_property
    def weights(self) -> np.ndarray:
        return np.array([u.weight for u in self.users], dtype=float)

    @cached_property
    def rows(self) -> Rows:
        W, weight, owner, labels = [], [], [], []
        for i, user in enumerate(self.users):
            share = user.weight / len(user.job_types)
            for jt in user.job_types:
                W.append(jt.speedup)
                weight.append(share)
                owner.append(i)
                labels.append((user.name, jt.name))
        return Rows(np.array(W, dtype=float), np.array(weight), np.array(owner), tuple(labels))

    @property
    def is_simple(self) -> bool:
        """One job type per user and all weights equal: the paper's plain setting."""
        return all(len(u.job_types) == 1 for u in self.users) and bool(
            np.all(self.weights == self.weights[0])
        )

    def speedup_matrix(self) -> np.ndarray:
        """W of the (virtual) rows, shape (R, k)."""
        return self.rows.W

    def with_speedup(self, row: int, speedup: np.ndarray | list[float]) -> OEFInstance:
        """A copy where virtual row ``row`` reports ``speedup`` (used for misreport experiments)."""
        user_idx = int(self.rows.owner[row])
        jt_idx = sum(1 for r in range(row) if self.rows.owner[r] == user_idx)
        user = self.users[user_idx]
        jts = list(user.job_types)
        jts[jt_idx] = JobType(
            jts[jt_idx].name, tuple(float(v) for v in speedup), jts[jt_idx].min_demand
        )
        users = list(self.users)
        users[user_idx] = User(user.name, user.weight, tuple(jts), user.min_demand)
        return replace(self, users=tuple(users))

    def size(self) -> dict[str, int]:
        return {"users": self.n_users, "types": self.n_types, "rows": self.rows.size}


def _row(values: list[float], kind: str, path: str, k: int) -> tuple[float, ...]:
    if len(values) != k:
        raise InputError(path, f"has {len(values)} entries, expected {k} (one per GPU type)")
    for j, v in enumerate(values):
        if v <= 0:
            raise InputError(f"{path}[{j}]", f"{kind} must be positive, got {v}")
    if kind == "throughput":
        return tuple(v / values[0] for v in values)
    if abs(values[0] - 1.0) > 1e-9:
        raise InputError(
            f"{path}[0]",
            f"speedups are relative to the first GPU type, so this must be 1 (got {values[0]}); "
            "give 'throughput' instead to have the row normalised",
        )
    return tuple(float(v) for v in values)


def _job_type(jt: _JobTypeIn | _UserIn, name: str, path: str, k: int) -> JobType:
    kind = "speedup" if jt.speedup is not None else "throughput"
    values = jt.speedup if jt.speedup is not None else jt.throughput
    return JobType(name, _row(list(values), kind, f"{path}.{kind}", k), jt.min_demand)


def _unique(names: list[str], path: str) -> None:
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            raise InputError(f"{path}[{i}].name", f"duplicate name {name!r}")
        seen.add(name)


def parse(data: dict[str, Any]) -> OEFInstance:
    """Validate a JSON dict and build the frozen instance.

    Parameters
    ----------
    data : dict
        The instance's JSON (format: ``docs/formats/oef.md``, schema: ``dlsched schema oef``).

    Returns
    -------
    OEFInstance
        The frozen instance (``throughput`` rows normalised into speedup rows).

    Raises
    ------
    InputError
        The first bad field, named by its path in the schema (``users[1].speedup[0]``).

    Examples
    --------
    >>> parse({"problem": "oef", "gpu_types": [{"name": "k80", "count": 1}],
    ...        "users": [{"name": "a", "throughput": [4]}]}).users[0].job_types[0].speedup
    (1.0,)
    """
    raw = parse_model(_InstanceIn, data)
    if raw.problem != PROBLEM:
        raise InputError("problem", f"expected {PROBLEM!r}, got {raw.problem!r}")
    k = len(raw.gpu_types)
    for j, g in enumerate(raw.gpu_types):
        if g.count <= 0:
            raise InputError(f"gpu_types[{j}].count", f"must be positive, got {g.count}")
    _unique([g.name for g in raw.gpu_types], "gpu_types")
    _unique([u.name for u in raw.users], "users")
    users = []
    for i, u in enumerate(raw.users):
        path = f"users[{i}]"
        if u.weight <= 0:
            raise InputError(f"{path}.weight", f"must be positive, got {u.weight}")
        if u.job_types is None:
            jts = (_job_type(u, u.name, path, k),)
        else:
            if not u.job_types:
                raise InputError(f"{path}.job_types", "must list at least one job type")
            _unique([jt.name for jt in u.job_types], f"{path}.job_types")
            jts = tuple(
                _job_type(jt, jt.name, f"{path}.job_types[{t}]", k)
                for t, jt in enumerate(u.job_types)
            )
        users.append(User(u.name, float(u.weight), jts, u.min_demand))
    return OEFInstance(
        name=raw.name,
        gpu_types=tuple(GpuType(g.name, float(g.count)) for g in raw.gpu_types),
        users=tuple(users),
        description=raw.description,
        provenance=raw.provenance,
        fairness=raw.fairness,
    )


def dump(inst: OEFInstance) -> dict[str, Any]:
    """The instance as its JSON dict (the inverse of ``parse``).

    Parameters
    ----------
    inst : OEFInstance
        The instance.

    Returns
    -------
    dict
        JSON of the format ``docs/formats/oef.md`` describes (speedup rows normalised);
        ``parse`` reads it back.
    """
    users = []
    for u in inst.users:
        entry: dict[str, Any] = {"name": u.name}
        if u.weight != 1.0:
            entry["weight"] = u.weight
        if u.single:
            entry["speedup"] = list(u.job_types[0].speedup)
            if u.job_types[0].min_demand != 1:
                entry["min_demand"] = u.job_types[0].min_demand
        else:
            entry["job_types"] = [
                {"name": jt.name, "speedup": list(jt.speedup)}
                | ({"min_demand": jt.min_demand} if jt.min_demand != 1 else {})
                for jt in u.job_types
            ]
            if u.min_demand != 1:
                entry["min_demand"] = u.min_demand
        users.append(entry)
    out: dict[str, Any] = {"problem": PROBLEM, "schema_version": 1, "name": inst.name}
    if inst.description:
        out["description"] = inst.description
    out["gpu_types"] = [{"name": g.name, "count": g.count} for g in inst.gpu_types]
    out["users"] = users
    out["fairness"] = inst.fairness
    if inst.provenance is not None:
        out["provenance"] = inst.provenance
    return out


def make(
    speedup: np.ndarray | list[list[float]],
    counts: np.ndarray | list[float] | None = None,
    *,
    name: str = "matrix",
    weights: list[float] | None = None,
    gpu_names: list[str] | None = None,
    fairness: str = "none",
) -> OEFInstance:
    """Build an instance from a speedup matrix (rows = users), validating like a file.

    Parameters
    ----------
    speedup : numpy.ndarray or list[list[float]]
        Speedup matrix W, one row per user, one column per GPU type (first column 1).
        Unit: dimensionless. Range: (0, 1e15].
    counts : numpy.ndarray or list[float], optional
        Devices per GPU type (default 1 each). Unit: GPUs. Range: (0, 1e15].
    name : str, default "matrix"
        Instance name.
    weights : list[float], optional
        User weights (default 1 each). Unit: dimensionless. Range: (0, 1e15].
    gpu_names : list[str], optional
        GPU type names (default g1, g2, ...).
    fairness : str, default 'none'
        The problem stated (``OEFInstance.fairness``).

    Returns
    -------
    OEFInstance
        The instance, users named u1, u2, ...

    Raises
    ------
    InputError
        A bad entry, named as in a file (``users[0].speedup[1]``).

    Examples
    --------
    >>> make([[1, 2], [1, 3]], counts=[2, 1]).size()
    {'users': 2, 'types': 2, 'rows': 2}
    """
    W = np.asarray(speedup, dtype=float)
    k = W.shape[1]
    counts = [1.0] * k if counts is None else list(np.asarray(counts, dtype=float))
    gpu_names = gpu_names or [f"g{j + 1}" for j in range(k)]
    users = [
        {"name": f"u{i + 1}", "speedup": [float(v) for v in row]}
        | ({"weight": float(weights[i])} if weights is not None else {})
        for i, row in enumerate(W)
    ]
    return parse(
        {
            "problem": PROBLEM,
            "name": name,
            "gpu_types": [
                {"name": n, "count": float(c)} for n, c in zip(gpu_names, counts, strict=True)
            ],
            "users": users,
            "fairness": fairness,
        }
    )
