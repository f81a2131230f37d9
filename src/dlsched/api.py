"""The public API: load, save, solve, run, check, generate.

Examples
--------
>>> import dlsched as ds
>>> inst = ds.load("instances/oef/paper-eq6.json")
>>> ds.check(inst, ds.solve(inst))
[]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .core import ALGORITHMS, MODELS, PROBLEMS, DlschedError, InputError, Result
from .core import inputs as _inputs
from .core import io as _io

#: the keywords of ``solve`` itself (offered by "did you mean" next to the model's own)
SOLVE_KEYWORDS = ("model", "solver", "time_limit", "mip_gap", "threads", "presolve",
                  "solver_options", "reproducible", "deterministic_basis")


def load(path: str | Path) -> Any:
    """Load an instance or a result from a JSON file.

    The problem is detected from the file's ``problem`` key; standard formats (``.vbp``) are
    converted. The file goes through the input boundary (size, UTF-8, nesting, finite numbers).

    Parameters
    ----------
    path : str or Path
        The JSON file (or a standard format such as ``.vbp``).

    Returns
    -------
    object
        The problem's frozen instance (e.g. ``OEFInstance``) or a ``Result``.

    Raises
    ------
    InputError
        The file is missing, too large, not UTF-8 or JSON, or a field is invalid (the error
        names its path).

    Examples
    --------
    >>> inst = load("instances/oef/paper-eq6.json")
    >>> inst.problem, inst.name
    ('oef', 'paper-eq6')
    """
    return _io.load(path)


def save(obj: Any, path: str | Path) -> Path:
    """Save an instance or a Result as JSON, atomically (no partial file on failure).

    Parameters
    ----------
    obj : object
        An instance or a ``Result``.
    path : str or Path
        The file to write (its folder must exist).

    Returns
    -------
    Path
        The path written.

    Raises
    ------
    OSError
        The file cannot be written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> inst = load("instances/oef/paper-eq6.json")
    >>> out = save(inst, pathlib.Path(tempfile.mkdtemp()) / "copy.json")
    >>> load(out).name
    'paper-eq6'
    """
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
    verify: bool = True,
    **params: Any,
) -> Result:
    """Solve ``inst`` with an exact model (default: the model of the instance's statement).

    Parameters
    ----------
    inst : object
        A problem instance (from ``load`` or ``generate``).
    model : str or None, default None
        The exact model's registered name (``dlsched list``); ``None`` picks the problem's
        default model.
    solver : str, default "highs"
        The solver of a Pyomo model (``highs``, or another installed Pyomo solver such as
        ``gurobi``); CP-SAT models ignore it.
    time_limit : float or None, default None
        Wall-clock limit of the solve; a stopped solve reports status ``time_limit`` with its
        incumbent, bound and gap. ``None`` means no limit. Unit: s. Range: (0, 1e6].
    mip_gap : float or None, default None
        Relative MIP gap at which the solver stops (``None``: the solver's default).
        Unit: dimensionless. Range: [0, 1].
    threads : int or None, default None
        Solver threads (``None``: the solver's default). Unit: threads. Range: 1..256.
    presolve : bool, default True
        Whether the solver presolves the model.
    solver_options : dict or None, default None
        Further options passed to the solver verbatim.
    reproducible : bool, default False
        Deterministic search and time budget for CP-SAT models: the same seed gives the same
        result under any machine load (``stats.mode`` says which mode ran).
    deterministic_basis : float or None, default None
        The nominal time limit a reproducible run derives its deterministic budget from (the
        command line passes its ``--time-limit``). Unit: s. Range: (0, 1e6].
    verify : bool, default True
        Validate the solution with the problem's validator and recompute its objective
        (``Result.verdict``); ``False`` skips both, for inner loops that check elsewhere.
    **params
        The model's own parameters (``dlsched params MODEL``).

    Returns
    -------
    Result
        Status, objective, proven bound, gap, times and the validated solution.

    Raises
    ------
    InputError
        ``inst`` is not an instance, the model is unknown for its problem, or a parameter is
        unknown, of the wrong type or out of range (with a "did you mean").
    SolverError
        The solver is not installed or failed.

    Examples
    --------
    >>> inst = load("instances/oef/paper-eq6.json")
    >>> res = solve(inst, model="oef-cooperative")
    >>> res.status.value, res.objective
    ('optimal', 5.25)
    """
    from .core.solver import SolveOptions, check_solver  # imports Pyomo: only when solving

    problem = _problem_of(inst)
    model = model or PROBLEMS.get(problem).model_for(inst)
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
    return _verified(inst, _call(method.run, params, inst, options=options), verify)


def _verified(inst: Any, res: Any, verify: bool) -> Any:
    """``res`` with the validator's verdict in ``stats["check"]`` (``Result.verdict``)."""
    if verify and isinstance(res, Result) and res.solution is not None:
        violations = check(inst, res)
        res.stats["check"] = {"valid": not violations, "count": len(violations),
                              "violations": violations[:5]}
    return res


def _call(fn: Any, params: dict[str, Any], *args: Any, **fixed: Any) -> Any:
    """``fn(*args, **fixed, **params)``. A method that rejects a user's parameter in its own way
    (a keyword refused deep down a ``**params`` chain, a ``TypeError`` / ``ValueError`` /
    ``KeyError`` on a value the generic rule could not type) raises an ``InputError``
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


def run(inst: Any, algorithm: str, *, verify: bool = True, **params: Any) -> Result:
    """Run a registered algorithm or baseline on ``inst``; its solution is validated and its
    objective recomputed (``Result.verdict``) unless ``verify`` is false.

    Parameters
    ----------
    inst : object
        A problem instance.
    algorithm : str
        The algorithm's registered name (``dlsched list PROBLEM``).
    verify : bool, default True
        Validate the solution and recompute its objective; ``False`` skips both, for inner
        loops that check elsewhere.
    **params
        The algorithm's own parameters (``dlsched params ALGORITHM``).

    Returns
    -------
    Result
        Status, objective, times and the solution (typed for the problem).

    Raises
    ------
    InputError
        ``inst`` is not an instance, the algorithm is unknown for its problem, or a parameter is
        unknown, of the wrong type or out of range.

    Examples
    --------
    >>> inst = load("instances/oef/paper-eq6.json")
    >>> run(inst, "max-min").objective
    4.5
    >>> run(inst, "max-min", round=3)
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: round: algorithm 'max-min' has no parameter 'round' ...
    """
    problem = _problem_of(inst)
    method = ALGORITHMS.get(algorithm, "algorithm", problem=problem)
    params = _inputs.check_params(method.run, params, f"algorithm {algorithm!r}", prefix="",
                                  ranges_key=f"{problem}/{algorithm}")
    return _verified(inst, _call(method.run, params, inst), verify)


def check(inst: Any, solution: Any) -> list[str]:
    """Violations of ``solution``; an empty list when it is feasible.

    For a Result, the reported objective is recomputed from the validated solution
    (``dlsched.core.objective``): a mismatch beyond 1e-6 (relative + absolute) is a
    violation naming both values.

    Parameters
    ----------
    inst : object
        The instance the solution is for.
    solution : Result or dict
        A ``Result`` (from ``solve`` / ``run``) or a bare solution in the problem's JSON form.

    Returns
    -------
    list of str
        One line per violation; empty when feasible.

    Raises
    ------
    InputError
        ``inst`` is not an instance.

    Examples
    --------
    >>> inst = load("instances/oef/paper-eq6.json")
    >>> check(inst, run(inst, "max-min"))
    []
    >>> check(inst, {"x": []})
    ["solution: none of the keys ['allocation', 'rounds'] present"]
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
    """A seeded synthetic instance of ``problem``: the same parameters, the same instance.

    Parameters
    ----------
    problem : str
        The problem's name (``dlsched list``).
    **params
        The generator's parameters, e.g. ``seed`` and sizes (``dlsched params PROBLEM``).

    Returns
    -------
    object
        The problem's frozen instance.

    Raises
    ------
    InputError
        Unknown problem, a problem without a generator, or a parameter unknown, of the wrong
        type or out of range.

    Examples
    --------
    >>> inst = generate("oef", n=3, k=2, seed=1)
    >>> inst.name, len(inst.users)
    ('oef-n3-k2-rand-s1', 3)
    """
    gen = PROBLEMS.get(problem, "problem").generate
    if gen is None:
        raise InputError("problem", f"{problem!r} has no generator")
    params = _inputs.check_params(gen, params, f"the {problem} generator", prefix="",
                                  takes_instance=False, ranges_key=f"{problem}/generate")
    return _call(gen, params)
