"""Seeded synthetic LTGF workloads matching the published Venus statistics (notes §5).

Job sizes: 52.5% 1 GPU, 22.6% 8 GPUs, 10.3% > 8 GPUs (16/32), the rest 2/4 GPUs; 67.3% of jobs
run < 10 min (uniform 1-10 min), the others log-normal around 2 h (capped at 3 days); Poisson
submissions over ``days``; tenants with random weights (or quotas summing to the cluster).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses

import numpy as np

from ..core.errors import InputError
from .instance import LTGFInstance, parse

GPU_SIZES = np.array([1, 2, 4, 8, 16, 32])
GPU_PROBS = np.array([0.525, 0.086, 0.085, 0.226, 0.07, 0.008])


def generate(
    n_jobs: int = 30,
    tenants: int = 3,
    nodes: int = 4,
    gpus_per_node: int = 8,
    days: float = 0.25,
    lease: float = 900,
    tick: float = 10,
    seed: int = 0,
    cold_start: float = 30.0,
    short_share: float = 0.673,
    name: str | None = None,
    time: str = "continuous",
) -> LTGFInstance:
    """A seeded synthetic LTGF workload with the published Venus statistics (the problem's
    generator, ``dlsched generate ltgf``).

    Job sizes: 52.5 % 1 GPU, 22.6 % 8 GPUs, 10.3 % > 8 GPUs (16 / 32), the rest 2 / 4 GPUs
    (sizes above the cluster dropped); a share ``short_share`` of jobs runs 1-10 min, the
    others log-normal around 2 h (capped at 3 days); uniform submissions over ``days``;
    tenants with random weights 1-4.

    Parameters
    ----------
    n_jobs : int, default 30
        Number of jobs. Unit: jobs. Range: 1..1000000.
    tenants : int, default 3
        Number of tenants. Unit: tenants. Range: 1..10000.
    nodes : int, default 4
        Number of nodes. Unit: nodes. Range: 1..100000.
    gpus_per_node : int, default 8
        GPUs of each node. Unit: GPUs. Range: 1..1024.
    days : float, default 0.25
        Length of the submission window. Unit: days. Range: 1e-06..36500.
    lease : float, default 900
        Lease length L; must exceed ``cold_start``. Unit: s. Range: 0.001..1e7.
    tick : float, default 10
        Scheduling tick of the simulator. Unit: s. Range: 0.001..1e7.
    seed : int, default 0
        Seed of the random generator. Unit: dimensionless.
    cold_start : float, default 30.0
        Time without progress when a preempted job resumes. Unit: s. Range: 0..1e7.
    short_share : float, default 0.673
        Share of short (1-10 min) jobs. Unit: dimensionless. Range: [0, 1].
    name : str or None, default None
        Instance name; None names it from the sizes and the seed.
    time : str, default "continuous"
        ``"continuous"`` (the workload as drawn) or ``"slotted"``: its slotted mode
        (``LTGFInstance.slotted``: tick = lease, submissions and durations rounded up to
        whole leases, no overheads), the statement of the library's LTGF sets and of the
        exact models.

    Returns
    -------
    LTGFInstance
        The parsed, validated instance (checkpoint overhead 0).

    Raises
    ------
    InputError
        ``lease`` does not exceed ``cold_start``, or another instance check fails.

    Examples
    --------
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> inst.n_jobs, inst.n_tenants, inst.gpus
    (20, 3, 8)
    """
    rng = np.random.default_rng(seed)
    M = nodes * gpus_per_node
    probs = np.where(GPU_SIZES <= M, GPU_PROBS, 0.0)
    g = rng.choice(GPU_SIZES, size=n_jobs, p=probs / probs.sum())
    short = rng.random(n_jobs) < short_share
    dur = np.where(
        short,
        rng.uniform(60, 600, n_jobs),
        np.minimum(rng.lognormal(np.log(7200), 1.0, n_jobs), 3 * 86400),
    )
    submit = np.sort(rng.uniform(0, days * 86400, n_jobs))
    ten = rng.integers(0, tenants, n_jobs)
    weights = rng.integers(1, 5, tenants)
    data = {
        "problem": "ltgf",
        "schema_version": 1,
        "name": name or f"synthetic-n{n_jobs}-t{tenants}-s{seed}",
        "cluster": {"nodes": nodes, "gpus_per_node": gpus_per_node},
        "lease": lease,
        "tick": tick,
        "tenants": [{"name": f"t{k}", "weight": int(weights[k])} for k in range(tenants)],
        "jobs": [
            {
                "name": f"j{i}",
                "tenant": f"t{int(ten[i])}",
                "submit": round(float(submit[i])),
                "gpus": int(g[i]),
                "duration": round(float(dur[i])) or 1,
            }
            for i in range(n_jobs)
        ],
        "overhead": {"checkpoint": 0, "cold_start": cold_start},
        "provenance": {
            "generator": "dlsched.ltgf.generate",
            "seed": seed,
            "statistics": "Venus (ASTRAEA §5): job-size mix and short-job share",
        },
    }
    if time not in ("continuous", "slotted"):
        raise InputError("time", f"must be 'continuous' or 'slotted', not {time!r}")
    inst = parse(data)  # a slotted copy keeps the name: its ``time`` field says what it is
    return dataclasses.replace(inst.slotted(), name=inst.name) if time == "slotted" else inst


def generate_slotted(
    n_jobs: int = 8,
    tenants: int = 2,
    gpus: int = 8,
    max_slots: int = 3,
    release_slots: int = 4,
    lease: float = 900,
    seed: int = 0,
) -> LTGFInstance:
    """A tiny instance for the exact models: one node, durations and submissions on the slot grid.

    Tick = lease = slot length, no overheads, ``time: "slotted"`` (the statement the exact
    models solve); job sizes 1, 2, 4 or 8 GPUs (at most ``gpus``).

    Parameters
    ----------
    n_jobs : int, default 8
        Number of jobs. Unit: jobs.
    tenants : int, default 2
        Number of tenants (weights 1-3). Unit: tenants. Range: 1..1000000.
    gpus : int, default 8
        GPUs of the single node. Unit: GPUs. Range: 1..1000000.
    max_slots : int, default 3
        Job durations are 1..max_slots slots. Unit: slots. Range: 1..1000000.
    release_slots : int, default 4
        Submissions are at slots 0..release_slots - 1. Unit: slots. Range: 1..1000000.
    lease : float, default 900
        Slot (lease) length. Unit: s.
    seed : int, default 0
        Seed of the random generator. Unit: dimensionless.

    Returns
    -------
    LTGFInstance
        The parsed instance.

    Examples
    --------
    >>> inst = generate_slotted(n_jobs=4, seed=1)
    >>> inst.n_jobs, inst.gpus, inst.lease == inst.tick
    (4, 8, True)
    """
    rng = np.random.default_rng(seed)
    sizes = np.array([s for s in (1, 2, 4, 8) if s <= gpus])
    data = {
        "problem": "ltgf",
        "schema_version": 1,
        "name": f"slotted-n{n_jobs}-s{seed}",
        "cluster": {"nodes": 1, "gpus_per_node": gpus},
        "lease": lease,
        "tick": lease,
        "tenants": [{"name": f"t{k}", "weight": int(rng.integers(1, 4))} for k in range(tenants)],
        "jobs": [
            {
                "name": f"j{i}",
                "tenant": f"t{int(rng.integers(tenants))}",
                "submit": int(rng.integers(release_slots)) * lease,
                "gpus": int(rng.choice(sizes)),
                "duration": int(rng.integers(1, max_slots + 1)) * lease,
            }
            for i in range(n_jobs)
        ],
        "overhead": {"checkpoint": 0, "cold_start": 0},
        "time": "slotted",
    }
    return parse(data)


# ---- trace-like workloads in the paper's regime (issue 19) ----------------------------------
#: Table 1 of the paper: cumulative share of jobs shorter than 10 min, 1 h, 6 h, 1 day, 6 days.
TABLE1 = {"philly": (0.408, 0.716, 0.885, 0.941, 0.985),
          "venus": (0.673, 0.833, 0.906, 0.962, 0.996)}
#: bin edges (seconds) of Table 1; the shortest job is 5 s (§6.4 "e.g., 5 seconds"), the
#: longest two weeks (the snapshot length)
TABLE1_EDGES = (5.0, 600.0, 3600.0, 6 * 3600.0, 86400.0, 6 * 86400.0, 14 * 86400.0)
#: GPU demand of Philly jobs: the empirical distribution of the vendored Philly trace
#: (src/dlsched/data/philly_vc_traces_gavel, 15,264 jobs), sizes that occur >= 0.1 %
PHILLY_GPU_SIZES = np.array([1, 2, 4, 8, 16, 32])
PHILLY_GPU_PROBS = np.array([0.6866, 0.0303, 0.1339, 0.1255, 0.0167, 0.0060])
QUOTA_RULES = ("requested", "gpu-time", "equal")


def table1_durations(profile: str, n: int, rng: np.random.Generator) -> np.ndarray:
    """Durations with the paper's Table 1 mix: a bin by its share, log-uniform inside it."""
    cum = np.r_[0.0, TABLE1[profile], 1.0]
    probs = np.diff(cum)
    b = rng.choice(len(probs), size=n, p=probs / probs.sum())
    lo, hi = np.log(np.array(TABLE1_EDGES[:-1])), np.log(np.array(TABLE1_EDGES[1:]))
    return np.exp(lo[b] + rng.random(n) * (hi[b] - lo[b]))


def quota_weights(tenant: np.ndarray, gpus: np.ndarray, duration: np.ndarray, n_tenants: int,
                  rule: str = "requested") -> np.ndarray:
    """Tenant weights for the quotas (6).

    Parameters
    ----------
    tenant : numpy.ndarray
        Tenant index of each job.
    gpus : numpy.ndarray
        GPUs of each job.
    duration : numpy.ndarray
        Duration of each job. Unit: s.
    n_tenants : int
        Number of tenants.
    rule : str, default "requested"
        ``"requested"`` (the paper's rule, §6.1.2: proportional to the GPUs requested by the
        tenant's jobs), ``"gpu-time"`` (sum g x D) or ``"equal"``.

    Returns
    -------
    numpy.ndarray
        Positive weights (a tenant without jobs gets the smallest positive one).

    Raises
    ------
    ValueError
        An unknown ``rule``.

    Examples
    --------
    >>> import numpy as np
    >>> quota_weights(np.array([0, 0, 1]), np.array([1.0, 2.0, 4.0]),
    ...               np.array([10.0, 10.0, 1.0]), 2).tolist()
    [3.0, 4.0]
    """
    if rule == "requested":
        w = np.bincount(tenant, weights=gpus, minlength=n_tenants)
    elif rule == "gpu-time":
        w = np.bincount(tenant, weights=gpus * duration, minlength=n_tenants)
    elif rule == "equal":
        w = np.ones(n_tenants)
    else:
        raise ValueError(f"quota rule must be one of {QUOTA_RULES}, got {rule!r}")
    return np.where(w > 0, w, w[w > 0].min() if (w > 0).any() else 1.0)


def generate_trace_like(
    profile: str = "philly",
    n_jobs: int = 1000,
    tenants: int = 15,
    nodes: int = 210,
    days: float = 2.0,
    bursts: bool = True,
    burst_jobs: float = 12.0,
    burst_span: float = 2 * 3600.0,
    skew: float = 1.0,
    quota_rule: str = "requested",
    durations: str | None = None,
    lease: float = 900,
    tick: float = 10,
    cold_start: float = 30.0,
    seed: int = 0,
    name: str | None = None,
) -> LTGFInstance:
    """Synthetic Philly- or Venus-like workload in the paper's regime (synthetic: the paper's
    per-job traces are not used; only their published statistics).

    Durations: Table 1 mix of ``profile``; GPU demands: the Philly trace's empirical mix
    (``philly``) or the Venus shares of §3 (``venus``). Tenants: job shares proportional to
    ``1/rank**skew``. Arrivals over ``days``: with ``bursts`` each tenant submits in bursts
    of on average ``burst_jobs`` jobs spread over ``burst_span`` seconds starting at uniform
    times; without, uniform arrivals. Quotas by ``quota_rule`` (``quota_weights``).

    Parameters
    ----------
    profile : str, default "philly"
        ``"philly"`` or ``"venus"``.
    n_jobs : int, default 1000
        Number of jobs. Unit: jobs.
    tenants : int, default 15
        Number of tenants (virtual clusters). Unit: tenants.
    nodes : int, default 210
        Number of 8-GPU nodes. Unit: nodes.
    days : float, default 2.0
        Length of the submission window. Unit: days.
    bursts : bool, default True
        Per-tenant bursts of submissions instead of uniform arrivals.
    burst_jobs : float, default 12.0
        Mean jobs per burst. Unit: jobs.
    burst_span : float, default 7200.0
        Time a burst spreads over. Unit: s.
    skew : float, default 1.0
        Exponent of the tenants' job shares 1/rank**skew. Unit: dimensionless.
    quota_rule : str, default "requested"
        ``"requested"`` (the paper's), ``"gpu-time"`` or ``"equal"``.
    durations : str or None, default None
        Table 1 row of another trace for the durations; None uses ``profile``'s.
    lease : float, default 900
        Lease length. Unit: s.
    tick : float, default 10
        Scheduling tick. Unit: s.
    cold_start : float, default 30.0
        Resume overhead after a preemption. Unit: s.
    seed : int, default 0
        Seed of the random generator. Unit: dimensionless.
    name : str or None, default None
        Instance name; None names it from the profile, sizes and seed.

    Returns
    -------
    LTGFInstance
        The parsed instance.

    Raises
    ------
    ValueError
        An unknown ``quota_rule``.

    Examples
    --------
    >>> inst = generate_trace_like(n_jobs=50, tenants=3, nodes=2, days=0.5, seed=1)
    >>> inst.n_jobs, inst.n_tenants, inst.gpus
    (50, 3, 16)
    """
    rng = np.random.default_rng(seed)
    sizes, probs = ((PHILLY_GPU_SIZES, PHILLY_GPU_PROBS) if profile == "philly"
                    else (GPU_SIZES, GPU_PROBS))
    M = nodes * 8
    probs = np.where(sizes <= M, probs, 0.0)
    g = rng.choice(sizes, size=n_jobs, p=probs / probs.sum())
    dur = np.maximum(1.0, np.round(table1_durations(durations or profile, n_jobs, rng)))
    share = 1.0 / np.arange(1, tenants + 1) ** skew
    share = rng.permutation(share / share.sum())
    ten = rng.choice(tenants, size=n_jobs, p=share)
    W = days * 86400.0
    submit = np.empty(n_jobs)
    if bursts:
        for k in range(tenants):
            idx = np.flatnonzero(ten == k)
            if idx.size == 0:
                continue
            n_b = max(1, round(idx.size / burst_jobs))
            starts = rng.uniform(0, max(W - burst_span, 1.0), n_b)
            which = rng.integers(0, n_b, idx.size)
            submit[idx] = starts[which] + rng.uniform(0, burst_span, idx.size)
    else:
        submit = rng.uniform(0, W, n_jobs)
    submit = np.minimum(np.round(submit), W - 1)
    order = np.lexsort((np.arange(n_jobs), submit))
    g, dur, ten, submit = g[order], dur[order], ten[order], submit[order]
    w = quota_weights(ten, g.astype(float), dur, tenants, quota_rule)
    data = {
        "problem": "ltgf",
        "schema_version": 1,
        "name": name or f"{profile}-like-n{n_jobs}-{nodes}n-s{seed}",
        "description": f"synthetic {profile}-like workload (paper Table 1 duration mix, "
                       f"{'per-tenant bursts' if bursts else 'uniform arrivals'}, quotas "
                       f"'{quota_rule}')",
        "cluster": {"nodes": nodes, "gpus_per_node": 8},
        "lease": lease,
        "tick": tick,
        "tenants": [{"name": f"vc{k:02d}", "weight": float(w[k])} for k in range(tenants)],
        "jobs": [{"name": f"j{i}", "tenant": f"vc{int(ten[i]):02d}", "submit": float(submit[i]),
                  "gpus": int(g[i]), "duration": float(dur[i])} for i in range(n_jobs)],
        "overhead": {"checkpoint": 0, "cold_start": cold_start},
        "provenance": {"generator": "dlsched.ltgf.generate.generate_trace_like",
                       "profile": profile, "seed": seed, "bursts": bursts, "skew": skew,
                       "quota_rule": quota_rule,
                       "statistics": "ASTRAEA Table 1 durations; GPU demand mix of the trace"},
    }
    return parse(data)


def offered_load(inst: LTGFInstance, window: float | None = None) -> dict[str, float]:
    """Offered load of an instance over the measured window ``[0, window]``.

    ``in_window``: sum g min(D, window - a) / (M window) over the jobs submitted in it;
    ``total``: the total work's load over the window; ``ceiling``: the utilisation ceiling of
    any policy (work / (M x the earliest possible makespan max_j a_j + D_j)).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    window : float or None, default None
        Window length; None uses the last submission (at least 1 s). Unit: s.

    Returns
    -------
    dict of str to float
        ``window_s``, ``in_window``, ``total``, ``ceiling``.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> offered_load(fig6(), window=4800.0)["in_window"]
    1.0
    """
    a, d, g = inst.job_submit, inst.job_duration, inst.job_gpus.astype(float)
    W = float(window if window is not None else max(a.max(), 1.0))
    inside = a < W
    fit = float(np.sum(g[inside] * np.minimum(d[inside], W - a[inside])))
    work = float(np.sum(g * d))
    return {"window_s": W, "in_window": fit / (inst.gpus * W), "total": work / (inst.gpus * W),
            "ceiling": work / (inst.gpus * float(np.max(a + d)))}
