"""CP-SAT model of OJPP (notes §5.3), warm-started from the Heuristic.

Aggregated workers: y[i, k] in [0, omega_i], u[i, k] <=> y[i, k] >= 1, x[k] device used, over
m = (Heuristic's device count) candidate devices. Linear rows: assignment, resources, the per-job
max-burst rows of notes §5.1, interference cap (additive: linear, enforced by u; max: pairwise
exclusions), balance via smax/smin enforced by u. Symmetry: x[k] >= x[k+1].

Collision (5) is not linear. tau is monotone in the counts, so it is enforced by no-good clauses
``OR_i not[y_ik >= c_i]`` over minimal colliding count vectors c, for every device: the
single-job and job-pair vectors are added up front, the rest lazily (solve, find devices with
tau > tau-bar, add the clause of a minimal colliding sub-vector for all devices, re-solve with the
previous solution as hint). The model without some clauses is a relaxation, so its bound stays
valid; the loop ends when the solution satisfies (5) (finitely many count vectors).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import inspect
import time
from typing import Any

import numpy as np

from ...core import InputError, Result, SolveOptions, Status, register_model
from ...core.cpsat import CpSatClock, merge_mode_stats, solve_cpsat
from ...core.deadline import check_deadline
from ...core.inputs import FORWARDS
from ...core.solver import SolveOutcome, uses_solver
from ..algorithms.heuristic import run_heuristic
from ..instance import OJPPInstance
from ..rules import require_devices
from ..solution import checked, make_solution
from ..support.collision import minimal_colliding, tau_counts
from ..support.patterns import enumerate_patterns
from .bounds import bottom_up, device_limits, max_workers, min_workers, order_devices
from .scaling import integer_data

#: CP-SAT model build rate, (job, device) pairs per second, on an idle machine (80 jobs x 238
#: devices in 7.2 s); with one CPU-bound process beside it was 1,107 pairs/s. A model predicted
#: to take more than half the time left at this rate is not built; one that is built stops at
#: half the time left (``_BuildTimeout``), and the bottom-up models are predicted from the
#: rate measured on the first build.
CP_PAIRS_PER_S = 2_500
#: a CP-SAT call handed less wall time than this is not made: loading a large model alone takes
#: seconds whatever the limit (measured: 2.4 s for a call capped at 0.01 s)
MIN_SOLVE_S = 0.5
#: a bottom-up model is started only if 1.5 x its predicted build time and MIN_SOLVE_S fit
BUILD_MARGIN = 1.5


class _BuildTimeout(Exception):
    """Building a CP-SAT model ran past its share of the time limit."""


class _Model:
    """Builds the CpModel and keeps the variables and reified literals."""

    def __init__(self, inst: OJPPInstance, m: int, table: np.ndarray | None = None,
                 fixed: bool = False, build_deadline: float | None = None) -> None:
        from ortools.sat.python import cp_model

        self.inst, self.m, self.fixed = inst, m, fixed
        self.build_deadline = build_deadline
        self.cp = cp_model.CpModel()
        self.ge_lits: dict[tuple[int, int, int], Any] = {}
        self.clauses: set[tuple[int, ...]] = set()
        self._build()
        if table is not None:
            self._add_table(table)

    def _add_table(self, A: np.ndarray) -> None:
        """notes §5.3 option: each device's count tuple is an enumerated feasible pattern (or 0);
        this encodes resources, (3), (5) and (7) exactly, so no lazy collision cuts arise."""
        tuples = [[0] * self.inst.n_jobs, *A.tolist()]
        for k in range(self.m):
            self.cp.add_allowed_assignments(
                [self.y[i, k] for i in range(self.inst.n_jobs)], tuples
            )

    def _build(self) -> None:
        inst, cp, m, fixed = self.inst, self.cp, self.m, self.fixed
        n, om = inst.n_jobs, inst.omega
        D = integer_data(inst)
        self.data = D
        J, K = range(n), range(m)
        self.y = {(i, k): cp.new_int_var(0, int(om[i]), f"y[{i},{k}]") for i in J for k in K}
        self.u = {(i, k): cp.new_bool_var(f"u[{i},{k}]") for i in J for k in K}
        self.x = [cp.new_bool_var(f"x[{k}]") for k in K]
        y, u, x = self.y, self.u, self.x
        for i in J:
            if self.build_deadline is not None and time.perf_counter() > self.build_deadline:
                raise _BuildTimeout
            check_deadline()  # the guard's deadline: a build that outlives the limit stops
            cp.add(sum(y[i, k] for k in K) == int(om[i]))
            for k in K:
                cp.add(y[i, k] >= u[i, k])
                cp.add(y[i, k] <= int(om[i]) * u[i, k])
                cp.add_implication(u[i, k], x[k])
        for k in K:
            for d in range(D.demand.shape[1]):
                if np.any(D.demand[:, d]):
                    cp.add(sum(int(D.demand[i, d]) * y[i, k] for i in J) <= int(D.cap[d]) * x[k])
            base = sum(int(D.demand[i, 1]) * y[i, k] for i in J)
            for i in J:
                if D.burst[i] > 0:  # max-burst rows of notes §5.1 (no big-M)
                    cp.add(base + int(D.burst[i]) * u[i, k] <= int(D.cap[1]) * x[k])
        for k in range(m - 1):
            cp.add(x[k] >= x[k + 1])
        self._redundant(D)
        self._interference(D)
        self._initial_collision_clauses()
        if fixed:  # bottom-up feasibility model: exactly m devices, no objective
            for k in K:
                cp.add(x[k] == 1)
        else:
            cp.add(sum(x) >= inst.lower_bound())
            cp.minimize(sum(x))

    def _redundant(self, D: Any) -> None:
        """Device order, cardinality and (fixed m) minimum loads of ``bounds``."""
        n, m, om, cp, y = self.inst.n_jobs, self.m, self.inst.omega, self.cp, self.y
        dem, cap = D.demand.astype(float), D.cap.astype(float)
        lim = device_limits(dem, cap, om)
        for i in range(n):
            for k in range(int(lim[i]), m):
                cp.add(y[i, k] == 0)
        cmax = max_workers(dem, cap, om)
        cmin = min_workers(dem, cap, om, m) if self.fixed else 0
        need = (D.demand * om[:, None]).sum(axis=0) - (m - 1) * D.cap
        for k in range(m):
            tot = sum(y[i, k] for i in range(n))
            if cmax < int(om.sum()):
                cp.add(tot <= cmax)
            if cmin > 1:
                cp.add(tot >= cmin)
            if self.fixed:
                for d in range(D.demand.shape[1]):
                    if need[d] > 0:
                        cp.add(sum(int(D.demand[i, d]) * y[i, k] for i in range(n)) >= int(need[d]))

    def slowdown(self, i: int, k: int) -> Any:
        """Scaled slowdown of job i's workers on device k (valid where u[i, k] = 1)."""
        D, n = self.data, self.inst.n_jobs
        if self.inst.interference_model == "additive":
            return sum(int(D.I[i, q]) * self.y[q, k] for q in range(n)) - int(D.I[i, i])
        terms = []
        for q in range(n):
            if D.I[i, q] == 0:
                continue
            lit = self.u[q, k] if q != i else self.ge(i, k, 2)
            if lit is not None:
                terms.append(int(D.I[i, q]) * lit)
        s = self.cp.new_int_var(0, int(D.I[i].max(initial=0)), f"s[{i},{k}]")
        self.cp.add_max_equality(s, [*terms, 0])
        return s

    def _interference(self, D: Any) -> None:
        inst, cp, n, m = self.inst, self.cp, self.inst.n_jobs, self.m
        if not np.any(D.I):
            return
        if D.theta is not None:
            if inst.interference_model == "additive":
                for i in range(n):
                    for k in range(m):
                        cp.add(self.slowdown(i, k) <= D.theta).only_enforce_if(self.u[i, k])
            else:
                for i in range(n):
                    for q in range(n):
                        if D.I[i, q] <= D.theta:
                            continue
                        for k in range(m):
                            if q == i:
                                cp.add(self.y[i, k] <= 1)
                            else:
                                cp.add_bool_or([~self.u[i, k], ~self.u[q, k]])
        if D.spread is not None:
            top = int(D.I.sum(axis=1).max() * max(1, int(inst.omega.max())))
            for i in range(n):
                if inst.omega[i] < 2:
                    continue
                smax = cp.new_int_var(0, top, f"smax[{i}]")
                smin = cp.new_int_var(0, top, f"smin[{i}]")
                for k in range(m):
                    s = self.slowdown(i, k)
                    cp.add(smax >= s).only_enforce_if(self.u[i, k])
                    cp.add(smin <= s).only_enforce_if(self.u[i, k])
                cp.add(smax - smin <= D.spread)

    def ge(self, i: int, k: int, c: int) -> Any:
        """Literal [y[i, k] >= c] (u for c = 1; None when c exceeds omega_i)."""
        if c <= 1:
            return self.u[i, k]
        if c > self.inst.omega[i]:
            return None
        key = (i, k, c)
        if key not in self.ge_lits:
            b = self.cp.new_bool_var(f"ge[{i},{k},{c}]")
            self.cp.add(self.y[i, k] >= c).only_enforce_if(b)
            self.cp.add(self.y[i, k] <= c - 1).only_enforce_if(~b)
            self.ge_lits[key] = b
        return self.ge_lits[key]

    def add_no_good(self, c: np.ndarray) -> bool:
        """Forbid count vectors >= c on every device; False if already present."""
        key = tuple(int(v) for v in c)
        if key in self.clauses:
            return False
        self.clauses.add(key)
        supp = [i for i in range(len(c)) if c[i] > 0]
        for k in range(self.m):
            lits = [self.ge(i, k, int(c[i])) for i in supp]
            if any(lit is None for lit in lits):
                continue
            self.cp.add_bool_or([~lit for lit in lits])
        return True

    def _initial_collision_clauses(self) -> None:
        inst = self.inst
        tau_bar = inst.limits.collision
        if tau_bar is None or not np.any(inst.p):
            return
        n = inst.n_jobs
        for i in range(n):
            for c in range(2, int(inst.omega[i]) + 1):
                v = np.zeros(n, dtype=int)
                v[i] = c
                if tau_counts(v[None, :], inst.p, inst.collision_model)[0] > tau_bar + 1e-10:
                    self.add_no_good(v)
                    break
        for i in range(n):
            for q in range(i + 1, n):
                v = np.zeros(n, dtype=int)
                v[i] = v[q] = 1
                if tau_counts(v[None, :], inst.p, inst.collision_model)[0] > tau_bar + 1e-10:
                    self.add_no_good(v)

    def counts(self, solver: Any) -> np.ndarray:
        return np.array(
            [[solver.value(self.y[i, k]) for i in range(self.inst.n_jobs)] for k in range(self.m)]
        )

    def hint(self, Y: np.ndarray) -> dict[Any, int]:
        D = self.data
        Y = order_devices(Y, D.demand.astype(float), D.cap.astype(float))
        h: dict[Any, int] = {}
        for k in range(self.m):
            row = Y[k] if k < len(Y) else np.zeros(self.inst.n_jobs, dtype=int)
            h[self.x[k]] = int(row.sum() > 0)
            for i in range(self.inst.n_jobs):
                h[self.y[i, k]] = int(row[i])
                h[self.u[i, k]] = int(row[i] > 0)
        return h


def _colliding_rows(inst: OJPPInstance, Y: np.ndarray) -> list[int]:
    if inst.limits.collision is None:
        return []
    t = tau_counts(Y, inst.p, inst.collision_model)
    return [int(k) for k in np.nonzero(t > inst.limits.collision + 1e-10)[0]]


def _heuristic_counts(inst: OJPPInstance, res: Result) -> np.ndarray | None:
    if not res.ok:
        return None
    index = {j.name: i for i, j in enumerate(inst.jobs)}
    Y = np.zeros((len(res.solution["devices"]), inst.n_jobs), dtype=int)
    for k, dev in enumerate(res.solution["devices"]):
        for name, c in dev.items():
            Y[k, index[name]] = c
    return Y


def _lazy_solve(model: _Model, inst: OJPPInstance, deadline: float | None,
                threads: int | None, Y_hint: np.ndarray | None,
                clock: CpSatClock | None = None, wall: float | None = None,
                mode: dict[str, Any] | None = None) -> tuple[Any, Any, int, int]:
    """Solve ``model`` with the lazy collision loop; returns (outcome, counts, rounds, cuts).

    ``deadline`` is on ``clock`` (wall-clock by default; deterministic in reproducible mode),
    ``wall`` the wall-clock cap; ``mode`` collects the calls' mode stats.
    """
    clock = clock or CpSatClock()
    wall = deadline if wall is None and not clock.reproducible else wall
    rounds = cuts = 0
    Y = None
    while True:
        budget = None if deadline is None else max(0.01, deadline - clock.now())
        cap = None if wall is None else max(0.01, wall - time.perf_counter())
        if cap is not None and cap < MIN_SOLVE_S:  # no time to even load the model
            if mode is not None and clock.reproducible:
                mode["reproducible"] = False
            out, Y = SolveOutcome(Status.TIME_LIMIT, None, None, 0.0), None
            break
        out = solve_cpsat(
            model.cp, time_limit=cap, threads=threads,
            hint_solution=model.hint(Y_hint) if Y_hint is not None else None,
            reproducible=clock.reproducible, budget_s=budget,
        )
        clock.charge(out)
        if mode is not None:
            merge_mode_stats(mode, out.stats)
        rounds += 1
        if not out.status.has_solution or out.objective is None:
            Y = None
            break
        Y = model.counts(out.solver)
        bad = _colliding_rows(inst, Y)
        if not bad:
            break
        added = 0
        for k in bad:
            c = minimal_colliding(Y[k], inst.p, inst.limits.collision, inst.collision_model)
            added += model.add_no_good(c)
        cuts += added
        Y_hint = Y
        late = deadline is not None and clock.now() >= deadline
        if late or (wall is not None and time.perf_counter() >= wall):
            if mode is not None and not late:  # the wall cap, not the budget, ended the loop
                mode["reproducible"] = False
            out.status, Y = Status.TIME_LIMIT, None
            break
    return out, Y, rounds, cuts


def solve_cpsat_model(
    inst: OJPPInstance, options: SolveOptions | None = None, hint: bool = True,
    table: str | bool = "auto", table_limit: int = 5000, top_down_share: float = 0.3
) -> Result:
    """Exact OJPP by CP-SAT with lazy collision no-goods (module docstring).

    ``table``: add the pattern table of notes §5.3 (``"auto"``: when at most ``table_limit``
    feasible patterns exist). With a time limit, the min-devices model gets ``top_down_share``
    of it; if it stops with a gap, the rest goes to bottom-up feasibility models (exactly t
    devices, t = proven bound, bound, ...): a feasible one is optimal, an infeasible one raises
    the bound by one.
    """
    if table not in (True, False, "auto"):
        raise InputError("table", f"unknown value {table!r} (known: true, false, auto)")
    options = options or SolveOptions()
    t0 = time.perf_counter()
    heur = run_heuristic(inst)
    Yh = _heuristic_counts(inst, heur)
    m = len(Yh) if Yh is not None else inst.devices
    m = min(m, inst.devices)
    predicted = inst.n_jobs * m / CP_PAIRS_PER_S
    left = None if options.time_limit is None else options.time_limit - (time.perf_counter() - t0)
    if left is not None and predicted > 0.5 * left:
        # building the model alone would eat the budget: the Heuristic's placement, no proof
        stats = {"devices_modelled": m, "heuristic": heur.objective,
                 "refused": f"{inst.n_jobs} jobs x {m} devices, ~{predicted:.0f} s to build "
                            "the CP-SAT model (> half the time left)",
                 "scaling": {"exact": True}, **_refused_mode(options)}
        out = SolveOutcome(Status.TIME_LIMIT, None, None, 0.0)
        return _result(inst, out, None, heur, Yh, t0, 0.0, stats)
    A = None
    if table:
        try:
            A = enumerate_patterns(inst, table_limit if table == "auto" else 10**7).A
        except InputError:
            A = None
    t_build = time.perf_counter()
    left = None if options.time_limit is None else options.time_limit - (t_build - t0)
    try:
        model = _Model(inst, m, A, build_deadline=None if left is None else t_build + 0.5 * left)
    except _BuildTimeout:  # a loaded machine: the Heuristic's placement, no proof
        stats = {"devices_modelled": m, "heuristic": heur.objective, "scaling": {"exact": True},
                 "refused": "building the CP-SAT model ran past half the time left",
                 **_refused_mode(options)}
        out = SolveOutcome(Status.TIME_LIMIT, None, None, 0.0)
        return _result(inst, out, None, heur, Yh, t0, time.perf_counter() - t0, stats)
    build_s = time.perf_counter() - t0
    rate = inst.n_jobs * m / max(1e-3, time.perf_counter() - t_build)  # pairs/s measured here
    # reproducible: deadlines on the deterministic clock (model building not counted), the
    # whole limit as the wall-clock cap of every phase
    clock = CpSatClock(options.reproducible)
    origin = clock.t0 if options.reproducible else t0
    wall = None if options.time_limit is None else t0 + options.time_limit
    span = options.budget_basis if options.reproducible else options.time_limit
    deadline = None if wall is None or span is None else origin + span
    first = None if deadline is None else origin + top_down_share * span
    mode: dict[str, Any] = {}
    stats: dict[str, Any] = {"devices_modelled": m, "heuristic": heur.objective,
                             "pattern_table": None if A is None else len(A),
                             "scaling": model.data.describe()}
    out, Y, rounds, cuts = _lazy_solve(model, inst, first, options.threads,
                                       Yh if hint else None, clock,
                                       wall if options.reproducible else first, mode)
    stats.update(out.stats, lazy_rounds=rounds, collision_cuts=cuts,
                 initial_clauses=len(model.clauses) - cuts, phase="top-down")
    if out.status is Status.TIME_LIMIT and deadline is not None:
        out, Y = _bottom_up(inst, out, Y, heur, A, deadline, options.threads, stats,
                            clock, wall, mode, rate)
    stats.update(mode)
    return _result(inst, out, Y, heur, Yh, t0, build_s, stats)


def _bottom_up(inst: OJPPInstance, out: Any, Y: np.ndarray | None, heur: Result,
               A: np.ndarray | None, deadline: float, threads: int | None,
               stats: dict[str, Any], clock: CpSatClock | None = None,
               wall: float | None = None,
               mode: dict[str, Any] | None = None,
               rate: float = CP_PAIRS_PER_S) -> tuple[Any, np.ndarray | None]:
    """Feasibility models with exactly t devices for t = bound, bound + 1, ... < incumbent
    (``rate``: model build speed in (job, device) pairs per second; a model that would not be
    built before ``wall`` is not started)."""
    inc = [] if Y is None or _colliding_rows(inst, Y) else [float(make_solution(inst, Y)["used"])]
    if heur.ok:
        inc.append(float(heur.objective))
    if not inc:
        return out, Y

    def solve_fixed(t: int) -> tuple[str, np.ndarray | None]:
        try:
            predicted = BUILD_MARGIN * inst.n_jobs * t / rate + MIN_SOLVE_S
            if wall is not None and time.perf_counter() + predicted > wall:
                raise _BuildTimeout
            fixed = _Model(inst, t, A, fixed=True, build_deadline=wall)
        except _BuildTimeout:
            if mode is not None and clock is not None and clock.reproducible:
                mode["reproducible"] = False  # the wall clock decided
            return "time limit (no time to build the model)", None
        o, Yt, _, _ = _lazy_solve(fixed, inst, deadline, threads, None, clock, wall, mode)
        if o.status is Status.INFEASIBLE:
            return "infeasible", None
        if Yt is not None and o.status.has_solution:
            return "feasible", Yt
        return "time limit", None

    start = max(inst.lower_bound(), int(np.ceil((out.bound or 0) - 1e-6)))
    now = clock.now if clock is not None else time.perf_counter
    t, Yt, tried = bottom_up(start, min(inc), deadline, solve_fixed, now)
    if Yt is not None:
        out.status, out.objective, out.bound = Status.OPTIMAL, float(t), float(t)
        stats.update(phase="bottom-up", bottom_up=tried)
        return out, Yt
    # t devices are proven necessary; t == best lets _result call the incumbent optimal
    out.bound = float(max(t, out.bound or 0))
    stats.update(bottom_up=tried)
    return out, Y


def _result(inst: OJPPInstance, out: Any, Y: np.ndarray | None, heur: Result,
            Yh: np.ndarray | None, t0: float, build_s: float, stats: dict[str, Any]) -> Result:
    status, bound = out.status, out.bound
    lb = float(inst.lower_bound())  # valid even when CP-SAT stopped before proving a bound
    exact = stats["scaling"]["exact"]
    if not exact:  # a restriction of the instance: its verdicts and bounds prove nothing
        status = {Status.OPTIMAL: Status.FEASIBLE, Status.INFEASIBLE: Status.TIME_LIMIT}.get(
            status, status)
        bound = None
    bound = lb if bound is None else max(float(bound), lb)
    if status is Status.INFEASIBLE:
        return Result("ojpp", "ojpp-cpsat", status, runtime_s=time.perf_counter() - t0,
                      build_s=build_s, stats=stats)
    if Y is not None and status.has_solution and not _colliding_rows(inst, Y):
        sol = make_solution(inst, Y)
        obj = float(sol["used"])
        if status is not Status.OPTIMAL and heur.ok and heur.objective < obj:
            sol, obj = heur.solution, heur.objective
            stats["incumbent"] = "heuristic"
    elif Yh is not None:  # stopped with no (5)-feasible CP-SAT solution: keep the heuristic's
        sol, obj = heur.solution, heur.objective
        status = Status.TIME_LIMIT
        stats["incumbent"] = "heuristic"
    else:
        sol, obj = None, None
        status = Status.TIME_LIMIT if status.has_solution else status
    if status in (Status.TIME_LIMIT, Status.FEASIBLE) and obj is not None and obj <= bound:
        # the incumbent meets a proven lower bound (CP-SAT's or the volume bound)
        status, stats["proof"] = Status.OPTIMAL, "incumbent equals the lower bound"
    if status is Status.OPTIMAL:
        bound = obj
    status = checked(inst, status, sol, stats)
    return Result("ojpp", "ojpp-cpsat", status, objective=obj, bound=bound,
                  runtime_s=time.perf_counter() - t0, build_s=build_s, solution=sol, stats=stats)


def _refused_mode(options: SolveOptions) -> dict[str, Any]:
    """Mode stats of a run that stopped before any CP-SAT call (core/cpsat.py)."""
    return {"mode": "reproducible", "reproducible": False} if options.reproducible else \
        {"mode": "default"}




@register_model("ojpp-cpsat", "ojpp",
                "CP-SAT over aggregated counts (notes §5.3), lazy collision no-goods, "
                "Heuristic warm start")
@uses_solver("OR-Tools CP-SAT")
def cpsat(inst: OJPPInstance, *, options: SolveOptions | None = None, **params: Any) -> Result:
    """Exact OJPP by CP-SAT over aggregated worker counts (notes §5.3).

    Integer counts per (device, job) with lazy collision no-goods and the Heuristic's
    placement as warm start; the data are scaled to integers (``stats["scaling"]`` says
    whether exactly; an inexact scaling is a restriction, whose verdict proves nothing). The
    keyword parameters go to ``solve_cpsat_model``.

    Parameters
    ----------
    inst : OJPPInstance
        The instance to place.
    options : SolveOptions or None, default None
        Solver options (solver name, time limit, MIP gap, threads); None uses the defaults.
    hint : bool, default True
        Give CP-SAT the Heuristic's placement as a solution hint.
    table : str or bool, default 'auto'
        Add the table of feasible device patterns (notes §5.3): True, False or ``'auto'``
        (when at most ``table_limit`` patterns exist).
    table_limit : int, default 5000
        Most patterns ``table='auto'`` enumerates. Unit: patterns.
    top_down_share : float, default 0.3
        With a time limit, the share of it the min-devices model gets before bottom-up
        feasibility models with exactly t devices take over (meaningful in (0, 1]).
        Unit: dimensionless. Range: 0..1.

    Returns
    -------
    Result
        ``status`` (``optimal`` when proven, else ``time_limit`` with the incumbent and the
        proven lower ``bound``; ``error`` if the independent validator rejects the solution),
        ``objective`` = devices used, and a ``Solution`` listing per device the worker count
        of each job (``devices``) and ``used``.

    Raises
    ------
    InputError
        A keyword ``solve_cpsat_model`` does not take, or ``table`` not true, false or
        ``'auto'`` (field: the keyword), or the instance states OJPAP (``objective``).

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> from dlsched.ojpp.exact.cpsat import cpsat
    >>> res = cpsat(generate(n_jobs=3, max_workers=2, seed=0))
    >>> res.status.value, res.objective
    ('optimal', 2.0)
    """
    require_devices(inst, "ojpp-cpsat")
    for key in params:
        if key in ("inst", "options") or key not in inspect.signature(solve_cpsat_model).parameters:
            raise InputError(key, f"unknown parameter {key!r}")
    return solve_cpsat_model(inst, options, **params)


# ``**params`` reach ``solve_cpsat_model``: the parameter check (core.inputs.FORWARDS) knows them
FORWARDS[f"{cpsat.__module__}:{cpsat.__qualname__}"] = (f"{__name__}:solve_cpsat_model",)
