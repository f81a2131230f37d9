"""CP-SAT helper: solve a CpModel and map status/bound to dlsched's statuses.

Two modes (``Result.stats["mode"]``):

* ``default``: CP-SAT's parallel portfolio under a wall-clock limit. A solve that finishes
  (optimal / infeasible) within its limit gives the same objective whatever the load; the
  incumbent of a solve stopped by the limit depends on how far the search got, i.e. on load.
* ``reproducible``: deterministic search (``interleave_search``: batches of tasks synchronised
  in a fixed order, deterministic whatever ``num_workers``) stopped by a *deterministic* time
  budget (``max_deterministic_time``, CP-SAT's work counter, about one unit per second of one
  core) of ``DTIME_PER_SECOND`` units per second of the limit. Same seed, same model, same
  OR-Tools build: same result under any load. The wall limit stays as a safety net; if it fires
  first (a machine much slower or busier than the factor allows), ``stats["reproducible"]`` is
  False and the result is load-dependent like in default mode.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .result import Status, relative_gap

_MAPPING = {
    "OPTIMAL": Status.OPTIMAL,
    "FEASIBLE": Status.TIME_LIMIT,  # CP-SAT says FEASIBLE only when it stopped early
    "INFEASIBLE": Status.INFEASIBLE,
    "MODEL_INVALID": Status.ERROR,
    "UNKNOWN": Status.TIME_LIMIT,
}


#: Deterministic-time units granted per second of the time limit in reproducible mode. CP-SAT
#: counts about one unit per second of one idle core; interleaved search on 2 workers spends
#: them at <= 2 units per wall second on an idle 2-core machine, ~1 under one competing
#: CPU-bound process (benchmarks/README.md, "Reproducible mode"). 0.5 keeps the budget reached
#: well before the wall limit on such machines, so the wall cap rarely decides.
DTIME_PER_SECOND = 0.1


@dataclass
class CpSatOutcome:
    status: Status
    objective: float | None
    bound: float | None
    solve_s: float
    solver: Any = None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def gap(self) -> float | None:
        return relative_gap(self.objective, self.bound)


def solve_cpsat(
    model: Any,
    *,
    time_limit: float | None = None,
    threads: int | None = None,
    seed: int = 0,
    hint_solution: dict[Any, int] | None = None,
    scale: float = 1.0,
    params: dict[str, Any] | None = None,
    reproducible: bool = False,
    budget_s: float | None = None,
) -> CpSatOutcome:
    """Solve ``model`` (an ``ortools.sat.python.cp_model.CpModel``).

    ``scale`` divides the integer objective and bound back into problem units. The returned
    ``solver`` gives access to variable values (``outcome.solver.Value(var)``). ``params``:
    further CP-SAT parameters by name (e.g. ``{"linearization_level": 2}``).

    ``reproducible``: deterministic search under a deterministic budget (module docstring) of
    ``budget_s`` x ``DTIME_PER_SECOND`` units. ``budget_s`` must not depend on the clock
    (pass the user's limit, not what is left of it after model building); default
    ``time_limit``. ``time_limit`` stays the wall-clock cap.
    """
    from ortools.sat.python import cp_model

    if hint_solution:
        model.clear_hints()
        for var, value in hint_solution.items():
            model.add_hint(var, value)
    solver = cp_model.CpSolver()
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = float(time_limit)
    solver.parameters.num_workers = int(threads or 2)
    solver.parameters.random_seed = int(seed)
    budget = time_limit if budget_s is None else budget_s
    dlimit = None
    if reproducible:
        solver.parameters.interleave_search = True
        if budget is not None:
            dlimit = max(0.0, float(budget)) * DTIME_PER_SECOND
            solver.parameters.max_deterministic_time = dlimit
    for name, value in (params or {}).items():
        setattr(solver.parameters, name, value)
    t0 = time.perf_counter()
    code = solver.solve(model)
    solve_s = time.perf_counter() - t0
    name = solver.status_name(code)
    status = _MAPPING.get(name, Status.ERROR)
    has_obj = model.has_objective()
    obj = bound = None
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        obj = solver.objective_value / scale if has_obj else 0.0
        bound = solver.best_objective_bound / scale if has_obj else 0.0
    if status is Status.TIME_LIMIT and obj is None:
        status = Status.TIME_LIMIT
    dtime = float(solver.response_proto.deterministic_time)
    stats = {
        "termination": name,
        "solver": "cpsat",
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
        "mode": "reproducible" if reproducible else "default",
        "deterministic_time": dtime,
    }
    if reproducible:
        stopped = code not in (cp_model.OPTIMAL, cp_model.INFEASIBLE, cp_model.MODEL_INVALID)
        stats["deterministic_limit"] = dlimit
        # stopped short of its deterministic budget: the wall-clock cap decided
        stats["reproducible"] = not (stopped and dlimit is not None and dtime < 0.99 * dlimit)
    return CpSatOutcome(status, obj, bound, solve_s, solver, stats)


def merge_mode_stats(total: dict[str, Any], stats: dict[str, Any]) -> None:
    """Fold one CP-SAT call's mode stats into ``total`` (models that call CP-SAT repeatedly):
    deterministic time adds up, reproducible only if every call was."""
    total["mode"] = stats.get("mode", "default")
    total["deterministic_time"] = total.get("deterministic_time", 0.0) + stats.get(
        "deterministic_time", 0.0)
    if "reproducible" in stats:
        total["reproducible"] = total.get("reproducible", True) and stats["reproducible"]


class CpSatClock:
    """The clock a model's CP-SAT phases are budgeted against.

    Default mode: wall-clock (``time.perf_counter``). Reproducible mode: start time plus the
    deterministic time spent so far / ``DTIME_PER_SECOND``, so deadlines between CP-SAT
    calls (lazy loops, phase shares) fall at the same point of the search under any load.
    """

    def __init__(self, reproducible: bool = False) -> None:
        self.reproducible = reproducible
        self.t0 = time.perf_counter()
        self.dtime = 0.0

    def now(self) -> float:
        if self.reproducible:
            return self.t0 + self.dtime / DTIME_PER_SECOND
        return time.perf_counter()

    def charge(self, outcome: CpSatOutcome) -> None:
        self.dtime += float(outcome.stats.get("deterministic_time", 0.0))
