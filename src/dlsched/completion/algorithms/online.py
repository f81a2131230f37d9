"""A_online (Alg. 1), A_dual (Alg. 2) and A_maxweight (Alg. 3, price function (11)).

Switches for the ambiguities of notes §3.9 (defaults = the notes' readings):

- ``alpha_mode``: ``"fixed"`` (alpha = ``alpha``, default 4, for sub-rounds and offset),
  ``"theory"`` (Thm 5 with w(J) of all jobs) or ``"adaptive"`` (alpha_i from w(J_i), offset
  max(alpha_i tau_i, E_{i-1}) - 1) [A20, notes §3.8].
- ``tie``: ``"earliest"`` (A_online's default: among equal-cost schedules of a job the one
  that completes first, i.e. the smallest weighted completion time: §7.1 "A_{online}
  enumerates all possible numbers and always selects the one with the smallest total weighted
  job completion time") or ``"loop-order"`` (alias ``"faithful"``: strict < in the loop order
  of Algs. 4-7, the first equal-cost candidate wins; the default before issue 18 and still the
  default of ``batch.a_maxweight_batch``) [A19].
- ``order``: ``"arrival"`` (a_j, then id) or ``"weight"`` (w_j descending) in Alg. 3 [A18].
- ``lam``: price base, default 2 T H R F + 1 with the global horizon T [A17]; ``F`` default 1.
- ``compact`` (NOT in the paper; default off, registered as ``a-online-compact`` with
  ``tie="earliest"``): after each round, each job of that round, in order of its start, moves to
  the earliest slot >= tau_i (>= a_j) where its unchanged placement (types, counts, servers,
  duration) fits beside every job already placed. Completion times only decrease; a job only
  moves into free capacity before its paper slot and never past 2 alpha tau_i, so the windows
  of later rounds are untouched (they are placed as in the paper) and Lemma 1's 4 alpha bound
  (which only uses completion <= 2 alpha tau_i for the round's jobs) still holds. The paper's
  [alpha tau_i, 2 alpha tau_i) waiting is what this removes; the tie rule "earliest" is the
  paper's §7.1 choice of the schedule with the smallest weighted completion time among
  equal-cost ones.
- Alg. 3 compares the centralised candidate (Alg. 5 / RAR Alg. 6) with the distributed one
  (Alg. 4 / RAR Alg. 7) and keeps the centralised one on ties [A8, A13]; prices are fresh in
  every A_maxweight call (delta = 0) [A9]; a round adds the arrivals a_j <= tau_i [A10];
  relative slot t of round i maps to alpha tau_i - 1 + t [A21]; no horizon cap online [A22].
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...core import Result, Status, register_algorithm
from ...core.deadline import check_deadline
from ...core.errors import InputError
from ..instance import CompletionInstance
from ..solution import JobPlan, make_solution
from ..support.config import check_durations
from .mincost import (
    Candidate,
    Prices,
    mincost_centralised,
    mincost_ps_distributed,
    mincost_ring_distributed,
)

ALPHA_MODES = ("fixed", "theory", "adaptive")
TIES = ("faithful", "earliest", "loop-order")  # "loop-order" is "faithful" under its plain name
ORDERS = ("arrival", "weight")


def default_lambda(inst: CompletionInstance, F: float = 1.0) -> float:
    """lambda = 2 T H R F + 1 (global horizon T) [A17]."""
    return 2.0 * inst.horizon * inst.n_servers * len(inst.resources) * F + 1.0


def price(beta: np.ndarray, cap: np.ndarray, lam: float) -> np.ndarray:
    """Price function (11): delta = lambda^(beta / C) - 1."""
    return np.power(lam, beta / cap) - 1.0


def theory_alpha(total_weight: float, w_min: float, lam: float) -> int:
    """Thm 5: floor((log w(J) - log w_min) / (log gamma - log(gamma-1))) + 1, gamma = 2 log lam."""
    gamma = 2.0 * math.log2(lam)
    if gamma <= 1:
        return 1
    return math.floor((math.log2(total_weight) - math.log2(w_min))
                          / (math.log2(gamma) - math.log2(gamma - 1))) + 1


@dataclass
class Options:
    alpha: int = 4
    alpha_mode: str = "fixed"
    tie: str = "faithful"
    order: str = "arrival"
    lam: float | None = None
    F: float = 1.0
    compact: bool = False

    def __post_init__(self) -> None:
        for name, allowed in (("alpha_mode", ALPHA_MODES), ("tie", TIES), ("order", ORDERS)):
            if getattr(self, name) not in allowed:
                raise InputError(name, f"must be one of {allowed}, got {getattr(self, name)!r}")
        if self.alpha < 1:
            raise InputError("alpha", "must be >= 1")
        if self.tie == "loop-order":
            self.tie = "faithful"


#: ``pricer(inst, j, prices) -> cheapest schedule of job j at these prices, or None``.
Pricer = Callable[[CompletionInstance, int, Prices], "Candidate | None"]


@dataclass
class MaxWeightOut:
    """Result of one A_maxweight call: the primal schedule and the final dual (u, delta) of (9).

    ``u[j] = w_j - c_j`` for accepted jobs (eq. (10), c_j the price of the chosen schedule when
    j was considered; rejected jobs have u_j = 0 and are absent) and ``delta`` the final prices
    over [H, R, slots 1..tau]; ``dual`` = sum u + sum delta C. With an exact pricer (notes §7.6)
    this point is meant to be dual-feasible for (9), i.e. ``dual`` >= OPT(7).
    """

    accepted: dict[int, Candidate] = field(default_factory=dict)
    weight: float = 0.0
    dual: float = 0.0  # sum u_j + sum delta C at the end (dual objective of (9))
    u: dict[int, float] = field(default_factory=dict)
    delta: np.ndarray | None = None


def _paper_pricer(earliest: bool) -> Pricer:
    """Alg. 3 lines 3-5: the centralised (Alg. 5 / 6) vs the distributed (Alg. 4 / 7) minimiser,
    ties to the centralised one [A8, A13]."""

    def pricer(inst: CompletionInstance, j: int, pr: Prices) -> Candidate | None:
        cen = mincost_centralised(inst, j, pr, earliest)
        dist = (mincost_ring_distributed if inst.ring else mincost_ps_distributed)(
            inst, j, pr, earliest, beat=cen.cost if cen is not None else math.inf)
        if dist is not None and (cen is None or dist.cost < cen.cost):
            return dist
        return cen

    return pricer


def a_maxweight(inst: CompletionInstance, jobs: list[int], tau: int, lam: float,
                tie: str = "faithful", order: str = "arrival",
                pricer: Pricer | None = None) -> MaxWeightOut:
    """Alg. 3: greedy primal-dual over ``jobs`` on relative slots 1..tau with fresh prices.

    ``pricer`` replaces the paper's single-job minimisers (default); tests pass an exact
    brute-force oracle to check the dual-feasibility claim of notes §7.6 (docs/specs/completion.md).
    """
    pr = Prices(inst, tau, lam)
    price_of = pricer or _paper_pricer(tie == "earliest")
    if order == "weight":
        seq = sorted(jobs, key=lambda j: (-inst.weight[j], j))
    else:
        seq = sorted(jobs, key=lambda j: (inst.arrival[j], j))
    out = MaxWeightOut()
    for j in seq:
        check_deadline()  # only inside a caller's time limit (core.deadline)
        best = price_of(inst, j, pr)
        if best is None or not inst.weight[j] - best.cost > 0:
            continue
        load = np.zeros_like(inst.capacity)
        for h, c in best.workers.items():
            load[h] += c * inst.worker_demand[best.m]
        for h, c in best.ps.items():
            load[h] += c * inst.ps_demand[best.p]
        pr.allocate(best.t, best.d, load)
        out.accepted[j] = best
        out.weight += float(inst.weight[j])
        out.u[j] = float(inst.weight[j] - best.cost)
    out.delta = pr.delta.copy()
    out.dual = sum(out.u.values()) + float((pr.delta * pr.cap).sum())
    return out


def a_dual(inst: CompletionInstance, jobs: list[int], tau: int, alpha: int, lam: float,
           tie: str = "faithful", order: str = "arrival") -> tuple[dict[int, Candidate], int]:
    """Alg. 2: up to ``alpha`` A_maxweight calls on the remaining jobs, shifted by (i-1) tau.

    Returns the relative schedule and the number of sub-rounds used (early stop).
    """
    sched: dict[int, Candidate] = {}
    used = 0
    for sub in range(alpha):
        check_deadline()  # only inside a caller's time limit (core.deadline)
        rem = [j for j in jobs if j not in sched]
        if not rem:
            break
        used += 1
        res = a_maxweight(inst, rem, tau, lam, tie, order)
        for j, c in res.accepted.items():
            c.t += sub * tau
            sched[j] = c
    return sched, used


def _max_rounds(inst: CompletionInstance) -> int:
    # tau doubles; once tau exceeds every job's longest single-worker duration plus the last
    # arrival, each sub-round accepts at least one job, so this many rounds always suffice.
    from ..support.config import longest_duration

    longest = max(longest_duration(inst, j) for j in range(inst.n_jobs))
    span = int(inst.arrival.max()) + longest + 2
    return math.ceil(math.log2(span)) + inst.n_jobs + 2


def plan_load(inst: CompletionInstance, pl: JobPlan) -> np.ndarray:
    """Per-slot load [H, R] of a plan."""
    load = np.zeros_like(inst.capacity)
    for h, c in pl.workers.items():
        load[h] += c * inst.worker_demand[pl.m]
    for h, c in pl.ps.items():
        load[h] += c * inst.ps_demand[pl.p]
    return load


class _Usage:
    """Resource usage over slots [t, H, R], grown on demand (for ``compact``)."""

    def __init__(self, inst: CompletionInstance) -> None:
        self.cap = inst.capacity
        self.u = np.zeros((64, *inst.capacity.shape))

    def _grow(self, end: int) -> None:
        if end >= len(self.u):
            extra = np.zeros((max(end + 1, 2 * len(self.u)) - len(self.u), *self.cap.shape))
            self.u = np.concatenate([self.u, extra])

    def add(self, pl: JobPlan, load: np.ndarray, sign: float = 1.0) -> None:
        self._grow(pl.start + pl.duration)
        self.u[pl.start:pl.start + pl.duration] += sign * load

    def earliest(self, lo: int, hi: int, d: int, load: np.ndarray) -> int:
        """Earliest start in lo..hi where ``load`` fits for d slots (hi must fit)."""
        self._grow(hi + d)
        ok = np.all(self.u[lo:hi + d] + load <= self.cap + 1e-9, axis=(1, 2))
        bad = np.concatenate([[0], np.cumsum(~ok)])
        starts = np.arange(lo, hi + 1)
        fits = (bad[starts - lo + d] - bad[starts - lo]) == 0
        return int(starts[np.argmax(fits)]) if fits.any() else hi


def _compact(inst: CompletionInstance, usage: _Usage, plans: dict[int, JobPlan],
             new: list[int], tau: int) -> None:
    """Move each job of ``new`` (by start, then id) to its earliest feasible slot >= tau."""
    for j in sorted(new, key=lambda j: (plans[j].start, j)):
        pl = plans[j]
        load = plan_load(inst, pl)
        usage.add(pl, load, -1.0)
        lo = max(tau, int(inst.arrival[j]))
        t = usage.earliest(lo, pl.start, pl.duration, load) if pl.start > lo else pl.start
        pl = JobPlan(t, pl.duration, pl.m, pl.p, pl.workers, pl.ps)
        plans[j] = pl
        usage.add(pl, load)


def run_online(inst: CompletionInstance, opts: Options) -> tuple[dict[int, JobPlan], dict]:
    """Alg. 1 with the round structure tau_i = 2^(i-1); returns plans and per-round stats."""
    check_durations(inst)
    lam = opts.lam or default_lambda(inst, opts.F)
    wsum, wmin = float(inst.weight.sum()), float(inst.weight.min())
    alpha_theory = theory_alpha(wsum, wmin, lam)
    plans: dict[int, JobPlan] = {}
    earliest_start: dict[int, int] = {}
    rounds: list[dict[str, Any]] = []
    last_end = 0
    usage = _Usage(inst) if opts.compact else None
    for i in range(1, _max_rounds(inst) + 1):
        if len(plans) == inst.n_jobs:
            break
        tau = 2 ** (i - 1)
        pending = [j for j in range(inst.n_jobs) if inst.arrival[j] <= tau and j not in plans]
        if not pending:
            continue
        if opts.alpha_mode == "fixed":
            alpha = opts.alpha
            offset = alpha * tau - 1
        elif opts.alpha_mode == "theory":
            alpha = alpha_theory
            offset = alpha * tau - 1
        else:
            w_i = float(inst.weight[pending].sum())
            alpha = theory_alpha(w_i, float(inst.weight[pending].min()), lam)
            offset = max(alpha * tau, last_end) - 1
        sched, used = a_dual(inst, pending, tau, alpha, lam, opts.tie, opts.order)
        for j, c in sched.items():
            plans[j] = JobPlan(offset + c.t, c.d, c.m, c.p, c.workers, c.ps)
            earliest_start[j] = tau
            last_end = max(last_end, offset + c.t + c.d)
        if usage is not None:
            for j in sched:
                usage.add(plans[j], plan_load(inst, plans[j]))
            _compact(inst, usage, plans, list(sched), tau)
        rounds.append({"round": i, "tau": tau, "alpha": alpha, "subrounds": used,
                       "pending": len(pending), "scheduled": len(sched)})
    return plans, {"rounds": rounds, "lambda": lam, "alpha_theory": alpha_theory,
                   "earliest_start": earliest_start}


def assumption_violations(inst: CompletionInstance, plans: dict[int, JobPlan], lam: float,
                          F: float) -> dict[str, int]:
    """Counts of jobs whose chosen schedule violates Thm 3's (i) or (ii) (logged, not fatal)."""
    bad_i = bad_ii = 0
    for j, pl in plans.items():
        load = np.zeros_like(inst.capacity)
        for h, c in pl.workers.items():
            load[h] += c * inst.worker_demand[pl.m]
        for h, c in pl.ps.items():
            load[h] += c * inst.ps_demand[pl.p]
        area = pl.duration * load.sum()
        ratio = inst.weight[j] / area if area > 0 else math.inf
        bad_i += not (1 <= ratio <= F)
        with np.errstate(divide="ignore", invalid="ignore"):
            frac = np.where(inst.capacity > 0, load / np.where(inst.capacity > 0,
                                                                 inst.capacity, 1), 0)
        bad_ii += bool((frac > 1 / math.log2(lam) + 1e-12).any())
    return {"assumption_i": bad_i, "assumption_ii": bad_ii}


@register_algorithm("a-online", "completion",
                    "A_online (Alg. 1): doubling rounds of A_dual / A_maxweight with price (11)")
def a_online(inst: CompletionInstance, *, alpha: int = 4, alpha_mode: str = "fixed",
             tie: str = "earliest", order: str = "arrival", lam: float | None = None,
             F: float = 1.0, compact: bool = False, **_: Any) -> Result:
    """A_online (Alg. 1): doubling rounds tau_i, each scheduling its pending jobs by A_dual.

    Each round runs A_dual / A_maxweight (Algs. 2-3) with the price function (11) on the jobs
    that arrived by tau_i and places the accepted ones in the window [alpha tau_i,
    2 alpha tau_i). ``compact=True`` is the variant that is not in the paper (it moves each
    round's jobs to the earliest slot where their placement fits; see the module docstring).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    alpha : int, default 4
        Round stretch alpha (sub-rounds and window offset) under ``alpha_mode="fixed"``.
        Unit: dimensionless. Range: 1..1000000.
    alpha_mode : str, default "fixed"
        How alpha is set: ``"fixed"`` (``alpha``), ``"theory"`` (Thm 5 from the total
        weight) or ``"adaptive"`` (alpha_i from each round's weight).
    tie : str, default "earliest"
        Tie rule among equal-cost schedules of a job: ``"earliest"`` (the one that completes
        first, the paper's §7.1) or ``"loop-order"`` / ``"faithful"`` (the first in the loop
        order of Algs. 4-7).
    order : str, default "arrival"
        Job order inside A_maxweight: ``"arrival"`` (a_j, then id) or ``"weight"`` (w_j
        descending).
    lam : float or None, default None
        Price base lambda of (11); None uses 2 T H R F + 1. Unit: dimensionless.
    F : float, default 1.0
        The constant F of the price base (weight / area ratio bound of Thm 3).
        Unit: dimensionless.
    compact : bool, default False
        Move each round's jobs to the earliest slot >= tau_i where their placement fits (not
        in the paper; registered as ``a-online-compact``).

    Returns
    -------
    Result
        Status ``feasible`` (``error`` with ``stats["unscheduled"]`` if some job was never
        scheduled); ``objective`` sum_j w_j C_j. Unit: weight x slots. ``solution`` a
        completion ``Solution`` (per job ``start``, ``duration``, ``worker_type``,
        ``workers``, ``ps_type`` / ``ps`` under PS) with ``capped`` false and
        ``earliest_start`` (each job's round tau_i); ``stats`` has the rounds, lambda and the
        counts of jobs that violate Thm 3's assumptions.

    Raises
    ------
    InputError
        ``alpha`` < 1, an unknown ``alpha_mode`` / ``tie`` / ``order``, or a job without a
        configuration that fits (or finishing within ``limits.MAX_SLOTS`` slots).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = a_online(golden("s4"))
    >>> res.status.value, res.objective, sorted(res.solution.jobs)
    ('feasible', 40.0, ['j1', 'j2'])
    """
    t0 = time.perf_counter()
    opts = Options(alpha, alpha_mode, tie, order, lam, F, compact)
    plans, stats = run_online(inst, opts)
    es = stats.pop("earliest_start")
    status = Status.FEASIBLE if len(plans) == inst.n_jobs else Status.ERROR
    sol = make_solution(inst, plans, capped=False,
                        earliest_start={inst.job_names[j]: t for j, t in es.items()})
    stats.update(assumption_violations(inst, plans, stats["lambda"], F))
    if status is Status.ERROR:
        stats["unscheduled"] = [inst.job_names[j] for j in range(inst.n_jobs) if j not in plans]
    return Result(problem="completion", method="a-online", status=status,
                  objective=sol["objective"] if status is Status.FEASIBLE else None,
                  runtime_s=time.perf_counter() - t0, solution=sol, stats=stats)


@register_algorithm("a-online-compact", "completion",
                    "A_online + compaction (NOT in the paper): each round's jobs move to the "
                    "earliest slot >= tau_i where their placement fits; ties: earliest completion")
def a_online_compact(inst: CompletionInstance, *, alpha: int = 4, alpha_mode: str = "fixed",
                     tie: str = "earliest", order: str = "arrival", lam: float | None = None,
                     F: float = 1.0, **_: Any) -> Result:
    """A_online with compaction (not in the paper): ``a_online`` with ``compact=True``.

    After each round, each of its jobs moves, placement unchanged, to the earliest slot
    >= tau_i where it fits beside the jobs already placed; completion times only decrease.

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    alpha : int, default 4
        Round stretch alpha under ``alpha_mode="fixed"``. Unit: dimensionless.
        Range: 1..1000000.
    alpha_mode : str, default "fixed"
        How alpha is set: ``"fixed"``, ``"theory"`` or ``"adaptive"`` (as ``a-online``).
    tie : str, default "earliest"
        Tie rule among equal-cost schedules: ``"earliest"`` or ``"loop-order"`` /
        ``"faithful"``.
    order : str, default "arrival"
        Job order inside A_maxweight: ``"arrival"`` or ``"weight"``.
    lam : float or None, default None
        Price base lambda of (11); None uses 2 T H R F + 1. Unit: dimensionless.
    F : float, default 1.0
        The constant F of the price base. Unit: dimensionless.

    Returns
    -------
    Result
        As ``a_online``, with method ``a-online-compact``.

    Raises
    ------
    InputError
        As ``a_online``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = a_online_compact(golden("s4"))
    >>> res.method, res.objective
    ('a-online-compact', 14.0)
    """
    res = a_online(inst, alpha=alpha, alpha_mode=alpha_mode, tie=tie, order=order, lam=lam,
                   F=F, compact=True)
    res.method = "a-online-compact"
    return res


def a_maxweight_alg(inst: CompletionInstance, *, tau: int | None = None, lam: float | None = None,
                    F: float = 1.0, tie: str = "faithful", order: str = "arrival",
                    **_: Any) -> Result:
    """A_maxweight (Alg. 3) on all jobs: the batch problem (7), max accepted weight by deadline.

    A subroutine of A_online with its own objective, not a completion algorithm (not
    registered; ``dlsched.completion.batch`` exposes it with ``check_batch``).

    Every job is offered in ``order`` at the prices (11); it is accepted with its cheapest
    schedule ending by ``tau`` when that costs less than its weight. Start slots are relative
    (slot 1 is the batch start).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to schedule.
    tau : int or None, default None
        Deadline of the batch; None uses the instance horizon. Unit: slots.
    lam : float or None, default None
        Price base lambda of (11); None uses 2 T H R F + 1. Unit: dimensionless.
    F : float, default 1.0
        The constant F of the default price base. Unit: dimensionless.
    tie : str, default "faithful"
        Tie rule among equal-cost schedules: ``"earliest"`` (earliest completion); any other
        value keeps the first in the loop order of Algs. 4-7.
    order : str, default "arrival"
        Offer order: ``"weight"`` (w_j descending); any other value uses arrival (a_j, then
        id).

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` the accepted weight (a maximisation of (7), not
        the completion objective). Unit: weight. ``solution`` a completion ``Solution`` of the
        accepted jobs only, with ``accepted_weight`` and ``deadline`` (judged by
        ``batch.check_batch``); ``stats`` has lambda,
        the dual objective of (9) and the number accepted.

    Raises
    ------
    InputError
        ``tie`` or ``order`` is not one of its values.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = a_maxweight_alg(golden("s4"))
    >>> res.objective, res.solution.deadline
    (2.0, 6)
    """
    for name, value, allowed in (("tie", tie, TIES), ("order", order, ORDERS)):
        if value not in allowed:
            raise InputError(name, f"must be one of {allowed}, got {value!r}")
    t0 = time.perf_counter()
    tau = int(tau or inst.horizon)
    lam = lam or default_lambda(inst, F)
    out = a_maxweight(inst, list(range(inst.n_jobs)), tau, lam, tie, order)
    plans = {j: JobPlan(c.t, c.d, c.m, c.p, c.workers, c.ps) for j, c in out.accepted.items()}
    sol = make_solution(inst, plans, capped=False, accepted_weight=out.weight, deadline=tau)
    return Result(problem="completion", method="a-maxweight", status=Status.FEASIBLE,
                  objective=out.weight, runtime_s=time.perf_counter() - t0, solution=sol,
                  stats={"lambda": lam, "dual_objective": out.dual, "accepted": len(plans)})
