"""The public API: load, save, solve, run, check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .core import ALGORITHMS, MODELS, PROBLEMS, DlschedError, InputError, Result
from .core import inputs as _inputs
from .core import io as _io

#: the keywords of :func:`solve` itself (offered by "did you mean" next to the model's own)
SOLVE_KEYWORDS = ("model", "solver", "time_limit", "mip_gap", "threads", "presolve",
                  "solver_options", "reproducible", "deterministic_basis")


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
    deterministic_basis: float | None = None,
    **params: Any,
) -> Result:
    """Solve ``inst`` with an exact model (default: the problem's main model).

    ``params`` are the model's own parameters (``dlsched params MODEL``); an unknown keyword, a
    value of the wrong type or out of range is an :class:`InputError` (with a "did you mean").
    """
    from .core.solver import SolveOptions, check_solver  # imports Pyomo: only when solving

    problem = _problem_of(inst)
    model = model or PROBLEMS.get(problem).default_model
    method = MODELS.get(model, "model", problem=problem)
    params = _inputs.check_params(method.run, params, f"model {model!r}", prefix="",
                                  ranges_key=f"{problem}/{model}", also=SOLVE_KEYWORDS)
    check_solver(solver, method.run, model)  # unknown / not installed / unusable: refused
    options = SolveOptions(
        solver=solver,
        time_limit=_inputs.time_limit(time_limit),
        mip_gap=mip_gap,
        threads=threads,
        presolve=presolve,
        options=dict(solver_options or {}),
        reproducible=reproducible,
        deterministic_basis=_inputs.time_limit(deterministic_basis),
    )
    return _call(method.run, params, inst, options=options)


def _call(fn: Any, params: dict[str, Any], *args: Any, **fixed: Any) -> Any:
    """``fn(*args, **fixed, **params)``. A method that rejects a user's parameter in its own way
    (a keyword refused deep down a ``**params`` chain, a ``TypeError`` / ``ValueError`` /
    ``KeyError`` on a value the generic rule could not type) raises an :class:`InputError`
    naming the parameter instead; without user parameters the exception is the method's own."""
    try:
        return fn(*args, **fixed, **params)
    except DlschedError:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        if not params:
            raise
        if isinstance(exc, TypeError):
            err = _inputs.unexpected_keyword(exc, params, prefix="")
            if err is not None:
                raise err from None
        field = next(iter(params)) if len(params) == 1 else ", ".join(params)
        raise InputError(field, f"refused ({type(exc).__name__}: "
                                f"{_inputs.one_line(str(exc))[:200]})") from None


def run(inst: Any, algorithm: str, **params: Any) -> Result:
    """Run a registered algorithm or baseline on ``inst``."""
    problem = _problem_of(inst)
    method = ALGORITHMS.get(algorithm, "algorithm", problem=problem)
    params = _inputs.check_params(method.run, params, f"algorithm {algorithm!r}", prefix="",
                                  ranges_key=f"{problem}/{algorithm}")
    return _call(method.run, params, inst)


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
    params = _inputs.check_params(gen, params, f"the {problem} generator", prefix="",
                                  takes_instance=False, ranges_key=f"{problem}/generate")
    return _call(gen, params)
