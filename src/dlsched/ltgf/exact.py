"""Exact offline counterpart ``ltgf-milp`` (Pyomo + HiGHS) and ``ltgf-cpsat`` (notes §9).

Both maximise min_j rho^ten_j (12) with (8) over slot schedules of lease-length slots by the
generalised Dinkelbach iteration for max-min ratios (default) or by bisection on z (notes §9.1):
each step solves ``max t s.t. Alloc_j - z Fair_j >= t`` for all tenants with jobs. Alloc and Fair
are integers in units of L*GPU/q, so with z = p/d a schedule beats z iff t >= 1/d; Dinkelbach
stops when the best t is < 1/(2d) (z optimal), bisection when the bracket is narrower than
1/Fmax^2 (distinct rho values differ by more). The start is the best slotted-mode schedule of
the online policies; the horizon defaults to the longest of their makespans (pass ``slots`` for
another one): the optimum is over schedules finishing within it.

``lexicographic=True`` continues to the leximin vector (notes §9, issue "optionally
lexicographic") by iterated max-min with saturation tests: after the level z*, a tenant is
saturated when no schedule keeping every free tenant >= z* (and the fixed ones at their floors)
gives it rho > z*; saturated tenants are fixed at floor z* and the rest maximised again. The
schedules are discrete, so it can happen that every tenant alone can rise above z* but not all
together; then the tenant at the bottom is branched on (exponential in that case, exact). The
sorted rho vector is returned in ``stats["leximin"]``.

Second objective ``objective="windows"``: min number of (tenant, window) pairs with rho < 1.
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import numpy as np

from ..core import InputError, Result, SolveOptions, Status, register_model, solve_pyomo
from ..core.cpsat import CpSatClock, merge_mode_stats, solve_cpsat
from ..core.deadline import DeadlineExceeded, past_deadline
from .algorithms import simulate
from .instance import LTGFInstance
from .model import build_model
from .slots import SlotData, model_sizes, schedule_rho, shortest_horizon, slot_data


def online_slot_matrix(inst: LTGFInstance, policy: str = "astraea-ltgf") -> np.ndarray:
    """Run ``policy`` in slotted mode (tick = lease = L) and return its jobs x slots run matrix."""
    sl = inst.slotted()
    sol = simulate(sl, policy)
    L = sl.lease
    S = round(max(sol["completion"].values()) / L)
    x = np.zeros((inst.n_jobs, S), dtype=np.int64)
    idx = sl.job_index
    for name, s, e, *_ in sol["segments"]:
        x[idx[name], round(s / L) : round(e / L)] = 1
    return x


def online_schedules(inst: LTGFInstance) -> list[np.ndarray]:
    """Slotted-mode schedules of every registered policy. The default horizon is the longest of
    their makespans, so each of them is feasible in the exact model (ratios <= 1 by construction)
    and the best one is the first incumbent."""
    from .policies import POLICIES

    return [online_slot_matrix(inst, p) for p in POLICIES]


def _fit(x: np.ndarray, S: int) -> np.ndarray | None:
    if x.shape[1] > S:
        return None if x[:, S:].any() else x[:, :S]
    return np.pad(x, ((0, 0), (0, S - x.shape[1])))


class _PyomoBackend:
    def __init__(self, sd: SlotData, opts: SolveOptions) -> None:
        self.sd, self.opts = sd, opts
        self.m = build_model(sd)

    def solve(self, levels: dict[int, Fraction], floors: dict[int, Fraction], time_limit):
        """max t s.t. rho rows of ``levels`` at their z (>= t), ``floors`` rho_k >= z_k."""
        m = self.m
        for k in m.T:
            m.z[k].set_value(float(levels.get(k, floors.get(k, 0))))
            m.w[k].set_value(1.0 if k in levels else 0.0)
        opts = SolveOptions(**{**self.opts.__dict__, "time_limit": time_limit})
        out = solve_pyomo(m, opts)
        x = None
        if out.has_solution:
            x = np.zeros((self.sd.n, self.sd.S), dtype=np.int64)
            for (i, s), v in m.x.items():
                x[i, s] = round(v.value or 0)
        return out.status, out.objective, out.bound, x


class _CpSatBackend:
    """Same formulation in CP-SAT (integer f = min(Dem, Q) via AddMinEquality); rebuilt per z."""

    def __init__(self, sd: SlotData, opts: SolveOptions) -> None:
        self.sd, self.opts = sd, opts
        # reproducible mode: level solves share one deterministic budget (core/cpsat.py)
        self.clock = CpSatClock(opts.reproducible)
        self.budget_end = None if opts.budget_basis is None else self.clock.t0 + opts.budget_basis
        self.mode: dict[str, Any] = {}

    def solve(self, levels: dict[int, Fraction], floors: dict[int, Fraction], time_limit):
        """As the Pyomo backend; the level rows must share one z (scaled by its denominator)."""
        from ortools.sat.python import cp_model

        (z,) = set(levels.values())

        sd = self.sd
        md = cp_model.CpModel()
        x, c = {}, {}
        for i in range(sd.n):
            for s in sd.slots_of(i):
                x[i, s] = md.new_bool_var(f"x{i}_{s}")
                c[i, s] = md.new_bool_var(f"c{i}_{s}")
        for s in range(sd.S):
            md.add(sum(int(sd.gpus[i]) * x[i, s] for i in range(sd.n) if (i, s) in x) <= sd.M)
        for i in range(sd.n):
            P, r = int(sd.proc[i]), int(sd.release[i])
            md.add(sum(x[i, s] for s in sd.slots_of(i)) == P)
            for s in sd.slots_of(i):
                cum = sum(x[i, u] for u in range(r, s + 1))
                md.add(P * c[i, s] <= cum)
                md.add(c[i, s] >= cum - P + 1)
                if s > r:
                    md.add(c[i, s] >= c[i, s - 1])
        num, den = z.numerator, z.denominator
        big = int(sd.q * sd.gpus.sum() * sd.S) * (num + den) + 1
        if big > CPSAT_LIMIT:  # integer rows den Alloc - num Fair would overflow int64
            raise InputError("tenants", f"the quotas' common denominator {sd.q} and level "
                             f"{num}/{den} need integers up to {big:.3g} > 2^60 in CP-SAT; "
                             "use ltgf-milp or weights with fewer digits")
        t = md.new_int_var(-big, big, "t")
        for k in sd.tenants_with_jobs:
            if k not in levels and k not in floors:
                continue
            fs = []
            U = int(sd.q * sd.gpus[sd.tenant == k].sum())
            for s in range(sd.S):
                dem = sum(
                    int(sd.q * sd.gpus[i]) * (1 if s == sd.release[i] else 1 - c[i, s - 1])
                    for i in range(sd.n)
                    if sd.tenant[i] == k and s >= sd.release[i]
                )
                d = md.new_int_var(0, U, f"d{k}_{s}")
                md.add(d == dem)
                f = md.new_int_var(0, int(sd.quota_q[k]), f"f{k}_{s}")
                md.add_min_equality(f, [d, int(sd.quota_q[k])])
                fs.append(f)
            alloc = sum(int(sd.q * sd.gpus[i]) * x[i, s] for (i, s) in x if sd.tenant[i] == k)
            if k in levels:
                md.add(den * alloc - num * sum(fs) >= t)
            else:
                fl = floors[k]
                md.add(fl.denominator * alloc - fl.numerator * sum(fs) >= 0)
        md.maximize(t)
        budget = None if self.budget_end is None else max(0.01,
                                                          self.budget_end - self.clock.now())
        out = solve_cpsat(md, time_limit=time_limit, threads=self.opts.threads,
                          reproducible=self.opts.reproducible, budget_s=budget)
        self.clock.charge(out)
        merge_mode_stats(self.mode, out.stats)
        xm = None
        if out.objective is not None:
            xm = np.zeros((sd.n, sd.S), dtype=np.int64)
            for (i, s), v in x.items():
                xm[i, s] = out.solver.Value(v)
        obj = None if out.objective is None else out.objective / den
        bound = None if out.bound is None else out.bound / den
        return out.status, obj, bound, xm


#: Largest |integer| the CP-SAT rows may reach (CP-SAT needs sums of |coef x bound| < 2^62).
CPSAT_LIMIT = 2**60

_BACKENDS = {"ltgf-milp": _PyomoBackend, "ltgf-cpsat": _CpSatBackend}


def slot_solution(inst: LTGFInstance, sd: SlotData, x: np.ndarray) -> dict[str, Any]:
    """Slot schedule -> solution dict (``slots``: job -> run slots, slot ``length``)."""
    return {
        "slot_length": sd.L,
        "horizon": sd.S,
        "slots": {j.name: [int(s) for s in np.flatnonzero(x[i])] for i, j in enumerate(inst.jobs)},
    }


#: Measured model-building rates (philly-window instances, 2 cores): Pyomo builds ~13k
#: columns/s and ~450k nonzeros/s of the slotted MILP; the CP-SAT rows are built alike.
BUILD_COLUMNS_PER_S = 12_000
BUILD_NONZEROS_PER_S = 400_000


def _too_big(sd: SlotData, objective: str, window: int, limit: float | None) -> str | None:
    """Why the slotted model cannot be built within half of ``limit`` (None: it can)."""
    if limit is None:
        return None
    cols, _rows, nnz = model_sizes(sd, objective, window)
    predicted = max(cols / BUILD_COLUMNS_PER_S, nnz / BUILD_NONZEROS_PER_S)
    if predicted <= 0.5 * limit:
        return None
    return (f"{cols} columns and {nnz} nonzeros over {sd.S} slots, ~{predicted:.3g} s to build "
            f"(> half the limit); pass slots=N for a shorter horizon or a smaller instance")


def _refused(inst: LTGFInstance, method: str, t0: float, reason: str,
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


def solve_maxmin(
    inst: LTGFInstance,
    backend: str,
    options: SolveOptions | None = None,
    slots: int | None = None,
    method: str = "dinkelbach",
    max_iter: int = 200,
    lexicographic: bool = False,
) -> Result:
    """Max-min tenant rho over slot schedules (see module docstring); ``lexicographic`` goes on
    to the leximin vector."""
    t0 = time.perf_counter()
    opts = options or SolveOptions()
    if method not in ("dinkelbach", "bisection"):
        raise InputError("method", "'dinkelbach' or 'bisection'")
    if slots is None and (why := _too_big(shortest_horizon(inst), "maxmin", 4, opts.time_limit)):
        return _refused(inst, backend, t0, why)
    starts = online_schedules(inst)
    sd = slot_data(inst, slots if slots is not None else max(x.shape[1] for x in starts))
    x_best, z = None, Fraction(0)
    for x0 in starts:
        x0 = _fit(x0, sd.S)
        if (
            x0 is not None
            and (r := schedule_rho(sd, x0)) is not None
            and (x_best is None or min(r.values()) > z)
        ):
            x_best, z = x0, min(r.values())
    if (why := _too_big(sd, "maxmin", 4, opts.time_limit)) is not None:
        return _refused(inst, backend, t0, why, x_best)
    if past_deadline():  # the simulations used the limit: no model (its load alone takes s)
        return _refused(inst, backend, t0, "no time left in the limit for the model", x_best)
    be = _BACKENDS[backend](sd, opts)
    build_s = time.perf_counter() - t0
    deadline = None if opts.time_limit is None else t0 + opts.time_limit
    status, iters, bound = Status.OPTIMAL, 0, None
    fmax = int(sd.quota_q.max()) * sd.S
    lo, hi = z, None

    def left() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.perf_counter())

    while iters < max_iter:
        if deadline is not None and time.perf_counter() >= deadline:
            status = Status.TIME_LIMIT  # loading a level model into HiGHS alone takes seconds
            break
        iters += 1
        target = z if method == "dinkelbach" else (lo * 2 + 1 if hi is None else (lo + hi) / 2)
        st, tval, _tbound, x = be.solve(dict.fromkeys(sd.tenants_with_jobs, target), {}, left())
        if st is Status.INFEASIBLE:
            if x_best is None:
                status = Status.INFEASIBLE
                break
            raise RuntimeError("level model infeasible although a schedule is known")
        if st is not Status.OPTIMAL:
            status = Status.TIME_LIMIT
            if x is not None and (r := schedule_rho(sd, x)) is not None and min(r.values()) > z:
                z, x_best = min(r.values()), x
            break
        thr = Fraction(1, 2 * target.denominator)
        if x is not None and (r := schedule_rho(sd, x)) is not None and min(r.values()) > z:
            z, x_best = min(r.values()), x
        if method == "dinkelbach":
            if tval < thr or (r and min(r.values()) <= target):
                bound = z
                break
        else:
            if tval >= -1e-9:  # feasible at target (t >= 0)
                lo = max(lo, z, target)
            else:
                hi = target
            if hi is not None and hi - lo < Fraction(1, fmax * fmax):
                bound = z
                break
    else:
        status = Status.TIME_LIMIT
    if method == "bisection" and status is Status.TIME_LIMIT and hi is not None:
        bound = hi
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
        "slot_length": sd.L,
        "q": sd.q,
        "rho": None
        if x_best is None
        else {inst.tenants[k].name: float(v) for k, v in schedule_rho(sd, x_best).items()},
        "rho_exact": None if x_best is None else str(z),
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


def solve_windows(
    inst: LTGFInstance,
    options: SolveOptions | None = None,
    slots: int | None = None,
    window: int = 4,
) -> Result:
    """Min number of (tenant, window) pairs with rho < 1 (notes §9.2), HiGHS."""
    t0 = time.perf_counter()
    opts = options or SolveOptions()
    if slots is None and (why := _too_big(shortest_horizon(inst), "windows", window,
                                          opts.time_limit)):
        return _refused(inst, "ltgf-milp-windows", t0, why)
    S = max(x.shape[1] for x in online_schedules(inst))
    sd = slot_data(inst, slots if slots is not None else S)
    if (why := _too_big(sd, "windows", window, opts.time_limit)) is not None:
        return _refused(inst, "ltgf-milp-windows", t0, why)
    m = build_model(sd, objective="windows", window=window)
    build_s = time.perf_counter() - t0
    out = solve_pyomo(m, opts)
    sol, obj = None, out.objective
    stats = {"window_slots": window, "slots": sd.S, **out.stats}
    if out.has_solution:
        x = np.zeros((sd.n, sd.S), dtype=np.int64)
        for (i, s), v in m.x.items():
            x[i, s] = round(v.value or 0)
        sol = {**slot_solution(inst, sd, x), "objective_kind": "windows", "window_slots": window}
        # an incumbent may set v = 1 on windows that are not short (only the optimum forces
        # v down): its schedule's objective is the count of windows with Alloc < Fair
        obj = float(_short_windows(m, sd, x, window))
        stats["model_objective"] = out.objective
    return Result(
        "ltgf",
        "ltgf-milp-windows",
        out.status,
        objective=obj,
        bound=out.bound,
        runtime_s=time.perf_counter() - t0,
        build_s=build_s,
        solution=sol,
        stats=stats,
    )


def _short_windows(m: Any, sd: SlotData, x: np.ndarray, window: int) -> int:
    """(tenant, window) pairs of the model's solution with Alloc < Fair (units of 1/q GPU); the
    fair shares ``f`` are exact (f = min(Dem, Q) is enforced, not relaxed)."""
    count = 0
    for k in sd.tenants_with_jobs:
        mine = np.flatnonzero(sd.tenant == k)
        for w0 in range(0, sd.S, window):
            slots = range(w0, min(w0 + window, sd.S))
            alloc = sum(int(sd.q * sd.gpus[i]) * int(x[i, s]) for i in mine for s in slots)
            fair = sum(m.f[k, s].value or 0.0 for s in slots)
            count += alloc < fair - 0.5
    return count


@register_model(
    "ltgf-milp",
    "ltgf",
    "Slotted MILP (Pyomo+HiGHS): max-min tenant LTGF rho by "
    "Dinkelbach or bisection (lexicographic=True: leximin); objective='windows' min "
    "sharing-loss windows",
)
def _milp(
    inst: LTGFInstance,
    options: SolveOptions | None = None,
    objective: str = "maxmin",
    **params: Any,
) -> Result:
    if objective == "windows":
        return solve_windows(inst, options, **params)
    return solve_maxmin(inst, "ltgf-milp", options, **params)


@register_model(
    "ltgf-cpsat",
    "ltgf",
    "Slotted CP-SAT model: max-min tenant LTGF rho (Dinkelbach); lexicographic=True for leximin",
)
def _cpsat(inst: LTGFInstance, options: SolveOptions | None = None, **params: Any) -> Result:
    return solve_maxmin(inst, "ltgf-cpsat", options, **params)


__all__ = [
    "online_schedules",
    "online_slot_matrix",
    "slot_solution",
    "solve_maxmin",
    "solve_windows",
]
