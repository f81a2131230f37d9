"""The public API: load, save, solve, run, check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .core import ALGORITHMS, MODELS, PROBLEMS, InputError, Result
from .core import io as _io


def load(path: str | Path) -> Any:
    """Load an instance (problem detected from the file's ``problem`` key) or a result."""
    return _io.load(path)


def save(obj: Any, path: str | Path) -> Path:
    """Save an instance or a Result as JSON (atomic)."""
    return _io.save(obj, path)


def _problem_of(inst: Any) -> str:
    name = getattr(inst, "problem", None)
    if name is None or name not in PROBLEMS:
        raise InputError("instance", f"not a dlsched instance ({type(inst).__name__})")
    return name


def solve(
    inst: Any,
    model: str | None = None,
    solver: str = "highs",
    time_limit: float | None = None,
    mip_gap: float | None = None,
    threads: int | None = None,
    presolve: bool = True,
    solver_options: dict[str, Any] | None = None,
    reproducible: bool = False,
    **params: Any,
) -> Result:
    """Solve ``inst`` with an exact model (default: the problem's main model)."""
    from .core.solver import SolveOptions  # imports Pyomo: only when something is solved

    problem = _problem_of(inst)
    model = model or PROBLEMS.get(problem).default_model
    method = MODELS.get(model, "model", problem=problem)
    options = SolveOptions(
        solver=solver,
        time_limit=time_limit,
        mip_gap=mip_gap,
        threads=threads,
        presolve=presolve,
        options=dict(solver_options or {}),
        reproducible=reproducible,
    )
    return method.run(inst, options=options, **params)


def run(inst: Any, algorithm: str, **params: Any) -> Result:
    """Run a registered algorithm or baseline on ``inst``."""
    problem = _problem_of(inst)
    method = ALGORITHMS.get(algorithm, "algorithm", problem=problem)
    return method.run(inst, **params)


def check(inst: Any, solution: Any) -> list[str]:
    """Violations of ``solution`` (a solution dict or a Result); empty when feasible.

    For a Result, the reported objective is recomputed from the validated solution
    (:mod:`dlsched.core.objective`): a mismatch beyond 1e-6 (relative + absolute) is a
    violation naming both values.
    """
    from .core.objective import disagreement

    reported = None
    if isinstance(solution, Result):
        if solution.solution is None:
            return [f"result has no solution (status {solution.status.value})"]
        reported, solution = solution.objective, solution.solution
    problem = PROBLEMS.get(_problem_of(inst))
    violations = problem.check(inst, solution)
    if not violations and (why := disagreement(problem, inst, solution, reported)):
        violations.append(why)
    return violations


def generate(problem: str, **params: Any) -> Any:
    """Seeded synthetic instance of ``problem``."""
    gen = PROBLEMS.get(problem, "problem").generate
    if gen is None:
        raise InputError("problem", f"{problem!r} has no generator")
    return gen(**params)
