"""Iteration times, durations and the configurations k = (m, p, q, N) of notes §2.4.

PS, Eq. (1): theta = v_jm + U^p_j + (1-q) 2 pi_j / b_m.
RAR, Eq. (14): theta = v_jm + (Phi-1)/Phi (U_j + (1-q) 2 pi_j / b_m)  [A12].
Duration d = ceil(W theta / N - 1e-9) (notes conventions), computed from theta, never from 1/rho.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..instance import CompletionInstance

EPS = 1e-9


@dataclass(frozen=True)
class Config:
    """One configuration k = (m, p, q, N) of a job and its duration d.

    Parameters
    ----------
    m : int
        Worker type index.
    p : int
        PS type index; -1 under Ring-AllReduce.
    q : int
        1 when the workers and the PS are colocated on one server (no off-server traffic),
        0 when spread.
    n : int
        Number of workers N (1..D_j). Unit: workers.
    d : int
        Duration ceil(W_j theta / N) of the job in this configuration. Unit: slots.

    Examples
    --------
    >>> Config(m=0, p=0, q=1, n=2, d=2).n
    2
    """

    m: int
    p: int
    q: int
    n: int
    d: int


def theta(inst: CompletionInstance, j: int, m: int, p: int, q: int, n: int = 1) -> float:
    """Per-iteration time in slots (Eq. (1) for PS, Eq. (14) for RAR with Phi = n).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.
    m : int
        Worker type index.
    p : int
        PS type index (-1 under Ring-AllReduce).
    q : int
        1 colocated (no transfer term), 0 spread.
    n : int, default 1
        Number of workers (only Ring-AllReduce depends on it). Unit: workers.

    Returns
    -------
    float
        theta in slots (inf when the job cannot use type m or p). Unit: slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> theta(golden("s4"), 0, 0, 0, 1)
    1.5
    """
    v = inst.minibatch_time[j, m]
    comm = (1 - q) * inst.transfer[j, m]
    if inst.ring:
        return float(v + (n - 1) / n * (inst.update_time[j, 0] + comm))
    return float(v + inst.update_time[j, p] + comm)


def duration(workload: float, th: float, n: int) -> int:
    """Fewest slots in which n workers finish ``workload`` mini-batches at ``th`` slots each.

    Parameters
    ----------
    workload : float
        Mini-batches to process, W_j = E_j K_j D_j. Unit: mini-batches.
    th : float
        Iteration time theta. Unit: slots.
    n : int
        Number of workers. Unit: workers.

    Returns
    -------
    int
        max(1, ceil(workload th / n)) (10**9 for an infinite ``th``). Unit: slots.

    Examples
    --------
    >>> duration(2.0, 1.5, 2)
    2
    """
    if not math.isfinite(th):
        return 10**9
    return max(1, math.ceil(workload * th / n - EPS))


def job_duration(inst: CompletionInstance, j: int, m: int, p: int, q: int, n: int) -> int:
    """Duration of job j in the configuration (m, p, q, n).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.
    m : int
        Worker type index.
    p : int
        PS type index (-1 under Ring-AllReduce).
    q : int
        1 colocated, 0 spread.
    n : int
        Number of workers. Unit: workers.

    Returns
    -------
    int
        The duration. Unit: slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> job_duration(golden("s4"), 0, 0, 0, 1, 2)
    2
    """
    return duration(float(inst.workload[j]), theta(inst, j, m, p, q, n), n)


def _fits_one_server(inst: CompletionInstance, m: int, p: int, n: int) -> bool:
    need = n * inst.worker_demand[m] + (inst.ps_demand[p] if p >= 0 else 0.0)
    return bool(np.any(np.all(need[None, :] <= inst.capacity + EPS, axis=1)))


def _max_workers(inst: CompletionInstance, m: int) -> int:
    e = inst.worker_demand[m]
    pos = e > 0
    per = np.floor(inst.capacity[:, pos] / e[pos] + EPS).min(axis=1)
    return int(per.sum())


def _per_server(inst: CompletionInstance, m: int, p: int, s: np.ndarray) -> np.ndarray:
    """Workers of type m that fit on each server beside s PSs of type p: [h, len(s)], -1 where
    the PSs alone do not fit."""
    e = inst.worker_demand[m]
    left = inst.capacity[:, None, :] - s[None, :, None] * inst.ps_demand[p][None, None, :]
    pos = e > 0
    w = np.floor(left[:, :, pos] / e[pos] + EPS).min(axis=2)
    return np.where(np.all(left >= -EPS, axis=2), w, -1)


def _max_workers_ps(inst: CompletionInstance, m: int, p: int) -> int:
    """Largest N with a PS placement satisfying (2e), (2h) and the bandwidth rule (2i).

    One PS host h with s PSs is enough (PSs on other hosts only add (2i) rows and load): the
    workers off h are at most floor(B_p s / b_m) and fit beside nothing else, so
    N_max = max_{h, s >= 1} w_h(s) + min(floor(B_p s / b_m), sum_{h' != h} w_h'(0)), with w_h(s)
    the workers fitting on h beside s PSs. Feasibility is monotone in N (drop a worker), so
    every N <= N_max is placeable and no larger one is."""
    z = inst.ps_demand[p]
    pos = z > 0
    smax = int(np.floor(inst.capacity[:, pos] / z[pos] + EPS).min(axis=1).max()) if pos.any() \
        else int(inst.chunks.max())
    if smax < 1:
        return 0
    s = np.arange(1, smax + 1)
    w0 = _per_server(inst, m, p, np.zeros(1))[:, 0]
    ws = _per_server(inst, m, p, s)  # [h, s]
    others = w0.sum() - w0
    off = np.floor((inst.ps_bw[p] * s + EPS) / inst.worker_bw[m])
    total = np.where(ws >= 0, ws + np.minimum(off[None, :], others[:, None]), -1)
    return max(int(total.max()), 0)


def _fit_limits(inst: CompletionInstance, m: int, p: int, D: int) -> tuple[int, int]:
    """(largest N in 1..D passing ``_fits_one_server``, ``_max_workers``) for (m, p).

    The single-server test is monotone in N (demands >= 0), so it holds exactly for a prefix
    1..N_max; evaluated for all N at once with the same floating-point expression (once per
    instance and (m, p), up to the largest chunk count)."""
    n_fit, n_max = _fit_limits_all(id(inst), inst, m, p, max(D, int(inst.chunks.max())))
    return min(n_fit, D), n_max


@lru_cache(maxsize=4096)
def _fit_limits_all(inst_id: int, inst: CompletionInstance, m: int, p: int,
                    D: int) -> tuple[int, int]:
    ns = np.arange(1, D + 1)
    need = ns[:, None] * inst.worker_demand[m][None, :] + (inst.ps_demand[p] if p >= 0 else 0.0)
    fits = np.any(np.all(need[:, None, :] <= inst.capacity[None] + EPS, axis=2), axis=1)
    n_fit = int(np.argmin(fits)) if not fits.all() else D
    return n_fit, _max_workers(inst, m) if p < 0 else _max_workers_ps(inst, m, p)


def _durations_all(inst: CompletionInstance, j: int, m: int, p: int, q: int,
                   D: int) -> np.ndarray:
    """``job_duration`` for N = 1..D at once, with the same floating-point operations."""
    ns = np.arange(1, D + 1, dtype=float)
    v = inst.minibatch_time[j, m]
    comm = (1 - q) * inst.transfer[j, m]
    if inst.ring:
        th = v + (ns - 1) / ns * (inst.update_time[j, 0] + comm)
    else:
        th = np.full(D, v + inst.update_time[j, p] + comm)
    with np.errstate(invalid="ignore", over="ignore"):
        d = np.maximum(1, np.ceil(float(inst.workload[j]) * th / ns - EPS))
    return np.where(np.isfinite(th), d, 10**9).astype(np.int64)


@lru_cache(maxsize=4096)
def _configs_cached(inst_id: int, inst: CompletionInstance, j: int, prune: bool,
                    feasible_only: bool) -> tuple[Config, ...]:
    out: list[Config] = []
    D = int(inst.chunks[j])
    for m, p in _type_pairs(inst, j):
        n_fit, n_max = _fit_limits(inst, m, p, D) if feasible_only else (D, D)
        for q in (1, 0):
            d = _durations_all(inst, j, m, p, q, D)
            if prune:  # some N' < N reaches d' <= d: dominated (notes §2.4 prune)
                prev = np.concatenate([[np.iinfo(np.int64).max],
                                       np.minimum.accumulate(d)[:-1]])
                keep = np.nonzero(d < prev)[0]
            else:
                keep = np.arange(D)
            for i in keep:
                n = int(i) + 1
                if feasible_only and n > (n_fit if q == 1 else n_max):
                    continue
                out.append(Config(m, p, q, n, int(d[i])))
    return tuple(out)


def _type_pairs(inst: CompletionInstance, j: int) -> Iterator[tuple[int, int]]:
    """(worker type, PS type or -1) pairs job j can run with (finite times)."""
    ps = [-1] if inst.ring else range(len(inst.ps_names))
    for m in range(len(inst.worker_names)):
        if not math.isfinite(inst.minibatch_time[j, m]):
            continue
        for p in ps:
            if p < 0 or math.isfinite(inst.update_time[j, p]):
                yield m, p


def configurations(inst: CompletionInstance, j: int, *, prune: bool = True,
                   feasible_only: bool = True) -> tuple[Config, ...]:
    """The configurations of job j in loop order (m, p, q = 1 then 0, N ascending).

    ``prune`` drops k when the same (m, p, q) has N' < N with d' <= d (notes §2.4), keeping
    exactly the Pareto configurations; ``feasible_only`` keeps the configurations that have a
    placement: q = 1 fits one server with its N workers and one PS; q = 0 under RAR fits the
    total worker capacity, under PS it also needs room for the PSs and the bandwidth rule (2i)
    (``_max_workers_ps``, exact), so d^min_j is attainable. The result is cached per instance.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.
    prune : bool, default True
        Keep only the Pareto configurations of each (m, p, q).
    feasible_only : bool, default True
        Keep only configurations that can be placed on the empty cluster.

    Returns
    -------
    tuple of Config
        The configurations (empty when none fits).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> [(k.q, k.n, k.d) for k in configurations(golden("s4"), 0)]
    [(1, 1, 3), (1, 2, 2), (0, 1, 7), (0, 2, 4)]
    """
    return _configs_cached(id(inst), inst, j, prune, feasible_only)


def longest_duration(inst: CompletionInstance, j: int) -> int:
    """max k.d over ``configurations(inst, j)`` (0 if none), without listing them.

    Within one (m, p, q) the pruned list keeps strictly decreasing d, so its longest entry is
    N = 1, which is listed iff N = 1 passes the feasibility filter (a prefix of N)."""
    longest = 0
    for m, p in _type_pairs(inst, j):
        n_fit, n_max = _fit_limits(inst, m, p, int(inst.chunks[j]))
        for q, ok in ((1, n_fit >= 1), (0, n_max >= 1)):
            if ok:
                longest = max(longest, job_duration(inst, j, m, p, q, 1))
    return longest


def min_duration(inst: CompletionInstance, j: int) -> int:
    """d^min_j: the shortest duration over the feasible configurations of job j.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.

    Returns
    -------
    int
        d^min_j (10**9 if the job has no feasible configuration). Unit: slots.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> min_duration(golden("s4"), 0)
    2
    """
    ks = configurations(inst, j)
    return min((k.d for k in ks), default=10**9)


def check_durations(inst: CompletionInstance) -> None:
    """Refuse an instance some job of which cannot finish within ``limits.MAX_SLOTS`` slots even
    in its fastest configuration (or has none): simulating or modelling it would not end."""
    from ...core.deadline import check_deadline
    from ...core.errors import InputError
    from ...core.limits import MAX_SLOTS

    for j in range(inst.n_jobs):
        check_deadline()  # the first configurations of a job take ~0.06 s: a caller's limit
        d = min_duration(inst, j)
        if d >= 10**9:
            raise InputError(f"jobs[{j}]", "no configuration of this job fits any server")
        if d > MAX_SLOTS:
            raise InputError(f"jobs[{j}]", f"needs {d} slots even in its fastest "
                                           f"configuration (> {MAX_SLOTS})")
