"""The revenue problem's typed, frozen Solution, the helpers that build it, and the money
metrics of notes §3.6.

The JSON of a solution is ``{"time_origin", "jobs": {name: record}, "revenue", "gains",
"fairness", ...}``; a record of an admitted job has ``placement`` ("C"/"D"), ``start`` t-,
``completion`` t+ (inclusive slots), ``workers`` / ``ps`` ({server name: count}) and
``utility`` F_j. Astraea adds ``w``, ``phase``, ``batch``, ``round``, ``window``, ``order``,
``mu``, ``ideal``, per-slot ``cost_w`` / ``cost_p``, ``payment`` and ``income`` ({tenant:
amount}) to the records and ``theta_w``, ``theta_p``, ``lambda``, ``fixed_workers`` to the
solution; the exact models add ``ps_multi``. ``Solution`` types exactly this shape
(``from_json(d).to_json() == d``); keys it does not know are kept in ``extra``.
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import copy
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..core.errors import InputError
from ..core.solution import FrozenDict
from ..core.solution import Solution as BaseSolution
from .instance import RevenueInstance
from .support.configs import utility_x

Parser = Callable[[Any, str], Any]


# -- JSON value parsers: (value, field path) -> typed value, InputError naming the path -------
def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, (bool, np.bool_)):
        raise InputError(path, f"must be true or false, got {v!r}")
    return bool(v)


def _int(v: Any, path: str) -> int:
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real) or int(v) != v:
        raise InputError(path, f"must be an integer, got {v!r}")
    return int(v)


def _float(v: Any, path: str) -> float:
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
        raise InputError(path, f"must be a number, got {v!r}")
    return float(v)


def _opt_float(v: Any, path: str) -> float | None:
    return None if v is None else _float(v, path)


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise InputError(path, f"must be a string, got {v!r}")
    return v


def _mapping(value: Parser) -> Parser:
    """A parser of ``{name: value}`` objects (a read-only dict of parsed values)."""

    def parse(v: Any, path: str) -> FrozenDict:
        if not isinstance(v, Mapping):
            raise InputError(path, f"must be an object, got {type(v).__name__}")
        return FrozenDict({_str(k, f"{path}.<key>"): value(x, f"{path}.{k}")
                           for k, x in v.items()})

    return parse


def _sequence(value: Parser, length: int | None = None) -> Parser:
    """A parser of JSON arrays (a tuple of parsed values; ``length``: exactly that many)."""

    def parse(v: Any, path: str) -> tuple[Any, ...]:
        if isinstance(v, (str, bytes, Mapping)) or not hasattr(v, "__iter__"):
            raise InputError(path, f"must be an array, got {type(v).__name__}")
        items = list(v)
        if length is not None and len(items) != length:
            raise InputError(path, f"must have {length} entries, got {len(items)}")
        return tuple(value(x, f"{path}[{i}]") for i, x in enumerate(items))

    return parse


def _dump(v: Any) -> Any:
    """A fresh, mutable JSON value (mappings -> dict, tuples -> list, records -> their JSON)."""
    if isinstance(v, _Typed):
        return v.to_json()
    if isinstance(v, Mapping):
        return {k: _dump(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return [_dump(x) for x in v]
    return copy.deepcopy(v)


class _Typed:
    """A frozen dataclass mirroring a JSON object: each field has a JSON key and a parser;
    fields that are ``None`` are absent from the JSON, unknown keys are kept in ``extra``."""

    #: dataclass field -> (JSON key, parser); the order is the JSON's key order
    KEYS: ClassVar[dict[str, tuple[str, Parser]]] = {}
    #: fields the JSON must have
    REQUIRED: frozenset[str] = frozenset()
    #: fields always written, ``None`` as null (the others are left out when ``None``)
    NULLABLE: frozenset[str] = frozenset()
    #: JSON keys written after the unknown (``extra``) keys
    TAIL: tuple[str, ...] = ()

    @classmethod
    def _parse(cls, data: Any, path: str) -> Any:
        if not isinstance(data, Mapping):
            raise InputError(path or "solution", f"must be an object, got {type(data).__name__}")
        known = {key for key, _ in cls.KEYS.values()}
        kw: dict[str, Any] = {}
        for name, (key, parse) in cls.KEYS.items():
            where = f"{path}.{key}" if path else key
            if key not in data:
                if name in cls.REQUIRED:
                    raise InputError(where, "missing")
                continue
            v = data[key]
            kw[name] = None if v is None and name in cls.NULLABLE else parse(v, where)
        kw["extra"] = FrozenDict({k: copy.deepcopy(v) for k, v in data.items()
                                  if k not in known})
        return cls(**kw)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        tail: dict[str, Any] = {}
        for name, (key, _) in self.KEYS.items():
            v = getattr(self, name)
            if v is None and name not in self.NULLABLE:
                continue
            (tail if key in self.TAIL else out)[key] = None if v is None else _dump(v)
        out.update(_dump(self.extra))
        out.update(tail)
        return out


@dataclass(frozen=True)
class JobRecord(_Typed):
    """One job's record: ``admitted``; for an admitted job its run and placement; for Astraea
    its round, decision and money. A field left ``None`` is absent from the JSON.

    Parameters
    ----------
    admitted : bool
        Whether the job runs (a rejected job has utility 0).
    placement : str or None, default None
        ``'C'`` (centralised) or ``'D'`` (distributed).
    start : int or None, default None
        First slot t- of the run. Unit: slots.
    completion : int or None, default None
        Last slot t+ of the run (inclusive). Unit: slots.
    workers : Mapping of str to int or None, default None
        Workers per server name. Unit: workers.
    ps : Mapping of str to int or None, default None
        Parameter servers per server name. Unit: PSs.
    utility : float or None, default None
        F_j, the job's utility at its completion. Unit: utility.
    w : int or None, default None
        Astraea: the chosen worker count. Unit: workers.
    phase : int or None, default None
        Astraea: 1 (own share) or 2 (pooled resources).
    batch : int or None, default None
        Astraea: the batch l.
    round : int or None, default None
        Astraea: the A_round round.
    window : tuple of int or None, default None
        Astraea: the round's slot window.
    order : int or None, default None
        Astraea: the decision's position.
    mu : float or None, default None
        Astraea: ``ideal`` minus the posted cost of the run; a job is admitted only when it
        is > 0. Unit: utility.
    ideal : float or None, default None
        Astraea: the run's utility in the mechanism's view (completion counted from the
        round's window start). Unit: utility.
    cost_w : tuple of float or None, default None
        Astraea: posted worker cost per slot of the run. Unit: utility.
    cost_p : tuple of float or None, default None
        Astraea: posted PS cost per slot of the run. Unit: utility.
    payment : float or None, default None
        Astraea, phase 2: what the job's tenant pays. Unit: utility.
    income : Mapping of str to float or None, default None
        Astraea, phase 2: the payment's division among tenants. Unit: utility.
    extra : Mapping, default {}
        Unknown JSON keys, kept verbatim.

    Examples
    --------
    >>> rec = JobRecord.from_json({"admitted": True, "placement": "C", "start": 3,
    ...                            "completion": 3, "workers": {"s1": 1}, "ps": {"s1": 1},
    ...                            "utility": 2.0})
    >>> rec.completion - rec.start + 1, rec.to_json()["workers"]
    (1, {'s1': 1})
    """

    admitted: bool
    placement: str | None = None
    start: int | None = None
    completion: int | None = None
    workers: Mapping[str, int] | None = None
    ps: Mapping[str, int] | None = None
    utility: float | None = None
    w: int | None = None
    phase: int | None = None
    batch: int | None = None
    round: int | None = None
    window: tuple[int, int] | None = None
    order: int | None = None
    mu: float | None = None
    ideal: float | None = None
    cost_w: tuple[float, ...] | None = None
    cost_p: tuple[float, ...] | None = None
    payment: float | None = None
    income: Mapping[str, float] | None = None
    extra: Mapping[str, Any] = field(default_factory=FrozenDict)

    KEYS: ClassVar[dict[str, tuple[str, Parser]]] = {
        "admitted": ("admitted", _bool), "placement": ("placement", _str),
        "start": ("start", _int), "completion": ("completion", _int),
        "workers": ("workers", _mapping(_int)), "ps": ("ps", _mapping(_int)),
        "utility": ("utility", _float), "w": ("w", _int), "phase": ("phase", _int),
        "batch": ("batch", _int), "round": ("round", _int),
        "window": ("window", _sequence(_int, 2)), "order": ("order", _int),
        "mu": ("mu", _float), "ideal": ("ideal", _float),
        "cost_w": ("cost_w", _sequence(_float)), "cost_p": ("cost_p", _sequence(_float)),
        "payment": ("payment", _float), "income": ("income", _mapping(_float))}
    REQUIRED = frozenset({"admitted"})

    @classmethod
    def from_json(cls, data: Mapping[str, Any], path: str = "jobs.<job>") -> JobRecord:
        """The typed record of a JSON record (``InputError`` names the malformed field)."""
        return cls._parse(data, path)


@dataclass(frozen=True)
class Fairness(_Typed):
    """α_u per tenant (``None`` where β_u = 0) and their population variance; both ``None``
    when the total revenue is not positive (notes §3.6)."""

    alpha: Mapping[str, float | None] | None = None
    alpha_variance: float | None = None
    extra: Mapping[str, Any] = field(default_factory=FrozenDict)

    KEYS: ClassVar[dict[str, tuple[str, Parser]]] = {
        "alpha": ("alpha", _mapping(_opt_float)), "alpha_variance": ("alpha_variance", _float)}
    REQUIRED = frozenset({"alpha", "alpha_variance"})
    NULLABLE = frozenset({"alpha", "alpha_variance"})


def _jobs(v: Any, path: str) -> FrozenDict:
    if not isinstance(v, Mapping):
        raise InputError(path, f"must map every job name to a record, got {type(v).__name__}")
    return FrozenDict({_str(k, f"{path}.<key>"): JobRecord.from_json(r, f"{path}.{k}")
                       for k, r in v.items()})


@dataclass(frozen=True, eq=False)
class Solution(_Typed, BaseSolution):
    """A revenue solution: the job records, the total revenue Σ F_j, the tenants' gains and
    fairness, and the method's parameters that the validator replays (Astraea's θ, λ; the
    MILP's ``ps_multi``). It reads as a read-only mapping of its JSON (``sol["jobs"]``).

    Frozen; every revenue method returns one in ``Result.solution``. Build it with
    ``finish`` (from job records made by ``job_record``) or ``Solution.from_json``.

    Parameters
    ----------
    jobs : Mapping of str to JobRecord
        One record per job name (rejected jobs: ``admitted`` False).
    revenue : float
        Total revenue Σ F_j of the admitted jobs. Unit: utility.
    time_origin : str or None, default None
        ``'arrival'`` or ``'absolute'``: how utilities were evaluated.
    ps_multi : bool or None, default None
        The exact models' flag: PSs may spread over servers.
    theta_w : float or None, default None
        Astraea's worker price base. Unit: dimensionless.
    theta_p : float or None, default None
        Astraea's PS price base. Unit: dimensionless.
    lam : int or None, default None
        Astraea's lambda (JSON key ``lambda``). Unit: rounds.
    fixed_workers : bool or None, default None
        Whether the mechanism fixed w = D_j.
    gains : Mapping of str to float or None, default None
        Gain g_u of every tenant. Unit: utility.
    fairness : Fairness or None, default None
        alpha_u per tenant and their variance.
    extra : Mapping, default {}
        Keys of the JSON this class does not know, kept verbatim.

    Examples
    --------
    >>> from dlsched.revenue import Solution
    >>> sol = Solution.from_json({"jobs": {"j1": {"admitted": False}}, "revenue": 0.0})
    >>> sol.revenue, sol["jobs"]["j1"]["admitted"]
    (0.0, False)
    >>> sol.to_json()
    {'jobs': {'j1': {'admitted': False}}, 'revenue': 0.0}
    """

    jobs: Mapping[str, JobRecord]
    revenue: float
    time_origin: str | None = None
    ps_multi: bool | None = None
    theta_w: float | None = None
    theta_p: float | None = None
    lam: int | None = None
    fixed_workers: bool | None = None
    gains: Mapping[str, float] | None = None
    fairness: Fairness | None = None
    extra: Mapping[str, Any] = field(default_factory=FrozenDict)

    KEYS: ClassVar[dict[str, tuple[str, Parser]]] = {
        "time_origin": ("time_origin", _str), "jobs": ("jobs", _jobs),
        "ps_multi": ("ps_multi", _bool), "theta_w": ("theta_w", _float),
        "theta_p": ("theta_p", _float), "lam": ("lambda", _int),
        "fixed_workers": ("fixed_workers", _bool), "revenue": ("revenue", _float),
        "gains": ("gains", _mapping(_float)),
        "fairness": ("fairness", lambda v, p: Fairness._parse(v, p))}
    REQUIRED = frozenset({"jobs", "revenue"})
    TAIL = ("revenue", "gains", "fairness")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Solution:
        """The typed solution of a JSON dict.

        Parameters
        ----------
        data : Mapping
            The JSON object (``jobs`` and ``revenue`` required).

        Returns
        -------
        Solution
            The typed solution; unknown keys are kept in ``extra``.

        Raises
        ------
        InputError
            A missing or malformed field, named by its path (e.g. ``jobs.j1.start``).

        Examples
        --------
        >>> from dlsched.revenue import Solution
        >>> Solution.from_json({"jobs": {"j1": {"admitted": True, "start": "x"}},
        ...                     "revenue": 1.0})
        Traceback (most recent call last):
        ...
        dlsched.core.errors.InputError: jobs.j1.start: must be an integer, got 'x'
        """
        return cls._parse(data, "")


def job_record(inst: RevenueInstance, j: int, placement: str, start: int, d: int,
               workers: dict[int, int], ps: dict[int, int], time_origin: str
               ) -> dict[str, Any]:
    """The JSON record of job j run ``d`` slots from ``start``: a plugin's building block.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    j : int
        Job index (order of ``inst.job_names``).
    placement : str
        ``'C'`` (centralised: workers and PS on one server) or ``'D'`` (distributed).
    start : int
        First slot t- of the run (the job may run from slot arrival + 1 on). Unit: slots.
    d : int
        Duration: slots of the run (``inst.duration(j, placement, w)``). Unit: slots.
    workers : dict of int to int
        Workers per server index (zero counts are dropped). Unit: workers.
    ps : dict of int to int
        Parameter servers per server index. Unit: PSs.
    time_origin : str
        ``'arrival'`` or ``'absolute'``: the argument of the utility.

    Returns
    -------
    dict
        ``{"admitted": True, "placement", "start", "completion" (= start + d - 1),
        "workers", "ps" (server names), "utility" F_j}``.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> rec["completion"], rec["workers"], round(rec["utility"], 3)
    (3, {'s1': 1}, 645.704)
    """
    completion = start + d - 1
    return {"admitted": True, "placement": placement, "start": int(start),
            "completion": int(completion),
            "workers": {inst.server_names[s]: int(k) for s, k in sorted(workers.items()) if k},
            "ps": {inst.server_names[s]: int(k) for s, k in sorted(ps.items()) if k},
            "utility": float(inst.f(j, utility_x(inst, j, completion, time_origin)))}


def finish(inst: RevenueInstance, records: dict[int, dict[str, Any]], time_origin: str,
           extra: dict[str, Any] | None = None) -> Solution:
    """Complete a solution from job records: rejected jobs, revenue, tenant gains, fairness.

    The last step of a plugin: every job without a record is rejected.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    records : dict of int to dict
        Job index -> its record (``job_record``), admitted jobs only.
    time_origin : str
        ``'arrival'`` or ``'absolute'`` (recorded in the solution).
    extra : dict or None, default None
        Further solution keys (e.g. ``theta_w``, ``lambda``).

    Returns
    -------
    Solution
        The typed solution.

    Raises
    ------
    InputError
        A record or extra key is malformed.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> sol = finish(inst, {0: rec}, "arrival")
    >>> round(sol.revenue, 3), [n for n, r in sol.jobs.items() if r.admitted]
    (645.704, ['j1'])
    """
    jobs: dict[str, Any] = {}
    for j, name in enumerate(inst.job_names):
        jobs[name] = records.get(j, {"admitted": False})
    sol: dict[str, Any] = {"time_origin": time_origin, "jobs": jobs}
    sol.update(extra or {})
    sol["revenue"] = float(sum(r["utility"] for r in jobs.values() if r["admitted"]))
    sol["gains"] = tenant_gains(inst, sol)
    sol["fairness"] = fairness(inst, sol)
    return Solution.from_json(sol)


def tenant_gains(inst: RevenueInstance, sol: dict[str, Any]) -> dict[str, float]:
    """Gain of every tenant: g_u = Σ_{J1^u} F + Σ_{J2^u} (F - payment) + Σ_{J2} ρ^u.

    Self-payments are counted (a tenant may earn from its own phase-2 job).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    sol : dict
        The solution's JSON (``jobs`` with utilities, payments, incomes).

    Returns
    -------
    dict of str to float
        g_u per tenant name. Unit: utility.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> jobs = {"j1": {"admitted": True, "utility": 5.0, "payment": 2.0,
    ...                "income": {"u1": 0.5, "u2": 1.5}},
    ...         "j2": {"admitted": False}, "j3": {"admitted": False}}
    >>> tenant_gains(inst, {"jobs": jobs})
    {'u1': 3.5, 'u2': 1.5}
    """
    g = dict.fromkeys(inst.tenant_names, 0.0)
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"][name]
        if not rec["admitted"]:
            continue
        g[inst.tenant_names[inst.tenant[j]]] += rec["utility"] - rec.get("payment", 0.0)
        for u, x in rec.get("income", {}).items():
            g[u] += x
    return g


def beta(inst: RevenueInstance) -> np.ndarray:
    """Fair share of every tenant: β_u = (q_w^u / Σq_w + q_p^u / Σq_p) / 2.

    Parameters
    ----------
    inst : RevenueInstance
        The instance (its quotas).

    Returns
    -------
    numpy.ndarray
        β_u per tenant, summing to 1. Unit: dimensionless.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> beta(inst).tolist()
    [0.5, 0.5]
    """
    bw = inst.quota_w / max(inst.quota_w.sum(), 1)
    bp = inst.quota_p / max(inst.quota_p.sum(), 1)
    return 0.5 * (bw + bp)


def fairness(inst: RevenueInstance, sol: dict[str, Any]) -> dict[str, Any]:
    """Fairness: α_u = (g_u / ΣF) / β_u per tenant and their population variance.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    sol : dict
        The solution's JSON with ``revenue`` and ``gains``.

    Returns
    -------
    dict
        ``{"alpha": {tenant: α_u or None (β_u = 0)}, "alpha_variance": float}``; both None
        when the revenue is not positive. Unit: dimensionless.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> fairness(inst, {"revenue": 4.0, "gains": {"u1": 3.0, "u2": 1.0}})
    {'alpha': {'u1': 1.5, 'u2': 0.5}, 'alpha_variance': 0.25}
    """
    total = sol["revenue"]
    if total <= 0:
        return {"alpha": None, "alpha_variance": None}
    b = beta(inst)
    alpha = {u: float((sol["gains"][u] / total) / b[k]) if b[k] > 0 else None
             for k, u in enumerate(inst.tenant_names)}
    vals = np.array([a for a in alpha.values() if a is not None])
    return {"alpha": alpha, "alpha_variance": float(vals.var()) if vals.size else None}


def usage(inst: RevenueInstance, sol: dict[str, Any], horizon: int | None = None
          ) -> tuple[np.ndarray, np.ndarray]:
    """Per-slot usage of a solution: workers y[s, t] and PSs z[s, t] on every server.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    sol : dict
        The solution's JSON.
    horizon : int or None, default None
        Least last slot T of the arrays (they reach the last completion anyway).
        Unit: slots.

    Returns
    -------
    tuple of numpy.ndarray
        ``(y, z)``, each of shape (servers, T + 1); index t is slot t (index 0 unused).
        Unit: workers / PSs.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> rec = job_record(inst, 0, "C", 3, 1, {0: 1}, {0: 1}, "arrival")
    >>> y, z = usage(inst, {"jobs": {"j1": rec, "j2": {"admitted": False},
    ...                              "j3": {"admitted": False}}})
    >>> y.tolist()
    [[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 0.0]]
    """
    name_to_s = {n: s for s, n in enumerate(inst.server_names)}
    ends = [r["completion"] for r in sol["jobs"].values() if r["admitted"]]
    T = max([horizon or 0, *ends, 1])
    y = np.zeros((inst.n_servers, T + 1))
    z = np.zeros((inst.n_servers, T + 1))
    for rec in sol["jobs"].values():
        if rec["admitted"]:
            run = slice(rec["start"], rec["completion"] + 1)
            for s, k in rec["workers"].items():
                y[name_to_s[s], run] += k
            for s, k in rec["ps"].items():
                z[name_to_s[s], run] += k
    return y, z
