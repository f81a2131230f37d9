"""Seeded generator with the paper's §7 ranges (notes §1 table), PS or Ring-AllReduce.

Servers follow EC2 shapes (p3.8xlarge 4 GPU / 32 vCPU / 10 Gbps, p2.16xlarge 16 / 64 / 25,
g3.4xlarge 1 / 16 / 10; public EC2 specs, not in the paper), each resource scaled on its own so
that the cluster's total capacity of it is kappa times the jobs' total ideal demand of it (kappa
in [0.2, 0.5], paper §7; ideal demand = the fastest full-width run, ``_ideal_demand``), with no
per-server minimum: the only floor raises the largest server when a job would have no
configuration at all (recorded in the provenance, with the achieved capacity / ideal demand).
``capacity="legacy"`` is the earlier GPU-only scaling whose floors (4 GPU / 16 vCPU per server,
4 H GPUs in total) overrode kappa on small instances (LB0 ~0.99 OPT); pinned digests use it.
8 worker types
(1-4 GPU, 1-16 vCPU, b in [0.1, 5] Gbps), 10 PS types (0 GPU, 1-16 vCPU, B in [5, 20] Gbps).
Jobs: w in [200, 5000], E in [50, 100], D in [5, 50], K in [10, 50], U in [10, 100] ms,
v_jm = v_j / g_m^0.7 with v_j in [0.001, 0.05] slots, pi in [30, 575] MB; 1 slot = 1 h
(slot_seconds = 3600). Arrivals U{1..floor(T/2)}. Guard: redraw a job if E K min theta > T/2.
``scale`` < 1 shrinks E, D, K (and the ranges of types) to make tiny instances for exact solves.
"""

from __future__ import annotations

import inspect
import math
from typing import Any, Literal

import numpy as np

from ..core.errors import InputError
from ..core.inputs import FORWARDS, number
from .instance import CompletionInstance, parse

SHAPES = [(4, 32, 10.0), (16, 64, 25.0), (1, 16, 10.0)]  # (gpu, vcpu, Gbps)


def generate_dict(*, n_jobs: int = 10, n_servers: int = 3, horizon: int = 150,
                  architecture: str = "ps", seed: int = 0, n_worker_types: int = 8,
                  n_ps_types: int = 10, kappa: float | None = None, max_chunks: int = 50,
                  epochs: tuple[int, int] = (50, 100), minibatches: tuple[int, int] = (10, 50),
                  minibatch_time: tuple[float, float] = (0.001, 0.05),
                  name: str | None = None, capacity: str = "ideal",
                  last_arrival: int | None = None,
                  capacity_basis: str = "footprint") -> dict[str, Any]:
    """One seeded random completion instance as a JSON dict (the paper's §7 ranges).

    Parameters
    ----------
    n_jobs : int, default 10
        Number of jobs. Unit: jobs. Range: 1..100000.
    n_servers : int, default 3
        Number of servers, cycling through the EC2 shapes of ``SHAPES``. Unit: servers.
        Range: 1..100000.
    horizon : int, default 150
        Horizon T (the instances state it open: horizon_hard false). Unit: slots. Range: 1..1000000.
    architecture : str, default "ps"
        Communication architecture: ``"ps"`` (parameter servers) or ``"ring"``
        (Ring-AllReduce).
    seed : int, default 0
        Seed of the random generator (same seed, same instance). Unit: dimensionless.
    n_worker_types : int, default 8
        Number of worker types (1-4 GPUs, 1-16 vCPUs, b in [0.1, 5] Gbps). Unit: types.
        Range: 1..10000.
    n_ps_types : int, default 10
        Number of PS types (0 GPU, 1-16 vCPUs, B in [5, 20] Gbps); unused under ``"ring"``.
        Unit: types. Range: 1..10000.
    kappa : float or None, default None
        Cluster capacity as a fraction of the jobs' total ideal demand, per resource; None
        draws it from U[0.2, 0.5] (the paper's range). Unit: dimensionless.
    max_chunks : int, default 50
        Largest number of data chunks D_j (a job's maximum worker count); D_j is drawn from
        U{min(5, max_chunks)..max_chunks}. Unit: chunks. Range: 1..100000.
    epochs : tuple of int, default (50, 100)
        Inclusive range of the epochs E_j. Unit: epochs.
    minibatches : tuple of int, default (10, 50)
        Inclusive range of the mini-batches per chunk K_j. Unit: mini-batches.
    minibatch_time : tuple of float, default (0.001, 0.05)
        Range of the base mini-batch time v_j (a worker with g GPUs takes v_j / g^0.7).
        Unit: slots.
    name : str or None, default None
        Instance name; None names it from the architecture, sizes and seed.
    capacity : str, default "ideal"
        Capacity rule: ``"ideal"`` (per resource, total capacity = kappa x the jobs' total
        ideal demand) or ``"legacy"`` (the earlier GPU-only scaling with floors, kept for
        pinned regression digests).
    last_arrival : int or None, default None
        Arrivals are drawn from U{1..last_arrival}; None uses floor(horizon / 2). A short
        window makes jobs overlap so the capacity binds on small instances. Unit: slots.
        Range: 1..1000000.
    capacity_basis : str, default "footprint"
        How ``"ideal"`` reads the paper's "fraction of the overall job resource demand":
        ``"footprint"`` sums each job's ideal per-slot demand, ``"area"`` spreads the jobs'
        ideal resource-time over the horizon.

    Returns
    -------
    dict
        The instance as JSON (``problem``, ``architecture``, ``horizon``, ``slot_seconds``,
        ``servers``, ``worker_types``, ``ps_types`` under PS, ``jobs``, ``provenance`` with the
        seed, the kappa used and the achieved capacity / ideal demand).

    Raises
    ------
    InputError
        ``architecture`` is not ``"ps"`` / ``"ring"``, ``capacity`` is not ``"ideal"`` /
        ``"legacy"``, or ``capacity_basis`` is not ``"footprint"`` / ``"area"``.

    Examples
    --------
    >>> d = generate_dict(n_jobs=3, n_servers=2, horizon=40, seed=1)
    >>> len(d["jobs"]), len(d["servers"]), d["architecture"]
    (3, 2, 'ps')
    """
    if architecture not in ("ps", "ring"):
        raise InputError("architecture", f"unknown value {architecture!r} (known: ps, ring)")
    rng = np.random.default_rng(seed)
    M, P = n_worker_types, (n_ps_types if architecture == "ps" else 0)
    wt = []
    for i in range(M):
        g = int(rng.integers(1, 5))
        wt.append({"name": f"m{i + 1}", "demand": {"gpu": g, "cpu": int(rng.integers(1, 17))},
                   "bandwidth": round(float(rng.uniform(0.1, 5.0)), 3)})
    pt = [{"name": f"p{i + 1}", "demand": {"cpu": int(rng.integers(1, 17))},
           "bandwidth": round(float(rng.uniform(5.0, 20.0)), 3)} for i in range(P)]
    jobs = []
    while len(jobs) < n_jobs:
        E = int(rng.integers(epochs[0], epochs[1] + 1))
        D = int(rng.integers(min(5, max_chunks), max_chunks + 1))
        K = int(rng.integers(minibatches[0], minibatches[1] + 1))
        v = float(rng.uniform(*minibatch_time))
        U = [round(float(rng.uniform(10, 100)) / 3.6e6, 9) for _ in range(max(P, 1))]
        pi = float(rng.uniform(30, 575)) * 8 / 1000  # MB -> Gbit
        vm = {t["name"]: round(v / t["demand"]["gpu"] ** 0.7, 6) for t in wt}
        th = min(vm.values()) + min(U)
        if E * K * th > horizon / 2:
            continue  # generator guard (notes §1 (docs/specs/completion.md))
        jobs.append({
            "name": f"j{len(jobs) + 1}",
            "arrival": int(rng.integers(1, (last_arrival or horizon // 2) + 1)),
            "weight": int(rng.integers(200, 5001)), "epochs": E, "chunks": D,
            "minibatches_per_chunk": K, "minibatch_time": vm,
            "update_time": {t["name"]: u for t, u in zip(pt, U, strict=False)} if P else U[0],
            "gradient_size": round(pi, 4),
        })
    kappa = float(rng.uniform(0.2, 0.5)) if kappa is None else kappa
    base = [SHAPES[h % len(SHAPES)] for h in range(n_servers)]
    if capacity == "legacy":
        servers, extra = _legacy_servers(jobs, wt, kappa, base), {}
    elif capacity == "ideal":
        servers, extra = _ideal_servers(jobs, wt, pt, kappa, base, architecture,
                                        capacity_basis, horizon)
    else:
        raise InputError("capacity", "must be 'ideal' or 'legacy'")
    out: dict[str, Any] = {
        "problem": "completion", "schema_version": 1,
        "name": name or f"gen-{architecture}-J{n_jobs}-H{n_servers}-T{horizon}-s{seed}",
        "architecture": architecture, "horizon": horizon, "horizon_hard": False,
        "preemption": False, "slot_seconds": 3600.0,
        "servers": servers, "worker_types": wt, "jobs": jobs,
        "provenance": {"generator": "dlsched.completion.generate", "seed": seed,
                       "kappa": round(kappa, 4), "capacity": capacity,
                       **({"capacity_basis": capacity_basis} if capacity == "ideal" else {}),
                       **extra},
    }
    if P:
        out["ps_types"] = pt
    return out


def _ideal_demand(job: dict[str, Any], wt: list[dict], pt: list[dict], ring: bool,
                  duration: bool = False) -> np.ndarray:
    """(gpu, cpu, Gbps) of the job's fastest run at full width: D workers of the type with the
    smallest iteration time (Eq. (1) / (14), not colocated) and, under PS, the PSs of the fastest
    PS type that carry all D workers' traffic (ceil(D b_m / B_p), rule (2i)). ``duration``:
    times that run's duration ceil(E K theta) slots (its resource-time)."""
    D = job["chunks"]
    best = None
    for t in wt:
        v = job["minibatch_time"][t["name"]]
        comm = 2 * job["gradient_size"] / (t["bandwidth"] * 3600.0)
        if ring:
            th = v + (D - 1) / D * (job["update_time"] + comm)
            cand = [(th, t, None)]
        else:
            cand = [(v + job["update_time"][q["name"]] + comm, t, q) for q in pt]
        for c in cand:
            if best is None or c[0] < best[0]:
                best = c
    th, t, q = best
    need = D * np.array([t["demand"]["gpu"], t["demand"]["cpu"], t["bandwidth"]], dtype=float)
    if q is not None:
        n_ps = max(1, math.ceil(D * t["bandwidth"] / q["bandwidth"] - 1e-9))
        need += n_ps * np.array([0.0, q["demand"]["cpu"], q["bandwidth"]])
    if duration:  # W theta / D = E K theta slots at full width
        need = need * max(1, math.ceil(job["epochs"] * job["minibatches_per_chunk"] * th - 1e-9))
    return need


def _ideal_servers(jobs: list[dict], wt: list[dict], pt: list[dict], kappa: float,
                   base: list[tuple[int, int, float]], architecture: str,
                   basis: str = "footprint", horizon: int = 1,
                   ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Servers of the EC2 shapes, each resource scaled on its own so that the cluster has kappa
    times the jobs' total ideal demand of it (paper §7). The only floor: when some job would have
    no configuration at all, the largest server is raised to host its smallest colocated run (one
    worker + one PS); provenance records it and the achieved capacity / ideal demand.
    ``basis="area"``: the ideal demand is resource-time / T (``generate_dict``)."""
    if basis not in ("footprint", "area"):
        raise InputError("capacity_basis", "must be 'footprint' or 'area'")
    area = basis == "area"
    ideal = sum(_ideal_demand(j, wt, pt, architecture == "ring", area) for j in jobs)
    if area:
        ideal = ideal / horizon
    shape = np.array(base, dtype=float)
    cap = shape * (kappa * ideal / shape.sum(axis=0))[None, :]
    cap[:, :2] = np.round(cap[:, :2])
    cap[:, 2] = np.round(cap[:, 2], 3)
    big = int(np.argmax(shape[:, 0]))
    raised = 0
    for job in jobs:
        # smallest colocated run: 1 worker (+ 1 PS) of the pair with the least max overshoot
        pairs = [np.array([t["demand"]["gpu"], t["demand"]["cpu"], t["bandwidth"]], dtype=float)
                 + (np.array([0.0, q["demand"]["cpu"], q["bandwidth"]]) if q else 0.0)
                 for t in wt if t["name"] in job["minibatch_time"]
                 for q in (pt if architecture == "ps" else [None])]
        if any(np.all(pair <= cap + 1e-9, axis=1).any() for pair in pairs):
            continue
        need = min(pairs, key=lambda v: float(np.max(v / np.maximum(cap[big], 1e-9))))
        cap[big] = np.maximum(cap[big], need)
        raised += 1
    servers = [{"name": f"h{h + 1}", "capacity": {
        "gpu": float(c[0]), "cpu": float(c[1]), "bandwidth": float(c[2])}}
        for h, c in enumerate(cap)]
    achieved = cap.sum(axis=0) / ideal
    return servers, {"ideal_demand": [round(float(x), 3) for x in ideal],
                     "capacity_over_ideal": [round(float(x), 4) for x in achieved],
                     "raised_for_feasibility": raised}


def _legacy_servers(jobs: list[dict], wt: list[dict], kappa: float,
                    base: list[tuple[int, int, float]]) -> list[dict[str, Any]]:
    """Pre-issue-11 scaling (GPU only, floors 4 GPU / 16 vCPU per server and 4 H in total):
    the floors override kappa on small instances. Kept only for pinned regression digests."""
    gpu_need = sum(j["chunks"] * min(t["demand"]["gpu"] for t in wt) for j in jobs)
    target = max(kappa * gpu_need, 4 * len(base))
    f = target / sum(s[0] for s in base)
    return [{"name": f"h{h + 1}", "capacity": {
        "gpu": max(4, round(g * f)), "cpu": max(16, round(c * f)),
        "bandwidth": round(max(b, b * f), 3)}} for h, (g, c, b) in enumerate(base)]


def resize_servers(data: dict[str, Any], kappa: float, basis: str = "area") -> dict[str, Any]:
    """A copy of an instance dict whose servers are re-sized by the capacity rule.

    EC2 shapes, kappa x the jobs' ideal demand on ``basis`` (as ``generate_dict`` with
    ``capacity="ideal"``); jobs, types and arrivals are unchanged. Used to make a contended
    version of the same jobs (e.g. the Philly rows).

    Parameters
    ----------
    data : dict
        A generated or trace-derived instance JSON.
    kappa : float
        Total capacity as a fraction of the jobs' ideal demand. Unit: dimensionless.
    basis : str, default "area"
        ``"area"`` or ``"footprint"`` (see ``generate_dict``'s ``capacity_basis``).

    Returns
    -------
    dict
        The re-sized copy (``provenance["resized"]`` records kappa and the basis).

    Raises
    ------
    InputError
        ``basis`` is not ``"footprint"`` / ``"area"``.

    Examples
    --------
    >>> d = resize_servers(generate_dict(n_jobs=3, n_servers=2, horizon=40, seed=1), 0.5)
    >>> d["provenance"]["resized"]["kappa"], len(d["servers"])
    (0.5, 2)
    """
    import copy

    out = copy.deepcopy(data)
    base = [SHAPES[h % len(SHAPES)] for h in range(len(out["servers"]))]
    servers, extra = _ideal_servers(out["jobs"], out["worker_types"], out.get("ps_types", []),
                                    kappa, base, out["architecture"], basis,
                                    int(out["horizon"]))
    out["servers"] = servers
    out["provenance"] = {**out.get("provenance", {}), "resized": {
        "kappa": kappa, "capacity_basis": basis, **extra}}
    return out


def generate(kind: Literal["default", "single-machine"] = "default",
             **params: Any) -> CompletionInstance:
    """A seeded random completion instance (the problem's generator, ``dlsched generate``).

    ``kind="single-machine"`` builds a 1 || sum w_j C_j instance (``single_machine_dict``);
    any other value builds the paper-like instance of ``generate_dict``. The keyword
    parameters below are forwarded to the builder of ``kind``; each builder accepts only its
    own.

    Parameters
    ----------
    kind : str, default "default"
        Which builder: ``"default"`` or ``"single-machine"``; other values are refused.
    n_jobs : int, default 10
        (default) Number of jobs. Unit: jobs. Range: 1..100000.
    n_servers : int, default 3
        (default) Number of servers, cycling through three EC2 shapes. Unit: servers.
        Range: 1..100000.
    horizon : int, default 150
        (default) Horizon T (the instances state it open: horizon_hard false). Unit: slots.
        Range: 1..1000000.
    architecture : str, default "ps"
        (default) Communication architecture: ``"ps"`` or ``"ring"`` (Ring-AllReduce).
    seed : int, default 0
        Seed of the random generator (both builders). Unit: dimensionless.
    n_worker_types : int, default 8
        (default) Number of worker types. Unit: types. Range: 1..10000.
    n_ps_types : int, default 10
        (default) Number of PS types; unused under ``"ring"``. Unit: types. Range: 1..10000.
    kappa : float or None, default None
        (default) Cluster capacity as a fraction of the jobs' total ideal demand; None draws
        it from U[0.2, 0.5]. Unit: dimensionless.
    max_chunks : int, default 50
        (default) Largest number of data chunks D_j (a job's maximum worker count).
        Unit: chunks. Range: 1..100000.
    epochs : tuple of int, default (50, 100)
        (default) Inclusive range of the epochs E_j. Unit: epochs. Range: 1..1000000.
    minibatches : tuple of int, default (10, 50)
        (default) Inclusive range of the mini-batches per chunk K_j. Unit: mini-batches.
        Range: 1..1000000.
    minibatch_time : tuple of float, default (0.001, 0.05)
        (default) Range of the base mini-batch time v_j. Unit: slots. Range: 1e-09..1000000.
    name : str or None, default None
        (default) Instance name; None names it from the sizes and the seed.
    capacity : str, default "ideal"
        (default) Capacity rule: ``"ideal"`` (kappa x the ideal demand per resource) or
        ``"legacy"`` (GPU-only scaling with floors, for pinned digests).
    last_arrival : int or None, default None
        (default) Last arrival slot; None uses floor(horizon / 2). Unit: slots.
        Range: 1..1000000.
    capacity_basis : str, default "footprint"
        (default) Reading of the ideal demand under ``"ideal"``: ``"footprint"`` or
        ``"area"``.
    n : int, default 40
        (single-machine) Number of jobs. Unit: jobs. Range: 1..100000.
    p_range : tuple of int, default (1, 100)
        (single-machine) Inclusive range of the processing times p_j. Unit: slots.
        Range: 1..1000000.
    w_range : tuple of int, default (1, 10)
        (single-machine) Inclusive range of the weights w_j. Unit: dimensionless.
        Range: 1..1000000.

    Returns
    -------
    CompletionInstance
        The parsed, validated instance.

    Raises
    ------
    InputError
        An unknown ``kind``, a keyword the selected builder does not take, a range parameter
        that is not ``[low, high]`` within its bounds, ``capacity`` or ``capacity_basis`` not
        one of its values (field: the parameter), or the drawn instance fails the instance
        checks.

    Examples
    --------
    >>> inst = generate(n_jobs=3, n_servers=2, horizon=40, seed=1)
    >>> inst.n_jobs, inst.n_servers, inst.horizon
    (3, 2, 40)
    >>> generate("single-machine", n=5, seed=1).n_jobs
    5
    """
    builder = BUILDERS.get(kind) if isinstance(kind, str) else None
    if builder is None:
        raise InputError("kind", f"unknown value {kind!r} (known: {', '.join(BUILDERS)})")
    takes = inspect.signature(builder).parameters
    for key, value in params.items():
        if key not in takes:
            other = [k for k, b in BUILDERS.items() if key in inspect.signature(b).parameters]
            raise InputError(key, f"only with kind={other[0]!r}" if other
                             else f"unknown parameter {key!r}")
        if key in PAIRS:
            check_pair(value, key, *PAIRS[key])
    return parse(builder(**params))



def single_machine_dict(*, n: int = 40, seed: int = 0, p_range: tuple[int, int] = (1, 100),
                        w_range: tuple[int, int] = (1, 10)) -> dict[str, Any]:
    """1 || sum w_j C_j as a completion instance JSON dict.

    One server with one GPU, one 1-GPU worker type, Ring-AllReduce, every job D = E = K = 1
    (one worker, no communication: theta = v_j), v_j = p_j in U{p_range}, w_j in U{w_range},
    all arrivals 1, horizon sum p_j (always enough). Each job's only duration is p_j and jobs
    cannot overlap, so Smith's rule (WSPT, p_j / w_j ascending) is optimal with value
    sum_j w_j (1 + P_j), P_j its WSPT prefix sum.

    Parameters
    ----------
    n : int, default 40
        Number of jobs. Unit: jobs. Range: 1..100000.
    seed : int, default 0
        Seed of the random generator. Unit: dimensionless.
    p_range : tuple of int, default (1, 100)
        Inclusive range of the processing times p_j. Unit: slots.
    w_range : tuple of int, default (1, 10)
        Inclusive range of the weights w_j. Unit: dimensionless.

    Returns
    -------
    dict
        The instance as JSON (``slot_seconds`` 1, horizon sum p_j).

    Examples
    --------
    >>> d = single_machine_dict(n=3, seed=0)
    >>> len(d["jobs"]), d["horizon"] == sum(j["minibatch_time"]["m1"] for j in d["jobs"])
    (3, True)
    """
    rng = np.random.default_rng(seed)
    p = rng.integers(p_range[0], p_range[1] + 1, size=n)
    w = rng.integers(w_range[0], w_range[1] + 1, size=n)
    jobs = [{"name": f"j{j + 1}", "arrival": 1, "weight": int(w[j]), "epochs": 1, "chunks": 1,
             "minibatches_per_chunk": 1, "minibatch_time": {"m1": float(p[j])},
             "update_time": 0.0, "gradient_size": 0.0} for j in range(n)]
    return {"problem": "completion", "schema_version": 1, "name": f"single-machine-n{n}-s{seed}",
            "architecture": "ring", "horizon": int(p.sum()), "slot_seconds": 1.0,
            "servers": [{"name": "h1", "capacity": {"gpu": 1, "bandwidth": 1.0}}],
            "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}],
            "jobs": jobs, "provenance": {"generator": "dlsched.completion.generate",
                                         "kind": "single-machine", "seed": seed}}


def tiny_dict(*, seed: int = 0, n_jobs: int = 3, n_servers: int = 2, horizon: int = 12,
              architecture: str = "ps", max_chunks: int = 3) -> dict[str, Any]:
    """A small feasible instance JSON for exact solves and brute force.

    1-2 worker and PS types, D <= ``max_chunks``, short jobs; every server hosts one worker of
    any type with one PS of any type.

    Parameters
    ----------
    seed : int, default 0
        Seed of the random generator. Unit: dimensionless.
    n_jobs : int, default 3
        Number of jobs. Unit: jobs.
    n_servers : int, default 2
        Number of servers. Unit: servers.
    horizon : int, default 12
        Horizon T. Unit: slots.
    architecture : str, default "ps"
        ``"ps"`` or ``"ring"``.
    max_chunks : int, default 3
        Largest number of chunks D_j. Unit: chunks.

    Returns
    -------
    dict
        The instance JSON.

    Examples
    --------
    >>> d = tiny_dict(seed=2)
    >>> len(d["jobs"]), len(d["servers"]), d["horizon"]
    (3, 2, 12)
    """
    rng = np.random.default_rng(seed)
    wt = [{"name": f"m{i + 1}", "demand": {"gpu": int(rng.integers(1, 3))},
           "bandwidth": float(rng.choice([0.5, 1.0, 2.0]))} for i in range(int(rng.integers(1, 3)))]
    pt = [{"name": f"p{i + 1}", "demand": {"cpu": int(rng.integers(1, 3))},
           "bandwidth": float(rng.choice([1.0, 2.0]))} for i in range(int(rng.integers(1, 3)))]
    jobs = []
    for j in range(n_jobs):
        D = int(rng.integers(1, max_chunks + 1))
        jobs.append({
            "name": f"j{j + 1}", "arrival": int(rng.integers(1, max(2, horizon // 4))),
            "weight": int(rng.integers(1, 10)), "epochs": 1, "chunks": D,
            "minibatches_per_chunk": int(rng.integers(1, 3)),
            "minibatch_time": {t["name"]: round(float(rng.uniform(0.5, 1.5)), 2) for t in wt},
            "update_time": ({t["name"]: round(float(rng.uniform(0, 0.5)), 2) for t in pt}
                            if architecture == "ps" else round(float(rng.uniform(0, 0.5)), 2)),
            "gradient_size": round(float(rng.uniform(0, 0.5)), 2),
        })
    servers = [{"name": f"h{h + 1}", "capacity": {"gpu": int(rng.integers(2, 5)),
                                                  "cpu": int(rng.integers(2, 4)),
                                                  "bandwidth": float(rng.choice([4.0, 8.0]))}}
               for h in range(n_servers)]
    out: dict[str, Any] = {"problem": "completion", "schema_version": 1,
                           "name": f"tiny-{architecture}-s{seed}", "architecture": architecture,
                           "horizon": horizon, "servers": servers, "worker_types": wt,
                           "jobs": jobs}
    if architecture == "ps":
        out["ps_types"] = pt
    return out


def tiny(**params: Any) -> CompletionInstance:
    """``tiny_dict`` parsed into an instance (same keyword parameters).

    Parameters
    ----------
    **params
        The parameters of ``tiny_dict``.

    Returns
    -------
    CompletionInstance
        The instance.

    Examples
    --------
    >>> tiny(seed=2).n_jobs
    3
    """
    return parse(tiny_dict(**params))


__all__ = ["generate", "generate_dict", "resize_servers", "single_machine_dict", "tiny",
           "tiny_dict"]


# ``**params`` of ``generate`` reach these builders: the parameter check knows their keywords
FORWARDS[f"{generate.__module__}:{generate.__qualname__}"] = (
    f"{__name__}:generate_dict", f"{__name__}:single_machine_dict")


#: ``kind`` of ``generate`` -> the builder of the instance dict
BUILDERS = {"default": generate_dict, "single-machine": single_machine_dict}
#: the (low, high) range parameters and the range their ends must lie in (ints unless float)
PAIRS: dict[str, tuple[float, float, bool]] = {
    "epochs": (1, 1_000_000, True), "minibatches": (1, 1_000_000, True),
    "minibatch_time": (1e-9, 1e6, False), "p_range": (1, 1_000_000, True),
    "w_range": (1, 1_000_000, True)}


def check_pair(value: Any, field: str, low: float, high: float, integer: bool) -> None:
    """Refuse a range parameter that is not ``[a, b]`` with ``low <= a <= b <= high``.

    Parameters
    ----------
    value : Any
        The value given.
    field : str
        The parameter's name.
    low, high : float
        The bounds of both ends.
    integer : bool
        Whether the ends must be integers.

    Raises
    ------
    InputError
        ``value`` is not such a pair (field ``field``).

    Examples
    --------
    >>> check_pair((50, 100), "epochs", 1, 1000, True)
    """
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise InputError(field, f"expected a pair [low, high], got {value!r}")
    a, b = (number(v, field, low, high, integer=integer) for v in value)
    if a > b:
        raise InputError(field, f"low end {a} > high end {b}")
