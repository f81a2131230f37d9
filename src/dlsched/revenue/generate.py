"""Seeded generator with the paper's §5.1 ranges (notes §1 table) and a ``small`` scale for
instances the exact models can solve. Draws are uniform unless stated [ASSUME in the notes]."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.errors import InputError
from .instance import RevenueInstance, parse

_DEMAND = ([1, 2, 4, 8], [0.5, 0.15, 0.2, 0.15])


def _servers(rng: np.random.Generator, n_servers: int, n_tenants: int,
             gpus: list[int]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """C_sw uniform over ``gpus``, C_sp = 1; each server one random owner, every tenant >= 1
    server; quotas = sums over owned servers."""
    if n_servers < n_tenants:
        raise InputError("n_servers", f"{n_servers} servers for {n_tenants} tenants: need at "
                                      "least one server per tenant")
    owner = np.concatenate([np.arange(n_tenants),
                            rng.integers(0, n_tenants, n_servers - n_tenants)])
    rng.shuffle(owner)
    cw = rng.choice(gpus, n_servers)
    servers = [{"name": f"s{s + 1}", "workers": int(cw[s]), "ps": 1,
                "owner": f"u{owner[s] + 1}"} for s in range(n_servers)]
    tenants = [{"name": f"u{u + 1}",
                "quota": {"workers": int(cw[owner == u].sum()), "ps": int((owner == u).sum())}}
               for u in range(n_tenants)]
    return servers, tenants


#: values of the generator's ``utility`` and ``scale``
UTILITIES = ("linear", "convex", "mixed")
SCALES = ("paper", "small")


def _utility(rng: np.random.Generator, kind: str) -> dict[str, Any]:
    if kind == "mixed":
        kind = str(rng.choice(["linear", "convex"]))
    if kind == "linear":
        return {"kind": "linear", "slope": round(float(rng.uniform(-2, -0.1)), 3),
                "intercept": round(float(rng.uniform(100, 1000)), 2)}
    return {"kind": "convex", "e": round(float(rng.uniform(100, 1000)), 2),
            "kappa": round(float(rng.uniform(1, 2)), 3)}


#: How paper §5.1's "m in [0.001, 0.05]" is read: the literal hours (jobs of 50-2,000 1-h slots,
#: utilities mostly negative at paper scale), or seconds — 1-50 ms per mini-batch, the same order
#: as G's 10-100 ms, which the paper defines "in analogy to" m (jobs of about one slot).
MINIBATCH_UNITS = {"hour": 1.0, "second": 1.0 / 3600.0}


def tenant_weights(n_tenants: int, skew: float) -> np.ndarray:
    """Probability that a job belongs to tenant u: uniform for ``skew = 0``, else Zipf-like
    (u + 1)^-skew, so the first tenants submit most jobs whatever their share (the imbalance
    of the paper's Fig. 1 motivation)."""
    w = np.arange(1, n_tenants + 1, dtype=float) ** -float(skew)
    return w / w.sum()


def calibration_factor(inst: RevenueInstance, j: int) -> float:
    """c_j >= 1 such that c_j f_j meets the paper's assumption (§4.3, after Eq. 8: the value per
    worker-slot is at least 1, which makes θ - 1 >= 1) at the job's best case: c_j f_j(x_j) >=
    A_j with x_j the shortest run (workers capped at the requested GPUs, the stricter cap) and
    A_j the fewest worker-slots of any run; 1 when f_j(x_j) <= 0 (no scaling makes it
    positive) or the assumption already holds."""
    from .support.configs import configurations, fits_empty

    ks = [k for k in configurations(inst, j, prune=False) if fits_empty(inst, k)]
    dem = [k for k in configurations(inst, j, prune=False, worker_cap="demand")
           if fits_empty(inst, k)]
    if not ks or not dem:
        return 1.0
    area = min(k.w * k.d for k in ks)
    fx = float(inst.f(j, min(k.d for k in dem)))
    return area / fx if 0 < fx < area else 1.0


def calibrate_utilities(inst: RevenueInstance) -> RevenueInstance:
    """The instance with every utility scaled by ``calibration_factor`` (linear: slope and
    intercept times c; convex (e/x)^kappa: e times c^(1/kappa)); provenance records it."""
    from .instance import dump

    data = dump(inst)
    for j, job in enumerate(data["jobs"]):
        c = calibration_factor(inst, j)
        u = dict(job["utility"])
        if u["kind"] == "linear":
            u["slope"], u["intercept"] = u["slope"] * c, u["intercept"] * c
        else:
            u["e"] = u["e"] * c ** (1.0 / u["kappa"])
        job["utility"] = u
    prov = data.get("provenance")
    data["provenance"] = {**(prov if isinstance(prov, dict) else {"source": prov}),
                          "utility_calibration": "worker-slot >= 1"}
    data["name"] = f"{inst.name}-cal"
    return parse(data)


def generate(n_jobs: int = 10, n_servers: int = 5, n_tenants: int = 2, seed: int = 0,
             arrival_max: int = 8, utility: str = "linear", scale: str = "paper",
             horizon: int | None = None, minibatch_unit: str = "hour",
             tenant_skew: float = 0.0, calibrate: bool = False) -> RevenueInstance:
    """A seeded random revenue instance with the paper's §5.1 ranges or a small scale.

    ``scale="paper"``: E in [50,100], D in [20,50], M in [10,50], m in [0.001,0.05]
    ``minibatch_unit`` (hour: the paper's literal text; second: the reading of
    ``MINIBATCH_UNITS``), G in [10,100] ms, eps in [30,575] MB, b_w in [100,5120] Mbps,
    b_p in [5,20] Gbps, C_sw in {2,4,8}. ``scale="small"``: E, D, M in [1,3], [1,4], [1,2], rates
    n^C in [1,2], n^D = n^C / 2, C_sw in {2,4}, b_w = b_p (runs of 1-12 slots; exact models
    solve them). Every server has one PS slot and one random owner (every tenant at least
    one); a tenant's quota is the sum of its servers. Utilities: linear slope in [-2, -0.1],
    intercept in [100, 1000], or convex (e/x)^kappa with e in [100, 1000], kappa in [1, 2].

    Parameters
    ----------
    n_jobs : int, default 10
        Number of jobs. Unit: jobs. Range: 1..100000.
    n_servers : int, default 5
        Number of servers (at least ``n_tenants``). Unit: servers. Range: 1..100000.
    n_tenants : int, default 2
        Number of tenants. Unit: tenants. Range: 1..10000.
    seed : int, default 0
        Seed of the random generator; the same seed gives the same instance.
        Unit: dimensionless.
    arrival_max : int, default 8
        Latest arrival slot; arrivals are uniform in 1..arrival_max (0..arrival_max at the
        small scale). Unit: slots. Range: 1..1000000.
    utility : str, default 'linear'
        Utility shape of every job: ``'linear'``, ``'convex'`` or ``'mixed'`` (each job one
        of the two at random); other values are refused.
    scale : str, default 'paper'
        ``'paper'`` (the §5.1 ranges above) or ``'small'`` (instances the exact models
        solve); other values are refused.
    horizon : int or None, default None
        Slots available to the exact models; None = ``arrival_max + 24`` at the small scale,
        4096 at the paper's. Unit: slots. Range: 1..1000000.
    minibatch_unit : str, default 'hour'
        Unit of the paper's mini-batch time m: ``'hour'`` (the literal text) or
        ``'second'``.
    tenant_skew : float, default 0.0
        Skew of the jobs' tenants: 0 = uniform, else Zipf-like weights (u + 1)^-skew
        (``tenant_weights``). Unit: dimensionless. Range: [0, 1000].
    calibrate : bool, default False
        Scale every utility so that a worker-slot is worth at least 1 at the job's best case
        (the paper's assumption after Eq. 8; ``calibrate_utilities``).

    Returns
    -------
    RevenueInstance
        The instance, named from scale, utility, counts and seed (e.g.
        ``gen-small-linear-J3-S2-U2-seed0``, plus ``-skew..`` / ``-cal``); its
        ``provenance`` records the knobs.

    Raises
    ------
    InputError
        ``n_servers`` < ``n_tenants``, an unknown ``utility``, ``scale`` or
        ``minibatch_unit``, or values the instance schema refuses (field: the parameter).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> inst.name, inst.horizon, inst.n_jobs
    ('gen-small-linear-J3-S2-U2-seed0', 32, 3)
    """
    for field, value, known in (("utility", utility, UTILITIES), ("scale", scale, SCALES)):
        if value not in known:
            raise InputError(field, f"unknown value {value!r} (known: {', '.join(known)})")
    if minibatch_unit not in MINIBATCH_UNITS:
        raise InputError("minibatch_unit", f"must be one of {sorted(MINIBATCH_UNITS)}, "
                                           f"got {minibatch_unit!r}")
    unit = MINIBATCH_UNITS[minibatch_unit]
    rng = np.random.default_rng(seed)
    small = scale == "small"
    servers, tenants = _servers(rng, n_servers, n_tenants, [2, 4] if small else [2, 4, 8])
    bw = (1.0, 1.0) if small else (round(float(rng.uniform(100, 5120)), 1),
                                   round(float(rng.uniform(5, 20)) * 1024, 1))
    jobs = []
    weights = tenant_weights(n_tenants, tenant_skew) if tenant_skew else None
    for j in range(n_jobs):
        u = int(rng.integers(n_tenants)) if weights is None else int(
            rng.choice(n_tenants, p=weights))
        job: dict[str, Any] = {"name": f"j{j + 1}", "tenant": f"u{u + 1}",
                               "arrival": int(rng.integers(0 if small else 1, arrival_max + 1))}
        if small:
            rc = float(rng.choice([1.0, 1.5, 2.0]))
            job.update(epochs=int(rng.integers(1, 4)), chunks=int(rng.integers(1, 5)),
                       minibatches=int(rng.integers(1, 3)),
                       rate={"centralized": rc, "distributed": rc / 2})
        else:
            job.update(epochs=int(rng.integers(50, 101)), chunks=int(rng.integers(20, 51)),
                       minibatches=int(rng.integers(10, 51)),
                       minibatch_time=round(float(rng.uniform(0.001, 0.05)), 5) * unit,
                       update_time=round(float(rng.uniform(10, 100)), 2),
                       gradient_size=round(float(rng.uniform(30, 575)), 1))
        job["utility"] = _utility(rng, utility)
        job["demand"] = int(rng.choice(_DEMAND[0], p=_DEMAND[1]))
        jobs.append(job)
    data = {"problem": "revenue", "schema_version": 1,
            "name": f"gen-{scale}-{utility}-J{n_jobs}-S{n_servers}-U{n_tenants}-seed{seed}",
            "horizon": horizon or (arrival_max + 24 if small else 4096),
            "bandwidth": {"worker": bw[0], "ps": bw[1]},
            "tenants": tenants, "servers": servers, "jobs": jobs,
            "provenance": {"generator": "dlsched.revenue.generate", "seed": seed,
                           "scale": scale, "utility": utility,
                           "minibatch_unit": minibatch_unit}}
    if tenant_skew:
        data["name"] += f"-skew{tenant_skew:g}"
        data["provenance"]["tenant_skew"] = tenant_skew
    inst = parse(data)
    return calibrate_utilities(inst) if calibrate else inst
