"""Instances built to make an online algorithm look bad, and their optima computed by hand.

The notebooks on competitive ratios (``competitive-ratio``, ``worst-cases``) need instances whose
optimum is known without the solvers under study. They all live on one machine: a completion
instance with one server of one GPU, one 1-GPU worker type and jobs that run on one worker for
``p`` slots (Ring-AllReduce, no communication), i.e. the classical problem
1 | r_j | sum w_j C_j. A job is a triple ``(p, w, a)``: processing time (slots), weight, arrival
slot. Slot convention of the toolkit: a job started at slot ``s >= a`` completes at ``s + p``.

What is here:

* ``single_machine`` turns triples into a ``CompletionInstance``;
* ``optimum`` is the exact optimum by dynamic programming over job subsets (small n), and
  ``smith_optimum`` the closed form when every job arrives at the same slot (Smith's rule);
* three families that drive A_online (``a-online``) towards a limit, each with the ratio its
  completion times give when worked out by hand from the algorithm's description
  (``unit_after_doubling``, ``long_at_start``, ``heavy_behind_light``);
* ``fifo_blocking``: a long light job ahead of a short heavy one (FIFO has no constant ratio);
* the adversary of the classical deterministic lower bound of 2 for 1 | r_j | sum C_j
  (Hoogeveen and Vestjens 1996): ``adversary_optimum`` and ``forced_ratio``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..completion.instance import CompletionInstance, parse
from ..core.errors import InputError

#: A single-machine job: (processing time p in slots, weight w, arrival slot a).
Job = tuple[int, float, int]

#: Largest number of jobs ``optimum`` accepts (2^n subsets).
MAX_DP_JOBS = 12


def check_jobs(jobs: Any, max_jobs: int | None = None) -> list[Job]:
    """``jobs`` as a list of ``(p, w, a)`` with whole ``p >= 1``, ``a >= 1`` and ``w > 0``.

    Parameters
    ----------
    jobs : sequence of (int, float, int)
        The jobs: processing time (slots), weight, arrival slot.
    max_jobs : int or None, default None
        Refuse more jobs than this (None: no limit). Unit: jobs.

    Returns
    -------
    list of (int, float, int)
        The jobs with ``p`` and ``a`` as ``int`` and ``w`` as ``float``.

    Raises
    ------
    InputError
        Not a non-empty sequence, too many jobs, or an entry that is not a triple of numbers in
        range; the field is named, e.g. ``jobs[2].p``.

    Examples
    --------
    >>> check_jobs([(3, 1, 1), (1, 4.0, 2)])
    [(3, 1.0, 1), (1, 4.0, 2)]
    """
    if not isinstance(jobs, (list, tuple)) or not jobs:
        raise InputError("jobs", "must be a non-empty list of (p, w, a) triples")
    if max_jobs is not None and len(jobs) > max_jobs:
        raise InputError("jobs", f"at most {max_jobs} jobs, got {len(jobs)}")
    out: list[Job] = []
    for k, job in enumerate(jobs):
        if not isinstance(job, (list, tuple, np.ndarray)) or len(job) != 3:
            raise InputError(f"jobs[{k}]", f"must be a triple (p, w, a), got {job!r}")
        p, w, a = job
        for name, value in (("p", p), ("a", a)):
            ok = (
                isinstance(value, (int, float, np.integer, np.floating))
                and not isinstance(value, (bool, np.bool_))
                and math.isfinite(float(value))
                and float(value).is_integer()
                and value >= 1
            )
            if not ok:
                raise InputError(f"jobs[{k}].{name}", f"must be a whole number >= 1, got {value!r}")
        ok = (
            isinstance(w, (int, float, np.integer, np.floating))
            and not isinstance(w, (bool, np.bool_))
            and math.isfinite(float(w))
            and w > 0
        )
        if not ok:
            raise InputError(f"jobs[{k}].w", f"must be a number > 0, got {w!r}")
        out.append((int(p), float(w), int(a)))
    return out


def single_machine(jobs: Sequence[Job], name: str = "single-machine") -> CompletionInstance:
    """A completion instance on one 1-GPU server whose job ``(p, w, a)`` runs ``p`` slots.

    Each job has one chunk, one epoch and ``p`` mini-batches of one slot on the only worker
    type, no communication (Ring-AllReduce, gradient size 0): its only configuration is one
    worker for ``p`` slots, and no two jobs overlap. The horizon (open) covers every schedule
    that leaves no gap after the last arrival.

    Parameters
    ----------
    jobs : sequence of (int, float, int)
        The jobs: processing time (slots), weight, arrival slot.
    name : str, default "single-machine"
        The instance name.

    Returns
    -------
    CompletionInstance
        The parsed instance; job ``k`` is named ``j{k+1}``.

    Raises
    ------
    InputError
        A malformed job (see ``check_jobs``).

    Examples
    --------
    >>> inst = single_machine([(3, 1, 1), (1, 4, 2)])
    >>> inst.n_jobs, inst.n_servers, int(inst.horizon)
    (2, 1, 6)
    """
    js = check_jobs(jobs)
    horizon = max(a for _, _, a in js) + sum(p for p, _, _ in js)
    return parse(
        {
            "problem": "completion",
            "schema_version": 1,
            "name": name,
            "architecture": "ring",
            "horizon": horizon,
            "horizon_hard": False,
            "preemption": False,
            "slot_seconds": 1.0,
            "servers": [{"name": "h1", "capacity": {"gpu": 1}}],
            "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}],
            "jobs": [
                {
                    "name": f"j{k + 1}",
                    "arrival": a,
                    "weight": w,
                    "epochs": 1,
                    "chunks": 1,
                    "minibatches_per_chunk": p,
                    "minibatch_time": {"m1": 1.0},
                    "update_time": 0.0,
                    "gradient_size": 0.0,
                }
                for k, (p, w, a) in enumerate(js)
            ],
        }
    )


def optimum(jobs: Sequence[Job]) -> float:
    """The optimum of 1 | r_j | sum w_j C_j on ``jobs`` (exact, no preemption).

    For a fixed order, starting every job as early as possible minimises each completion, so
    the optimum is the best order. Dynamic programming over the set S of jobs done first and
    the slot t at which the machine frees: cost(S + j, max(t, a_j) + p_j) = cost(S, t) +
    w_j (max(t, a_j) + p_j), keeping the least cost per (S, t).

    Parameters
    ----------
    jobs : sequence of (int, float, int)
        At most ``MAX_DP_JOBS`` jobs (p, w, a).

    Returns
    -------
    float
        The least sum_j w_j C_j. Unit: weight x slots.

    Raises
    ------
    InputError
        A malformed job or more than ``MAX_DP_JOBS`` jobs.

    Examples
    --------
    >>> optimum([(3, 1, 1), (1, 4, 2)])  # S3: B first at slot 2, A after it
    18.0
    """
    js = check_jobs(jobs, MAX_DP_JOBS)
    n = len(js)
    layer: dict[int, dict[int, float]] = {0: {1: 0.0}}
    for _ in range(n):
        nxt: dict[int, dict[int, float]] = {}
        for done, states in layer.items():
            for j, (p, w, a) in enumerate(js):
                if done >> j & 1:
                    continue
                target = nxt.setdefault(done | 1 << j, {})
                for free, cost in states.items():
                    end = max(free, a) + p
                    value = cost + w * end
                    if value < target.get(end, math.inf):
                        target[end] = value
        layer = nxt
    return min(layer[(1 << n) - 1].values())


def smith_optimum(jobs: Sequence[Job]) -> float:
    """The optimum when every job arrives at the same slot: Smith's rule (WSPT).

    With a common arrival a, 1 || sum w_j C_j shifted by a: the jobs in order of p_j / w_j
    (ascending) back to back from slot a are optimal (Smith 1956).

    Parameters
    ----------
    jobs : sequence of (int, float, int)
        The jobs (p, w, a), all with the same ``a``.

    Returns
    -------
    float
        sum_j w_j C_j of the WSPT order. Unit: weight x slots.

    Raises
    ------
    InputError
        A malformed job, or arrivals that differ (field ``jobs``).

    Examples
    --------
    >>> smith_optimum([(3, 1, 1), (1, 2, 1), (2, 5, 1), (4, 4, 1)])  # S1 of the spec
    66.0
    """
    js = check_jobs(jobs)
    if len({a for _, _, a in js}) != 1:
        raise InputError("jobs", "Smith's rule needs one common arrival slot")
    t, total = js[0][2], 0.0
    for p, w, _ in sorted(js, key=lambda job: job[0] / job[1]):
        t += p
        total += w * t
    return total


# ---------------------------------------------------------------- families for A_online
def round_of(p: int, a: int) -> int:
    """The doubling point tau = 2^(i-1) of the round in which A_online schedules a lone job.

    A job is considered in the first round with tau >= a (it has arrived) and fits a round's
    max-weight subproblem only if it ends by tau: p <= tau - 1 (relative slots 1..tau-1).

    Parameters
    ----------
    p : int
        Processing time. Unit: slots.
    a : int
        Arrival slot.

    Returns
    -------
    int
        The smallest power of two tau with tau >= a and tau >= p + 1. Unit: slots.

    Examples
    --------
    >>> round_of(1, 100), round_of(3, 1), round_of(1, 2)
    (128, 4, 2)
    """
    tau = 1
    while tau < a or tau < p + 1:
        tau *= 2
    return tau


def lone_job_completion(p: int, a: int, alpha: int = 4) -> int:
    """A_online's completion of a job alone on an empty machine, worked out by hand.

    Its round's window starts at slot alpha * tau (relative slot 1 maps to alpha tau) and the
    job takes the earliest slot there: C = alpha tau + p.

    Parameters
    ----------
    p : int
        Processing time. Unit: slots.
    a : int
        Arrival slot.
    alpha : int, default 4
        A_online's alpha (sub-rounds per round and window offset). Unit: dimensionless.

    Returns
    -------
    int
        The completion slot. Unit: slots.

    Examples
    --------
    >>> lone_job_completion(1, 2), lone_job_completion(1, 100, alpha=4)
    (9, 513)
    """
    return alpha * round_of(p, a) + p


def unit_after_doubling(k: int) -> list[Job]:
    """One unit job arriving at 2^k + 1, just after a doubling point.

    A_online waits for the next round (tau = 2^(k+1)) and its window: C = alpha 2^(k+1) + 1
    against OPT = 2^k + 2, a ratio that climbs to 2 alpha as k grows.

    Parameters
    ----------
    k : int
        Family index (>= 0).

    Returns
    -------
    list of (int, float, int)
        ``[(1, 1.0, 2**k + 1)]``.

    Examples
    --------
    >>> unit_after_doubling(3)
    [(1, 1.0, 9)]
    """
    return [(1, 1.0, 2**k + 1)]


def long_at_start(k: int) -> list[Job]:
    """One job of length 2^k arriving at slot 1.

    It fits no round before tau = 2^(k+1) (it needs p <= tau - 1): C = alpha 2^(k+1) + 2^k
    against OPT = 2^k + 1, a ratio that climbs to 2 alpha + 1.

    Parameters
    ----------
    k : int
        Family index (>= 0).

    Returns
    -------
    list of (int, float, int)
        ``[(2**k, 1.0, 1)]``.

    Examples
    --------
    >>> long_at_start(4)
    [(16, 1.0, 1)]
    """
    return [(2**k, 1.0, 1)]


def heavy_behind_light(k: int, alpha: int = 4, heavy: float = 1e6) -> list[Job]:
    """A heavy unit job queued behind light jobs that fill all but its last slot of the round.

    Every job arrives at a = 2^k + 1 (round tau = 2^(k+1)). A_online offers them to each
    max-weight sub-round in arrival order, then by index: alpha - 1 light jobs of length
    tau - 1 fill one sub-round each, one light job of length tau - 2 the last one but a slot,
    and the heavy unit job (last index) gets that slot: C = 2 alpha tau - 1, while OPT runs it
    first (C = a + 1). The ratio climbs to 4 alpha, the constant of Theorem 5.

    Parameters
    ----------
    k : int
        Family index (>= 1, so that tau - 2 >= 1).
    alpha : int, default 4
        The alpha the family is built for. Unit: dimensionless.
    heavy : float, default 1e6
        Weight of the heavy job (the light ones weigh 1). Unit: dimensionless.

    Returns
    -------
    list of (int, float, int)
        ``alpha + 1`` jobs, the heavy one last.

    Raises
    ------
    InputError
        ``k < 1`` or ``alpha < 1``.

    Examples
    --------
    >>> heavy_behind_light(1, alpha=2)
    [(3, 1.0, 3), (2, 1.0, 3), (1, 1000000.0, 3)]
    """
    if k < 1:
        raise InputError("k", f"must be >= 1, got {k}")
    if alpha < 1:
        raise InputError("alpha", f"must be >= 1, got {alpha}")
    tau, a = 2 ** (k + 1), 2**k + 1
    light = [(tau - 1, 1.0, a)] * (alpha - 1) + [(tau - 2, 1.0, a)]
    return [*light, (1, float(heavy), a)]


def heavy_behind_light_objective(k: int, alpha: int = 4, heavy: float = 1e6) -> float:
    """A_online's sum w_j C_j on ``heavy_behind_light(k, alpha, heavy)``, by hand.

    Sub-round s (1..alpha) of round tau occupies absolute slots (alpha + s - 1) tau ..
    (alpha + s) tau - 2: light job s ends at (alpha + s) tau - 1 for s < alpha, the last light
    job at 2 alpha tau - 2 and the heavy one at 2 alpha tau - 1.

    Parameters
    ----------
    k : int
        Family index (>= 1).
    alpha : int, default 4
        A_online's alpha. Unit: dimensionless.
    heavy : float, default 1e6
        Weight of the heavy job. Unit: dimensionless.

    Returns
    -------
    float
        The objective. Unit: weight x slots.

    Examples
    --------
    >>> heavy_behind_light_objective(1, alpha=2, heavy=10.0)  # 11 + 14 + 10 * 15
    175.0
    """
    tau = 2 ** (k + 1)
    light = sum((alpha + s) * tau - 1 for s in range(1, alpha)) + 2 * alpha * tau - 2
    return float(light + heavy * (2 * alpha * tau - 1))


def fifo_blocking(p: int, heavy: float | None = None) -> list[Job]:
    """A long light job at slot 1, then a short heavy one at slot 2.

    FIFO starts the long job at once and the heavy job waits p slots; OPT leaves slot 1 idle.
    With ``heavy = p`` FIFO's ratio grows like p / 4: no constant bounds it.

    Parameters
    ----------
    p : int
        Length of the long job (>= 1). Unit: slots.
    heavy : float or None, default None
        Weight of the unit job; None uses ``p``. Unit: dimensionless.

    Returns
    -------
    list of (int, float, int)
        ``[(p, 1.0, 1), (1, heavy, 2)]``.

    Examples
    --------
    >>> fifo_blocking(8)
    [(8, 1.0, 1), (1, 8.0, 2)]
    """
    return [(int(p), 1.0, 1), (1, float(p if heavy is None else heavy), 2)]


# ---------------------------------------------------------------- the lower-bound adversary
def adversary_optimum(p: int, release: int, n_units: int | np.ndarray) -> float | np.ndarray:
    """The optimum of one job of length ``p`` at slot 1 plus ``n_units`` unit jobs at
    ``release`` (all weights 1), in closed form.

    Either the long job starts at slot 1, before the unit jobs arrive (the units follow it),
    or it starts at ``release`` or later; then shortest first is optimal (swapping a unit job
    ahead of the long one saves p - 1), so the units run from ``release`` on and the long job
    after them. The optimum is the better of the two.

    Parameters
    ----------
    p : int
        Length of the long job. Unit: slots.
    release : int
        Arrival slot of the unit jobs (>= 1).
    n_units : int or numpy.ndarray
        Number of unit jobs (>= 0); an array gives one optimum per entry.

    Returns
    -------
    float or numpy.ndarray
        The least sum_j C_j. Unit: slots.

    Examples
    --------
    >>> adversary_optimum(3, 2, 1)  # the unit job at 2 (C = 3), the long one after (C = 6)
    9.0
    """
    n = np.asarray(n_units, dtype=float)
    r = float(release)
    long_first = 1 + p + n * max(1 + p, r) + n * (n + 1) / 2
    units_first = n * r + n * (n + 1) / 2 + (r + n + p)
    best = np.minimum(long_first, units_first)
    return float(best) if best.ndim == 0 else best


def forced_ratio(p: int, start: int, max_units: int | None = None) -> tuple[float, int]:
    """The ratio an adversary forces on a deterministic algorithm that starts a lone job of
    length ``p`` (arrived at slot 1) at slot ``start``.

    The adversary watches the algorithm on the one-job instance. It either sends nothing (ratio
    (start + p) / (1 + p)) or, once the long job has started, n unit jobs at ``start + 1``: the
    machine is busy until ``start + p`` (no preemption), so the algorithm's best continuation
    completes them at start + p + 1, ..., start + p + n. It picks the response that hurts
    most. Whatever ``start`` an algorithm picks, the forced ratio tends to at least 2 as p
    grows: the lower bound of Hoogeveen and Vestjens (1996).

    Parameters
    ----------
    p : int
        Length of the first job (>= 1). Unit: slots.
    start : int
        Slot at which the algorithm starts it when nothing else has arrived (>= 1).
    max_units : int or None, default None
        Largest number of unit jobs the adversary may send; None uses ``p``. Unit: jobs.

    Returns
    -------
    tuple of (float, int)
        The forced ratio (ALG / OPT) and the number of unit jobs sent (0: none).

    Raises
    ------
    InputError
        ``p`` or ``start`` below 1.

    Examples
    --------
    >>> r, n = forced_ratio(100, 1)  # start at once: punished by unit jobs at slot 2
    >>> round(r, 2), n
    (6.51, 14)
    """
    for name, value in (("p", p), ("start", start)):
        if (
            isinstance(value, (bool, np.bool_))
            or not isinstance(value, (int, np.integer))
            or value < 1
        ):
            raise InputError(name, f"must be a whole number >= 1, got {value!r}")
    p, s = int(p), int(start)
    n = np.arange(1, (p if max_units is None else int(max_units)) + 1, dtype=float)
    alg = (s + p) * (n + 1) + n * (n + 1) / 2
    ratios = alg / adversary_optimum(p, s + 1, n)
    alone = (s + p) / (1 + p)
    k = int(np.argmax(ratios)) if len(n) else 0
    if not len(n) or alone >= ratios[k]:
        return alone, 0
    return float(ratios[k]), k + 1
