"""Gavel's max-min fairness policies (Narayanan et al., OSDI 2020), dlsched's own implementation.

Written from Gavel's published rule (paper §4 "heterogeneity-aware max-min fairness" and
"hierarchical policies", and the policy it ships, ``MaxMinFairnessPolicyWithPerf`` /
``MaxMinFairnessWaterFillingPolicyWithPerf`` of stanford-futuredata/gavel); no code is copied.
Gavel's numbers are checked against its own code in ``tests/oef/test_baseline_gavel_peer.py``
(``tests/data/peer/README.md`` says how they were produced).

**Single-level max-min** (``gavel_allocation``). Job i has throughput T_ij on GPU type j, scale
factor s_i (workers per job) and priority weight w_i; x_ij is the *time fraction* job i runs on
type j. Gavel normalises by the throughput of the "proportional" allocation, which gives every job
one GPU-time spread over the types in proportion to their counts: ``p_i = T_i . c / sum(c)``
(independent of the number of jobs and of s_i). It solves

    max_x  min_i  s_i T_i . x_i / (w_i p_i)
    s.t.   x >= 0,   sum_j x_ij <= 1 (per job),   sum_i s_i x_ij <= c_j (per type),

and returns x clipped to [0, 1]. The max-min *level* is unique; the allocation often is not
(e.g. two jobs with proportional rows can swap GPU time). Which optimum comes back is then the
solver's choice: Gavel's default solver is ECOS (an interior-point method, through cvxpy), whose
answer lies near the analytic centre of the optimal face; SCS (first-order) stops elsewhere and
a simplex method returns a vertex. ``point="interior"`` solves the same cone program with cvxpy +
CLARABEL (also a primal-dual interior-point method; the installed stand-in for ECOS),
``point="vertex"`` uses scipy's HiGHS dual simplex (deterministic vertex). ``second_stage=True``
adds what Gavel does *not* do: maximise total throughput at the max-min level (picks the most
efficient optimum, up to +30 % total throughput on the shipped instances).

**Hierarchical max-min** (``gavel_hierarchical``): Gavel's water filling with per-entity
("tenant") weights and the ``fairness`` re-weighting inside an entity. Each round gives every
unfrozen job the weight ``W_e * jw_i / sum(jw of the unfrozen jobs of e)``, raises all unfrozen
jobs together (normalised throughput ``T_i . x_i / p_i`` of job i grows by ``c w_i / s_i``,
c maximal, frozen jobs keep their level), then freezes every job that cannot be raised further
while all others keep their levels (bottlenecked); it stops when all jobs are frozen. Gavel
finds the bottlenecked jobs with one MILP (relative slack 1e-4); here each unfrozen job gets an
LP (max its normalised throughput with everyone at >= their level), bottlenecked if it gains at
most ``rtol`` relative. Gavel's other re-weighting rule (``fifo``) is not implemented.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

from ...core import InputError, Result, register_algorithm
from ..instance import OEFInstance
from ..solution import allocation_result

Point = Literal["interior", "vertex"]
POINTS = ("interior", "vertex")

#: The solver behind each ``point`` (recorded in results).
SOLVERS = {"interior": "cvxpy-CLARABEL", "vertex": "scipy-highs-ds"}

#: CLARABEL's stopping tolerances (its defaults are 1e-8, like ECOS's): tighter, so levels agree
#: with the simplex to ~1e-10 and the point is closer to the interior-point limit.
CLARABEL_TOL = {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10}


def proportional_throughputs(throughputs: np.ndarray, capacity: np.ndarray) -> np.ndarray:
    """Gavel's normaliser p_i: throughput of job i at time fractions c_j / sum(c), shape (J,)."""
    T = np.asarray(throughputs, dtype=float)
    c = np.asarray(capacity, dtype=float)
    return T @ (c / c.sum())


def normalized_throughputs(throughputs: np.ndarray, x: np.ndarray,
                           capacity: np.ndarray) -> np.ndarray:
    """``T_i . x_i / p_i`` per job (Gavel's normalised effective throughput), shape (J,)."""
    T = np.asarray(throughputs, dtype=float)
    return np.einsum("ij,ij->i", T, np.asarray(x, dtype=float)) / proportional_throughputs(
        T, capacity)


def _check(throughputs: Any, scale: Any, capacity: Any, weights: Any
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    T = np.asarray(throughputs, dtype=float)
    if T.ndim != 2 or T.size == 0:
        raise InputError("throughputs", f"must be a non-empty (J, k) matrix, got shape {T.shape}")
    J, k = T.shape
    s = np.ones(J) if scale is None else np.asarray(scale, dtype=float)
    c = np.asarray(capacity, dtype=float)
    w = np.ones(J) if weights is None else np.asarray(weights, dtype=float)
    for name, arr, n in (("scale", s, J), ("capacity", c, k), ("weights", w, J)):
        if arr.shape != (n,):
            raise InputError(name, f"shape {arr.shape}, expected ({n},)")
        if np.any(arr <= 0) or not np.all(np.isfinite(arr)):
            raise InputError(name, "entries must be positive and finite")
    if np.any(T < 0) or not np.all(np.isfinite(T)) or np.any(T.sum(axis=1) <= 0):
        raise InputError("throughputs", "must be finite, non-negative, every job positive "
                         "somewhere")
    return T, s, c, w


def _check_point(point: str) -> None:
    if point not in POINTS:
        raise InputError("point", f"unknown point {point!r} (known: {', '.join(POINTS)})")


class _LP:
    """The polytope over x (J*k, row-major) and one extra variable t (last column):
    x >= 0, sum_i s_i x_ij <= c_j, optionally sum_j x_ij <= 1."""

    def __init__(self, s: np.ndarray, c: np.ndarray, job_cap: bool) -> None:
        J, k = s.size, c.size
        self.J, self.k, self.n = J, k, J * k + 1
        blocks = [sp.hstack([sp.kron(s[None, :], sp.eye(k)), sp.csr_matrix((k, 1))])]
        rhs = [c]
        if job_cap:
            blocks.append(sp.hstack([sp.kron(sp.eye(J), np.ones((1, k))), sp.csr_matrix((J, 1))]))
            rhs.append(np.ones(J))
        self.A = sp.vstack(blocks).tocsr()
        self.b = np.concatenate(rhs)

    def rows(self, G: np.ndarray, t_coef: np.ndarray, lower: np.ndarray
             ) -> tuple[sp.csr_matrix, np.ndarray]:
        """``G_i . x_i >= lower_i + t_coef_i * t`` as ``<=`` rows."""
        J = self.J
        A = sp.hstack([-sp.block_diag([G[i:i + 1] for i in range(J)]), t_coef[:, None]])
        return sp.csr_matrix(A), -lower

    def solve(self, cost: np.ndarray, extra: list[tuple[sp.csr_matrix, np.ndarray]],
              point: str) -> tuple[np.ndarray, str]:
        """Minimise ``cost`` (t free, x >= 0) over the polytope and ``extra``; (z, status)."""
        A = sp.vstack([self.A] + [a for a, _ in extra]).tocsr()
        b = np.concatenate([self.b] + [r for _, r in extra])
        if point == "vertex":
            bounds = [(0, None)] * (self.n - 1) + [(None, None)]
            res = linprog(cost, A_ub=A, b_ub=b, bounds=bounds, method="highs-ds")
            return (res.x if res.status == 0 else None), ("optimal" if res.status == 0
                                                          else res.message)
        import cvxpy as cp  # imported lazily: cvxpy costs about a second to import

        x = cp.Variable(self.n - 1, nonneg=True)
        t = cp.Variable()
        z = cp.hstack([x, t])
        prob = cp.Problem(cp.Minimize(cost @ z), [A @ z <= b])
        # CLARABEL at tight tolerances can fail on near-degenerate rounds: retry at its default
        # tolerances (still an interior point), then fall back to a vertex and say so
        for opts, label in ((CLARABEL_TOL, "optimal"), ({}, "optimal (CLARABEL defaults)")):
            try:
                prob.solve(solver="CLARABEL", **opts)
            except cp.error.SolverError:
                continue
            if prob.status == "optimal" and x.value is not None:
                return np.append(x.value, t.value), label
        z_v, status = self.solve(cost, extra, "vertex")
        return z_v, (f"{status} (vertex: CLARABEL failed)" if z_v is not None else status)


def _maxmin(T: np.ndarray, s: np.ndarray, c: np.ndarray, w: np.ndarray, point: str,
            second_stage: bool, tol: float, job_cap: bool = True
            ) -> tuple[np.ndarray, dict[str, Any]]:
    J, k = T.shape
    lp = _LP(s, c, job_cap)
    coef = T * (s / (w * proportional_throughputs(T, c)))[:, None]
    fair = lp.rows(coef, np.ones(J), np.zeros(J))
    cost = np.zeros(lp.n)
    cost[-1] = -1.0
    z, status = lp.solve(cost, [fair], point)
    stats: dict[str, Any] = {"lp_status": status, "point": point, "solver": SOLVERS[point],
                             "stages": 1}
    if z is None:
        raise RuntimeError(f"Gavel max-min LP failed: {status}")  # X = 0 is always feasible
    if second_stage:
        level = float(z[-1])
        floor = (sp.csr_matrix(([-1.0], ([0], [lp.n - 1])), shape=(1, lp.n)),
                 np.array([-(1.0 - tol) * level]))
        cost2 = np.append(-(T * s[:, None]).ravel(), 0.0)
        z2, status2 = lp.solve(cost2, [fair, floor], point)
        if z2 is not None:
            z, stats["stages"] = z2, 2
        else:  # tol = 0 can leave HiGHS unable to reach the stage-1 level exactly
            stats["second_stage"] = status2
    x = np.clip(z[:-1].reshape(J, k), 0.0, 1.0 if job_cap else None)
    return x, stats


def gavel_allocation(throughputs: Any, scale: Any, capacity: Any, weights: Any = None, *,
                     point: Point = "interior", second_stage: bool = False, tol: float = 0.0
                     ) -> tuple[np.ndarray, float]:
    """Gavel's ``MaxMinFairnessPolicyWithPerf``: time fractions X (J, k) and the max-min level.

    ``throughputs`` (J, k) in any per-job unit (Gavel's normalisation makes each row's scale
    irrelevant), ``scale`` (J,) workers per job (None = 1), ``capacity`` (k,) GPUs per type,
    ``weights`` (J,) priority weights (None = 1). The level is
    ``min_i s_i T_i . x_i / (w_i p_i)`` of the returned (clipped) X. ``point``: "interior"
    (cvxpy + CLARABEL, like Gavel's ECOS) or "vertex" (HiGHS dual simplex); where the optimum is
    not unique the allocation is solver-dependent. ``second_stage`` (not Gavel): then maximise
    total throughput ``sum_i s_i T_i . x_i`` keeping the level >= (1 - tol) * level.
    """
    _check_point(point)
    T, s, c, w = _check(throughputs, scale, capacity, weights)
    x, _ = _maxmin(T, s, c, w, point, second_stage, tol)
    return x, _level(T, s, c, w, x)


def _level(T: np.ndarray, s: np.ndarray, c: np.ndarray, w: np.ndarray, x: np.ndarray) -> float:
    return float((normalized_throughputs(T, x, c) * s / w).min())


def gavel_hierarchical(throughputs: Any, scale: Any, capacity: Any, entity_of_job: Any,
                       entity_weights: Any, job_weights: Any = None, *,
                       point: Point = "interior", rtol: float = 1e-6,
                       gavel_m_cap: bool = False) -> np.ndarray:
    """Gavel's hierarchical (water-filling) max-min with ``fairness`` re-weighting: X (J, k).

    ``entity_of_job`` (J,) entity index of each job, ``entity_weights`` (E,), ``job_weights`` (J,)
    the jobs' weights inside their entity (None = equal). The levels (normalised throughputs,
    ``normalized_throughputs``) are unique; X is the ``point`` of the last round's LP.

    ``gavel_m_cap=True`` reproduces a quirk of Gavel's code (not its published rule): its round
    LP maximises ``min`` over *all* jobs with frozen jobs' terms replaced by a constant
    ``M = max_ij s_i T_ij / p_i``, so a round's raise ``c`` (in units where a job's normalised
    throughput grows by ``c w_i / s_i``) is capped at M; once the cap binds no job becomes
    bottlenecked and Gavel stops with those jobs below their water level (seen on 3 of the 5
    recorded multi-job-tenant inputs, ``tests/data/peer``).
    """
    X, _ = _hierarchical(throughputs, scale, capacity, entity_of_job, entity_weights,
                         job_weights, point=point, rtol=rtol, gavel_m_cap=gavel_m_cap)
    return X


def _bottlenecked_by_lp(lp: _LP, G: np.ndarray, level: np.ndarray, frozen: np.ndarray,
                        rtol: float) -> list[int]:
    """Jobs that cannot gain more than ``rtol`` (relative) with everyone at >= its level: one
    LP per unfrozen job (exact, slow: Gavel's own test is one integer program)."""
    k = lp.k
    floor = lp.rows(G, np.zeros(lp.J), level * (1.0 - 1e-12))
    newly = []
    for i in np.flatnonzero(~frozen):
        gain = np.zeros(lp.n)
        gain[i * k:(i + 1) * k] = -G[i]
        zi, _ = lp.solve(gain, [floor], "vertex")
        best = float(-gain @ zi) if zi is not None else level[i]
        if best <= level[i] * (1.0 + rtol) + 1e-12:
            newly.append(int(i))
    return newly


def _bottlenecked_by_duals(lp: _LP, G: np.ndarray, raise_by: np.ndarray, lower: np.ndarray,
                           frozen: np.ndarray, eps: float = 1e-9) -> list[int]:
    """Unfrozen jobs whose fairness row has a positive dual in an optimal (vertex) solution of
    the round's LP ``max t: G_i x_i >= lower_i + t raise_i``. Such a job is bottlenecked: with
    duals y >= 0 and u on the polytope, sum_j y_j G_j x <= sum_j y_j level_j for every x in the
    polytope, so no x keeps every job at its new level and lifts one with y_i > 0. Jobs with a
    zero dual stay for the next round (which then raises by 0 and finds them); the levels are
    those of exact water filling, one LP per round instead of one per job."""
    A = sp.vstack([lp.A, lp.rows(G, raise_by, lower)[0]]).tocsr()
    b = np.concatenate([lp.b, -lower])
    cost = np.zeros(lp.n)
    cost[-1] = -1.0
    bounds = [(0, None)] * (lp.n - 1) + [(None, None)]
    res = linprog(cost, A_ub=A, b_ub=b, bounds=bounds, method="highs-ds")
    if res.status != 0:
        return []
    dual = -np.asarray(res.ineqlin.marginals)[lp.A.shape[0]:]
    return [int(i) for i in np.flatnonzero(~frozen & (dual > eps))]


def _hierarchical(throughputs: Any, scale: Any, capacity: Any, entity_of_job: Any,
                  entity_weights: Any, job_weights: Any = None, *, point: str = "interior",
                  rtol: float = 1e-6, job_cap: bool = True, gavel_m_cap: bool = False
                  ) -> tuple[np.ndarray, dict[str, Any]]:
    _check_point(point)
    T, s, c, jw = _check(throughputs, scale, capacity, job_weights)
    J, k = T.shape
    ent = np.asarray(entity_of_job)
    ew = np.asarray(entity_weights, dtype=float)
    if ent.shape != (J,) or not np.issubdtype(ent.dtype, np.integer):
        raise InputError("entity_of_job", f"must be {J} integer entity indices")
    if ew.ndim != 1 or np.any(ew <= 0) or ent.min() < 0 or ent.max() >= ew.size:
        raise InputError("entity_weights", "one positive weight per entity index")
    lp = _LP(s, c, job_cap)
    G = T / proportional_throughputs(T, c)[:, None]  # normalised throughput = G_i . x_i
    big_m = float((G * s[:, None]).max())
    level = np.zeros(J)
    frozen = np.zeros(J, dtype=bool)
    rounds: list[float] = []
    z = None
    while not frozen.all():
        w = np.zeros(J)
        for e in np.unique(ent):
            live = (ent == e) & ~frozen
            if live.any():
                w[live] = ew[e] * jw[live] / jw[live].sum()
        raise_by = np.where(frozen, 0.0, w / s)  # G_i . x_i >= level_i + c * w_i / s_i
        cost = np.zeros(lp.n)
        cost[-1] = -1.0
        z, status = lp.solve(cost, [lp.rows(G, raise_by, level)], point)
        if z is None:
            raise RuntimeError(f"Gavel water-filling LP failed: {status}")
        step = max(float(z[-1]), 0.0)
        if gavel_m_cap and frozen.any() and step > big_m:
            step = big_m
            z, status = lp.solve(np.zeros(lp.n),  # any point at the capped levels
                                 [lp.rows(G, np.zeros(J), level + big_m * raise_by)], point)
        rounds.append(step)
        level = level + step * raise_by
        if gavel_m_cap:
            newly = _bottlenecked_by_lp(lp, G, level, frozen, rtol)
        else:
            newly = _bottlenecked_by_duals(lp, G, raise_by, level - step * raise_by, frozen)
            if not newly:  # numerically degenerate duals: the exact per-job test
                newly = _bottlenecked_by_lp(lp, G, level, frozen, rtol)
        if not newly:  # Gavel stops (only with gavel_m_cap, or numerically stuck)
            break
        frozen[newly] = True
    x = np.clip(z[:-1].reshape(J, k), 0.0, 1.0 if job_cap else None)
    return x, {"levels": level.tolist(), "frozen": frozen.tolist(), "rounds": len(rounds),
               "point": point,
               "solver": SOLVERS[point]}


# --- the OEF baseline ---------------------------------------------------------------------------
def _row_demands(inst: OEFInstance) -> np.ndarray:
    """min_demand of each virtual row's job type (Gavel's worker count)."""
    index = {(u.name, jt.name): jt.min_demand for u in inst.users for jt in u.job_types}
    return np.array([index[label] for label in inst.rows.labels], dtype=float)


#: How the ``cap`` parameter turns into per-row caps d_r (None = no cap).
CAP_RULES: dict[str, Callable[[OEFInstance], np.ndarray]] = {
    "demand": _row_demands,
}


#: A per-row cap: a number for every row, a ``CAP_RULES`` name, one number per row, or None.
Cap = float | str | Sequence[float] | np.ndarray | None

MAPPINGS = ("flat", "tenant")


def _caps(inst: OEFInstance, cap: Cap) -> np.ndarray | None:
    if cap is None:
        return None
    if isinstance(cap, (list, tuple, np.ndarray)):
        caps = np.asarray(cap, dtype=float)
        if caps.shape != (inst.rows.size,):
            raise InputError("cap", f"{caps.shape[0] if caps.ndim == 1 else caps.shape} caps "
                             f"for {inst.rows.size} rows")
        if np.any(caps <= 0):
            raise InputError("cap", "every per-row cap must be positive")
        return caps
    if isinstance(cap, str):
        if cap not in CAP_RULES:
            known = ", ".join(sorted(CAP_RULES))
            raise InputError("cap", f"unknown cap rule {cap!r} (known: {known}, or a number)")
        return CAP_RULES[cap](inst)
    if cap <= 0:
        raise InputError("cap", f"must be positive, got {cap}")
    return np.full(inst.rows.size, float(cap))


@register_algorithm("gavel", "oef",
                    "Gavel's max-min of throughput normalised by its proportional share "
                    "(notes §6.1), as Gavel publishes it: one stage, interior point "
                    "(cvxpy+CLARABEL like Gavel's ECOS); cap=1 per job")
def gavel(inst: OEFInstance, cap: Cap = 1.0, second_stage: bool = False, tol: float = 0.0,
          point: str = "interior", mapping: str = "flat") -> Result:
    """Gavel's heterogeneity-aware max-min policy on the virtual rows (one row = one Gavel job).

    Maximises the minimum over rows of throughput normalised by Gavel's proportional share.
    A row with cap d_r is a Gavel job with scale factor d_r and priority weight = the row weight:
    X_r = d_r x_r devices, so ``sum_j X_r^j <= d_r`` is Gavel's ``sum_j x <= 1``. ``cap`` is a
    number (the default 1 is Gavel's time-fraction constraint and reproduces the paper, notes
    §6.1), ``"demand"`` (each job type's min_demand), one d_r per row (the job simulator passes
    each tenant's active worker demand) or None (no per-row cap; not a Gavel setting).

    ``point``: "interior" (cvxpy + CLARABEL, the kind of point Gavel's default ECOS returns) or
    "vertex" (HiGHS dual simplex); where the max-min optimum is not unique the allocation
    depends on this choice. ``second_stage=True`` is *not* Gavel: it then maximises total
    efficiency keeping the level >= (1 - tol) t* (the old dlsched default, also registered as
    ``gavel-max-throughput``). ``mapping="tenant"`` treats the rows of a user as the jobs of one
    tenant and runs Gavel's hierarchical water filling (entity weight = user weight, equal job
    weights); with one job type per user it equals ``"flat"``.

    ``solution["level"]`` is the max-min level relative to the weighted equal split E^eq (the
    notes' t); ``stats["gavel_level"]`` is the same optimum in Gavel's normalisation.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    cap : float, str, list of float or None, default 1.0
        Per-row cap d_r on the GPUs of a virtual row (Gavel's scale factor): one number > 0 for
        every row (1 is Gavel's time-fraction constraint ``sum_j x <= 1``), ``'demand'`` (each
        job type's ``min_demand``), one number per row, or None (no cap; not a Gavel setting).
        Unit: GPUs.
    second_stage : bool, default False
        Then maximise total efficiency at the max-min level (not Gavel; what
        ``gavel-max-throughput`` does).
    tol : float, default 0.0
        With a second stage, the max-min level may drop to (1 - tol) t*; meaningful in
        [0, 1). Unit: dimensionless.
    point : str, default 'interior'
        Which optimum of the max-min LP comes back: ``'interior'`` (cvxpy + CLARABEL, like
        Gavel's ECOS) or ``'vertex'`` (HiGHS dual simplex).
    mapping : str, default 'flat'
        ``'flat'`` (every row is a Gavel job) or ``'tenant'`` (the rows of a user are the jobs
        of one tenant: Gavel's hierarchical water filling).

    Returns
    -------
    Result
        Status ``feasible`` (the objective, total normalised throughput recomputed from the
        allocation, is not the optimum of an OEF model; the LP status is in
        ``stats["lp_status"]``); the ``Solution`` holds ``allocation``, ``efficiency``,
        ``total_efficiency``, ``rows`` and ``level``, the max-min level relative to the
        weighted equal split (the notes' t); ``stats["gavel_level"]`` is the same optimum in
        Gavel's normalisation.

    Raises
    ------
    InputError
        ``point``, ``mapping`` or ``cap`` is not one of the accepted values (a non-positive
        cap, a per-row list of the wrong length, an unknown cap rule), or ``second_stage``
        with ``mapping='tenant'``.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.baselines import gavel
    >>> res = gavel(generate(n=3, k=2, seed=0), point="vertex")
    >>> res.status.value, round(res.objective, 6), round(float(res.solution.level), 6)
    ('feasible', 3.434331, 0.758746)
    """
    return _gavel(inst, "gavel", cap, second_stage, tol, point, mapping)


@register_algorithm("gavel-max-throughput", "oef",
                    "not Gavel: adds a max-throughput second stage to Gavel's max-min LP "
                    "(dual-simplex vertex; dlsched's gavel before it followed Gavel's code)")
def gavel_max_throughput(inst: OEFInstance, cap: Cap = 1.0, tol: float = 0.0,
                         point: str = "vertex") -> Result:
    """Gavel's max-min level, then the most efficient allocation at that level (stage 2).

    Not Gavel's policy: ``gavel`` with ``second_stage=True`` and ``mapping='flat'``.

    Parameters
    ----------
    inst : OEFInstance
        The instance to allocate.
    cap : float, str, list of float or None, default 1.0
        Per-row cap d_r on the GPUs of a virtual row (Gavel's scale factor): one number > 0 for
        every row (1 is Gavel's time-fraction constraint ``sum_j x <= 1``), ``'demand'`` (each
        job type's ``min_demand``), one number per row, or None (no cap; not a Gavel setting).
        Unit: GPUs.
    tol : float, default 0.0
        With a second stage, the max-min level may drop to (1 - tol) t*; meaningful in
        [0, 1). Unit: dimensionless.
    point : str, default 'vertex'
        Solver of the max-min stage: ``'vertex'`` (HiGHS dual simplex) or ``'interior'``
        (cvxpy + CLARABEL).

    Returns
    -------
    Result
        Status ``feasible`` (the objective, total normalised throughput recomputed from the
        allocation, is not the optimum of an OEF model; the LP status is in
        ``stats["lp_status"]``); the ``Solution`` holds ``allocation``, ``efficiency``,
        ``total_efficiency``, ``rows`` and ``level``, the max-min level relative to the
        weighted equal split (the notes' t); ``stats["gavel_level"]`` is the same optimum in
        Gavel's normalisation.

    Raises
    ------
    InputError
        ``point`` or ``cap`` is not one of the accepted values.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.baselines import gavel_max_throughput
    >>> res = gavel_max_throughput(generate(n=3, k=2, seed=0), cap=None)
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 4.818733)
    """
    return _gavel(inst, "gavel-max-throughput", cap, True, tol, point, "flat")


def _gavel(inst: OEFInstance, method: str, cap: Cap, second_stage: bool, tol: float,
           point: str, mapping: str) -> Result:
    t0 = time.perf_counter()
    _check_point(point)
    if mapping not in MAPPINGS:
        raise InputError("mapping", f"unknown mapping {mapping!r} (known: {', '.join(MAPPINGS)})")
    if mapping == "tenant" and second_stage:
        raise InputError("second_stage", "only with mapping='flat'")
    W, w, c = inst.rows.W, inst.rows.weight, inst.capacity
    caps = _caps(inst, cap)
    s = np.ones(inst.rows.size) if caps is None else caps
    stats: dict[str, Any]
    if mapping == "flat":
        x, stats = _maxmin(W, s, c, w, point, second_stage, tol, job_cap=caps is not None)
    else:
        owner = inst.rows.owner.astype(np.int64)
        x, stats = _hierarchical(W, s, c, owner, inst.weights, None, point=point,
                                 job_cap=caps is not None)
    stats["mapping"] = mapping
    X = x * s[:, None]
    # an interior point may exceed a capacity by its feasibility tolerance (8.00000097 of 8):
    # scale such a column down to the capacity, so the allocation is feasible as returned
    used = X.sum(axis=0)
    over = used > c
    if over.any():
        X[:, over] *= c[over] / used[over]
        x = X / s[:, None]
        stats["capacity_rescaled"] = float((used[over] / c[over]).max() - 1.0)
    g = _level(W, s, c, w, x)
    stats["gavel_level"] = g
    return allocation_result(inst, method, X, t0, stats, level=g * w.sum() / c.sum())
