"""Max-min driver of the exact models ``ltgf-milp`` and ``ltgf-cpsat`` (notes §9).

Both maximise min_j rho^ten_j (12) with (8) over slot schedules of lease-length slots by the
generalised Dinkelbach iteration for max-min ratios (default) or by bisection on z (notes §9.1):
each step solves ``max t s.t. Alloc_j - z Fair_j >= t`` for all tenants with jobs. Alloc and Fair
are integers in units of L*GPU/q, so with z = p/d a schedule beats z iff t >= 1/d; Dinkelbach
stops when the best t is < 1/(2d) (z optimal), bisection when the bracket is narrower than
1/Fmax^2 (distinct rho values differ by more). The start is the best slotted-mode schedule of
the online policies; the horizon defaults to the longest of their makespans or the covering
horizon (``bounds.covering_horizon``: some optimum of the statement ends within it), whichever
is longer, so the model states the whole slotted problem. A shorter ``slots`` restricts the
search: the bound then is the fair floor only (valid for every schedule), never a level or
LP bound of the restriction. The models solve the slotted statement only: on an instance of
``time: "continuous"`` they refuse with an InputError (field ``time``; use inst.slotted()).

``lexicographic=True`` continues to the leximin vector (notes §9, issue "optionally
lexicographic") by iterated max-min with saturation tests: after the level z*, a tenant is
saturated when no schedule keeping every free tenant >= z* (and the fixed ones at their floors)
gives it rho > z*; saturated tenants are fixed at floor z* and the rest maximised again. The
schedules are discrete, so it can happen that every tenant alone can rise above z* but not all
together; then the tenant at the bottom is branched on (exponential in that case, exact). The
sorted rho vector is returned in ``stats["leximin"]``.

Upper bound (``bound``, exact in ``stats["bound_exact"]``; ``bounds.py``): every job runs P_i
slots, so Alloc_k = W_k is fixed and z* = W_k / Fair_k for an integer Fair_k, at least the fair
share of the slots r_i .. r_i + P_i - 1 in which no job can have finished: z* <= min_k W_k /
that floor. Each level solve at z = p/d that ends (or stops) with a dual bound t(z) <= tb adds
z* <= z + tb / F_lo (tb >= 0) or z + tb / F_hi (tb < 0: z is infeasible), and z* <= z when
tb < 1/d (d t(z) is an integer), tb taken with the solver tolerance; when the levels stop
unproven, a bisection on the LP relaxation uses the ``bound_share`` of the limit kept for it.
Bounds are snapped down to the next value W_k / F z* can take; the status is ``optimal``
exactly when the bound meets the incumbent.

Second objective ``objective="windows"``: min number of (tenant, window) pairs with rho < 1.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from ...core import InputError, Result, SolveOptions, Status
from ...core.deadline import DeadlineExceeded, past_deadline
from ..instance import LTGFInstance
from ..solution import SlotSolution
from ..support.slots import SlotData, schedule_rho, slot_data
from .bounds import (
    covering_horizon,
    fair_floor_bound,
    level_cut,
    no_better,
    relaxation_bound,
    shortest_horizon,
    too_big,
)
from .starts import fit, online_schedules, online_slot_matrix

#: exact model name -> its level-solver backend class ``(sd, opts)`` with
#: ``solve(levels, floors, time_limit) -> (status, t, bound, x)``; ``milp.py`` and ``cpsat.py``
#: enter theirs when imported (the ``exact`` package imports both).
BACKENDS: dict[str, Callable[[SlotData, SolveOptions], Any]] = {}


def slot_solution(inst: LTGFInstance, sd: SlotData, x: np.ndarray,
                  **windows: Any) -> SlotSolution:
    """A jobs x slots run matrix -> the typed ``SlotSolution``.

    Parameters
    ----------
    inst : LTGFInstance
        The instance (its job names).
    sd : SlotData
        The slotted instance (slot length and count).
    x : numpy.ndarray
        x[i, s] = 1 when job i runs in slot s.
    **windows
        ``objective_kind`` and ``window_slots`` of the windows objective.

    Returns
    -------
    SlotSolution
        The slot schedule.

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.ltgf.paper import fig6
    >>> inst = fig6()
    >>> sd = slot_data(inst, 8)
    >>> x = np.zeros((3, 8), dtype=int)
    >>> x[0, 0:4] = 1; x[1, 4:8] = 1; x[2, 4:8] = 1
    >>> slot_solution(inst, sd, x).slots["J2"]
    (4, 5, 6, 7)
    """
    return SlotSolution(
        slot_length=sd.L,
        horizon=sd.S,
        slots={j.name: tuple(int(s) for s in np.flatnonzero(x[i]))
               for i, j in enumerate(inst.jobs)},
        **windows,
    )


def refused(inst: LTGFInstance, method: str, t0: float, reason: str,
             x: np.ndarray | None = None) -> Result:
    """A build refused for time: ``time_limit`` with the best online schedule as incumbent
    (ASTRAEA's alone when the policies were not simulated yet) and no bound. The simulation
    runs inside the time limit (``core.deadline``): stopped there, no incumbent (philly-2weeks,
    1,082 jobs: 3.2 s under load)."""
    if x is None:
        try:
            x = online_slot_matrix(inst)
        except DeadlineExceeded:
            return Result("ltgf", method, Status.TIME_LIMIT, runtime_s=time.perf_counter() - t0,
                          stats={"refused": reason, "incumbent_from": None,
                                 "stopped": "the online schedule was not simulated in time"})
    sd = slot_data(inst, x.shape[1])
    rho = schedule_rho(sd, x)
    z = None if rho is None else min(rho.values())
    return Result("ltgf", method, Status.TIME_LIMIT,
                  objective=None if z is None else float(z),
                  runtime_s=time.perf_counter() - t0,
                  solution=None if z is None else slot_solution(inst, sd, x),
                  stats={"refused": reason, "slots": sd.S, "slot_length": sd.L,
                         "incumbent_from": "online schedule",
                         "rho_exact": None if z is None else str(z)})


def require_slotted(inst: LTGFInstance, model: str) -> None:
    """Refuse an instance whose statement is not the slotted one the exact models solve.

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    model : str
        The model's name (for the message).

    Raises
    ------
    InputError
        ``inst.time`` is not ``"slotted"`` (field ``time``).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> require_slotted(fig6(), "ltgf-milp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: time: ltgf-milp solves the slotted statement (notes §9) ...
    """
    if inst.time != "slotted":
        raise InputError("time", f"{model} solves the slotted statement (notes §9) only, this "
                                 f"instance has time {inst.time!r}; use inst.slotted()")


def solve_maxmin(
    inst: LTGFInstance,
    backend: str,
    options: SolveOptions | None = None,
    slots: int | None = None,
    method: str = "dinkelbach",
    max_iter: int = 200,
    lexicographic: bool = False,
    bound_share: float = 0.05,
) -> Result:
    """Max-min tenant rho over slot schedules (see the module docstring); the driver behind
    ``ltgf-milp`` and ``ltgf-cpsat``.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to solve.
    backend : str
        Level solver: ``"ltgf-milp"`` or ``"ltgf-cpsat"`` (a key of ``BACKENDS``).
    options : SolveOptions or None, default None
        Solver settings; None uses the defaults.
    slots : int or None, default None
        Number of slots S; None uses the longest slotted makespan of the online policies.
        Unit: slots.
    method : str, default "dinkelbach"
        ``"dinkelbach"`` or ``"bisection"`` on the level z.
    max_iter : int, default 200
        Most level solves. Unit: iterations.
    lexicographic : bool, default False
        Continue to the leximin vector (``stats["leximin"]``).
    bound_share : float, default 0.05
        Share of the time limit kept for the LP-relaxation bound (``bounds.relaxation_bound``)
        when the level solves stop unproven; 0 skips it. Unit: dimensionless. Range: [0, 0.9].

    Returns
    -------
    Result
        As ``ltgf-milp`` (method ``backend``): min tenant rho of a ``SlotSolution``.

    Raises
    ------
    InputError
        A continuous-time instance (field ``time``), an unknown ``method``, or quotas too
        fine for exact integer sums.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> solve_maxmin(fig6().slotted(), "ltgf-milp", slots=8).objective
    1.0
    """
    t0 = time.perf_counter()
    require_slotted(inst, backend)
    opts = options or SolveOptions()
    if method not in ("dinkelbach", "bisection"):
        raise InputError("method", "'dinkelbach' or 'bisection'")
    if not 0 <= bound_share <= 0.9:
        raise InputError("bound_share", f"must be in [0, 0.9], got {bound_share!r}")
    if slots is None and (why := too_big(shortest_horizon(inst), "maxmin", 4, opts.time_limit)):
        return refused(inst, backend, t0, why)
    starts = online_schedules(inst)
    cover = covering_horizon(slot_data(inst, 1))
    sd = slot_data(inst, slots if slots is not None else
                   max(cover, *(x.shape[1] for x in starts)))
    covers = cover <= sd.S  # else a restriction: only the fair floor bounds the statement
    x_best, z = None, Fraction(0)
    for x0 in starts:
        x0 = fit(x0, sd.S)
        if (
            x0 is not None
            and (r := schedule_rho(sd, x0)) is not None
            and (x_best is None or min(r.values()) > z)
        ):
            x_best, z = x0, min(r.values())
    if (why := too_big(sd, "maxmin", 4, opts.time_limit)) is not None:
        return refused(inst, backend, t0, why, x_best)
    if past_deadline():  # the simulations used the limit: no model (its load alone takes s)
        return refused(inst, backend, t0, "no time left in the limit for the model", x_best)
    ub, ub_from = fair_floor_bound(sd), "fair floor"  # z* <= ub throughout

    def proven() -> bool:  # the incumbent meets the bound: optimal (exact rationals)
        return x_best is not None and z >= ub

    be = BACKENDS[backend](sd, opts) if lexicographic or not proven() else None
    build_s = time.perf_counter() - t0
    deadline = None if opts.time_limit is None else t0 + opts.time_limit
    levels_end = None if deadline is None else deadline - bound_share * opts.time_limit
    status, iters, stats_ub = Status.TIME_LIMIT, 0, {}
    fmax = int(sd.quota_q.max()) * sd.S
    lo, hi = z, ub  # bisection bracket (search only; the proof is ub)

    def left(end: float | None = deadline) -> float | None:
        return None if end is None else max(0.0, end - time.perf_counter())

    while not proven() and iters < max_iter:
        if levels_end is not None and time.perf_counter() >= levels_end:
            break  # loading a level model into HiGHS alone takes seconds
        iters += 1
        if method == "dinkelbach":
            target = z
        else:
            target = hi if hi - lo < Fraction(1, fmax * fmax) else (lo + hi) / 2
        st, tval, tbound, x = be.solve(dict.fromkeys(sd.tenants_with_jobs, target), {},
                                       left(levels_end))
        if st is Status.INFEASIBLE:
            if x_best is None:
                status = Status.INFEASIBLE
                break
            raise RuntimeError("level model infeasible although a schedule is known")
        r = None if x is None else schedule_rho(sd, x)
        if r is not None and min(r.values()) > z:
            z, x_best = min(r.values()), x
        # t(target) <= tbound is proven even when the solve stopped (dual bound)
        if tbound is not None and math.isfinite(tbound):
            cut = level_cut(sd, target, tbound)
            if no_better(sd, target, tbound):
                cut = min(cut, target)
            if cut < ub and covers:
                ub, ub_from = cut, "level solves"
        if st is not Status.OPTIMAL or proven():
            break
        if method == "dinkelbach":
            if tval < Fraction(1, 2 * target.denominator) or r is None or min(r.values()) <= target:
                status = Status.FEASIBLE  # no better schedule found, none ruled out either
                break
        else:
            if target == hi:  # the closed bracket's top, tested: nothing more to bisect
                status = Status.FEASIBLE  # (only when a t within the tolerance proves nothing)
                break
            if tval >= -1e-9:  # feasible at target (t >= 0)
                lo = max(lo, z, target)
            else:
                hi = min(target, ub)
    if not proven() and status is not Status.INFEASIBLE and bound_share > 0 and covers:
        lp_ub, stats_ub = relaxation_bound(sd, z, ub, deadline, opts.threads)
        if lp_ub < ub:
            ub, ub_from = lp_ub, "LP relaxation"
    if proven():
        status = Status.OPTIMAL
    bound = None if status is Status.INFEASIBLE else max(ub, z)
    lex_exact = None
    if lexicographic and status is Status.OPTIMAL and x_best is not None:
        x_best, done = _leximin(be, sd, frozenset(sd.tenants_with_jobs), {}, x_best, left)
        if not done:
            status = Status.TIME_LIMIT  # max-min level proven, later levels not
        lex_exact = sorted(schedule_rho(sd, x_best).values())
    sol = None if x_best is None else slot_solution(inst, sd, x_best)
    stats = {
        "iterations": iters,
        "method": method,
        "slots": sd.S,
        "covering_horizon": cover,
        "slot_length": sd.L,
        "q": sd.q,
        "rho": None
        if x_best is None
        else {inst.tenants[k].name: float(v) for k, v in schedule_rho(sd, x_best).items()},
        "rho_exact": None if x_best is None else str(z),
        "bound_exact": None if bound is None else str(bound),
        "bound_from": None if bound is None else ub_from,
        **stats_ub,
    }
    stats.update(getattr(be, "mode", {}))  # CP-SAT backend: mode, deterministic_time
    if lex_exact is not None:
        stats["leximin"] = [float(v) for v in lex_exact]
        stats["leximin_exact"] = [str(v) for v in lex_exact]
        stats["leximin_proven"] = status is Status.OPTIMAL
    return Result(
        "ltgf",
        backend,
        status,
        objective=float(z) if x_best is not None else None,
        bound=None if bound is None else float(bound),
        runtime_s=time.perf_counter() - t0,
        build_s=build_s,
        solution=sol,
        stats=stats,
    )


def _free_min(sd: SlotData, x: np.ndarray, free: frozenset[int]) -> Fraction:
    r = schedule_rho(sd, x)
    return min(r[k] for k in free)


def _raise_level(be, sd, free, floors, x, left) -> tuple[Fraction, np.ndarray, bool]:
    """Dinkelbach on min_{k in free} rho_k with ``floors`` fixed, starting from schedule ``x``
    (which satisfies the floors). Returns (level, schedule, proven)."""
    z = _free_min(sd, x, free)
    while True:
        st, tval, _, xn = be.solve(dict.fromkeys(free, z), floors, left())
        if st is not Status.OPTIMAL:
            return z, x, False
        if tval < Fraction(1, 2 * z.denominator) or xn is None:
            return z, x, True
        zn = _free_min(sd, xn, free)
        if zn <= z:  # numerical guard: no strict improvement means z is optimal
            return z, x, True
        z, x = zn, xn


def _leximin(be, sd, free, floors, x, left) -> tuple[np.ndarray, bool]:
    """Leximin over ``free`` tenants given ``floors`` (see module docstring)."""
    if not free:
        return x, True
    z, x, ok = _raise_level(be, sd, free, floors, x, left)
    if not ok:
        return x, False
    saturated, lifted = [], set()
    for k in sorted(free):
        if k in lifted:
            continue
        others = {**floors, **{j: z for j in free if j != k}}
        st, tval, _, xn = be.solve({k: z}, others, left())
        if st is not Status.OPTIMAL:
            return x, False
        if tval >= Fraction(1, 2 * z.denominator) and xn is not None:
            r = schedule_rho(sd, xn)
            lifted |= {j for j in free if r[j] > z}
        else:
            saturated.append(k)
    if saturated:
        fixed = {**floors, **dict.fromkeys(saturated, z)}
        return _leximin(be, sd, free - frozenset(saturated), fixed, x, left)
    # every tenant alone can rise above z, not all together: branch on the one left at z
    best, best_key, proven = x, None, True
    for k in sorted(free):
        xk, ok = _leximin(be, sd, free - {k}, {**floors, k: z}, x, left)
        proven &= ok
        key = sorted(schedule_rho(sd, xk).values())
        if best_key is None or key > best_key:
            best, best_key = xk, key
    return best, proven
