"""Configurations (P, w) with durations (notes §2.2), the θ rule and Lemma-1 λ (notes §3.2)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core.errors import InputError
from ..instance import RevenueInstance

#: values of ``time_origin``: the argument of a job's utility is its completion minus its
#: arrival (``arrival``) or the completion slot itself (``absolute``)
TIME_ORIGINS = ("arrival", "absolute")


def check_choice(value: Any, field: str, choices: tuple[str, ...]) -> str:
    """``value`` when it is one of ``choices``; else an ``InputError`` naming ``field`` and the
    allowed values.

    Parameters
    ----------
    value : Any
        The value given.
    field : str
        The parameter's name.
    choices : tuple of str
        The allowed values.

    Returns
    -------
    str
        ``value``.

    Raises
    ------
    InputError
        ``value`` is not one of ``choices``.

    Examples
    --------
    >>> check_choice("arrival", "time_origin", TIME_ORIGINS)
    'arrival'
    """
    if not isinstance(value, str) or value not in choices:
        raise InputError(field, f"unknown value {value!r} (known: {', '.join(choices)})")
    return value


@dataclass(frozen=True)
class Config:
    """A configuration of a job: placement ``P``, ``w`` workers and the duration ``d``.

    Parameters
    ----------
    placement : str
        ``'C'`` (centralised on one server) or ``'D'`` (distributed).
    w : int
        Workers. Unit: workers.
    d : int
        Slots the run takes with them. Unit: slots.

    Examples
    --------
    >>> Config("C", 2, 3)
    Config(placement='C', w=2, d=3)
    """

    placement: str
    w: int
    d: int


def utility_x(inst: RevenueInstance, j: int, completion: Any, time_origin: str) -> Any:
    """The argument of f_j: t+ - r_j (``arrival``) or t+ (``absolute``) (notes §1).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    j : int
        Job index.
    completion : int or numpy.ndarray
        Completion slot(s) t+. Unit: slots.
    time_origin : str
        ``'arrival'`` or ``'absolute'`` (``TIME_ORIGINS``).

    Returns
    -------
    int or numpy.ndarray
        x_j for each completion. Unit: slots.

    Raises
    ------
    InputError
        ``time_origin`` is not one of ``TIME_ORIGINS``.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> int(inst.arrival[0]), utility_x(inst, 0, 3, "arrival"), utility_x(inst, 0, 3, "absolute")
    (2, 1, 3)
    """
    if time_origin == "arrival":
        return completion - int(inst.arrival[j])
    check_choice(time_origin, "time_origin", TIME_ORIGINS)
    return completion


#: Largest worker count of a job: ``chunks`` = W_j = min(D_j, sum C_sw) (Alg. 3 as written,
#: constraint (3e)); ``demand`` = also at most the GPUs the job requests (paper §5.1: "the
#: number of GPUs requested by jobs is regarded as their demand for workers"), the rule the
#: baselines size jobs by (notes §5.2).
WORKER_CAPS = ("chunks", "demand")


def max_workers(inst: RevenueInstance, j: int, worker_cap: str = "chunks") -> int:
    """Largest worker count W_j of job j under ``worker_cap`` (``WORKER_CAPS``).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    j : int
        Job index.
    worker_cap : str, default 'chunks'
        ``'chunks'`` (W_j = min(D_j, Σ C_sw)) or ``'demand'`` (also at most the GPUs the
        job requests).

    Returns
    -------
    int
        W_j. Unit: workers.

    Raises
    ------
    InputError
        An unknown ``worker_cap`` (field ``worker_cap``).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> max_workers(inst, 1), max_workers(inst, 1, "demand")
    (4, 1)
    """
    if worker_cap not in WORKER_CAPS:
        check_choice(worker_cap, "worker_cap", WORKER_CAPS)
    w = min(int(inst.chunks[j]), int(inst.cap_w.sum()))
    return min(w, int(inst.demand[j])) if worker_cap == "demand" else w


def configurations(inst: RevenueInstance, j: int, fixed_workers: bool = False,
                   prune: bool = True, worker_cap: str = "chunks") -> list[Config]:
    """The configurations K_j of job j: every (placement, workers) and its duration.

    C with w <= max C_sw, D with w <= W_j = min(D_j, sum C_sw) (``worker_cap`` = "demand":
    also w <= dem_j). A plugin picks one, then places it (``fits_empty`` says whether the
    empty cluster can hold it).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    j : int
        Job index.
    fixed_workers : bool, default False
        Keep w = W_j only (D_j under ``'chunks'``).
    prune : bool, default True
        Per (placement, duration) keep only the smallest w (exact for the models, notes
        §2.2).
    worker_cap : str, default 'chunks'
        ``'chunks'`` or ``'demand'`` (see ``max_workers``).

    Returns
    -------
    list of Config
        C configurations, then D, by increasing w.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> [(k.placement, k.w, k.d) for k in configurations(inst, 1)]
    [('C', 1, 6), ('C', 2, 3), ('C', 3, 2), ('D', 1, 11), ('D', 2, 6), ('D', 3, 4), ('D', 4, 3)]
    >>> configurations(inst, 1, fixed_workers=True)
    [Config(placement='C', w=4, d=2), Config(placement='D', w=4, d=3)]
    """
    wmax = max_workers(inst, j, worker_cap)
    top = int(inst.chunks[j]) if worker_cap == "chunks" else wmax
    ws = [top] if fixed_workers else list(range(1, wmax + 1))
    out: list[Config] = []
    for p in ("C", "D"):
        seen: set[int] = set()
        for w in ws:
            if w > wmax or (p == "C" and w > int(inst.cap_w.max())):
                continue
            d = inst.duration(j, p, w)
            if prune and d in seen:
                continue
            seen.add(d)
            out.append(Config(p, w, d))
    return out


def fits_empty(inst: RevenueInstance, cfg: Config) -> bool:
    """Whether a placement of ``cfg`` exists on the empty cluster.

    Per-server capacities (3c)/(3d) and the bandwidth rule (3i) for the PS host.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    cfg : Config
        The configuration.

    Returns
    -------
    bool
        True when some placement fits.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=3, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> fits_empty(inst, Config("C", 4, 2)), fits_empty(inst, Config("C", 5, 2))
    (True, False)
    """
    cw, cp = inst.cap_w, inst.cap_p
    if cfg.placement == "C":
        return bool(np.any((cw >= cfg.w) & (cp >= 1)))
    if cfg.w > cw.sum():
        return False
    dsw = np.minimum(cfg.w - 1, cw)
    need = np.ceil((cfg.w - dsw) * inst.bw_worker / inst.bw_ps - 1e-9)
    ok = (need <= cp) & (cp >= 1)
    rest = cw.sum() - cw  # workers on the other servers
    return bool(np.any(ok & (rest >= cfg.w - dsw)))


def theta_rule(inst: RevenueInstance, fixed_workers: bool = False,
               time_origin: str = "arrival", worker_cap: str = "chunks") -> tuple[float, float]:
    """θ_w = 1 + max{1, max f(d)/(w d)}, θ_p = 1 + max{1, max f(d)/d} over placeable k."""
    best_w, best_p = 1.0, 1.0
    for j in range(inst.n_jobs):
        for k in configurations(inst, j, fixed_workers, prune=False, worker_cap=worker_cap):
            if not fits_empty(inst, k):
                continue
            fv = float(inst.f(j, k.d))
            best_w = max(best_w, fv / (k.w * k.d))
            best_p = max(best_p, fv / k.d)
    return 1.0 + best_w, 1.0 + best_p


def lemma1_lambda(inst: RevenueInstance, theta_w: float, theta_p: float,
                  fixed_workers: bool = False, worker_cap: str = "chunks") -> int:
    """λ = floor(ln(F / f_min) / ln(σ/(σ-1))) + 1, σ = 2(ln θ_w + ln θ_p) (notes §3.2)."""
    best = []
    for j in range(inst.n_jobs):
        vals = [float(inst.f(j, k.d)) for k in configurations(inst, j, fixed_workers, False,
                                                               worker_cap)
                if fits_empty(inst, k)]
        if vals:
            best.append(max(vals))
    pos = [b for b in best if b > 0]
    if not pos:
        return 1
    big, small = sum(pos), min(pos)
    sigma = 2.0 * (math.log(theta_w) + math.log(theta_p))
    if sigma <= 1:
        return 1
    return math.floor(math.log(big / small) / math.log(sigma / (sigma - 1))) + 1
