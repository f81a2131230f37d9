"""Pricing oracles of the pattern model (notes §5.2): max pi . a over feasible patterns.

Column generation (``colgen.py``) asks an oracle three things: does a count vector fit on one
device (``fits``), a few good patterns cheaply (``heuristic``), and -- for the bound -- the best
pattern with a *valid upper bound* on max pi . a (``exact``). Two oracles, a registry picks one:

* ``KnapsackOracle`` -- plain d-dimensional vector packing (no bursts, collision,
  interference): a bounded d-dimensional knapsack over the jobs (identical workers aggregated,
  a_i <= min(omega_i, capacity / weight)), solved by CP-SAT on integer data. The objective is
  pi scaled by 2^32 and rounded down, so every pattern's true value is at most (scaled value +
  number of workers) / 2^32; the returned upper bound adds that slack, so it is valid although
  the objective is rounded. Every improving solution CP-SAT meets is returned as a column.
* ``SideConstraintOracle`` -- general OJPP per-device constraints (opportunistic memory,
  collision, interference cap) by the depth-first branch and bound of ``Pricer``.

Integer data: ``integer_data`` finds a scale per dimension under which every demand and
capacity is an integer -- exact for integers and dyadic fractions (k / 2^j, j <= 30), or a
decimal scale 10^j (j <= 6) at which every value is within 1e-12 relative of an integer; with
such data integer and float capacity checks agree within the validator's tolerance 1e-9.
Otherwise (or with side constraints) the DFS oracle is used.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from ..instance import OJPPInstance
from ..support.patterns import device_feasible
from .bounds import max_workers

RC_TOL = 1e-9
OBJ_SCALE = 1 << 32
INT_LIMIT = 1 << 40


@dataclass(frozen=True)
class IntData:
    """Integer per-worker weights ``W`` (n, d) and capacities ``C`` (d,)."""

    W: np.ndarray
    C: np.ndarray


def _dim_scale(values: np.ndarray) -> int | None:
    """Smallest scale making every value integral (exact dyadic, or decimal within 1e-12)."""
    den = 1
    for v in np.unique(values):
        q = Fraction(float(v)).denominator
        den = den * q // math.gcd(den, q)
        if den > 1 << 30:
            break
    else:
        if np.all(np.abs(values) * den < INT_LIMIT):
            return den
    for j in range(7):
        s = 10**j
        x = values * s
        if np.all(np.abs(x - np.rint(x)) <= 1e-12 * np.maximum(1.0, np.abs(x))) and np.all(
            np.abs(x) < INT_LIMIT
        ):
            return s
    return None


def integer_data(inst: OJPPInstance) -> IntData | None:
    """Exact integer copy of the additive data (module docstring), or None."""
    W, C = [], []
    for k in range(len(inst.dims)):
        col = np.append(inst.demand[:, k], inst.cap[k])
        s = _dim_scale(col)
        if s is None:
            return None
        ints = np.rint(col * s).astype(np.int64)
        W.append(ints[:-1])
        C.append(ints[-1])
    return IntData(np.column_stack(W), np.array(C, dtype=np.int64))


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


@dataclass
class Priced:
    """Columns with value > 1 and an upper bound on max pi . a (None: pricing did not finish)."""

    columns: list[np.ndarray] = field(default_factory=list)
    upper: float | None = None


class KnapsackOracle:
    """Plain vector packing on integer data (module docstring)."""

    name = "knapsack-cpsat"

    def __init__(self, data: IntData, omega: np.ndarray) -> None:
        self.W, self.C, self.omega = data.W, data.C, omega.astype(np.int64)
        with np.errstate(divide="ignore"):
            per = np.where(self.W > 0, self.C[None, :] // np.maximum(self.W, 1), np.iinfo(
                np.int64).max)
        self.ub = np.minimum(self.omega, per.min(axis=1))
        self.maxcard = max_workers(self.W.astype(float), self.C.astype(float), self.omega)
        self.rel = self.W / self.C[None, :]
        self.calls = 0
        self.exact_s = 0.0

    def fits(self, a: np.ndarray) -> bool:
        return bool(np.all(a @ self.W <= self.C))

    def add_max(self, a: np.ndarray, i: int, limit: int) -> int:
        """Most workers of job i (<= limit) that can join the device holding ``a``."""
        w = self.W[i]
        nz = w > 0
        if not nz.any():
            return int(limit)
        free = self.C[nz] - a @ self.W[:, nz]
        return int(max(0, min(limit, int((free // w[nz]).min()))))

    def heuristic(self, pi: np.ndarray) -> list[np.ndarray]:
        """Greedy fills in three profit-density orders (cheap columns between exact calls)."""
        pos = pi > RC_TOL
        if not pos.any():
            return []
        out = []
        for size in (self.rel.sum(axis=1), self.rel.max(axis=1), np.ones(len(pi))):
            dens = np.where(pos, pi / np.maximum(size, 1e-12), -np.inf)
            a = np.zeros(len(pi), dtype=np.int64)
            free = self.C.copy()
            for i in np.argsort(-dens, kind="stable"):
                if not pos[i]:
                    break
                w = self.W[i]
                lim = self.ub[i]
                nz = w > 0
                if nz.any():
                    lim = min(lim, int((free[nz] // w[nz]).min()))
                if lim > 0:
                    a[i] = lim
                    free = free - lim * w
            if pi @ a > 1 + RC_TOL:
                out.append(a)
        return out

    def exact(self, pi: np.ndarray, deadline: float | None) -> Priced:
        from ortools.sat.python import cp_model

        t0 = time.perf_counter()
        self.calls += 1
        pos = np.flatnonzero((pi > RC_TOL) & (self.ub > 0))
        if pos.size == 0:
            return Priced([], 0.0)
        c = np.floor(pi[pos] * OBJ_SCALE).astype(np.int64)
        m = cp_model.CpModel()
        x = [m.new_int_var(0, int(self.ub[i]), f"a{i}") for i in pos]
        for k in range(self.W.shape[1]):
            w = self.W[pos, k]
            if np.any(w > 0) and int(w @ self.ub[pos]) > int(self.C[k]):
                m.add(sum(int(w[j]) * x[j] for j in range(pos.size) if w[j] > 0) <= int(
                    self.C[k]))
        m.maximize(sum(int(c[j]) * x[j] for j in range(pos.size)))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if deadline is not None:
            solver.parameters.max_time_in_seconds = max(0.01, deadline - time.perf_counter())
        found: list[np.ndarray] = []
        n = len(pi)

        class _Collect(cp_model.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:  # every improving solution is a column
                a = np.zeros(n, dtype=np.int64)
                a[pos] = [self.value(v) for v in x]
                if pi @ a > 1 + RC_TOL:
                    found.append(a)

        code = solver.solve(m, _Collect())
        self.exact_s += time.perf_counter() - t0
        if code == cp_model.OPTIMAL:
            upper = (solver.objective_value + self.maxcard) / OBJ_SCALE
        elif code == cp_model.FEASIBLE:
            upper = (solver.best_objective_bound + self.maxcard) / OBJ_SCALE
        else:
            upper = None
        return Priced(found[::-1][:5], upper)


class SideConstraintOracle:
    """General OJPP per-device constraints: exact DFS pricing of ``Pricer``."""

    name = "dfs"

    def __init__(self, inst: OJPPInstance) -> None:
        self.inst = inst
        self.norm = inst.demand / inst.cap
        self.calls = 0
        self.exact_s = 0.0

    def fits(self, a: np.ndarray) -> bool:
        return device_feasible(self.inst, a)

    def add_max(self, a: np.ndarray, i: int, limit: int) -> int:
        """Most workers of job i (<= limit) that can join the device holding ``a``."""
        c = 0
        b = a.copy()
        while c < limit:
            b[i] += 1
            if not device_feasible(self.inst, b):
                break
            c += 1
        return c

    def heuristic(self, pi: np.ndarray) -> list[np.ndarray]:
        pos = pi > RC_TOL
        if not pos.any():
            return []
        dens = np.where(pos, pi / np.maximum(self.norm.sum(axis=1), 1e-12), -np.inf)
        a = np.zeros(len(pi), dtype=np.int64)
        for i in np.argsort(-dens, kind="stable"):
            if not pos[i]:
                break
            a[i] = self.add_max(a, int(i), int(self.inst.omega[i]))
        return [a] if pi @ a > 1 + RC_TOL else []

    def exact(self, pi: np.ndarray, deadline: float | None) -> Priced:
        t0 = time.perf_counter()
        self.calls += 1
        pricer = Pricer(self.inst, deadline)
        val, a = pricer.best(np.maximum(pi, 0.0))
        self.exact_s += time.perf_counter() - t0
        cols = [a.astype(np.int64)] if val > 1 + RC_TOL else []
        return Priced(cols, None if pricer.timed_out else float(val))


Oracle = KnapsackOracle | SideConstraintOracle


def make_oracle(inst: OJPPInstance) -> Oracle:
    """The knapsack oracle for plain vector packing on integer data, else the DFS oracle."""
    if inst.is_vector_packing:
        data = integer_data(inst)
        if data is not None:
            return KnapsackOracle(data, inst.omega)
    return SideConstraintOracle(inst)
