"""Instance of ``dlsched.revenue``: tenants pooling workers and parameter servers (notes §1).

Units (slot = 1 hour, as in the paper's evaluation):

- ``horizon``: T of problem (3), t-, t+ in [T] (slot t is (t-1, t]): every schedule ends by
  slot T, the online mechanism's and the baselines' too (they never run a job past it). A fixed
  rule of the problem, not a switch: without it convex utilities stay positive for ever and no
  exact model or bound would exist (notes §1).
- ``bandwidth.worker`` b_w / ``bandwidth.ps`` b_p: Mbps per worker / per PS (only their
  ratio enters (3i); the comm time of Eq. (1) uses b_w).
- ``tenants[].quota``: fair share q^u_w workers (GPUs) and q^u_p PSs; the quotas must sum to
  the servers' capacities (notes §1).
- ``servers[]``: ``workers`` C_sw and ``ps`` C_sp slots; optional ``owner`` (tenant name; used
  by the BatchSche / HiveD baselines for the private clusters).
- ``jobs[]``: ``arrival`` r_j (slot; the job may run from slot r_j + 1), ``epochs`` E_j,
  ``chunks`` D_j (also the maximum number of workers), ``minibatches`` M_j per chunk;
  either ``minibatch_time`` m_j (hours), ``update_time`` G_j (ms), ``gradient_size`` eps_j
  (MB), giving Eq. (1) n^C = 1/(m + G/3.6e6), n^D = 1/(m + G/3.6e6 + 2*8*eps/(3600 b_w))
  mini-batches per worker per slot; or ``rate`` {centralized, distributed} given directly.
  ``utility``: ``linear`` slope*x + intercept, or ``convex`` (e/x)^kappa, with x the
  completion time measured from ``time_origin``: ``arrival`` (default, x = t+ - r_j, the
  worked example's reading) or ``absolute`` (x = t+, the theorems' reading).
  Optional ``demand``: the GPUs the job requests (baselines only; default D_j).
- ``fixed_workers``: true = every admitted job runs with exactly D_j workers (the notes §4
  narrative); false (default) = any 1..D_j (constraint (3e), Alg. 3 as written).
- ``rate.distributed`` must not exceed ``rate.centralized`` (communication only adds time,
  Eq. (1)), so a distributed run on one server is a legal, slower run of (3).
"""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

import numpy as np
from pydantic import Field

from ..core.errors import InputError
from ..core.jsonschema import doc, register_schema
from ..core.limits import MAX_SLOTS
from ..core.schema import Strict, parse_model

PROBLEM = "revenue"
EPS = 1e-9


class _Bandwidth(Strict, title="Bandwidth"):
    """Cluster-wide bandwidths (only their ratio enters (3i); Eq. (1) uses the worker's)."""

    worker: float = Field(gt=0, **doc("Bandwidth per worker.", unit="Mbps", symbol="b_w"))
    ps: float = Field(gt=0, **doc("Bandwidth per parameter server.", unit="Mbps", symbol="b_p"))


class _Quota(Strict, title="Quota"):
    """A tenant's fair share; the quotas of all tenants sum to the servers' capacities."""

    workers: int = Field(ge=0, **doc("Worker share (sum over tenants = sum of servers[].workers).",
                                     unit="workers (GPUs)", symbol="q^u_w"))
    ps: int = Field(ge=0, **doc("PS share (sum over tenants = sum of servers[].ps).",
                                unit="PSs", symbol="q^u_p"))


class _Tenant(Strict, title="Tenant"):
    """A tenant that pools its share of the servers."""

    name: str = Field(min_length=1, **doc("Tenant name, unique.", symbol="u"))
    quota: _Quota = Field(**doc("Fair share of workers and PSs.", symbol="q^u_w, q^u_p"))


class _Server(Strict, title="Server"):
    """A server with worker and PS slots."""

    name: str = Field(min_length=1, **doc("Server name, unique.", symbol="s"))
    workers: int = Field(ge=0, **doc("Worker slots (GPUs).", unit="workers (GPUs)",
                                     symbol="C_{sw}"))
    ps: int = Field(ge=0, **doc("Parameter-server slots.", unit="PSs", symbol="C_{sp}"))
    owner: str | None = Field(None, **doc(
        "Tenant owning the server (a tenants[].name; used by the BatchSche / HiveD baselines "
        "for the private clusters)."))


class _Rate(Strict, title="Rate"):
    """Processing rates given directly instead of the timing fields."""

    centralized: float = Field(gt=0, **doc(
        "Rate with every worker and PS on one server.",
        unit="mini-batches per worker per slot", symbol="n^C_j"))
    distributed: float = Field(gt=0, **doc(
        "Rate with the job spread over servers.", unit="mini-batches per worker per slot",
        symbol="n^D_j"))


class _Utility(Strict, title="Utility"):
    """Utility of the completion time x (slots from arrival): linear or convex."""

    kind: Literal["linear", "convex"] = Field(**doc(
        "linear: slope * x + intercept (slope and intercept only); convex: (e / x)^kappa "
        "(e and kappa only).", symbol="f_j"))
    slope: float | None = Field(None, **doc("Slope of a linear utility.",
                                            unit="revenue per slot", symbol="k_j"))
    intercept: float | None = Field(None, **doc("Intercept of a linear utility.",
                                                unit="revenue", symbol="g_j"))
    e: float | None = Field(default=None, gt=0, **doc("Scale of a convex utility.",
                                                      unit="slots", symbol="e_j"))
    kappa: float | None = Field(default=None, gt=0, **doc(
        "Exponent of a convex utility.", unit="dimensionless", symbol="\\kappa_j"))


class _Job(Strict, title="Job"):
    """A training job; give either the timing fields or ``rate``."""

    name: str = Field(min_length=1, **doc("Job name, unique.", symbol="j"))
    tenant: str = Field(**doc("Owning tenant (a tenants[].name).", symbol="u(j)"))
    arrival: int = Field(ge=0, **doc("Arrival slot; the job may run from slot arrival + 1.",
                                     unit="slot", symbol="r_j"))
    epochs: int = Field(ge=1, **doc("Training epochs.", unit="epochs", symbol="E_j"))
    chunks: int = Field(ge=1, **doc("Data chunks, also the most workers the job may use.",
                                    unit="chunks", symbol="D_j"))
    minibatches: int = Field(ge=1, **doc("Mini-batches per chunk.", unit="mini-batches",
                                         symbol="M_j"))
    minibatch_time: float | None = Field(default=None, gt=0, **doc(
        "Compute time of one mini-batch (timing form, Eq. (1)).", unit="h", symbol="m_j"))
    update_time: float | None = Field(default=None, ge=0, **doc(
        "Parameter-update time (timing form, Eq. (1)).", unit="ms", symbol="G_j"))
    gradient_size: float | None = Field(default=None, ge=0, **doc(
        "Gradient (= parameter) size (timing form, Eq. (1)).", unit="MB",
        symbol="\\epsilon_j"))
    rate: _Rate | None = Field(None, **doc(
        "Processing rates given directly (instead of the three timing fields).",
        symbol="n^C_j, n^D_j"))
    utility: _Utility = Field(**doc("Utility of the completion time.", symbol="f_j"))
    demand: int | None = Field(default=None, ge=1, **doc(
        "GPUs the job requests (baselines only; omitted: chunks).", unit="GPUs",
        symbol="\\text{dem}_j"))


class _Instance(Strict, title="RevenueInstanceFile"):
    """A revenue-sharing instance file: tenants pooling servers, jobs with utilities."""

    problem: str = Field(**doc("Problem of the file.", const=PROBLEM))
    schema_version: int = Field(1, **doc("Version of this format (dlsched.load accepts 1).",
                                         unit="format version",
                                         const=1))
    name: str = Field("unnamed", **doc("Instance name (reports, file names)."))
    description: str | None = Field(None, **doc("Free text."))
    horizon: int = Field(ge=1, **doc(
        "Slots T of problem (3): every schedule ends by slot T (slot t is (t-1, t]; "
        "1 slot = 1 h).",
        unit="slots", symbol="T", maximum=MAX_SLOTS))
    bandwidth: _Bandwidth = Field(**doc("Bandwidth per worker and per PS.", symbol="b_w, b_p"))
    tenants: list[_Tenant] = Field(min_length=1, **doc("The tenants.", symbol="u = 1..U"))
    servers: list[_Server] = Field(min_length=1, **doc("The servers.", symbol="s = 1..S"))
    jobs: list[_Job] = Field(min_length=1, **doc("The jobs.", symbol="j = 1..J"))
    time_origin: Literal["arrival", "absolute"] = Field("arrival", **doc(
        "Argument of a job's utility: completion minus arrival t+ - r_j ('arrival', the worked "
        "example's reading) or the completion slot t+ ('absolute', the theorems' objective "
        "(3)). Omitted: 'arrival', the reading every file before this field was scored by."))
    fixed_workers: bool = Field(False, **doc(
        "Every admitted job runs with exactly chunks (D_j) workers (the notes §4 narrative); "
        "false: any 1..D_j workers (constraint (3e)). Omitted: false, the rule every file "
        "before this field was scored by."))
    provenance: dict[str, Any] | str | None = Field(None, **doc(
        "Where the instance comes from (free form, not compared)."))


register_schema(PROBLEM, _Instance)


@dataclass(frozen=True, eq=False)
class RevenueInstance:
    """Frozen revenue-sharing instance (notes §1); arrays indexed by tenant, server or job.

    Built by ``parse`` from a file of the format ``docs/formats/revenue.md`` describes
    (``dlsched schema revenue`` prints its JSON Schema); the fields are the file's, as arrays:
    ``quota_w`` q^u_w and ``quota_p`` q^u_p per tenant, ``cap_w`` C_sw and ``cap_p`` C_sp per
    server, and per job ``arrival`` r_j (slot), ``epochs`` E_j, ``chunks`` D_j,
    ``minibatches`` M_j, ``rate_c`` n^C_j and ``rate_d`` n^D_j (mini-batches per worker per
    slot, from Eq. (1) or given), ``utility`` (kind, a, b) and ``demand`` dem_j (GPUs).

    Parameters
    ----------
    name : str
        Instance name.
    horizon : int
        Slots T of problem (3): every run ends by slot T. Unit: slots. Range: 1..1e6.
    bw_worker, bw_ps : float
        Bandwidth b_w per worker and b_p per PS. Unit: Mbps. Range: (0, 1e15].
    tenant_names, server_names, job_names : tuple[str, ...]
        Names, in file order.
    quota_w, quota_p, cap_w, cap_p : numpy.ndarray
        Per tenant and per server: the arrays listed above.
    owner : tuple[int or None, ...]
        Per server: the owning tenant's index, or None.
    tenant, arrival, epochs, chunks, minibatches, rate_c, rate_d, demand : numpy.ndarray
        Per job: the owning tenant's index and the arrays listed above.
    utility : tuple[tuple[str, float, float], ...]
        Per job: ("linear", slope, intercept) or ("convex", e, kappa).
    raw_jobs : tuple[dict, ...], default ()
        The jobs as given (for ``dump``).
    description : str or None, default None
        Free text.
    provenance : Any, default None
        Where the instance comes from.
    time_origin : str, default 'arrival'
        Argument of f_j: ``'arrival'`` (t+ - r_j) or ``'absolute'`` (t+).
    fixed_workers : bool, default False
        Every admitted job runs with exactly D_j workers.
    """

    name: str
    horizon: int
    bw_worker: float
    bw_ps: float
    tenant_names: tuple[str, ...]
    quota_w: np.ndarray  # [U]
    quota_p: np.ndarray  # [U]
    server_names: tuple[str, ...]
    cap_w: np.ndarray  # [S]
    cap_p: np.ndarray  # [S]
    owner: tuple[int | None, ...]  # [S] tenant index or None
    job_names: tuple[str, ...]
    tenant: np.ndarray  # [J] tenant index
    arrival: np.ndarray  # [J]
    epochs: np.ndarray
    chunks: np.ndarray  # D_j
    minibatches: np.ndarray
    rate_c: np.ndarray  # n^C_j
    rate_d: np.ndarray  # n^D_j
    utility: tuple[tuple[str, float, float], ...]  # (kind, a, b): linear (slope, intercept)
    demand: np.ndarray  # dem_j (baselines)
    raw_jobs: tuple[dict[str, Any], ...] = ()
    description: str | None = None
    provenance: Any = None
    time_origin: str = "arrival"
    fixed_workers: bool = False

    problem = PROBLEM

    @property
    def n_jobs(self) -> int:
        return len(self.job_names)

    @property
    def n_servers(self) -> int:
        return len(self.server_names)

    @property
    def n_tenants(self) -> int:
        return len(self.tenant_names)

    @cached_property
    def work(self) -> np.ndarray:
        """E_j D_j M_j mini-batches."""
        return (self.epochs * self.chunks * self.minibatches).astype(np.int64)

    def duration(self, j: int, placement: str, w: int) -> int:
        """d_j(P, w) = ceil(EDM / (n^P w)) slots (notes §1, ``ceil(x - 1e-9)``)."""
        n = self.rate_c[j] if placement == "C" else self.rate_d[j]
        return math.ceil(self.work[j] / (n * w) - EPS)

    def durations(self, j: int, placement: str, ws: np.ndarray) -> np.ndarray:
        n = self.rate_c[j] if placement == "C" else self.rate_d[j]
        return np.ceil(self.work[j] / (n * ws) - EPS).astype(np.int64)

    def f(self, j: int, x: float | np.ndarray) -> float | np.ndarray:
        """Utility f_j of the completion time x (slots; x >= 1 for convex utilities)."""
        kind, a, b = self.utility[j]
        if kind == "linear":
            return a * np.asarray(x, dtype=float) + b if isinstance(x, np.ndarray) else a * x + b
        xx = np.maximum(np.asarray(x, dtype=float), 1e-12)
        out = (a / xx) ** b
        return out if isinstance(x, np.ndarray) else float(out)

    def with_rules(self, *, time_origin: str | None = None, fixed_workers: bool | None = None,
                   horizon: int | None = None) -> RevenueInstance:
        """The same instance stating other rules (``None`` keeps a rule).

        Parameters
        ----------
        time_origin : str or None, default None
            ``'arrival'`` or ``'absolute'``.
        fixed_workers : bool or None, default None
            Every admitted job runs with exactly D_j workers.
        horizon : int or None, default None
            T: every run ends by this slot. Unit: slots. Range: 1..1e6.

        Returns
        -------
        RevenueInstance
            A new frozen instance.

        Raises
        ------
        InputError
            A value outside the rule's range, named by its field.

        Examples
        --------
        >>> from dlsched.revenue import generate
        >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small")
        >>> inst.with_rules(time_origin="absolute").time_origin, inst.time_origin
        ('absolute', 'arrival')
        """
        import dataclasses

        if time_origin is not None and time_origin not in ("arrival", "absolute"):
            raise InputError("time_origin", f"must be 'arrival' or 'absolute', not {time_origin!r}")
        if horizon is not None and not (isinstance(horizon, (int, np.integer))
                                        and 1 <= horizon <= MAX_SLOTS):
            raise InputError("horizon", f"must be an integer in 1..{MAX_SLOTS}, not {horizon!r}")
        return dataclasses.replace(
            self, time_origin=self.time_origin if time_origin is None else time_origin,
            fixed_workers=self.fixed_workers if fixed_workers is None else bool(fixed_workers),
            horizon=self.horizon if horizon is None else int(horizon))

    def size(self) -> dict[str, int]:
        return {"jobs": self.n_jobs, "servers": self.n_servers, "tenants": self.n_tenants,
                "horizon": self.horizon, "workers": int(self.cap_w.sum())}


def rates_from_timing(m: float, g_ms: float, eps_mb: float, bw_mbps: float) -> tuple[float,
                                                                                      float]:
    """Processing rates of Eq. (1) in consistent units.

    Parameters
    ----------
    m : float
        Compute time of one mini-batch m_j. Unit: h.
    g_ms : float
        Parameter-update time G_j. Unit: ms.
    eps_mb : float
        Gradient size epsilon_j. Unit: MB.
    bw_mbps : float
        Bandwidth per worker b_w. Unit: Mbps.

    Returns
    -------
    tuple[float, float]
        (n^C, n^D): mini-batches per worker per hour, centralized and distributed.

    Examples
    --------
    >>> [round(r, 3) for r in rates_from_timing(0.05, 0.0, 0.0, 1024.0)]
    [20.0, 20.0]
    """
    base = m + g_ms / 3.6e6
    return 1.0 / base, 1.0 / (base + 2.0 * 8.0 * eps_mb / (3600.0 * bw_mbps))


def _unique(items: list[Any], group: str) -> None:
    seen: set[str] = set()
    for i, it in enumerate(items):
        if it.name in seen:
            raise InputError(f"{group}[{i}].name", f"duplicate name {it.name!r}")
        seen.add(it.name)


def parse(data: dict[str, Any]) -> RevenueInstance:
    """Validate a JSON dict and build the frozen instance.

    Parameters
    ----------
    data : dict
        The instance's JSON (format: ``docs/formats/revenue.md``, schema:
        ``dlsched schema revenue``).

    Returns
    -------
    RevenueInstance
        The frozen instance (the timing fields turned into rates by Eq. (1)).

    Raises
    ------
    InputError
        The first bad field, named by its path in the schema (``jobs[1].utility``).
    """
    raw = parse_model(_Instance, data)
    if raw.problem != PROBLEM:
        raise InputError("problem", f"expected {PROBLEM!r}, got {raw.problem!r}")
    if raw.horizon > MAX_SLOTS:
        raise InputError("horizon", f"{raw.horizon} slots > {MAX_SLOTS} (limits.MAX_SLOTS)")
    for group in ("tenants", "servers", "jobs"):
        _unique(getattr(raw, group), group)
    tnames = tuple(t.name for t in raw.tenants)
    qw = np.array([t.quota.workers for t in raw.tenants], dtype=np.int64)
    qp = np.array([t.quota.ps for t in raw.tenants], dtype=np.int64)
    cw = np.array([s.workers for s in raw.servers], dtype=np.int64)
    cp = np.array([s.ps for s in raw.servers], dtype=np.int64)
    if qw.sum() != cw.sum():
        raise InputError("tenants", f"worker quotas sum to {qw.sum()}, servers hold {cw.sum()}")
    if qp.sum() != cp.sum():
        raise InputError("tenants", f"PS quotas sum to {qp.sum()}, servers hold {cp.sum()}")
    owners: list[int | None] = []
    for i, s in enumerate(raw.servers):
        if s.owner is not None and s.owner not in tnames:
            raise InputError(f"servers[{i}].owner", f"unknown tenant {s.owner!r}")
        owners.append(None if s.owner is None else tnames.index(s.owner))
    tenant, rc, rd, util = [], [], [], []
    for j, job in enumerate(raw.jobs):
        if job.tenant not in tnames:
            raise InputError(f"jobs[{j}].tenant", f"unknown tenant {job.tenant!r}")
        tenant.append(tnames.index(job.tenant))
        timing = (job.minibatch_time, job.update_time, job.gradient_size)
        if job.rate is not None:
            if any(v is not None for v in timing):
                raise InputError(f"jobs[{j}].rate", "give either rate or the timing fields")
            if job.rate.distributed > job.rate.centralized:
                raise InputError(f"jobs[{j}].rate.distributed",
                                 f"{job.rate.distributed} > centralized "
                                 f"{job.rate.centralized}: communication only adds time (Eq. 1)")
            rc.append(job.rate.centralized)
            rd.append(job.rate.distributed)
        else:
            for key, v in zip(("minibatch_time", "update_time", "gradient_size"), timing,
                              strict=True):
                if v is None:
                    raise InputError(f"jobs[{j}].{key}", "missing (or give rate)")
            c, d = rates_from_timing(*timing, raw.bandwidth.worker)  # type: ignore[arg-type]
            rc.append(c)
            rd.append(d)
        u = job.utility
        if u.kind == "linear":
            if u.slope is None or u.intercept is None:
                raise InputError(f"jobs[{j}].utility", "linear needs slope and intercept")
            if u.e is not None or u.kappa is not None:
                raise InputError(f"jobs[{j}].utility", "linear takes slope and intercept only")
            util.append(("linear", float(u.slope), float(u.intercept)))
        else:
            if u.e is None or u.kappa is None:
                raise InputError(f"jobs[{j}].utility", "convex needs e and kappa")
            if u.slope is not None or u.intercept is not None:
                raise InputError(f"jobs[{j}].utility", "convex takes e and kappa only")
            util.append(("convex", float(u.e), float(u.kappa)))
    inst = RevenueInstance(
        name=raw.name, horizon=raw.horizon, bw_worker=raw.bandwidth.worker,
        bw_ps=raw.bandwidth.ps, tenant_names=tnames, quota_w=qw, quota_p=qp,
        server_names=tuple(s.name for s in raw.servers), cap_w=cw, cap_p=cp,
        owner=tuple(owners), job_names=tuple(j.name for j in raw.jobs),
        tenant=np.array(tenant, dtype=np.int64),
        arrival=np.array([j.arrival for j in raw.jobs], dtype=np.int64),
        epochs=np.array([j.epochs for j in raw.jobs], dtype=np.int64),
        chunks=np.array([j.chunks for j in raw.jobs], dtype=np.int64),
        minibatches=np.array([j.minibatches for j in raw.jobs], dtype=np.int64),
        rate_c=np.array(rc, dtype=float), rate_d=np.array(rd, dtype=float),
        utility=tuple(util),
        demand=np.array([j.demand or j.chunks for j in raw.jobs], dtype=np.int64),
        raw_jobs=tuple(j.model_dump(exclude_none=True) for j in raw.jobs),
        description=raw.description, provenance=raw.provenance,
        time_origin=raw.time_origin, fixed_workers=raw.fixed_workers)
    _check_durations(inst)
    return inst


def _check_durations(inst: RevenueInstance) -> None:
    """Every job must be able to finish within ``limits.MAX_SLOTS`` slots at its fastest
    (all the workers it may use, the faster placement): else no method's time axis ends."""
    wmax = np.minimum(inst.chunks, int(inst.cap_w.sum())).astype(float)
    fastest = np.maximum(inst.rate_c, inst.rate_d) * np.maximum(wmax, 1.0)
    work = inst.epochs.astype(float) * inst.chunks * inst.minibatches  # no int64 overflow
    slots = work / fastest
    for j in np.flatnonzero(slots > MAX_SLOTS):
        raise InputError(f"jobs[{j}]", f"needs {slots[j]:.3g} slots even at full width "
                                       f"(> {MAX_SLOTS}, limits.MAX_SLOTS)")


def dump(inst: RevenueInstance) -> dict[str, Any]:
    """The instance as its JSON dict (the inverse of ``parse``).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.

    Returns
    -------
    dict
        JSON of the format ``docs/formats/revenue.md`` describes; ``parse`` reads it back.
    """
    servers = []
    for s in range(inst.n_servers):
        d: dict[str, Any] = {"name": inst.server_names[s], "workers": int(inst.cap_w[s]),
                             "ps": int(inst.cap_p[s])}
        if inst.owner[s] is not None:
            d["owner"] = inst.tenant_names[inst.owner[s]]  # type: ignore[index]
        servers.append(d)
    out: dict[str, Any] = {
        "problem": PROBLEM, "schema_version": 1, "name": inst.name,
        "horizon": inst.horizon,
        "bandwidth": {"worker": inst.bw_worker, "ps": inst.bw_ps},
        "tenants": [{"name": n, "quota": {"workers": int(inst.quota_w[u]),
                                          "ps": int(inst.quota_p[u])}}
                    for u, n in enumerate(inst.tenant_names)],
        "servers": servers,
        "jobs": [dict(j) for j in inst.raw_jobs],
        "time_origin": inst.time_origin,
        "fixed_workers": bool(inst.fixed_workers),
    }
    if inst.description:
        out["description"] = inst.description
    if inst.provenance is not None:
        out["provenance"] = inst.provenance
    return out
