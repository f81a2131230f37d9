"""CP-SAT helper: solve a CpModel and map status/bound to dlsched's statuses."""

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
) -> CpSatOutcome:
    """Solve ``model`` (an ``ortools.sat.python.cp_model.CpModel``).

    ``scale`` divides the integer objective and bound back into problem units. The returned
    ``solver`` gives access to variable values (``outcome.solver.Value(var)``). ``params``:
    further CP-SAT parameters by name (e.g. ``{"linearization_level": 2}``).
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
    stats = {
        "termination": name,
        "solver": "cpsat",
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
    }
    return CpSatOutcome(status, obj, bound, solve_s, solver, stats)
