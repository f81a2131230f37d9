"""``completion-interval``: the default exact model of the completion problem (CP-SAT).

Same decision space as E1 (notes §2): per job one configuration k = (m, p, q, N) of
``support.config.configurations`` (Pareto-pruned), a start slot >= its arrival, per-server
worker / PS counts, the PS bandwidth rule (2i) and the capacity rule (2h) per (server,
resource). On top of the single-interval model of ``completion-cpsat`` it adds what makes CP-SAT
propagate:

- one *optional fixed-size interval per configuration* (presence literal = the configuration
  choice, exactly one per job) carrying the job's least aggregate demand under k
  (N e_m + s_min z_p, ``psmin.min_ps_count``: the fewest PSs rule (2i) allows), in a
  *redundant cumulative per resource over the whole cluster*
  (capacity sum_h C_h). It is implied by (2h), and it is the exact resource constraint when
  the cluster has one server (1 || sum w_j C_j is this cumulative with unit demands);
- *symmetry breaking* between interchangeable jobs (same data except the weight, same
  arrival): the heavier one ends no later (swap their labels: never worse);
- a *complete hint and an objective cut* from the best validated non-preemptive schedule of
  A_online, FIFO and the list schedules of ``support.lists`` (WSPT order; single-server and spread
  placements): the incumbent at time 0 is that schedule, and CP-SAT only searches for
  strictly better or equal ones;
- *column generation first* (``colgen_share`` of the limit): the Lagrangian bound of
  ``colgen`` as objective floor, and the master LP's mean completion times as a list order;
  on instances of at most ``SMALL_JOBS`` jobs with the cluster rows (``colgen``) and, in what
  the root LP leaves of that share, branching on start windows (``branching``);
- an *order search* (``search_share`` of the limit): insertion moves on the list order, from
  the LP order, keeping the best list schedule as the hint;
- an *LP-restricted search* (``restrict_share`` of the limit): CP-SAT on this model
  restricted to the incumbent's and the column-generation LP's best configurations per job
  and to 1.25 x the incumbent's makespan, then a large-neighbourhood search on it (free a few
  jobs, fix the rest to the incumbent, re-solve for seconds); a primal heuristic, its bound
  is not used, and the improved schedule becomes the full model's hint and cut;
- the *cheap lower bounds* of ``exact.bounds`` (LB0, area / Smith) folded into
  ``Result.bound`` with the column-generation bound; when the incumbent meets that bound the
  status is ``optimal`` (a proof, ``stats["optimal_by"]``).

The time limit covers the whole call: heuristics and build time are taken off the solver's
budget. Every returned schedule goes through the independent validator (``exact.finish.finish``).
"""
# "notes §n" = section n of docs/specs/completion.md (the formulation notes of this problem)

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ...core import InputError, Result, SolveOptions, Status, register_model, relative_gap
from ...core.cpsat import solve_cpsat
from ...core.deadline import DeadlineExceeded, check_deadline, deadline, remaining
from ...core.solver import uses_solver
from ..instance import CompletionInstance
from ..model import e1_data
from ..support.config import configurations
from ..support.lists import improve_order, list_horizon, list_schedule, wspt_list, wspt_order
from .bounds import lower_bounds
from .colgen import COLGEN_TIME_LIMIT, colgen_bound, server_classes
from .cpsat import add_hints, cp_integer_data, placement_vars, read_plans, server_loads
from .finish import fallback, finish
from .incumbent import heuristic_runs, incumbent_pool, resolve_horizon, statement_horizon
from .psmin import max_workers_beside_ps, min_ps_count

TOL = 1e-9


def _server_groups(inst: CompletionInstance) -> list[list[int]]:
    """Servers with identical capacity vectors (interchangeable: no other datum is per server),
    in index order, groups of two or more."""
    of = server_classes(inst).of
    groups = [sorted(int(h) for h in np.nonzero(of == c)[0]) for c in np.unique(of)]
    return [g for g in groups if len(g) > 1]


def _break_server_symmetry(cp: Any, inst: CompletionInstance,
                           vars_: dict[int, Any]) -> dict[tuple[int, int], Any]:
    """Identical servers h_0 < h_1 < ... of a group are opened in order: job j may use h_k
    (k >= 1) only if some job i <= j uses h_{k-1}. Exact: relabelling the servers of a group
    by the index of the first job that uses them (``canonical_servers``) maps every schedule to
    one that satisfies these rows, with the same objective. Returns the literals
    opened[j, h] = OR_{i <= j} o[i, h] that the rows use (to be hinted)."""
    opened: dict[tuple[int, int], Any] = {}
    jobs = sorted(vars_)
    for hs in _server_groups(inst):
        for h in hs[:-1]:
            prev = None
            for j in jobs:
                o = vars_[j][5]["o"][h]
                if prev is None:
                    lit = o
                else:
                    lit = cp.new_bool_var(f"opened[{j},{h}]")
                    cp.add_max_equality(lit, [prev, o])
                opened[j, h] = lit
                prev = lit
        for prev_h, h in itertools.pairwise(hs):
            for j in jobs:
                cp.add_implication(vars_[j][5]["o"][h], opened[j, prev_h])
    return opened


def canonical_servers(inst: CompletionInstance, solution: dict[str, Any]) -> dict[str, Any]:
    """The same schedule with the servers of each identical group relabelled in the order of
    the first job (by index) that uses them (unused servers last): it satisfies
    ``_break_server_symmetry`` and has the same objective and validity."""
    names = inst.server_names
    first = {h: inst.n_jobs for h in range(inst.n_servers)}
    for j, name in enumerate(inst.job_names):
        rec = solution["jobs"].get(name, {})
        for key in ("workers", "ps"):
            for hn, c in (rec.get(key) or {}).items():
                if c:
                    h = names.index(hn)
                    first[h] = min(first[h], j)
    rename = {hn: hn for hn in names}
    for hs in _server_groups(inst):
        by_use = sorted(hs, key=lambda h: (first[h], h))
        for old, new in zip(by_use, hs, strict=True):
            rename[names[old]] = names[new]
    jobs = {}
    for name, rec in solution["jobs"].items():
        rec = dict(rec)
        for key in ("workers", "ps"):
            if key in rec and rec[key] is not None:
                rec[key] = {rename[hn]: c for hn, c in rec[key].items()}
        jobs[name] = rec
    return {**solution, "jobs": jobs}


def _hint_opened(cp: Any, inst: CompletionInstance, solution: dict[str, Any],
                 opened: dict[tuple[int, int], Any]) -> None:
    used: dict[int, set[str]] = {}
    for j, name in enumerate(inst.job_names):
        rec = solution["jobs"].get(name, {})
        used[j] = {hn for key in ("workers", "ps") for hn, c in (rec.get(key) or {}).items()
                   if c}
    for (j, h), lit in opened.items():
        if j > 0 and (j - 1, h) in opened:  # the first job's literal is o itself (hinted)
            hn = inst.server_names[h]
            cp.add_hint(lit, any(hn in used[i] for i in range(j + 1)))


def _twins(inst: CompletionInstance) -> list[tuple[int, int]]:
    """Pairs (i, j), i before j, of jobs equal in every datum but the weight (w_i >= w_j):
    some optimal schedule ends i no later than j."""
    def key(j: int) -> tuple:
        return (int(inst.arrival[j]), float(inst.workload[j]), int(inst.chunks[j]),
                tuple(np.ravel(inst.minibatch_time[j])), tuple(np.ravel(inst.update_time[j])),
                float(inst.transfer[j].sum()), configurations(inst, j))
    groups: dict[tuple, list[int]] = {}
    for j in range(inst.n_jobs):
        groups.setdefault(key(j), []).append(j)
    pairs = []
    for js in groups.values():
        js = sorted(js, key=lambda j: (-inst.weight[j], j))
        pairs += list(itertools.pairwise(js))
    return pairs


COLGEN_SHARE = 0.25  # of the time limit, for the column-generation bound before the search
COLGEN_CAP = 30.0  # seconds at most (and COLGEN_TIME_LIMIT without a time limit)
BRANCH_SHARE = 0.1  # of the limit, for branching after the root LP (beyond its share; small n)
SMALL_JOBS = 8  # at most this many jobs: the full model is searchable, the restriction gets less
SMALL_SHARE = 0.35  # of the time limit, at most, for the restricted search on such instances
CLUSTER_ROWS = (2,)  # the cluster rows of column generation on such instances
SEARCH_SHARE = 0.1  # of the time limit, for the local search over list-schedule orders
SEARCH_CAP = 10.0  # seconds at most (also without a time limit)
SPREAD_PS = 4  # most PSs on the host of a spread placement in the LP-order list schedule


def _colgen_first(inst: CompletionInstance, tmax: int, heur: Result | None,
                  limit: float | None, share: float, stats: dict[str, Any]) -> list[int] | None:
    """Run the column-generation bound before the search (recorded in ``stats["colgen"]``,
    used as objective floor and by ``finish``) unless the hint already meets the cheap
    bounds. Returns the jobs in the master LP's mean-completion order (Schulz's LP ordering;
    None without an LP solution)."""
    if share <= 0 or heur is None or _proven(heur, _floor(inst, tmax, stats)):
        return None
    budget = COLGEN_TIME_LIMIT if limit is None else min(COLGEN_CAP, share * limit)
    # on small instances the LP gets the cluster rows (``colgen``), and what the root LP leaves
    # of its share, plus BRANCH_SHARE of the limit, goes to branching on start windows
    # (``branching``): a bound at least the root LP's, at most the hint's. At paper scale
    # (n >= 10) they gained 0-0.3 % each (branching: in 15-25 s; the rows: at up to 1.5x the
    # LP's time), less than the LNS makes of that time
    extra = BRANCH_SHARE * (COLGEN_TIME_LIMIT if limit is None else limit)
    small = inst.n_jobs <= SMALL_JOBS
    cg = colgen_bound(inst, tmax, time_limit=budget, branch_time=max(extra, 1e-3) if small
                      else 0.0, upper=heur.objective, cluster_rows=CLUSTER_ROWS if small
                      else ())
    stats["colgen"] = {"bound": cg.bound, "iterations": cg.iterations, "columns": cg.columns,
                       "converged": cg.converged, "rows": cg.rows, "master_lp": cg.lp,
                       "root_bound": cg.root_bound, "nodes": cg.nodes,
                       "runtime_s": round(cg.runtime_s, 3), "up_front": True}
    if cg.lp_configs is not None:
        stats["_lp_configs"] = cg.lp_configs  # internal: popped before the Result is built
    if cg.lp_completion is None:
        return None
    return [int(j) for j in np.lexsort((np.arange(inst.n_jobs), np.asarray(cg.lp_completion)))]


def _floor(inst: CompletionInstance, tmax: int, stats: dict[str, Any]) -> float:
    """The best valid lower bound known before the search: the cheap bounds and, if it ran,
    the column-generation bound (both computed on the instance's own data)."""
    if "cheap_bound" not in stats:  # computed once per solve (seconds at paper scale)
        stats["cheap_bound"] = lower_bounds(inst, tmax)["best"]
    return max(stats["cheap_bound"], stats.get("colgen", {}).get("bound") or 0.0)


def _proven(heur: Result, floor: float) -> bool:
    """The hint meets ``floor``, a valid lower bound (``_floor``): it is optimal."""
    return heur.objective <= floor + 1e-9 * max(1.0, heur.objective)


def _better_lists(inst: CompletionInstance, tmax: int, heur: Result | None,
                  lp_order: list[int] | None, limit: float | None, share: float,
                  stats: dict[str, Any]) -> Result | None:
    """List-schedule the jobs in the LP order (single-server and spread placements), then
    improve the order by local search (``lists.improve_order``) for ``share`` of the time
    limit, the LP-order lists included (spread placements with up to ``SPREAD_PS`` PSs on the
    host when that gave the better LP-order list; a variant is skipped once the share is
    spent); the best of these and ``heur``. Stops as
    soon as a schedule meets the lower bound known so far (nothing better exists)."""
    floor = _floor(inst, tmax, stats)
    if heur is None or _proven(heur, floor):
        return heur
    start, sps, t_lists = lp_order, 1, time.perf_counter()
    budget = SEARCH_CAP if limit is None else min(SEARCH_CAP, share * limit)
    if start is not None:
        tries = [(False, 1), (True, 1)] + ([] if inst.ring else [(True, SPREAD_PS)])
        for i, (spread, n_ps) in enumerate(tries):
            if i and time.perf_counter() - t_lists > budget:
                break  # the share is spent: the LNS that follows needs the time more
            res = list_schedule(inst, start, tmax, method="lp-order-list", spread=spread,
                                spread_ps=n_ps)
            if res is not None and res.objective < heur.objective:
                stats["lp_order_list"] = res.objective
                heur, sps = res, n_ps
    else:
        start = wspt_order(inst)
    budget -= time.perf_counter() - t_lists  # the LP-order lists come out of the same share
    if share > 0 and start is not None and budget > 0:
        res = improve_order(inst, start, tmax, budget, target=floor, spread_ps=sps)
        if res is not None:
            stats["order_search"] = {"objective": res.objective,
                                     "moves": res.stats.get("moves", 0),
                                     "stopped": res.stats.get("stopped", "single job")}
            if res.objective < heur.objective:
                heur = res
    return heur


RESTRICT_SHARE = 0.75  # of the time limit, for the LP-restricted CP-SAT search before the full one
RESTRICT_CAP = 60.0  # seconds, without a time limit (with one: its share, uncapped)
LP_CONFIGS = 8  # configurations per job from the LP ranking in the first restricted model
FULL_RESERVE = 0.1  # of the time limit, always left to the full model after the restricted one
RESTRICT_SLACK = 1.25  # restricted T_max: this times the incumbent's makespan (at most T_max)
END_RESERVE = 1.5  # seconds kept for the bounds and the validation when the full model is skipped
BUILD_S_PER_CONFIG = 2e-4  # seconds to build the full model per configuration (paper PS, load 4)
RESTRICT_FIRST = 0.3  # of the restricted budget, for the whole restricted model (then LNS)
LNS_FREE = 4  # jobs freed in the first LNS round
LNS_ROUND = 2.0  # seconds at most per LNS round
LNS_STALL = 8  # LNS rounds in a row without improvement after which the full model takes over


def _incumbent_configs(inst: CompletionInstance, sol: dict[str, Any],
                       configs: tuple) -> list[set[tuple[int, int, int, int, int]]]:
    """Per job, the configurations (m, p, q, n, d) of ``configs[j]`` that match the job's
    record in ``sol`` (worker type, PS type, worker count, duration)."""
    out = []
    for j, name in enumerate(inst.job_names):
        rec = sol["jobs"][name]
        m = inst.worker_names.index(rec["worker_type"])
        p = inst.ps_names.index(rec["ps_type"]) if not inst.ring else -1
        n = sum(rec["workers"].values())
        out.append({(k.m, k.p, k.q, k.n, k.d) for k in configs[j]
                    if (k.m, k.p, k.n, k.d) == (m, p, n, int(rec["duration"]))})
    return out


def _restricted_data(inst: CompletionInstance, full: Any, heur: Result, ranked: tuple,
                     take: int, t_r: int, frozen: set[int]) -> Any:
    """``full`` (an ``E1Data``) restricted to T_max ``t_r`` and per job to the incumbent's
    configurations plus the first ``take`` of ``ranked``; a job of ``frozen`` keeps only its
    incumbent configuration(s) and start."""
    keep = _incumbent_configs(inst, heur.solution, full.configs)
    configs, starts = [], []
    for j in range(inst.n_jobs):
        if j not in frozen:
            keep[j].update(ranked[j][:take])
        ks = tuple(k for k in full.configs[j] if (k.m, k.p, k.q, k.n, k.d) in keep[j])
        configs.append(ks)
        if j in frozen:
            s = int(heur.solution["jobs"][inst.job_names[j]]["start"])
            starts.append(tuple(range(s, s + 1) for _ in ks))
        else:
            starts.append(tuple(range(int(inst.arrival[j]), t_r - k.d + 2) for k in ks))
    return replace(full, tmax=t_r, configs=tuple(configs), starts=tuple(starts))


def _neighbourhood(inst: CompletionInstance, sol: dict[str, Any], size: int, rnd: int,
                   rng: np.random.Generator) -> set[int]:
    """Jobs to free in an LNS round, by turns: the ``size`` jobs whose mid-run slot is nearest
    that of a random job (a time window); a job drawn with probability proportional to its
    weighted wait w_j (S_j - a_j) and the jobs running nearest its wait window (what delays
    it); ``size`` random jobs."""
    n = inst.n_jobs
    recs = [sol["jobs"][name] for name in inst.job_names]
    start = np.array([r["start"] for r in recs], dtype=float)
    end = start + np.array([r["duration"] for r in recs], dtype=float)
    kind = rnd % 3
    if kind == 2:
        return {int(j) for j in rng.choice(n, size=size, replace=False)}
    wait = inst.weight * (start - inst.arrival)
    if kind == 1 and wait.sum() > 0:
        c = int(rng.choice(n, p=wait / wait.sum()))
        lo, hi = float(inst.arrival[c]), end[c]  # its wait and its run
        gap = np.maximum(0.0, np.maximum(lo - end, start - hi))  # distance to [lo, hi]
    else:
        mid = (start + end) / 2
        c = int(rng.integers(n))
        gap = np.abs(mid - mid[c])
    gap[c] = -1.0
    near = np.lexsort((rng.random(n), gap))
    return {int(j) for j in near[:size]}


def _restricted_search(inst: CompletionInstance, tmax: int, heur: Result, ranked: tuple,
                       options: SolveOptions, share: float, clock: tuple[float, float],
                       stats: dict[str, Any],
                       server_symmetry: bool, cpsat_params: dict[str, Any] | None,
                       stall: int | None = None) -> Result:
    """Primal search of CP-SAT on the interval model restricted to a few configurations per
    job (the incumbent's and the first ``LP_CONFIGS`` of the column-generation LP's ranking,
    ``ColgenResult.lp_configs``) and to ``RESTRICT_SLACK`` x the incumbent's makespan, hinted
    and cut by the incumbent, for ``RESTRICT_FIRST`` of its budget (``share`` of the time
    limit; when CP-SAT proves the restriction, the ranking taken per job doubles). Then a
    large-neighbourhood search on it: each round frees a few jobs (a time window or a random
    set, ``_neighbourhood``), fixes the others' configuration, start and placement to the
    incumbent, and re-solves for at most ``LNS_ROUND`` seconds; the number freed grows after
    a proven round and shrinks after one stopped by its limit. A restriction: its bound says
    nothing about the instance and is dropped; a schedule it finds is validated (``check``)
    and kept only if better than ``heur``. ``stall``: the LNS stops after that many rounds in
    a row without an improvement (the full model then gets the time left)."""
    from ..solution import make_solution, plans_from_solution
    from ..validate import check

    t_start = time.perf_counter()
    limit = options.time_limit
    t0, reserve = clock  # the solve's start and the seconds kept back from its limit
    budget = RESTRICT_CAP if limit is None else min(
        share * limit, remaining(limit, t_start - t0) - reserve)
    full = e1_data(inst, tmax)
    rounds: list[dict[str, Any]] = []
    take, whole = LP_CONFIGS, True
    rng = np.random.default_rng(0)
    size, lns, improved, idle = min(inst.n_jobs, LNS_FREE), 0, 0, 0
    spent, sizes = [0.0, 0.0], []
    while True:
        left = budget - (time.perf_counter() - t_start)
        if left < 0.5:
            break
        ends = [r["start"] + r["duration"] - 1 for r in heur.solution["jobs"].values()]
        t_r = min(tmax, max(int(inst.horizon), math.ceil(RESTRICT_SLACK * max(ends))))
        frozen = set() if whole else set(range(inst.n_jobs)) - _neighbourhood(
            inst, heur.solution, size, lns, rng)
        t_build = time.perf_counter()
        data = _restricted_data(inst, full, heur, ranked, take, t_r, frozen)
        local = {key: stats[key] for key in ("cheap_bound", "colgen") if key in stats}
        fixed = {j: heur.solution["jobs"][inst.job_names[j]] for j in frozen}
        model = _build_model(inst, data, heur, local, server_symmetry and whole,
                             restricted=True, fixed=fixed)
        if model is None or model.inexact or "objective_cut" not in local:
            break  # the incumbent does not fit the restriction (or rounded data): stop
        spent[0] += time.perf_counter() - t_build
        left = budget - (time.perf_counter() - t_start)
        cap = RESTRICT_FIRST * budget if whole else LNS_ROUND
        out = solve_cpsat(model.cp, time_limit=max(min(left, cap), 0.1),
                          threads=options.threads, scale=model.fw, params=cpsat_params,
                          reproducible=options.reproducible, budget_s=min(left, cap))
        plans = read_plans(inst, out, model.vars_)
        if plans is not None and frozen:
            plans = {**plans_from_solution(inst, heur.solution), **plans}
        proven = out.status in (Status.OPTIMAL, Status.INFEASIBLE)
        spent[1] += out.solve_s
        if not whole:
            sizes.append((len(data.configs) - len(frozen), round(out.solve_s, 2), proven))
        if whole:
            rounds.append({"configs": sum(len(c) for c in data.configs), "tmax": t_r,
                           "termination": out.stats.get("termination"),
                           "objective": out.objective})
        if plans is not None and out.objective is not None \
                and out.objective < heur.objective - 1e-9:
            sol = make_solution(inst, plans, capped=tmax <= inst.horizon)
            if not check(inst, sol):
                heur = Result(problem="completion", method="lp-restricted-cpsat",
                              status=Status.FEASIBLE, objective=float(sol["objective"]),
                              runtime_s=time.perf_counter() - t_start, solution=sol)
                improved += not whole
                idle = -1
        if whole:
            if proven and any(len(r) > take for r in ranked):
                take *= 2  # nothing better in this restriction: widen it
                continue
            if proven:
                break  # the whole ranking is in and proven: nothing left to search
            whole = False
            continue
        lns += 1
        idle += 1
        if stall is not None and idle >= stall:
            break  # the restriction's neighbourhoods stopped paying: the full model's turn
        size = min(inst.n_jobs, size + 1) if proven else max(2, size - 1)
    stats["restricted_search"] = {"rounds": rounds, "lns_rounds": lns,
                                  "lns_improvements": improved, "objective": heur.objective,
                                  "build_s": round(spent[0], 2), "solve_s": round(spent[1], 2),
                                  "sizes": sizes,
                                  "runtime_s": round(time.perf_counter() - t_start, 3)}
    return heur


def _fixed_job(cp: Any, inst: CompletionInstance, j: int, rec: dict[str, Any],
               demand: tuple[np.ndarray, np.ndarray], per_server: dict[tuple[int, int], list],
               cluster: dict[int, list]) -> int:
    """Job j as a constant of the model (its ``rec`` of a schedule): a fixed interval carrying
    its integer load on each (server, resource) and on the cluster. Returns its completion."""
    ei, zi = demand
    s, d = int(rec["start"]), int(rec["duration"])
    itv = cp.new_fixed_size_interval_var(s, d, f"fixed[{j}]")
    m = inst.worker_names.index(rec["worker_type"])
    p = inst.ps_names.index(rec["ps_type"]) if not inst.ring else -1
    total = np.zeros(ei.shape[1], dtype=np.int64)
    for h, name in enumerate(inst.server_names):
        load = int(rec["workers"].get(name, 0)) * ei[m]
        if p >= 0:
            load = load + int(rec.get("ps", {}).get(name, 0)) * zi[p]
        total += load
        if inst.n_servers > 1:
            for r in np.nonzero(load)[0]:
                per_server[h, int(r)].append((itv, int(load[r])))
    for r in np.nonzero(total)[0]:
        cluster[int(r)].append((itv, int(total[r])))
    return s + d


@dataclass
class _Model:
    """A built interval model: the CpModel, the per-job variables (``read_plans``), the
    weight scale and the data groups rounded for lack of an exact integer scale."""

    cp: Any
    vars_: dict[int, Any]
    fw: float
    inexact: list[str]


def _build_model(inst: CompletionInstance, data: Any, heur: Result | None,
                 stats: dict[str, Any], server_symmetry: bool,
                 restricted: bool = False, fixed: dict[int, dict] | None = None,
                 ) -> _Model | None:
    """The interval model over ``data`` (an ``E1Data``: its T_max and configurations),
    hinted and cut by ``heur``; None when some job has no configuration within T_max.
    ``restricted`` (``data`` holds a subset of the configurations or a shorter T_max): a
    primal search only, so the twin rows, which hold for the full model alone, are left out;
    ``stats`` then only receives what the caller keeps. ``fixed`` (job -> its record in a
    schedule; only with ``restricted``): those jobs are constants, a fixed interval with
    their per-server loads, and have no variables (``read_plans`` leaves them out)."""
    from ortools.sat.python import cp_model

    tmax = data.tmax
    cp = cp_model.CpModel()
    H, R = inst.n_servers, len(inst.resources)
    Ci, ei, zi, bi, Bi, wi, fw, inexact = cp_integer_data(inst, data, tmax)
    vars_: dict[int, Any] = {}
    ends: dict[int, Any] = {}
    per_server: dict[tuple[int, int], list] = {(h, r): [] for h in range(H) for r in range(R)}
    cluster: dict[int, list] = {r: [] for r in range(R)}
    beside = None if inst.ring else max_workers_beside_ps(inst)
    for j in range(inst.n_jobs):
        check_deadline()
        if fixed and j in fixed:
            ends[j] = _fixed_job(cp, inst, j, fixed[j], (ei, zi), per_server, cluster)
            continue
        ks = [k for k, rng in zip(data.configs[j], data.starts[j], strict=False) if len(rng)]
        if not ks:
            return None
        a = int(inst.arrival[j])
        xi = [cp.new_bool_var(f"xi[{j},{i}]") for i in range(len(ks))]
        cp.add_exactly_one(xi)
        dmin, dmax = min(k.d for k in ks), max(k.d for k in ks)
        start = cp.new_int_var(a, tmax - dmin + 1, f"s[{j}]")
        dur = cp.new_int_var(dmin, dmax, f"d[{j}]")
        cp.add(dur == sum(k.d * x for k, x in zip(ks, xi, strict=False)))
        end = cp.new_int_var(a + dmin, tmax + 1, f"e[{j}]")
        itv = cp.new_interval_var(start, dur, end, f"job[{j}]")
        ns = min_ps_count(inst, *(np.array([getattr(k, f) for k in ks]) for f in "mpqn"),
                          beside)
        for k, x, nk in zip(ks, xi, ns, strict=True):
            cp.add(start <= tmax - k.d + 1).only_enforce_if(x)
            opt = cp.new_optional_fixed_size_interval_var(start, k.d, x, f"k[{j},{k}]")
            for r in range(R):
                dem = k.n * int(ei[k.m, r]) + (int(nk) * int(zi[k.p, r]) if k.p >= 0 else 0)
                if dem:
                    cluster[r].append((opt, dem))
        Y, S, aux = placement_vars(cp, inst, j, ks, xi, data.s_hat[j], (bi, Bi))
        aux.update(dur=dur, end=end, l={})
        if H > 1:  # with one server the cluster cumulative below is (2h) itself
            server_loads(cp, inst, j, Y, S, ei, zi, Ci, aux["l"])
            for hr, lv in aux["l"].items():
                per_server[hr].append((itv, lv))
        vars_[j] = (ks, xi, start, Y, S, aux)
        ends[j] = end
    if inexact:
        stats["scaled_inexact"] = inexact
    for (h, r), items in per_server.items():
        if items:
            cp.add_cumulative([i for i, _ in items], [lv for _, lv in items], int(Ci[h, r]))
    for r, items in cluster.items():
        if items:
            cp.add_cumulative([i for i, _ in items], [d for _, d in items],
                              int(Ci[:, r].sum()))
    twins = [] if restricted else _twins(inst)
    for i, j in twins:
        cp.add(ends[i] <= ends[j])
    stats["symmetry_pairs"] = len(twins)
    obj_expr = sum(int(wi[j]) * e for j, e in ends.items())
    cp.minimize(obj_expr)
    if not inexact:  # a valid bound as a constraint: a hint that meets it is proven at once
        lb = _floor(inst, tmax, stats)
        cp.add(obj_expr >= math.ceil(lb * fw - 1e-6))
        stats["objective_floor"] = lb
    opened = _break_server_symmetry(cp, inst, vars_) if server_symmetry else {}
    stats["identical_server_rows"] = len(opened)
    if heur is not None:
        hint = canonical_servers(inst, heur.solution) if opened else heur.solution
        hinted = add_hints(cp, inst, hint, vars_, tmax, (ei, zi))
        _hint_opened(cp, inst, hint, opened)
        stats["warm_start"] = {"method": heur.method, "objective": heur.objective,
                               "jobs_hinted": hinted}
        if hinted == len(vars_) and not inexact:
            cp.add(obj_expr <= round(heur.objective * fw))  # never worse than the hint
            stats["objective_cut"] = heur.objective
    return _Model(cp, vars_, fw, inexact)


@register_model("completion-interval", "completion",
                "CP-SAT interval model (default): optional interval per configuration, "
                "cumulative per (server, resource) + redundant cluster cumulative, symmetry "
                "breaking, heuristic hint + cut, cheap bounds")
@uses_solver("OR-Tools CP-SAT")
def solve_interval(inst: CompletionInstance, *, options: SolveOptions | None = None,
                   horizon: int | str | None = None, lp_bound: Any = False,
                   warm_start: bool = True, colgen_share: float = COLGEN_SHARE,
                   search_share: float = SEARCH_SHARE, server_symmetry: bool = True,
                   cpsat_params: dict[str, Any] | None = None,
                   restrict_share: float = RESTRICT_SHARE, **_: Any) -> Result:
    """CP-SAT interval model (the default): an optional interval per configuration.

    Cumulative per (server, resource) plus a redundant cluster cumulative, symmetry breaking
    of identical servers, a heuristic hint with an objective cut, and cheap lower bounds.
    Inexact (rounded) data are handled as in ``completion-cpsat``. A schedule that meets a
    valid lower bound is reported ``optimal`` (``stats["optimal_by"]``).

    Parameters
    ----------
    inst : CompletionInstance
        The instance to solve.
    options : SolveOptions or None, default None
        Solver settings (``time_limit``, ``mip_gap``, ``threads``, ...); None uses the
        defaults (no limit).
    horizon : int or str or None, default None
        T_max, the last slot a schedule may use. None follows the instance's rule:
        ``"instance"`` (T_max = T) when ``horizon_hard``, else ``"extended"`` (the bound of
        notes §2.4 from the best heuristic, by which every optimal schedule ends). A value
        that states another problem (``"instance"`` or an int below the extended horizon on
        an open instance, anything but T on a hard one) is refused
        (``incumbent.statement_horizon``). Unit: slots.
    lp_bound : bool or str, default False
        Also solve the LP bounds of E1 as in ``completion-cpsat`` (off by default: their
        build time at paper scale).
    warm_start : bool, default True
        Hint and cut with the best validated schedule of A_online, FIFO and the WSPT list
        schedules (``incumbent_pool``).
    colgen_share : float, default 0.25
        Part of the time limit given to the column-generation bound before the search (0:
        none up front); its LP also orders a list schedule that may improve the hint.
        Unit: dimensionless. Range: [0, 1).
    search_share : float, default 0.1
        Part of the time limit given to the local search over list-schedule orders before
        CP-SAT (0: none); together with ``colgen_share`` below 1. Unit: dimensionless.
        Range: [0, 1).
    server_symmetry : bool, default True
        Open identical servers in order (symmetry breaking).
    cpsat_params : dict or None, default None
        Further CP-SAT parameters by name (e.g. ``{"num_workers": 1}``).
    restrict_share : float, default 0.75
        Part of the time limit given to CP-SAT on the model restricted to the incumbent's
        and the column-generation LP's best configurations per job, before the full model
        (0: none); a primal search, its bound is not used. It never takes the last
        ``FULL_RESERVE`` of the limit (kept for the full model), unless building the full
        model would take more than half of that (``BUILD_S_PER_CONFIG`` per configuration):
        then it runs up to ``END_RESERVE`` seconds before the limit and the full model is
        skipped. On instances of at most ``SMALL_JOBS`` jobs it is capped at ``SMALL_SHARE``
        (there the full model searches well). Unit: dimensionless. Range: [0, 1).

    Returns
    -------
    Result
        ``status`` (``optimal``, ``feasible``, ``time_limit``, ``infeasible`` or ``error``
        when the validator rejects the schedule); ``objective`` sum_j w_j C_j of the schedule
        (Unit: weight x slots); ``bound`` the best lower bound (solver bound or the bounds of
        notes §2.5 in ``stats["bounds"]``, with ``stats["bounds_missing"]`` saying why an LP
        bound is absent); ``solution`` a completion ``Solution`` (per job ``start``,
        ``duration``, ``worker_type``, ``workers``, ``ps_type`` / ``ps`` under PS) with
        ``capped`` true when T_max <= T (information); ``stats["tmax"]`` the T_max used.

    Raises
    ------
    InputError
        ``colgen_share`` outside [0, 1), ``search_share`` outside [0, 1 - colgen_share), or
        ``restrict_share`` outside [0, 1); ``horizon`` does not state the instance's
        horizon rule (or is not ``"instance"``, ``"extended"``, a positive int or None);
        ``preemption`` is true (the model is non-preemptive).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> res = solve_interval(golden("s4"))
    >>> res.status.value, res.objective
    ('optimal', 7.0)
    """
    if not 0.0 <= colgen_share < 1.0:
        raise InputError("colgen_share", "must be in [0, 1)")
    if not 0.0 <= search_share < 1.0 - colgen_share:
        raise InputError("search_share", "must be in [0, 1 - colgen_share)")
    if not 0.0 <= restrict_share < 1.0:
        raise InputError("restrict_share", "must be in [0, 1)")
    options = options or SolveOptions()
    state: dict[str, Any] = {"t0": time.perf_counter(), "stats": {}}
    horizon = statement_horizon(inst, horizon)
    try:
        return _solve_interval(inst, options, state, horizon, lp_bound, warm_start,
                               (colgen_share, search_share, restrict_share), server_symmetry,
                               cpsat_params)
    except DeadlineExceeded:  # a Python phase reached the time limit (core.deadline)
        if "tmax" not in state:
            raise
        return _stopped(inst, state, options)


def _stopped(inst: CompletionInstance, state: dict[str, Any], options: SolveOptions) -> Result:
    """Status ``time_limit`` with the warm start as incumbent (when it ends by T_max): the time
    ran out before CP-SAT could start."""
    stats, tmax, t0 = state["stats"], state["tmax"], state["t0"]
    stats["stopped"] = "the time limit was reached before the CP-SAT search"
    obj, plans = fallback(inst, state.get("heur"), tmax, None, None, stats)
    return finish(inst, "completion-interval", Status.TIME_LIMIT, obj, None, plans, t0,
                   time.perf_counter() - t0, stats, tmax, False, time_limit=options.time_limit)


def _solve_interval(inst: CompletionInstance, options: SolveOptions, state: dict[str, Any],
                    horizon: int | str, lp_bound: Any, warm_start: bool,
                    shares: tuple[float, float, float], server_symmetry: bool,
                    cpsat_params: dict[str, Any] | None) -> Result:
    """The body of ``solve_interval``; ``state`` keeps what is known (horizon, warm start)
    for ``_stopped`` should the time run out."""
    t0, stats = state["t0"], state["stats"]
    colgen_share, search_share, restrict_share = shares
    # A_online, FIFO and the uncapped WSPT lists, once: each pool below keeps those that fit
    base = (heuristic_runs(inst, max(int(inst.horizon), list_horizon(inst)),
                           lists_first=horizon == "extended")
            if warm_start or horizon == "extended" else None)
    pre = incumbent_pool(inst, int(inst.horizon), base) if horizon == "extended" else None
    if pre is None and horizon == "extended":  # nothing ends by T: the best uncapped run
        done = [r for r in base if r.objective is not None]
        pre = min(done, key=lambda r: r.objective) if done else None
    tmax = state["tmax"] = resolve_horizon(inst, horizon, pre)
    heur = state["heur"] = incumbent_pool(inst, tmax, base) if warm_start else None
    phases = stats["phases_s"] = {"heuristics": round(time.perf_counter() - t0, 2)}
    lp_order = _colgen_first(inst, tmax, heur, options.time_limit, colgen_share, stats)
    phases["colgen"] = round(time.perf_counter() - t0 - sum(phases.values()), 2)
    heur = state["heur"] = _better_lists(inst, tmax, heur, lp_order, options.time_limit,
                                         search_share, stats)
    phases["lists"] = round(time.perf_counter() - t0 - sum(phases.values()), 2)
    ranked = stats.pop("_lp_configs", None)
    data = e1_data(inst, tmax)
    limit = options.time_limit
    # the full model's build alone would eat the reserve (seconds at paper scale under PS):
    # then the restricted search keeps the time up to END_RESERVE and the full model is skipped
    n_configs = sum(len(ks) for ks in data.configs)
    skip_full = limit is not None and BUILD_S_PER_CONFIG * n_configs > FULL_RESERVE * limit / 2
    searched = False
    if heur is not None and ranked is not None and restrict_share > 0 \
            and not _proven(heur, _floor(inst, tmax, stats)):
        share = 1.0 if skip_full else (min(restrict_share, SMALL_SHARE)
                                       if inst.n_jobs <= SMALL_JOBS else restrict_share)
        reserve = END_RESERVE if skip_full else FULL_RESERVE * (limit or 0.0)
        heur = state["heur"] = _restricted_search(inst, tmax, heur, ranked, options, share,
                                                  (t0, reserve), stats, server_symmetry,
                                                  cpsat_params, None if skip_full else LNS_STALL)
        searched = True
        phases["restricted"] = round(time.perf_counter() - t0 - sum(phases.values()), 2)
    if heur is not None and _proven(heur, _floor(inst, tmax, stats)):
        # the warm start meets a valid lower bound: optimal without building the CP model
        obj, plans = fallback(inst, heur, tmax, None, None, stats)
        if plans is not None:
            stats["optimal_by"] = "warm start meets the lower bound"
            return finish(inst, "completion-interval", Status.OPTIMAL, obj, obj, plans, t0,
                           time.perf_counter() - t0, stats, tmax, False,
                           time_limit=options.time_limit)
    if skip_full and searched:
        stats["full_model"] = (f"skipped: {n_configs} configurations, an estimated "
                               f"{BUILD_S_PER_CONFIG * n_configs:.0f} s to build")
        obj, plans = fallback(inst, heur, tmax, None, None, stats)
        return finish(inst, "completion-interval", Status.TIME_LIMIT, obj, None, plans, t0,
                       time.perf_counter() - t0, stats, tmax, False, time_limit=limit)
    with deadline(None if limit is None else limit - (time.perf_counter() - t0)):
        model = _build_model(inst, data, heur, stats, server_symmetry)
    if model is None:
        return finish(inst, "completion-interval", Status.INFEASIBLE, None, None, None, t0,
                       time.perf_counter() - t0, stats, tmax, False)
    cp, vars_, fw, inexact = model.cp, model.vars_, model.fw, model.inexact
    build_s = time.perf_counter() - t0
    left = remaining(limit, build_s)
    out = solve_cpsat(cp, time_limit=left, threads=options.threads, scale=fw,
                      params=cpsat_params, reproducible=options.reproducible,
                      budget_s=options.budget_basis)
    stats.update(out.stats)
    status = out.status
    if status is Status.INFEASIBLE and "objective_cut" in stats:
        status = Status.OPTIMAL  # nothing is better than the hinted schedule: it is optimal
        stats["optimal_by"] = "cut infeasible"
    if inexact:  # rounded data: a restriction, its verdicts say nothing about the instance
        status = {Status.OPTIMAL: Status.FEASIBLE, Status.INFEASIBLE: Status.TIME_LIMIT}.get(
            status, status)
    plans = read_plans(inst, out, vars_)
    obj = out.objective
    if heur is not None and (status in (Status.TIME_LIMIT, Status.FEASIBLE)
                             or "optimal_by" in stats):
        obj, plans = fallback(inst, heur, tmax, obj, plans, stats)
    bound = out.bound if not inexact else None
    if "optimal_by" in stats:
        bound = obj
    if status is Status.INFEASIBLE and heur is not None:
        status = Status.ERROR  # the heuristic schedule contradicts the proof: surfaced
    res = finish(inst, "completion-interval", status, obj, bound, plans, t0, build_s,
                  stats, tmax, lp_bound, time_limit=options.time_limit)
    # A validated schedule whose objective (recomputed from the schedule on the instance's own
    # data) meets a valid bound is optimal; with inexact scaling the bound holds the instance's
    # own lower bounds only (CP-SAT's bound is on the restriction and is dropped above).
    sol_obj = None if res.solution is None else res.solution.get("objective")
    if (res.status in (Status.TIME_LIMIT, Status.FEASIBLE) and sol_obj is not None
            and res.bound is not None
            and sol_obj <= res.bound + 1e-6 * max(1.0, abs(sol_obj))):
        res.status = Status.OPTIMAL
        res.stats["optimal_by"] = "incumbent meets the lower bound"
        res.gap = relative_gap(res.objective, res.bound)
    return res


__all__ = ["incumbent_pool", "solve_interval", "wspt_list"]
