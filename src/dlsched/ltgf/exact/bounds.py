"""Size and horizon bounds of the slotted models (notes §9): no schedule is shorter than
``shortest_horizon``, ``model_sizes`` bounds the model's columns/rows/nonzeros from
above, and ``too_big`` refuses a build that would not fit in half the time limit."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from ..instance import LTGFInstance
from ..support.slots import SlotData, slot_data


def shortest_horizon(inst: LTGFInstance) -> SlotData:
    """Slot data over max_i (r_i + P_i) slots: no schedule is shorter, so a model too big here
    is too big for every horizon (checked before simulating the online policies)."""
    low = slot_data(inst, 1)
    return slot_data(inst, int(max(int(r) + int(p)
                                   for r, p in zip(low.release, low.proc, strict=True))))


def covering_horizon(sd: SlotData) -> int:
    """A horizon that holds an optimal schedule of every max-min (or fairness) statement: the
    longest makespan of a schedule in which no released, unfinished job waits in a slot with
    room for it.

    Moving a waiting job's last run slot into an earlier slot with room never delays any
    completion, so it never raises any tenant's fair share (8)-(9) and never lowers any rho:
    some optimum has that form. In it, a slot in [r_k, C_k) where the last job k waits has
    more than M - g_k GPUs of other jobs busy (and at least one other job), so
    C_k <= r_k + P_k + min(sum_{i != k} P_i, floor(sum_{i != k} g_i P_i / (M - g_k + 1))).
    A model over at least that many slots solves the whole slotted statement, not a
    restriction (issue 32).

    Parameters
    ----------
    sd : SlotData
        The slotted instance (any horizon).

    Returns
    -------
    int
        The horizon. Unit: slots.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> covering_horizon(slot_data(fig6().slotted(), 1))
    12
    """
    M = int(sd.M)
    g = [int(x) for x in sd.gpus]
    P = [int(x) for x in sd.proc]
    r = [int(x) for x in sd.release]
    work, span = sum(a * b for a, b in zip(g, P, strict=True)), sum(P)
    return max(r[k] + P[k] + min(span - P[k], (work - g[k] * P[k]) // (M - g[k] + 1))
               for k in range(len(P)))


def model_sizes(sd: SlotData, objective: str, window: int) -> tuple[int, int, int]:
    """(columns, rows, nonzeros) of the slotted MILP, upper bounds (model/*.py): x, c per
    (job, slot >= release); f, b per (tenant, slot); t or the window flags v. The completion rows
    hold the cumulative runs, L(L+1) entries for a job with L slots; the fair-share rows hold
    the job's c once per row."""
    n_t = len(sd.tenants_with_jobs)
    L = np.maximum(0, sd.S - sd.release.astype(np.int64))
    run = int(L.sum())
    n_w = math.ceil(sd.S / window)
    extra = 1 if objective == "maxmin" else n_t * n_w
    cols = 2 * run + 2 * n_t * sd.S + extra
    rows = 3 * run + sd.S + sd.n + 4 * n_t * sd.S + (n_t if objective == "maxmin" else n_t * n_w)
    nnz = int((L * (L + 1)).sum()) + 10 * run + 12 * n_t * sd.S + 2 * extra + n_t
    return cols, rows, nnz


#: Measured model-building rates (philly-window instances, 2 cores): Pyomo builds ~13k
#: columns/s and ~450k nonzeros/s of the slotted MILP; the CP-SAT rows are built alike.
BUILD_COLUMNS_PER_S = 12_000
BUILD_NONZEROS_PER_S = 400_000


def too_big(sd: SlotData, objective: str, window: int, limit: float | None) -> str | None:
    """Why the slotted model cannot be built within half of ``limit`` (None: it can)."""
    if limit is None:
        return None
    cols, _rows, nnz = model_sizes(sd, objective, window)
    predicted = max(cols / BUILD_COLUMNS_PER_S, nnz / BUILD_NONZEROS_PER_S)
    if predicted <= 0.5 * limit:
        return None
    return (f"{cols} columns and {nnz} nonzeros over {sd.S} slots, ~{predicted:.3g} s to build "
            f"(> half the limit); pass slots=N for a shorter horizon or a smaller instance")


# ---- upper bounds on the max-min level z* (notes §9.1) ---------------------------------------
# Every job runs exactly P_i slots, so Alloc_k = W_k = q sum_{i in k} g_i P_i is the same for every
# schedule and z* = min_k W_k / Fair_k(x*) for an integer Fair_k (units of L*GPU/q). A job is
# unfinished in its first P_i slots after release whatever the schedule, which bounds Fair_k from
# below; f <= Q_k bounds it from above.


def tenant_work(sd: SlotData) -> dict[int, int]:
    """W_k = q * Alloc_k / L of every tenant with jobs: the same for every schedule."""
    return {k: sum(int(sd.q * sd.gpus[i]) * int(sd.proc[i]) for i in np.flatnonzero(sd.tenant == k))
            for k in sd.tenants_with_jobs}


def forced_demand(sd: SlotData, k: int) -> np.ndarray:
    """q * Dem_ks / GPU that no schedule avoids: job i is unfinished in slots r_i .. r_i+P_i-1."""
    dem = np.zeros(sd.S, dtype=np.int64)
    for i in np.flatnonzero(sd.tenant == k):
        r = int(sd.release[i])
        dem[r:r + int(sd.proc[i])] += int(sd.q * sd.gpus[i])
    return dem


def fair_floor(sd: SlotData) -> dict[int, int]:
    """Least q * Fair_k / L of any schedule (at least 1): jobs count as unfinished in slots
    r_i .. r_i + P_i - 1 whatever runs, so Dem_ks is at least their GPUs there."""
    return {k: max(1, int(np.minimum(forced_demand(sd, k), int(sd.quota_q[k])).sum()))
            for k in sd.tenants_with_jobs}


def fair_ceilings(sd: SlotData) -> dict[int, int]:
    """Largest q * Fair_k / L of any schedule: f_ks <= Q_k from the tenant's first release."""
    return {k: int(sd.quota_q[k]) * (sd.S - int(sd.release[sd.tenant == k].min()))
            for k in sd.tenants_with_jobs}


def fair_ceiling(sd: SlotData) -> int:
    """Largest q * Fair_k / L of any tenant and schedule."""
    return max(fair_ceilings(sd).values())


def fair_floor_bound(sd: SlotData) -> Fraction:
    """z* <= min_k W_k / (least Fair_k): the bound of the fair-share floor, no solve.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> fair_floor_bound(slot_data(fig6(), 12))  # one tenant: W = 48, Fair >= 24
    Fraction(2, 1)
    """
    w, lo = tenant_work(sd), fair_floor(sd)
    return min(Fraction(w[k], lo[k]) for k in sd.tenants_with_jobs)


def snap_bound(sd: SlotData, hi: Fraction) -> Fraction:
    """The largest value <= ``hi`` that z* can take: z* = W_k / F for the bottom tenant k and an
    integer F between its fair floor and ceiling, so a bound ``hi`` is as good as this one.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> snap_bound(slot_data(fig6(), 12), Fraction(3, 2))  # 48/F <= 3/2: F >= 32
    Fraction(3, 2)
    >>> snap_bound(slot_data(fig6(), 12), Fraction(7, 5))  # F >= 34.3: 48/35
    Fraction(48, 35)
    """
    hi = min(hi, fair_floor_bound(sd))
    if hi <= 0:
        return hi
    w, lo, up = tenant_work(sd), fair_floor(sd), fair_ceilings(sd)
    best = None
    for k in sd.tenants_with_jobs:
        least = max(lo[k], math.ceil(w[k] / hi))  # W_k / F <= hi  <=>  F >= W_k / hi
        if least <= up[k] and (best is None or Fraction(w[k], least) > best):
            best = Fraction(w[k], least)
    return hi if best is None else best


def level_tolerance(sd: SlotData, target: Fraction) -> float:
    """Absolute slack on a solver's t at level ``target``: 1e-6 of the rows' magnitude (ten times
    HiGHS' default feasibility tolerance, relative)."""
    return 1e-6 * (1.0 + max(tenant_work(sd).values()) + float(target) * fair_ceiling(sd))


def level_cut(sd: SlotData, target: Fraction, tbound: float) -> Fraction:
    """Upper bound on z* from a proven ``t(target) <= tbound``, t(z) = max_x min_k (W_k - z F_k).

    With x* optimal, t(target) >= min_k F_k(x*) (z* - target): if z* > target that is at least
    F_lo (z* - target) (F_lo the least fair floor), otherwise at least F_hi (z* - target). So
    z* <= target + tb / F_lo when tb >= 0 and z* <= target + tb / F_hi when tb < 0 (then
    z* < target: the level is infeasible), tb = tbound plus the solver tolerance.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> sd = slot_data(fig6(), 12)
    >>> level_cut(sd, Fraction(2), -1.0)  # (2 - 1/72)-ish, snapped to 48/F: F = 25
    Fraction(48, 25)
    >>> level_cut(sd, Fraction(1), 12.0)  # 1 + 12/24, snapped: 48/32
    Fraction(3, 2)
    """
    tb = Fraction(tbound) + Fraction(level_tolerance(sd, target))
    slope = min(fair_floor(sd).values()) if tb >= 0 else fair_ceiling(sd)
    return snap_bound(sd, target + tb / slope)


def relaxation_bound(
    sd: SlotData,
    lo: Fraction,
    hi: Fraction,
    deadline: float | None = None,
    threads: int | None = None,
    max_solves: int = 30,
) -> tuple[Fraction, dict]:
    """Bisection on z over the LP relaxation of the level model: an upper bound on z*.

    The relaxation's optimum t_LP(z) is at least the MILP's t(z) and does not grow with z
    (Fair >= 0), so t_LP(z) < -tol proves every schedule below z (z* < z). Only LP solves that
    end optimal count; a stopped one ends the search with what is proven.

    Parameters
    ----------
    sd : SlotData
        The slotted instance (its horizon is the one of the bound).
    lo : Fraction
        A level some schedule reaches (the incumbent): the search starts above it.
    hi : Fraction
        A proven upper bound on z* (e.g. ``fair_floor_bound``).
    deadline : float or None, default None
        ``time.perf_counter()`` value to stop at; None: no limit. Unit: s.
    threads : int or None, default None
        HiGHS threads. Unit: threads.
    max_solves : int, default 30
        Most LP solves. Unit: solves. Range: 1..1000.

    Returns
    -------
    tuple of (Fraction, dict)
        The bound (snapped, <= ``hi``) and stats (LP solves, time, whether it converged).

    Examples
    --------
    >>> from dlsched.ltgf import generate_slotted
    >>> sd = slot_data(generate_slotted(n_jobs=4, seed=1), 8)
    >>> ub, info = relaxation_bound(sd, Fraction(1), fair_floor_bound(sd))
    >>> ub >= 1, info["lp_solves"] >= 0
    (True, True)
    """
    import time

    import pyomo.environ as pyo

    from ...core import HighsSession, SolveOptions, Status
    from ..model import build_model

    t0 = time.perf_counter()
    hi = snap_bound(sd, hi)
    info: dict = {"lp_solves": 0, "lp_converged": False}
    if hi <= lo:
        info["lp_converged"] = True
        return hi, info
    m = build_model(sd)
    pyo.TransformationFactory("core.relax_integer_vars").apply_to(m)
    _tighten(sd, m)
    session = HighsSession(SolveOptions(threads=threads))
    work = tenant_work(sd)
    while info["lp_solves"] < max_solves:
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            break
        if hi - lo <= Fraction(1, 10**3) * hi:  # 0.1 %: enough for a gap
            info["lp_converged"] = True
            break
        mid = Fraction(float((lo + hi) / 2))  # exactly the float the model gets
        for k in m.T:
            m.z[k].set_value(float(mid))
            m.w[k].set_value(1.0)
        out = session.solve(m, time_limit=left)
        info["lp_solves"] += 1
        if out.status is not Status.OPTIMAL or out.objective is None:
            break  # stopped: keep what is proven
        if out.objective + level_tolerance(sd, mid) < 0:
            hi = snap_bound(sd, mid)  # t(mid) <= t_LP(mid) < 0: z* < mid
            if hi <= lo:
                info["lp_converged"] = True
                break
        else:  # the LP reaches mid; its own min ratio may reach higher (search only)
            fair = {k: sum(m.f[k, s].value or 0.0 for s in m.S) for k in m.T}
            reach = min((work[k] / fair[k] if fair[k] > 0 else math.inf) for k in m.T)
            lo = max(mid, Fraction(min(reach, float(hi))) if reach > float(mid) else mid)
    info["lp_s"] = time.perf_counter() - t0
    return hi, info


def _tighten(sd: SlotData, m) -> None:
    """Cuts valid for every schedule, on the relaxed model: no job is done before its P_i-th
    slot (c = 0 there) and f_ks >= min(forced demand, Q_k)."""
    for i, s in m.IS:
        if s < int(sd.release[i]) + int(sd.proc[i]) - 1:
            m.c[i, s].fix(0)
    for k in m.T:
        low = np.minimum(forced_demand(sd, k), int(sd.quota_q[k]))
        for s in m.S:
            m.f[k, s].setlb(float(low[s]))


def no_better(sd: SlotData, target: Fraction, tbound: float) -> bool:
    """Whether ``t(target) <= tbound`` proves z* <= target: with target = p/d, d (W_k - target
    F_k) = d W_k - p F_k is an integer, so t(target) < 1/d means t(target) <= 0, i.e. no
    schedule has every tenant above target.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> sd = slot_data(fig6(), 12)
    >>> no_better(sd, Fraction(3, 2), 0.25), no_better(sd, Fraction(3, 2), 0.6)
    (True, False)
    """
    return tbound + level_tolerance(sd, target) < 1 / target.denominator
