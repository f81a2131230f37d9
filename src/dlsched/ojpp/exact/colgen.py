"""Column generation for the pattern model (notes §5.2): the engine behind
``ojpp-patterns`` when patterns are not enumerated and no balance constraint is active.

* **Master**: covering LP in highspy (``master.py``), warm-started as columns arrive; its duals
  pi >= 0 price patterns.
* **Pricing** (``pricing.py``): cheap greedy columns first; when they find nothing (and every
  ``EXACT_EVERY`` rounds) the exact oracle -- a d-dimensional bounded knapsack by CP-SAT for plain
  vector packing, the DFS branch and bound below with OJPP side constraints -- which also
  returns an upper bound U >= max_a pi . a. Then (omega . pi) / max(1, U) is a valid lower bound
  at *every* iteration (Farley 1990: pi / U is dual feasible), and the LP value itself at
  convergence (U <= 1).
* **Combinatorial bounds**: the volume bound per dimension and a conflict bound (a set of
  workers no two of which fit on one device, grown greedily from the largest).
* **Primal side**: first/best fit decreasing in several orders and a dot-product fill
  (``packing.py``), residual rounding of the LP, price-and-branch (HiGHS MIP over the generated
  columns) and diving (fix the largest lambda, re-generate columns for the rest).
* **Branching**: when a gap remains on plain vector packing with integer data, "do the workers
  fit on t = bound devices?" by CP-SAT (``fixed_bins.py``): feasible => optimal, infeasible =>
  bound t + 1, repeated up the deadline.

Proven optimal exactly when the incumbent equals the rounded-up bound. The incumbent is never
worse than the best heuristic packing, so a run that stops always has a solution.

``generate_columns`` (below the engine) with ``pricing.Pricer`` is the column generation of the
balance path (``patterns._generated``): partitioning LP in scipy and DFS pricing.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...core.errors import InputError
from ..instance import OJPPInstance
from ..support.collision import tau_counts
from ..support.interference import slowdowns
from ..support.patterns import Patterns, enumerate_patterns
from .fixed_bins import fits_in
from .master import LPMaster, integer_master, to_packing
from .packing import best_packing, first_fit
from .pricing import (
    RC_TOL,
    IntData,
    KnapsackOracle,
    Oracle,
    Pricer,
    integer_data,
    make_oracle,
)


def _lp(columns: list[np.ndarray], omega: np.ndarray):
    from scipy.optimize import linprog

    A = np.array(columns, dtype=float).T  # (n, P)
    res = linprog(np.ones(A.shape[1]), A_eq=A, b_eq=omega.astype(float), bounds=(0, None),
                  method="highs")
    if res.status != 0:
        raise RuntimeError(f"column-generation LP failed: {res.message}")
    return float(res.fun), np.asarray(res.eqlin.marginals, dtype=float)


def generate_columns(
    inst: OJPPInstance, start: list[np.ndarray], deadline: float | None = None,
    max_rounds: int = 10_000,
) -> tuple[Patterns, float | None, dict]:
    """Columns and a valid lower bound (None when pricing could not finish)."""
    n = inst.n_jobs
    columns = [np.eye(n, dtype=int)[i] for i in range(n)]  # single workers: always feasible
    seen = {tuple(c) for c in columns}
    for col in start:
        key = tuple(int(v) for v in col)
        if key not in seen and any(key):
            seen.add(key)
            columns.append(np.array(key, dtype=int))
    pricer = Pricer(inst, deadline)
    bound = None
    rounds = 0
    lp_value = math.inf
    while rounds < max_rounds:
        rounds += 1
        lp_value, pi = _lp(columns, inst.omega)
        val, a = pricer.best(pi)
        if pricer.timed_out:
            break
        if val >= 1.0 - RC_TOL:  # Farley bound: z_LP / max_a pi.a is a valid lower bound
            bound = lp_value / max(val, 1.0)
        if val <= 1.0 + RC_TOL:
            bound = lp_value
            break
        key = tuple(int(v) for v in a)
        if key in seen:  # numerical stall: keep the Farley bound computed above
            break
        seen.add(key)
        columns.append(a)
    A = np.array(columns, dtype=int)
    S = np.array([slowdowns(inst.I, r, inst.interference_model) for r in A])
    pats = Patterns(A, S, tau_counts(A, inst.p, inst.collision_model))
    stats = {"cg_rounds": rounds, "columns": len(columns), "lp_value": lp_value,
             "pricing_timed_out": pricer.timed_out}
    return pats, bound, stats


# ---- the engine (module docstring) ---------------------------------------------------------

EXACT_EVERY = 8
#: Converged when no pattern prices above 1 + this (covers the knapsack oracle's rounding slack).
CONVERGED_TOL = 1e-6
#: The "complete" phase lists all patterns only up to this many (integer master over them).
COMPLETE_PATTERNS = 50_000
COMPLETE_JOBS = 200
BOUND_EPS = 1e-6


@dataclass
class Outcome:
    """Best packing ``Y`` (devices x jobs), proven lower ``bound`` and the run's statistics."""

    Y: np.ndarray
    bound: int
    stats: dict = field(default_factory=dict)

    @property
    def proven(self) -> bool:
        return len(self.Y) <= self.bound


def conflict_bound(oracle: Oracle, omega: np.ndarray, rel: np.ndarray, max_jobs: int = 300,
                   ) -> int:
    """Size of a greedy set of pairwise conflicting workers (largest first)."""
    n = len(omega)
    if n > max_jobs:
        return 1
    zero = np.zeros(n, dtype=np.int64)

    def together(i: int, j: int) -> bool:
        a = zero.copy()
        a[i] = 1
        return oracle.add_max(a, j, 1) == 1

    clique: list[int] = []
    size = 0
    for i in np.argsort(-rel.sum(axis=1), kind="stable"):
        i = int(i)
        if all(not together(i, j) for j in clique):
            clique.append(i)
            size += int(omega[i]) if omega[i] >= 2 and not together(i, i) else 1
    return max(1, size)


class _Run:
    """State of one solve: master, oracle, incumbent, bound, deadline, statistics."""

    def __init__(self, inst: OJPPInstance, oracle: Oracle, deadline: float | None) -> None:
        self.inst, self.oracle, self.deadline = inst, oracle, deadline
        self.omega = inst.omega.astype(np.int64)
        self.rel = inst.demand / inst.cap
        self.master = LPMaster(self.omega)
        self.best: np.ndarray = np.zeros((0, len(self.omega)), dtype=np.int64)
        self.bound = 1
        self.stats: dict[str, Any] = {"cg_rounds": 0, "exact_pricing": 0, "incumbent_from": None}

    # -- bookkeeping
    def left(self) -> float:
        return math.inf if self.deadline is None else self.deadline - time.perf_counter()

    def offer(self, Y: np.ndarray, source: str) -> None:
        """Keep ``Y`` if it uses fewer devices (every packing is also added as columns)."""
        Y = Y[Y.sum(axis=1) > 0]
        self.master.add(list(Y))
        if len(self.best) == 0 or len(Y) < len(self.best):
            self.best, self.stats["incumbent_from"] = Y, source

    def raise_bound(self, value: float, source: str) -> None:
        b = math.ceil(value - BOUND_EPS)
        if b > self.bound:
            self.bound, self.stats["bound_from"] = b, source

    @property
    def closed(self) -> bool:
        return len(self.best) <= self.bound

    # -- column generation on the current master demand
    def generate(self, full: bool, budget: float, early: bool = True,
                 ) -> tuple[float, np.ndarray, bool]:
        """Column generation until convergence, ``budget`` seconds, or (``full`` demand only,
        ``early``) a closed gap or a bound that ceil(LP) cannot beat. Returns (LP value,
        lambda, converged)."""
        stop = time.perf_counter() + budget
        rounds = 0
        while True:
            z, pi, lam = self.master.solve()
            rounds += 1
            self.stats["cg_rounds"] += 1
            cols = self.oracle.heuristic(pi)
            if not cols or rounds % EXACT_EVERY == 0:
                dl = stop if self.deadline is None else min(stop, self.deadline)
                pr = self.oracle.exact(pi, dl)
                self.stats["exact_pricing"] += 1
                cols = cols + pr.columns
                if pr.upper is not None:
                    if full:
                        self.raise_bound(float(self.master.demand @ pi) / max(1.0, pr.upper),
                                         "farley" if pr.upper > 1 + RC_TOL else "lp")
                    if pr.upper <= 1 + CONVERGED_TOL:  # z within a factor 1 + 1e-6 of the LP
                        return z, lam, True
            if full and early and (self.closed or self.bound >= math.ceil(z - BOUND_EPS)):
                # the rounded LP bound cannot rise above ceil(z): more columns only help
                # the primal side, which diving does on smaller residual problems
                self.stats["cg_stopped_early"] = not self.closed
                return z, lam, False
            if time.perf_counter() >= stop or self.left() <= 0:
                return z, lam, False
            if self.master.add(cols) == 0:
                return z, lam, False  # numerical stall: no new column

    # -- primal heuristics on the LP
    def round_residual(self, lam: np.ndarray) -> None:
        """floor(lambda), then first fit decreasing of the uncovered workers."""
        cols = self.master.columns
        fl = np.floor(lam + 1e-9).astype(np.int64)
        Y = to_packing(cols, fl, self.omega)
        covered = Y.sum(axis=0) if len(Y) else np.zeros_like(self.omega)
        rest = np.maximum(self.omega - covered, 0)
        if rest.any():
            Y2 = first_fit(self.oracle, rest, np.argsort(-self.rel.sum(axis=1), kind="stable"))
            Y = np.vstack([Y, Y2]) if len(Y) else Y2
        self.offer(Y, "lp-rounding")

    def dive(self, budget: float) -> None:
        """Fix the column with the largest lambda, re-generate for the residual demand."""
        stop = time.perf_counter() + budget
        resid = self.omega.copy()
        fixed: list[np.ndarray] = []
        try:
            while resid.any() and time.perf_counter() < stop:
                self.master.set_demand(resid)
                z, lam, _ = self.generate(False, max(0.0, stop - time.perf_counter()))
                if len(fixed) + math.ceil(z - BOUND_EPS) >= len(self.best):
                    break  # this dive cannot beat the incumbent
                cols = self.master.columns
                big = np.flatnonzero(lam >= 1 - 1e-9)
                picks = big if big.size else [int(np.argmax(lam))]
                for j in picks:
                    for _ in range(max(1, int(np.floor(lam[j] + 1e-9)))):
                        a = np.minimum(cols[j], resid)
                        if not a.any():
                            break
                        fixed.append(a)
                        resid = resid - a
            if not resid.any():
                self.offer(np.array(fixed), "diving")
            elif time.perf_counter() < stop and fixed:
                order = np.argsort(-self.rel.sum(axis=1), kind="stable")
                self.offer(np.vstack([np.array(fixed), first_fit(self.oracle, resid, order)]),
                           "diving")
        finally:
            self.master.set_demand(self.omega)

    def price_and_branch(self, budget: float) -> None:
        cols = self.master.columns
        lam, _ = integer_master(cols, self.omega.astype(float), budget,
                                cutoff=float(len(self.best)))
        if lam is not None:
            self.offer(to_packing(cols, lam, self.omega), "price-and-branch")

    def complete(self, max_patterns: int, enum_budget: float, mip_share: float) -> None:
        """All feasible patterns (if few enough to list within ``enum_budget``), then the
        integer master over them: exact, so its dual bound is a bound of the instance."""
        try:
            pats = enumerate_patterns(self.inst, max_patterns,
                                      time.perf_counter() + enum_budget)
        except InputError as exc:
            self.stats["complete"] = exc.reason
            return
        self.stats["complete"] = f"{len(pats)} patterns"
        cols = [a.astype(np.int64) for a in pats.A]
        index = {tuple(a.tolist()): j for j, a in enumerate(cols)}
        start = np.zeros(len(cols))
        for y in self.best:  # the incumbent: its patterns are feasible, so they are listed
            start[index[tuple(y.tolist())]] += 1
        # no cutoff: the dual bound of the complete master is a bound of the instance
        lam, bound = integer_master(cols, self.omega.astype(float), mip_share * self.left(),
                                    start=start)
        if lam is not None:
            self.offer(to_packing(cols, lam, self.omega), "complete-master")
        if bound is not None:
            self.raise_bound(bound, "complete-master")

    def bottom_up(self, data: IntData, budget: float, threads: int) -> None:
        """Devices t = bound, bound + 1, ... by CP-SAT until closed or ``budget`` is spent."""
        stop = time.perf_counter() + budget
        if self.deadline is not None:
            stop = min(stop, self.deadline)
        while not self.closed and stop - time.perf_counter() > 0.05:
            verdict, Y = fits_in(data, self.omega, self.bound, stop, threads)
            self.stats.setdefault("fixed_bins", []).append(f"{self.bound}: {verdict}")
            if verdict == "feasible":
                self.offer(Y, "fixed-bins")
            elif verdict == "infeasible":
                self.bound, self.stats["bound_from"] = self.bound + 1, "fixed-bins"
            else:
                return


def solve(inst: OJPPInstance, deadline: float | None, start: list[np.ndarray] = (),
          threads: int = 2) -> Outcome:
    """Column generation engine (module docstring) for an instance without active balance."""
    t0 = time.perf_counter()
    oracle = make_oracle(inst)
    run = _Run(inst, oracle, deadline)
    run.stats["pricing"] = oracle.name
    run.master.add(list(np.eye(len(run.omega), dtype=np.int64)))  # single workers
    heur_dl = None if deadline is None else t0 + 0.2 * max(0.0, deadline - t0)
    Y, name = best_packing(oracle, run.omega, run.rel, heur_dl)
    run.offer(Y, name)
    for Ys in start:
        run.offer(np.asarray(Ys, dtype=np.int64), "start")
    run.stats["heuristic_devices"] = len(run.best)
    run.raise_bound(inst.lower_bound(), "volume")
    if not run.closed:
        run.raise_bound(conflict_bound(oracle, run.omega, run.rel), "conflict")
    data = integer_data(inst) if isinstance(oracle, KnapsackOracle) else None
    phases: list[str] = []

    def phase(name: str) -> bool:
        go = not run.closed and run.left() > 0.1
        if go:
            phases.append(name)
        return go

    try:  # each phase only while a gap remains; shares are of the time left at its start
        if data is not None and phase("fixed-bins"):
            run.bottom_up(data, min(0.05 * run.left(), 1.0), threads)
        if phase("cg"):
            z, lam, conv = run.generate(True, 0.6 * run.left())
            run.stats.update(lp_value=z, lp_converged=conv)
            if not run.closed:
                run.round_residual(lam)
        if phase("price-and-branch"):
            run.price_and_branch(min(run.left() * 0.15, 5.0))
        if inst.n_jobs <= COMPLETE_JOBS and phase("complete"):
            run.complete(COMPLETE_PATTERNS, min(0.05 * run.left(), 2.0), 0.5)
        if data is not None and phase("fixed-bins"):
            run.bottom_up(data, 0.4 * run.left(), threads)
        if phase("diving"):
            run.dive(run.left() * (0.5 if data is not None else 1.0))
        if data is not None and phase("fixed-bins"):
            run.bottom_up(data, run.left(), threads)
    except RuntimeError as exc:  # a failed LP leaves the incumbent and bound found so far
        run.stats["error"] = str(exc)
    run.stats.update(phases=phases, columns=len(run.master.columns), lp_s=run.master.lp_s,
                     pricing_s=oracle.exact_s, engine_s=time.perf_counter() - t0)
    return Outcome(run.best, run.bound, run.stats)
