"""Exact routes for the batch max-weight problem (7) and an exact pricing oracle for Alg. 3.

Problem (7) (notes §2.3): max sum_j w_j sum_t x_jt with at most one start per job (7a), completion
t + d_j <= tau (7b), the placement rows of (2) and no release dates. Its schedules are the
relative slots 1..tau-1 (slot tau is never used, [A2]); a job may be left out.

Two independent exact solves (they cross-check each other in the tests):

- ``"patterns"``: the pattern ILP (8) over the E2 placements (``patterns.pattern_set``, with
  starts 1..tau-d), maximising sum w x under (8a) and (8b), by HiGHS via ``scipy.optimize.milp``.
- ``"milp"``: the E1 variant of notes §2.4 "Variants": "(7): <= 1 in (2a), S_jk = {1..tau-d_k},
  max sum wX", built from the E1 model with (2a) relaxed to <= 1 and (2e) tied to acceptance
  (sum S >= sum X: a job left out holds no PS).

``exact_pricer`` is the brute-force pricing oracle of notes §2.4 (E2 "doubles as the
brute-force pricing oracle for §3"): the cheapest schedule of one job over every placement of
Gamma_j and every start, at the current prices and within the residual capacity. Dominated
placements (d' <= d, f' <= f) are skipped; at prices >= 0 they are never cheaper and fit
whenever the dominated one fits, so the minimum is exact.
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import dataclasses
import math
from functools import lru_cache

import numpy as np
import pyomo.environ as pyo
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import vstack

from ...core import SolveOptions, Status, solve_pyomo
from ..algorithms.mincost import Candidate, Prices
from ..instance import CompletionInstance
from ..model import build_e1, e1_data
from ..support.config import EPS, configurations
from ..support.pattern_set import Placements, job_placements, pattern_set

BATCH_MODELS = ("patterns", "milp")


def batch_instance(inst: CompletionInstance) -> CompletionInstance:
    """The instance with every arrival at slot 1: (7) has no release dates."""
    return dataclasses.replace(inst, arrival=np.ones_like(inst.arrival))


def batch_optimum(inst: CompletionInstance, tau: int, model: str = "patterns") -> float:
    """OPT(7): the largest total weight of jobs that can all complete by ``tau``."""
    if model not in BATCH_MODELS:
        raise ValueError(f"model must be one of {BATCH_MODELS}, got {model!r}")
    if tau < 2:
        return 0.0  # every duration is >= 1 and starts are >= 1
    rel = batch_instance(inst)
    return _opt_patterns(rel, tau) if model == "patterns" else _opt_e1(rel, tau)


def _opt_patterns(rel: CompletionInstance, tau: int) -> float:
    ps = pattern_set(rel, tmax=tau - 1)
    if ps.n_columns == 0:
        return 0.0
    A_cap, upper, _ = ps.capacity()
    A = vstack([ps.assignment(), A_cap]).tocsr()
    ub = np.concatenate([np.ones(rel.n_jobs), upper])
    res = milp(-rel.weight[ps.job], integrality=np.ones(ps.n_columns),
               bounds=Bounds(0, 1), constraints=LinearConstraint(A, -np.inf, ub))
    if res.x is None:
        raise RuntimeError(f"(7) pattern ILP: HiGHS returned no solution ({res.message})")
    return float(np.dot(rel.weight[ps.job], np.round(res.x)))


def _opt_e1(rel: CompletionInstance, tau: int) -> float:
    data = e1_data(rel, tmax=tau - 1)  # starts 1..tau-d: C = t + d <= tau (7b)
    if not data.xkeys():
        return 0.0
    m = build_e1(data)
    m.start_once.deactivate()
    m.obj.deactivate()
    by_job: dict[int, list] = {j: [] for j in range(rel.n_jobs)}
    for j, k, t in m.XK:
        by_job[j].append(m.X[j, k, t])
    m.start_at_most_once = pyo.Constraint(range(rel.n_jobs),
                                          rule=lambda m, j: sum(by_job[j]) <= 1)  # (7a)
    if not rel.ring:
        m.one_ps.deactivate()
        H, P = range(rel.n_servers), range(len(rel.ps_names))
        m.one_ps_if_accepted = pyo.Constraint(
            range(rel.n_jobs),
            rule=lambda m, j: sum(m.S[j, h, p] for h in H for p in P) >= sum(by_job[j]))
    m.weight = pyo.Objective(expr=sum(float(rel.weight[j]) * m.X[j, k, t] for j, k, t in m.XK),
                             sense=pyo.maximize)
    out = solve_pyomo(m, SolveOptions())
    if out.status is not Status.OPTIMAL:
        raise RuntimeError(f"(7) E1 variant: status {out.status}")
    return float(sum(rel.weight[j] for j, k, t in m.XK if pyo.value(m.X[j, k, t]) > 0.5))


@lru_cache(maxsize=256)
def _placements(inst_id: int, inst: CompletionInstance, j: int) -> Placements:
    return job_placements(inst, j)


def exact_pricer(inst: CompletionInstance, j: int, pr: Prices) -> Candidate | None:
    """Cheapest schedule of job j over all of Gamma_j at the prices ``pr`` (notes §7.5/§7.6).

    Every placement of E2 and every start t^- in 1..tau-L with the placement's load within the
    window minimum of the residual capacity; cost = sum over the window of delta * f. Ties go
    to the earlier completion, then the enumeration order. ``None`` if nothing fits."""
    pl = _placements(id(inst), inst, j)
    ks = configurations(inst, j)
    best: Candidate | None = None
    for L in np.unique(pl.d):
        L = int(L)
        if pr.tau - 1 < L:
            continue
        idx = np.nonzero(pl.d == L)[0]
        wmin, dsum = pr.window(L)  # [H, R, starts]
        load = pl.load[idx]  # [P, H, R]
        fits = np.all(load[:, :, :, None] <= wmin[None] + EPS, axis=(1, 2))  # [P, starts]
        cost = np.where(fits, np.einsum("phr,hrt->pt", load, dsum), math.inf)
        p, t = np.unravel_index(int(np.argmin(cost)), cost.shape)
        c = float(cost[p, t])
        if not math.isfinite(c):
            continue
        if best is None or c < best.cost or (c == best.cost and t + 1 + L < best.completion):
            i = int(idx[p])
            k = ks[int(pl.config[i])]
            best = Candidate(c, int(t) + 1, L, k.m, k.p,
                             {h: int(v) for h, v in enumerate(pl.y[i]) if v},
                             {h: int(v) for h, v in enumerate(pl.s[i]) if v})
    return best


def thm3_assumptions(inst: CompletionInstance, tau: int, lam: float, F: float) -> dict[str, int]:
    """Jobs for which some schedule l in Gamma_j (completion <= tau) violates Thm 3's
    (i) 1 <= w_j / sum_{t, h, r} f(l) <= F or (ii) f_hr(l) / C_hr <= 1 / log lambda.

    The theorem quantifies over every schedule, not only the chosen one (compare
    ``online.assumption_violations``, which checks the chosen schedules)."""
    rel = batch_instance(inst)
    cap = np.where(rel.capacity > 0, rel.capacity, np.inf)
    bad_i = bad_ii = 0
    for j in range(rel.n_jobs):
        pl = _placements(id(rel), rel, j)
        ok = pl.d <= tau - 1
        if not ok.any():
            continue
        area = pl.d[ok] * pl.load[ok].sum(axis=(1, 2))
        ratio = rel.weight[j] / area
        bad_i += bool(np.any((ratio < 1) | (ratio > F)))
        bad_ii += bool(np.any(pl.load[ok] / cap[None] > 1 / math.log2(lam) + 1e-12))
    return {"assumption_i": bad_i, "assumption_ii": bad_ii}


def dual_violation(inst: CompletionInstance, tau: int, u: dict[int, float],
                   delta: np.ndarray) -> tuple[float, int | None]:
    """Largest violation of the dual rows of (9), max_j,l (w_j - sum_t delta f(l)) - u_j, and
    the job attaining it (None when it is <= 0): the final (u, delta) of A_maxweight is
    dual-feasible iff the value is <= 0. Rows run over every l in Gamma_j with t + d <= tau."""
    rel = batch_instance(inst)
    cs = np.concatenate([np.zeros((*delta.shape[:2], 1)), np.cumsum(delta, axis=2)], axis=2)
    worst, arg = -math.inf, None
    for j in range(rel.n_jobs):
        pl = _placements(id(rel), rel, j)
        for L in np.unique(pl.d):
            L = int(L)
            if tau - 1 < L:
                continue
            n = tau - L  # starts 1..tau-L
            dsum = cs[:, :, L:L + n] - cs[:, :, :n]
            cost = np.einsum("phr,hrt->pt", pl.load[pl.d == L], dsum)
            gap = float(rel.weight[j] - cost.min()) - u.get(j, 0.0)
            if gap > worst:
                worst, arg = gap, j
    return worst, (arg if worst > 1e-9 else None)
