"""Covering master of the pattern model in matrix form (highspy), LP and integer.

min sum_a lambda_a  s.t.  sum_a a_i lambda_a >= r_i  (r = demand still to place), lambda >= 0.
Covering instead of partitioning is exact when no balance constraint is active: the feasible
patterns are downward closed (notes §5.2), so surplus workers of a covering solution are
dropped from their patterns (``to_packing``). Its duals are >= 0, which the Farley bound
needs. The LP is kept in one ``highspy.Highs`` object and re-solved warm (columns appended,
demands changed in place); the integer master (price-and-branch) is a separate HiGHS MIP over
the generated columns.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import time

import highspy
import numpy as np

INF = highspy.kHighsInf


def _highs() -> highspy.Highs:
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    return h


def _csc(columns: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    starts, idx, vals = [], [], []
    for a in columns:
        nz = np.flatnonzero(a)
        starts.append(len(idx))
        idx.extend(nz.tolist())
        vals.extend(a[nz].astype(float).tolist())
    return (np.array(starts, dtype=np.int32), np.array(idx, dtype=np.int32),
            np.array(vals, dtype=float))


class LPMaster:
    """The LP master over the columns added so far (module docstring)."""

    def __init__(self, demand: np.ndarray) -> None:
        self.n = len(demand)
        self.columns: list[np.ndarray] = []
        self.keys: set[bytes] = set()
        self.h = _highs()
        self.h.addRows(self.n, demand.astype(float), np.full(self.n, INF), 0,
                       np.zeros(self.n, dtype=np.int32), np.array([], dtype=np.int32),
                       np.array([], dtype=float))
        self.demand = demand.astype(float).copy()
        self.lp_s = 0.0

    def add(self, columns: list[np.ndarray]) -> int:
        """Append the new ones among ``columns``; returns how many were new."""
        new = []
        for a in columns:
            a = np.asarray(a, dtype=np.int64)
            nz = np.flatnonzero(a)
            key = nz.tobytes() + b"|" + a[nz].tobytes()  # sparse key: small for many jobs
            if key in self.keys or nz.size == 0:
                continue
            self.keys.add(key)
            new.append(a)
        if new:
            starts, idx, vals = _csc(new)
            k = len(new)
            self.h.addCols(k, np.ones(k), np.zeros(k), np.full(k, INF), len(idx), starts, idx,
                           vals)
            self.columns += new
        return len(new)

    def set_demand(self, demand: np.ndarray) -> None:
        for i in np.flatnonzero(demand != self.demand):
            self.h.changeRowBounds(int(i), float(demand[i]), INF)
        self.demand = demand.astype(float).copy()

    def solve(self) -> tuple[float, np.ndarray, np.ndarray]:
        """(LP value, duals pi >= 0, lambda)."""
        t0 = time.perf_counter()
        self.h.run()
        self.lp_s += time.perf_counter() - t0
        if self.h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            raise RuntimeError(f"master LP: {self.h.getModelStatus()}")
        sol = self.h.getSolution()
        pi = np.maximum(np.asarray(sol.row_dual, dtype=float), 0.0)
        lam = np.asarray(sol.col_value, dtype=float)
        return float(self.h.getInfo().objective_function_value), pi, lam


def integer_master(columns: list[np.ndarray], demand: np.ndarray, time_limit: float,
                   start: np.ndarray | None = None, cutoff: float | None = None,
                   ) -> tuple[np.ndarray | None, float | None]:
    """Price-and-branch: the covering MIP over ``columns``; (lambda or None, its dual bound).

    ``start``: a feasible lambda to warm-start from; ``cutoff``: only solutions < cutoff matter.
    The bound is for the restricted column set only (not a bound of the instance)."""
    n = len(demand)
    h = _highs()
    h.setOptionValue("time_limit", max(0.01, float(time_limit)))
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 1.0 - 1e-6)  # integer objective: gap < 1 is optimal
    h.addRows(n, demand.astype(float), np.full(n, INF), 0, np.zeros(n, dtype=np.int32),
              np.array([], dtype=np.int32), np.array([], dtype=float))
    k = len(columns)
    ub = np.array([float(np.max(np.where(a > 0, np.ceil(demand / np.maximum(a, 1)), 0)))
                   for a in columns])
    starts, idx, vals = _csc(columns)
    h.addCols(k, np.ones(k), np.zeros(k), ub, len(idx), starts, idx, vals)
    h.changeColsIntegrality(k, np.arange(k, dtype=np.int32),
                            np.full(k, highspy.HighsVarType.kInteger))
    if cutoff is not None:
        h.setOptionValue("objective_bound", float(cutoff) - 1 + 1e-6)
    if start is not None:
        sol = highspy.HighsSolution()
        sol.col_value = [float(v) for v in start]
        sol.value_valid = True
        h.setSolution(sol)
    h.run()
    info = h.getInfo()
    bound = float(info.mip_dual_bound) if np.isfinite(info.mip_dual_bound) else None
    if info.primal_solution_status != 2:  # kSolutionStatusFeasible
        return None, bound
    lam = np.rint(np.asarray(h.getSolution().col_value, dtype=float)).astype(np.int64)
    return lam, bound


def to_packing(columns: list[np.ndarray], lam: np.ndarray, demand: np.ndarray) -> np.ndarray:
    """Count matrix (devices x jobs) of a covering solution, surplus workers dropped."""
    rows = [columns[j] for j in np.flatnonzero(lam > 0) for _ in range(int(lam[j]))]
    if not rows:
        return np.zeros((0, len(demand)), dtype=np.int64)
    Y = np.array(rows, dtype=np.int64)
    surplus = Y.sum(axis=0) - demand.astype(np.int64)
    for i in np.flatnonzero(surplus > 0):
        s = int(surplus[i])
        for k in range(len(Y) - 1, -1, -1):  # from the last device: empties it first
            take = min(s, int(Y[k, i]))
            Y[k, i] -= take
            s -= take
            if s == 0:
                break
    return Y[Y.sum(axis=1) > 0]
