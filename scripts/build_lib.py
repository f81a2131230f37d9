"""(Re)build a set of the reference library (instances/lib/<problem>/<set>/).

Each set is a list of generator calls solved by one exact model under one time limit
(``SETS`` below; later sets are added here too). ``--from-index`` rebuilds a set from the
provenance column of its committed index instead, so the committed files can be regenerated
and compared. Usage::

    python scripts/build_lib.py oef small                # generate, solve, write files + index
    python scripts/build_lib.py oef small --from-index   # the same calls, read from index.csv
    python scripts/build_lib.py all small                # every problem's small set

Run it niced on a shared machine (``nice -n 10``); it prints one line per instance.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from dlsched.lib.build import build_set, parse_call  # noqa: E402
from dlsched.lib.records import default_root, read_index  # noqa: E402
from dlsched.lib.statement import write_statement  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
import lib_sources  # noqa: E402


def _grid(base: dict[str, Any], seeds: Iterable[int], **vary: list[Any]) -> list[dict[str, Any]]:
    """``base`` with each seed, cycling through the values of ``vary`` (one per instance)."""
    out = []
    for i, seed in enumerate(seeds):
        call = dict(base)
        for key, values in vary.items():
            call[key] = values[i % len(values)]
        call["seed"] = seed
        out.append(call)
    return out


def _cooperative(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """OEF calls stating the cooperative problem (``fairness`` last, as the index spells it)."""
    return [{**c, "fairness": "cooperative"} for c in calls]


def _slotted(calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """LTGF calls stating the slotted problem (``time`` last, as the index spells it)."""
    return [{**c, "time": "slotted"} for c in calls]


def _contending(problem: str, calls: list[dict[str, Any]], count: int,
                min_load: float = 1.0) -> list[dict[str, Any]]:
    """The first ``count`` calls whose instance has an offered load of at least ``min_load``
    (generating is cheap; only the kept ones are solved)."""
    import dlsched as ds
    from dlsched.lib.load import offered_load

    kept = [c for c in calls if (offered_load(ds.generate(problem, **c)) or 0.0) >= min_load]
    return kept[:count]


#: the ``method`` of a record whose solution is the best of the registered policies
BEST_OF_POLICIES = "best-of-policies"

#: problem -> set -> (exact model, time limit in s, generator calls); a set in SKIP_INFEASIBLE
#: keeps the first 12 calls whose instance is feasible; a set in SOLVERS names its records'
#: method instead of a model, and no time limit (None)
SKIP_INFEASIBLE = {("completion", "small")}
Calls = list[dict[str, Any]] | Callable[[], list[tuple[Any, str]]]
SETS: dict[str, dict[str, tuple[str | None, float | None, Calls]]] = {
    # every OEF set states the cooperative problem (LP (10)): the generator's fairness field
    "oef": {"small": ("oef-cooperative", 30.0, _cooperative(_grid(
        {"n": 6, "k": 3}, range(1, 13), counts=[[1.0, 1.0, 2.0], [1.0, 2.0, 1.0]],
        monotone=[True, False, True], weighted=[False, False, True, True]))),
        # notes §8 (docs/specs/oef.md#s8): the 24-GPU testbed (8 of each of 3 types), 20
        # tenants (efficiency) and 50 tenants (JCT); 10 GPU types (overhead), 5 GPUs each
        "paper": ("oef-cooperative", 60.0, _cooperative(
                  _grid({"n": 20, "k": 3, "counts": [8.0, 8.0, 8.0]}, range(1, 5),
                        monotone=[True, False], weighted=[False, False, True, True])
                  + _grid({"n": 50, "k": 3, "counts": [8.0, 8.0, 8.0]}, range(5, 9),
                          monotone=[True, False], weighted=[False, False, True, True])
                  + _grid({"n": 50, "k": 10, "counts": [5.0] * 10}, range(9, 13),
                          monotone=[True, False], weighted=[False, False, True, True]))),
        "large": ("oef-cooperative", 120.0, lib_sources.oef_large)},
    "ojpp": {"small": ("ojpp-patterns", 30.0, _grid(
        {"n_jobs": 10, "max_workers": 4}, range(1, 13),
        workload=["mixed", "c-high", "i-high", "average"])),
        # notes §8 (docs/specs/ojpp.md#s8): queues of 20 jobs of 1-10 workers, the four
        # workload classes; (collision, interference, balance) = the headline (0.1, 0.2, 0.1)
        # and two other Table 5 settings
        "paper": ("ojpp-patterns", 60.0, _grid(
            {"n_jobs": 20, "max_workers": 10}, range(1, 13),
            workload=["mixed", "c-high", "i-high", "average"],
            collision=[0.1, 0.05, 0.1], interference=[0.2, 0.2, 0.4],
            balance=[0.1, 0.1, 0.2])),
        # beyond the paper's queues (no public trace has the OJPP interference data):
        # 40 and 60 jobs of 1-10 workers, the four workload classes, the headline limits
        "large": ("ojpp-patterns", 60.0, _grid(
            {"max_workers": 10}, range(1, 11), n_jobs=[40, 60],
            workload=["mixed", "c-high", "i-high", "average", "mixed"])),
        # Alibaba's GPU-sharing trace openb (src/dlsched/data/alibaba_openb/PROVENANCE.md)
        "openb": ("ojpp-patterns", 120.0, lib_sources.ojpp_openb)},
    "revenue": {"small": ("revenue-milp", 60.0, _contending("revenue", _grid(
        {"n_servers": 2, "n_tenants": 2, "scale": "small", "arrival_max": 3}, range(1, 40),
        n_jobs=[5, 4], utility=["linear", "linear", "mixed"]), 12)),
        # notes §5.3 (docs/specs/revenue.md#s5.1): the ratio experiments' reduced inputs, 5-15
        # jobs, 2 tenants, 5-45 servers; arrivals in 0..3 so that the jobs contend (the paper's
        # 0..8 leaves 15+ servers idle), the first 12 calls with offered load >= 1
        "paper": ("revenue-milp", 60.0, _contending("revenue", _grid(
            {"n_tenants": 2, "scale": "small"}, range(1, 200),
            n_jobs=[10, 15, 15, 10], n_servers=[5, 5, 10, 15, 5],
            arrival_max=[2, 3], utility=["linear", "convex", "mixed"]), 12)),
        "large": ("revenue-milp", 60.0, lib_sources.revenue_large)},
    "completion": {"small": ("completion-interval", 60.0, _grid(
        {"n_servers": 2, "horizon": 30, "kappa": 0.5, "max_chunks": 4, "n_worker_types": 2,
         "n_ps_types": 2}, range(1, 40), n_jobs=[3, 4], architecture=["ps", "ring"])),
        # the paper-scale suite of benchmarks/completion-engine.md: generator defaults (the
        # paper's ranges, docs/specs/completion.md) on 10-30 servers, horizon 150, seeds 0-2;
        # solved with the extended horizon (PARAMS), so the optimum is the uncapped one. This
        # was the "paper" set before the 150-server one.
        "tractable": ("completion-interval", 60.0, [
            {"n_jobs": n, "n_servers": h, "horizon": 150, "seed": seed, "architecture": arch}
            for seed in range(3)
            for arch, n, h in [("ring", 20, 10), ("ring", 20, 30), ("ps", 10, 10),
                               ("ps", 20, 10)]]),
        # the paper's scale (docs/specs/completion.md: H = 150 servers, T = 150, kappa in
        # [0.2, 0.5]): 200 jobs, PS and ring, open horizon; records from SOLVERS (every
        # registered algorithm, bound max(LB0, area))
        "paper": (BEST_OF_POLICIES, None, _grid(
            {"n_jobs": 200, "n_servers": 150}, range(1, 11), architecture=["ps", "ring"],
            kappa=[0.2, 0.3, 0.5, 0.4, 0.25, 0.3, 0.2, 0.5, 0.4, 0.25])),
        "large": ("completion-interval", 60.0, lib_sources.completion_large)},
    # every LTGF set states the slotted problem (docs/specs/ltgf.md §9): the seeds are chosen
    # on the drawn workload (offered load >= 1), then the instance is stored slotted
    "ltgf": {"small": ("ltgf-milp", 60.0, _slotted(_contending("ltgf", _grid(
        {"nodes": 1, "gpus_per_node": 4, "days": 0.01}, range(1, 40), n_jobs=[8, 6],
        tenants=[2, 2, 3]), 12))),
        # notes §5 / §9 (docs/specs/ltgf.md#s9): 8-GPU nodes, 900-s leases, the Venus job mix;
        # the slotted MILP at the notes' tractable size (~50 slots, 4 tenants): 20 jobs on
        # 2 nodes submitted over 3 h; the first 12 seeds with offered load >= 1 (a stopped
        # solve states its bound). This was the "paper" set before the paper-scale one.
        "tractable": ("ltgf-milp", 60.0, _slotted(_contending("ltgf", _grid(
            {"n_jobs": 20, "tenants": 4, "nodes": 2, "gpus_per_node": 8, "days": 0.125},
            range(1, 40)), 12))),
        # the paper's scale (ASTRAEA §6): two-week workloads on 800 and 1,680 GPUs, beyond
        # any exact model; records from SOLVERS (every policy, the fair-floor bound)
        "paper": (BEST_OF_POLICIES, None, lib_sources.ltgf_paper),
        "large": ("ltgf-milp", 60.0, lib_sources.ltgf_large)},
}


def ltgf_fair_floor(inst: Any) -> Fraction:
    """The fair-floor bound on a slotted LTGF instance's max-min rho (``ltgf-milp``'s first
    bound, ``dlsched.ltgf.exact.bounds.fair_floor_bound``), valid for every timeline the
    validator accepts: in slotted time (no overheads) a tenant's allocation is W_k = sum of
    its jobs' GPUs x durations whatever the schedule, and its fair-share integral is at least
    the part of min(demand, quota) no schedule avoids (job i is unfinished during
    [r_i, r_i + P_i)), so every tenant's rho is at most W_k / that floor.

    Parameters
    ----------
    inst : LTGFInstance
        A slotted instance (``time: "slotted"``).

    Returns
    -------
    Fraction
        The bound, exact.

    Raises
    ------
    InputError
        The instance is not slotted (field ``time``: overheads make the allocation vary).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> ltgf_fair_floor(fig6().slotted())
    Fraction(2, 1)
    """
    from dlsched.core import InputError
    from dlsched.ltgf.exact.bounds import fair_floor_bound
    from dlsched.ltgf.support.slots import slot_data

    if inst.time != "slotted":
        raise InputError("time", "the fair floor bounds the slotted statement; use "
                                 "inst.slotted()")
    S = round(max(j.submit + j.duration for j in inst.jobs) / inst.lease)
    return fair_floor_bound(slot_data(inst, S))


def best_of_policies(inst: Any, bound: Callable[[Any], float], problem: str,
                     bound_from: str) -> Any:
    """Run every registered algorithm of ``problem`` on ``inst`` (each validated by ``ds.run``'s
    own check and again here); the best valid solution is the incumbent, ``bound(inst)`` the
    bound (``stats["bound_from"]`` = ``bound_from``), method ``BEST_OF_POLICIES``.

    Parameters
    ----------
    inst : object
        The instance.
    bound : callable
        ``bound(inst) -> float``, valid for the instance's statement.
    problem : str
        The problem (its registered algorithms are run).
    bound_from : str
        Where the bound comes from (the ``bound_method`` cell).

    Returns
    -------
    Result
        Status ``optimal`` when the incumbent meets the bound (relative 1e-9), else
        ``feasible``; ``stats``: ``incumbent_from`` and every algorithm's objective / time /
        validity.
    """
    import dlsched as ds
    from dlsched.core import PROBLEMS, Status
    from dlsched.core.registry import ALGORITHMS
    from dlsched.core.result import Result

    sense = PROBLEMS.get(problem).sense
    t0 = time.perf_counter()
    runs: dict[str, dict[str, Any]] = {}
    best = None
    for name, method in ALGORITHMS.items():
        if method.problem != problem:
            continue
        t1 = time.perf_counter()
        res = ds.run(inst, name)
        why = ds.check(inst, res) if res.solution is not None else ["no solution"]
        runs[name] = {"objective": res.objective, "time_s": round(time.perf_counter() - t1, 3),
                      "status": res.status.value, "valid": not why}
        if why or res.objective is None:
            continue
        if best is None or (res.objective > best.objective if sense == "max"
                            else res.objective < best.objective):
            best = res
    if best is None:
        raise RuntimeError(f"{inst.name}: no registered {problem} algorithm gave a valid solution")
    b = float(bound(inst))
    slack = 1e-9 * (1.0 + abs(best.objective))
    beyond = best.objective - b if sense == "max" else b - best.objective
    if beyond > slack:
        raise RuntimeError(f"{inst.name}: {best.method} reaches {best.objective}, beyond the "
                           f"bound {b}: the bound is wrong")
    if beyond > 0:  # the float objective of an incumbent that meets the bound exactly
        b = best.objective
    stats = {"incumbent_from": best.method, "bound_from": bound_from, "runs": runs,
             **{k: v for k, v in best.stats.items() if isinstance(v, (int, float, str))}}
    status = Status.OPTIMAL if abs(beyond) <= slack else Status.FEASIBLE
    return Result(problem, BEST_OF_POLICIES, status, objective=best.objective, bound=b,
                  runtime_s=time.perf_counter() - t0, solution=best.solution, stats=stats)


def _ltgf_paper_solver(inst: Any) -> Any:
    return best_of_policies(inst, ltgf_fair_floor, "ltgf", "fair floor")


def completion_lower_bound(inst: Any) -> float:
    """max(LB0, area bound) of a non-preemptive completion instance
    (``dlsched.completion.exact.bounds.lower_bounds`` without LPs). Both ignore the horizon
    (LB0: every job at least its arrival plus its shortest duration; area: per resource, a
    single machine of the cluster's total capacity running each job's least resource-time),
    so they bound every schedule of the open-horizon statement. The uncapped column-generation
    bound was measured too: 4 iterations in 58 s on a 200-job, 150-server PS instance, no
    better than LB0, so it is not run.

    Parameters
    ----------
    inst : CompletionInstance
        A non-preemptive instance.

    Returns
    -------
    float
        The bound. Unit: weight x slots.

    Raises
    ------
    InputError
        The instance allows preemption (field ``preemption``).

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> completion_lower_bound(golden("s4"))
    6.0
    """
    from dlsched.completion.exact.bounds import lower_bounds

    return float(lower_bounds(inst)["best"])


def _completion_paper_solver(inst: Any) -> Any:
    return best_of_policies(inst, completion_lower_bound, "completion", "max(LB0, area)")


#: (problem, set) -> ``solver(inst) -> Result`` of a set beyond any exact model's reach
#: (``build_set(solver=...)``); its model name in SETS is the records' method
SOLVERS: dict[tuple[str, str], Callable[[Any], Any]] = {
    ("ltgf", "paper"): _ltgf_paper_solver, ("completion", "paper"): _completion_paper_solver}

#: (problem, set) -> keyword arguments of every exact solve of the set (part of its definition)
PARAMS: dict[tuple[str, str], dict[str, Any]] = {
    ("completion", "tractable"): {"horizon": "extended"},
    ("completion", "large"): {"horizon": "extended"},
    # HiGHS stops at a relative MIP gap of 1e-4 by default; the library labels a record
    # optimal only at gap <= 1e-6 (records.OPTIMAL_GAP), so its MILP solves close the gap
    ("revenue", "small"): {"mip_gap": 1e-7},
    ("revenue", "paper"): {"mip_gap": 1e-7},
    ("revenue", "large"): {"mip_gap": 1e-7},
}

#: problem -> set -> one-line description (set.json)
DESCRIPTIONS = {
    "oef": {"small": "6 users, 3 GPU types with 4 GPUs in all (offered load 1.5); monotone and "
                     "weighted variants",
            "large": "100-500 tenants, each running one of Gavel's 26 measured job types "
                     "(real throughputs on K80/P100/V100, drawn with replacement), n / 6 GPUs "
                     "per type (offered load 2); weights 1-3 on half the instances",
            "paper": "the paper's scale (docs/specs/oef.md §8): 20 and 50 tenants on the 24-GPU "
                     "testbed "
                     "(8 GPUs of each of 3 types; offered load 0.83 and 2.08), and 50 tenants "
                     "on 10 GPU types of 5 GPUs (load 1.0); monotone and weighted variants"},
    "ojpp": {"small": "10 jobs of 1-4 workers, the four workload classes, all side constraints",
             "large": "40 and 60 jobs of 1-10 workers (beyond the paper's 20; OJPP has no "
                      "public trace with interference data), the four workload classes, the "
                      "headline limits (0.1, 0.2, 0.1)",
             "openb": "Alibaba's GPU-sharing trace openb (Weng et al., ATC 2023): its 3,078 "
                      "GPU-sharing tasks in creation order as workers on G2 GPUs (compute = "
                      "gpu_milli; the GPU's 1/8 of its node's CPU and host memory as extra "
                      "resources; no GPU memory or interference data, so those constraints "
                      "are inactive): 8 windows of 384 tasks, the two halves, the whole trace",
             "paper": "the paper's queues (docs/specs/ojpp.md §8): 20 jobs of 1-10 workers, the "
                      "four workload "
                      "classes, (collision, interference, balance) in (0.1, 0.2, 0.1), "
                      "(0.05, 0.2, 0.1), (0.1, 0.4, 0.2) (Table 5)"},
    "revenue": {"small": "4-5 jobs, 2 servers, 2 tenants at the small scale, arrivals in 0..3; "
                         "the first 12 seeds with offered load >= 1",
                "large": "30-40 consecutive Philly submissions (windows shared by >= 3 VCs) as "
                         "jobs of their VCs, each VC owning ceil(jobs / 8) servers of 8 GPUs; "
                         "arrival hours and GPU demands from the trace, run lengths and "
                         "utilities at the small scale; offered load >= 1",
                "paper": "the paper's ratio experiments (docs/specs/revenue.md §5.1): 10-15 "
                         "jobs, 2 tenants, 5 or 10 servers, linear / convex / mixed utilities, "
                         "arrivals in 0..2 or 0..3; the first 12 calls with offered load >= 1"},
    "completion": {"small": "3-4 jobs on 2 servers, horizon 30, kappa 0.5 (offered load 2), PS "
                            "and ring; the first 12 feasible seeds",
                   "large": "the heaviest burst of 30 consecutive jobs (most GPU-hours per hour "
                            "of submission span) of each of the 5 busiest Philly VCs, PS and "
                            "ring: arrival hours, GPU counts and run times from the trace, "
                            "the rest from the generator; 10 servers re-sized to kappa 0.5 "
                            "(offered load 2); extended horizon",
                   "paper": "the paper's scale (docs/specs/completion.md): 200 jobs on 150 "
                            "servers, horizon 150 (open), the generator's ranges, PS and ring, "
                            "kappa 0.2-0.5 (offered load 2-5), seeds 1-10; records: the best "
                            "validated schedule of every registered algorithm, bound "
                            "max(LB0, area)",
                   "tractable": "the paper's ranges (docs/specs/completion.md) on 10-30 "
                                "servers: ring 20 jobs x 10 / 30 servers, PS 10 / 20 jobs x 10 "
                                "servers, horizon 150, seeds 0-2 (the suite of "
                                "benchmarks/completion-engine.md); solved with the extended "
                                "horizon, so values are the uncapped optimum's"},
    "ltgf": {"small": "6-8 jobs, 2-3 tenants, one 4-GPU node, a 0.01-day window; the first 12 "
                      "seeds with offered load >= 1",
             "large": "windows of 30-50 consecutive Philly submissions of 4 VCs on 4 x 8 "
                      "GPUs, 1-hour leases, slotted (the builder of the philly-window "
                      "instances); offered load >= 1",
             "tractable": "20 jobs, 4 tenants, two 8-GPU nodes, 900-s leases, a 3-hour "
                          "window (~50 slots, docs/specs/ltgf.md §9: the slotted MILP's "
                          "tractable size); the first 12 seeds with offered load >= 1",
             "paper": "the paper's scale (ASTRAEA §6), two-week workloads, slotted: 6 two-week "
                      "windows of the Philly trace (days 0-14 ... 35-49, the VCs with jobs) "
                      "on 100 x 8 GPUs, 3 Philly-like (27,000 jobs, 11 VCs, 210 x 8 GPUs) and "
                      "3 Venus-like (16,000 jobs, 16 VCs, 100 x 8 GPUs) synthetic workloads; "
                      "offered load >= 1; records: the best validated timeline of every "
                      "registered policy, bound: the fair floor (no solve)"},
}


def write_meta(problem: str, name: str, root: Path, model: str | None,
               limit: float | None) -> Path:
    """Write the set's ``set.json``: description, model, limit, offered-load range and the
    statement (the rules its instances state, ``dlsched.lib.statement``)."""
    import json

    rows = read_index(root / problem / name)
    loads = [float(r["offered_load"]) for r in rows if r["offered_load"]]
    meta = {"problem": problem, "set": name,
            "description": DESCRIPTIONS.get(problem, {}).get(name, ""),
            "instances": len(rows), "model": model,
            "params": PARAMS.get((problem, name), {}), "time_limit_s": limit,
            "offered_load": [min(loads), max(loads)] if loads else None,
            "built_by": f"python scripts/build_lib.py {problem} {name}"}
    path = root / problem / name / "set.json"
    path.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    write_statement(path.parent)  # the rules every instance states, checked to agree
    return path


def calls_of(problem: str, name: str, from_index: bool) -> tuple[str | None, float | None,
                                                                list[dict[str, Any]]]:
    if not from_index:
        model, limit, calls = SETS[problem][name]
        return model, limit, calls() if callable(calls) else calls
    rows = read_index(default_root() / problem / name)
    model, limit, _ = SETS.get(problem, {}).get(name, (rows[0]["method"], 60.0, []))
    return model, limit, [parse_call(r["provenance"])[1] for r in rows]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("problem", help="a problem, or 'all'")
    ap.add_argument("set", help="the set's name, e.g. small")
    ap.add_argument("--from-index", action="store_true",
                    help="take the calls from the committed index's provenance column")
    ap.add_argument("--root", help="library root (default: $DLSCHED_LIB, else instances/lib)")
    ap.add_argument("--meta-only", action="store_true",
                    help="only (re)write the set's set.json from its index")
    args = ap.parse_args(argv)
    problems = sorted(SETS) if args.problem == "all" else [args.problem]
    for problem in problems:
        model, limit, calls = calls_of(problem, args.set, args.from_index)
        root = Path(args.root) if args.root else default_root()
        if args.meta_only:
            print(write_meta(problem, args.set, root, model, limit))
            continue
        t0 = time.perf_counter()

        def show(row: dict[str, str]) -> None:
            print(f"  {row['id']}: {row['status']} {row['best_known']} (bound {row['bound']}, "
                  f"load {row['offered_load']}, {row['time_s']} s)", flush=True)

        print(f"{problem}/{args.set}: {len(calls)} instances, model {model}, limit {limit} s")
        skip = (problem, args.set) in SKIP_INFEASIBLE and not args.from_index
        rows = build_set(problem, args.set, calls, model=model, time_limit=limit or 60.0,
                         root=args.root, count=12 if skip else None, skip_infeasible=skip,
                         params=PARAMS.get((problem, args.set)), progress=show,
                         solver=SOLVERS.get((problem, args.set)))
        write_meta(problem, args.set, root, model, limit)
        opt = sum(r["status"] == "optimal" for r in rows)
        print(f"{problem}/{args.set}: {opt}/{len(rows)} optimal in "
              f"{time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
