"""Column generation for the pattern model (spec ojpp.md §5.2) when enumeration is too large.

LP master over generated columns: min sum lambda_a s.t. sum_a a_i lambda_a = omega_i,
lambda >= 0 (scipy/HiGHS LP, duals pi). Pricing: max pi . a over feasible patterns a, by a
depth-first branch and bound over the jobs with pi_i > 0 (jobs with pi_i <= 0 stay at 0: the
family is downward closed), pruned by feasibility and by a fractional-knapsack bound on each
additive dimension. Columns with reduced cost 1 - pi . a < 0 enter; at convergence the LP value
is the Gilmore-Gomory bound (valid with balance too, which only adds constraints). The integer
answer is the pattern MILP (with balance bands) over the generated columns, so it is a
heuristic unless it meets ceil(LP bound): then it is optimal. No branch-and-price.
"""

from __future__ import annotations

import math
import time

import numpy as np

from .collision import tau_counts
from .instance import OJPPInstance
from .interference import slowdowns
from .patterns import Patterns, device_feasible

RC_TOL = 1e-9


class Pricer:
    """Exact max pi . a over feasible patterns (branch and bound)."""

    def __init__(self, inst: OJPPInstance, deadline: float | None) -> None:
        self.inst, self.deadline = inst, deadline
        self.norm = inst.demand / inst.cap  # (n, d) normalised additive demand
        self.timed_out = False

    def _bound(self, order: list[int], pos: int, pi: np.ndarray, used: np.ndarray) -> float:
        """Fractional-knapsack bound of the jobs order[pos:], the tightest over dimensions."""
        rest = order[pos:]
        if not rest:
            return 0.0
        plain = float(sum(pi[j] * self.inst.omega[j] for j in rest))
        best = plain
        for d in range(self.norm.shape[1]):
            room = 1.0 - used[d]
            items = sorted(rest, key=lambda j, d=d: -pi[j] / self.norm[j, d]
                           if self.norm[j, d] > 0 else -math.inf)
            val = 0.0
            for j in items:
                w = self.norm[j, d]
                if w <= 0:
                    val += pi[j] * self.inst.omega[j]
                    continue
                take = min(self.inst.omega[j], room / w)
                val += pi[j] * take
                room -= take * w
                if room <= 1e-12:
                    break
            best = min(best, val)
        return best

    def best(self, pi: np.ndarray) -> tuple[float, np.ndarray]:
        """(max value, pattern) of pi . a over feasible patterns."""
        inst = self.inst
        order = [int(j) for j in np.argsort(-pi, kind="stable") if pi[j] > RC_TOL]
        a = np.zeros(inst.n_jobs, dtype=int)
        best_val, best_a = 0.0, a.copy()

        def dfs(pos: int, val: float) -> None:
            nonlocal best_val, best_a
            if self.deadline is not None and time.perf_counter() > self.deadline:
                self.timed_out = True
                return
            if val > best_val + RC_TOL:
                best_val, best_a = val, a.copy()
            if pos == len(order):
                return
            used = a @ self.norm
            if val + self._bound(order, pos, pi, used) <= best_val + RC_TOL:
                return
            j = order[pos]
            c_max = 0
            while c_max < inst.omega[j]:  # largest feasible count of job j on top of a
                a[j] = c_max + 1
                if not device_feasible(inst, a):
                    break
                c_max += 1
            for c in range(c_max, -1, -1):
                a[j] = c
                dfs(pos + 1, val + c * pi[j])
            a[j] = 0

        dfs(0, 0.0)
        return best_val, best_a


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
