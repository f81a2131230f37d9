"""Benchmark suite files (TOML) -> validated ``Suite`` objects.

Every check raises ``InputError`` whose field is the dotted key of the offending entry
(``problems.oef.methods[2].params``), so a malformed suite fails with one clear line.
The format is documented in ``benchmarks/README.md``.
"""

from __future__ import annotations

import glob
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core import ALGORITHMS, MODELS, PROBLEMS, InputError, inputs, limits, plugins

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

#: Quantities a suite may report as its ratio (registry; "objective" = ALG objective / OPT).
RATIO_QUANTITIES = ("objective",)

SOLVER_KEYS = {"solver", "time_limit", "mip_gap", "threads", "presolve", "solver_options",
               "reproducible"}
MAX_SEEDS = limits.MAX_SEEDS
MAX_GRID_POINTS = limits.MAX_GRID_POINTS
MAX_BOOTSTRAP = limits.MAX_BOOTSTRAP


@dataclass(frozen=True)
class MethodSpec:
    """One method of a suite: an exact model (``kind="exact"``) or an algorithm."""

    label: str
    kind: str
    name: str
    params: dict[str, Any] = field(default_factory=dict)
    seeds: tuple[int | None, ...] = (None,)
    solver: dict[str, Any] | None = None  # SolveOptions fields for exact models
    record_stats: tuple[str, ...] = ()  # numeric Result.stats keys stored as metrics
    sets: tuple[str, ...] = ()  # instance-set labels it runs on (empty: every set)

    def runs_on(self, label: str) -> bool:
        return not self.sets or label in self.sets


@dataclass(frozen=True)
class InstanceSource:
    """Where instances come from: generator grid x seeds, or files (absolute paths)."""

    label: str
    grid: tuple[dict[str, Any], ...] = ()
    seeds: tuple[int, ...] = ()
    files: tuple[Path, ...] = ()
    generator: str | None = None  # "module:function"; None = the problem's registered generator

    @property
    def kind(self) -> str:
        return "file" if self.files else "generate"


@dataclass(frozen=True)
class ProblemSuite:
    """The part of a suite about one problem."""

    problem: str
    sense: str
    reference: str | None  # None: metrics only (no exact OPT, no ratios)
    size_key: str | None
    ratio: str
    instances: tuple[InstanceSource, ...]
    methods: tuple[MethodSpec, ...]
    skipped: dict[str, str] = field(default_factory=dict)  # method name -> why not benchmarked


@dataclass(frozen=True)
class Suite:
    """A validated benchmark suite (benchmarks/README.md describes the TOML format).

    Parameters
    ----------
    name : str
        The suite's name (rows are stored under it).
    description : str
        One line.
    path : Path
        The TOML file (file instances are relative to its folder).
    imports : tuple of str
        Plug-in modules imported before the run (in every worker too).
    bootstrap : int
        Bootstrap resamples of the report's intervals. Unit: resamples. Range: 10..1000000.
    confidence : float
        Confidence level of the intervals. Unit: dimensionless. Range: (0, 1).
    problems : tuple of ProblemSuite
        The part of the suite about each problem.

    Examples
    --------
    >>> suite = load_suite("benchmarks/quick.toml")
    >>> suite.name, [p.problem for p in suite.problems]
    ('quick', ['oef', 'ojpp', 'completion', 'ltgf', 'revenue'])
    """
    name: str
    description: str
    path: Path
    imports: tuple[str, ...]
    bootstrap: int
    confidence: float
    problems: tuple[ProblemSuite, ...]


# --- small typed getters ------------------------------------------------------------------------
def _table(data: Any, key: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InputError(key, f"expected a table, got {type(data).__name__}")
    return data


def _known(data: dict[str, Any], key: str, allowed: set[str]) -> None:
    for k in data:
        if k not in allowed:
            raise InputError(f"{key}.{k}" if key else k,
                             f"unknown key{inputs.did_you_mean(k, allowed)} "
                             f"(allowed: {', '.join(sorted(allowed))})")


def _get(data: dict[str, Any], key: str, path: str, kind: type | tuple[type, ...],
         default: Any = ..., check: Callable[[Any], str | None] | None = None) -> Any:
    full = f"{path}.{key}" if path else key
    if key not in data:
        if default is ...:
            raise InputError(full, "missing required key")
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise InputError(full, f"expected {'/'.join(k.__name__ for k in kinds)}, got a boolean")
    if not isinstance(value, kinds):
        raise InputError(full, f"expected {'/'.join(k.__name__ for k in kinds)}, "
                               f"got {type(value).__name__}")
    if check is not None and (reason := check(value)):
        raise InputError(full, reason)
    return value


def _seeds(value: Any, path: str) -> tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= MAX_SEEDS:
            raise InputError(path, f"a seed count must be >= 1 (and <= {MAX_SEEDS}), got {value}")
        return tuple(range(value))
    if isinstance(value, list) and value and all(
        isinstance(s, int) and not isinstance(s, bool) for s in value
    ):
        if len(value) > MAX_SEEDS:
            raise InputError(path, f"{len(value)} seeds > limit {MAX_SEEDS}")
        for s in value:
            inputs.seed(s, path)
        if len(set(value)) != len(value):
            raise InputError(path, "seeds must be distinct")
        return tuple(value)
    raise InputError(path, "expected a positive count or a non-empty list of integers")


def _grid(grid: dict[str, Any], fixed: dict[str, Any], path: str) -> tuple[dict[str, Any], ...]:
    """Cartesian product of the ``grid`` lists, each point merged over ``fixed``."""
    points: list[dict[str, Any]] = [dict(fixed)]
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            raise InputError(f"{path}.{key}", "grid values must be a non-empty list")
        if key in fixed:
            raise InputError(f"{path}.{key}", "is given both in grid and in params")
        if len(points) * len(values) > MAX_GRID_POINTS:
            raise InputError(f"{path}.{key}", f"the grid has more than {MAX_GRID_POINTS} points")
        points = [{**p, key: v} for p in points for v in values]
    return tuple(points)


def _checker(check: Callable[[Any], Any]) -> Callable[[Any], str | None]:
    """A boundary check (raising ``InputError``) as a ``_get`` check (returning why)."""

    def run(value: Any) -> str | None:
        try:
            check(value)
        except InputError as exc:
            return exc.reason
        return None

    return run


def _solver_options(item: dict[str, Any], p: str) -> dict[str, Any]:
    options = dict(_table(item.get("solver_options", {}), f"{p}.solver_options"))
    inputs.check_value(options, f"{p}.solver_options")
    return options


# --- sections ----------------------------------------------------------------------------------
def _file_source(problem: str, item: dict[str, Any], p: str, label: str,
                 base: Path) -> InstanceSource | None:
    """``files = [globs]`` relative to the suite; None when an optional set matches nothing."""
    for bad in ("grid", "params", "seeds", "generator"):
        if bad in item:
            raise InputError(f"{p}.{bad}", "not allowed together with files")
    patterns = _get(item, "files", p, list, check=lambda v: None if v and all(
        isinstance(s, str) for s in v) else "expected a non-empty list of glob strings")
    optional = _get(item, "optional", p, bool, default=False)
    files: list[Path] = []
    for pattern in patterns:
        full = pattern if Path(pattern).is_absolute() else str(base / pattern)
        files += sorted(Path(f).resolve() for f in glob.glob(full, recursive=True))
    if not files and not optional:
        raise InputError(f"{p}.files", f"no file matches {patterns} (relative to {base})")
    for f in files:
        _check_file(problem, f, f"{p}.files")
    return InstanceSource(label, files=tuple(dict.fromkeys(files))) if files else None


def _generator_source(problem: str, item: dict[str, Any], p: str, label: str) -> InstanceSource:
    """``grid`` x ``params`` x ``seeds`` through the problem's (or a named) generator."""
    if "seeds" not in item:
        raise InputError(f"{p}", "needs either files = [...] or seeds (generator)")
    generator = _get(item, "generator", p, str, default=None)
    if generator is not None:
        try:
            resolve_generator(problem, generator)
        except (ImportError, AttributeError, ValueError) as exc:
            raise InputError(f"{p}.generator", f"cannot load {generator!r}: {exc}") from None
    elif PROBLEMS.get(problem).generate is None:
        raise InputError(f"{p}.seeds", f"problem {problem!r} has no generator")
    seeds = _seeds(item["seeds"], f"{p}.seeds")
    grid = _table(item.get("grid", {}), f"{p}.grid")
    fixed = _table(item.get("params", {}), f"{p}.params")
    if "seed" in grid or "seed" in fixed:
        raise InputError(f"{p}.params", "seed is set by seeds, not by params/grid")
    points = _grid(grid, fixed, f"{p}.grid")
    gen = resolve_generator(problem, generator)
    for point in points:
        try:
            inputs.check_params(gen, point, f"the {problem} generator", prefix="",
                                takes_instance=False,
                                ranges_key=f"{problem}/generate" if generator is None else None)
        except InputError as exc:
            where = "grid" if exc.field in grid else "params"
            raise InputError(f"{p}.{where}.{exc.field}", exc.reason) from None
    _try_generate(problem, resolve_generator(problem, generator), points, seeds[0], p)
    return InstanceSource(label, grid=points, seeds=seeds, generator=generator)


def _instances(problem: str, items: Any, path: str, base: Path) -> tuple[InstanceSource, ...]:
    if not isinstance(items, list) or not items:
        raise InputError(path, "expected a non-empty array of tables ([[...instances]])")
    sources = []
    for i, raw in enumerate(items):
        p = f"{path}[{i}]"
        item = _table(raw, p)
        _known(item, p, {"label", "files", "grid", "params", "seeds", "optional", "generator"})
        label = _get(item, "label", p, str, default=f"set{i}")
        src = (_file_source(problem, item, p, label, base) if "files" in item
               else _generator_source(problem, item, p, label))
        if src is not None:
            sources.append(src)
    if not sources:
        raise InputError(path, "no instances: every optional file set matched nothing")
    labels = [s.label for s in sources]
    if len(set(labels)) != len(labels):
        raise InputError(path, f"instance set labels must be unique, got {labels}")
    return tuple(sources)


def _check_file(problem: str, path: Path, key: str) -> None:
    """Load an instance file once so a broken or foreign file fails the suite, not its tasks."""
    from ..core.io import load

    try:
        inst = load(path)
    except InputError as exc:
        raise InputError(key, f"{path.name}: {exc}") from None
    if getattr(inst, "problem", None) != problem:
        raise InputError(key, f"{path.name} is not a {problem} instance")


def resolve_generator(problem: str, generator: str | None) -> Callable[..., Any]:
    """The problem's registered generator, or the callable named ``"module:function"``."""
    if generator is None:
        gen = PROBLEMS.get(problem).generate
        if gen is None:
            raise ValueError(f"problem {problem!r} has no generator")
        return gen
    module, sep, func = generator.partition(":")
    if not sep or not module or not func:
        raise ValueError("expected 'module:function'")
    gen = getattr(importlib.import_module(module), func)
    if not callable(gen):
        raise ValueError(f"{generator!r} is not callable")
    return gen


def _try_generate(problem: str, gen: Callable[..., Any], points: tuple[dict[str, Any], ...],
                  seed: int, path: str) -> None:
    """Generate one instance per grid point so bad generator parameters fail here, not per task."""
    for point in points:
        try:
            inst = gen(seed=seed, **point)
        except (TypeError, ValueError) as exc:
            raise InputError(f"{path}.grid", f"generator rejects {point}: {exc}") from None
        if getattr(inst, "problem", None) != problem:
            raise InputError(f"{path}.generator", f"does not make {problem} instances")


def _method(problem: str, raw: Any, p: str, reproducible: bool = False) -> MethodSpec:
    item = _table(raw, p)
    _known(item, p, {"label", "model", "algorithm", "params", "seeds", "record_stats", "sets"}
           | SOLVER_KEYS)
    if ("model" in item) == ("algorithm" in item):
        raise InputError(p, "needs exactly one of model = ... or algorithm = ...")
    kind = "exact" if "model" in item else "algorithm"
    key = "model" if kind == "exact" else "algorithm"
    name = _get(item, key, p, str)
    registry = MODELS if kind == "exact" else ALGORITHMS
    method = registry.get(name, f"{p}.{key}", problem=problem)
    params = dict(_table(item.get("params", {}), f"{p}.params"))
    if "seed" in params:
        raise InputError(f"{p}.params", "seed is set by seeds = [...], not by params")
    seeds: tuple[int | None, ...] = (None,)
    if "seeds" in item:
        seeds = _seeds(item["seeds"], f"{p}.seeds")
        if "seed" not in inputs.signature_params(method.run)[0] and \
                not inputs.signature_params(method.run)[1]:
            raise InputError(f"{p}.seeds", f"{kind} {name!r} takes no seed")
    if not set(params) & SOLVER_KEYS:
        inputs.check_params(method.run, params, f"{kind} {name!r}", prefix=f"{p}.params.",
                            ranges_key=f"{problem}/{name}")
    solver = None
    if kind == "exact":
        solver = {
            "solver": _get(item, "solver", p, str, default="highs"),
            "time_limit": _get(item, "time_limit", p, (int, float), default=None,
                               check=_checker(inputs.time_limit)),
            "mip_gap": _get(item, "mip_gap", p, (int, float), default=None,
                            check=_checker(inputs.mip_gap)),
            "threads": _get(item, "threads", p, int, default=None,
                            check=_checker(inputs.threads)),
            "presolve": _get(item, "presolve", p, bool, default=True),
            "solver_options": _solver_options(item, p),
        }
        if "solver" in item:  # refused here, not silently ignored by the model (issue 22)
            from ..core.solver import check_solver

            check_solver(solver["solver"], method.run, name, f"{p}.solver")
        if _get(item, "reproducible", p, bool, default=reproducible):
            solver["reproducible"] = True  # absent when off: task keys of older suites hold
        clash = set(params) & SOLVER_KEYS
        if clash:
            raise InputError(f"{p}.params", f"solver settings {sorted(clash)} go next to model")
    else:
        for k in SOLVER_KEYS:
            if k in item:
                raise InputError(f"{p}.{k}", "solver settings apply to exact models only")
    label = _get(item, "label", p, str, default=name,
                 check=lambda v: None if v.strip() else "must not be empty")
    record = _get(item, "record_stats", p, list, default=[],
                  check=lambda v: None if all(isinstance(s, str) for s in v)
                  else "expected a list of Result.stats keys")
    sets = _get(item, "sets", p, list, default=[],
                check=lambda v: None if v and all(isinstance(s, str) for s in v)
                else "expected a non-empty list of instance-set labels")
    return MethodSpec(label, kind, name, params, seeds, solver, tuple(record), tuple(sets))


def _problem(name: str, raw: Any, base: Path, reproducible: bool = False) -> ProblemSuite:
    p = f"problems.{name}"
    item = _table(raw, p)
    PROBLEMS.get(name, p)
    prob = PROBLEMS.get(name)
    _known(item, p, {"reference", "size", "ratio", "instances", "methods", "skip"})
    raw_methods = item.get("methods")
    if not isinstance(raw_methods, list) or not raw_methods:
        raise InputError(f"{p}.methods", "expected a non-empty array of tables ([[...methods]])")
    methods = tuple(_method(name, m, f"{p}.methods[{i}]", reproducible)
                    for i, m in enumerate(raw_methods))
    labels = [m.label for m in methods]
    for i, lab in enumerate(labels):
        if lab in labels[:i]:
            raise InputError(f"{p}.methods[{i}].label", f"duplicate method label {lab!r}")
    reference = _get(item, "reference", p, str, default=None)
    if reference is not None:
        ref = next((m for m in methods if m.label == reference), None)
        if ref is None:
            raise InputError(f"{p}.reference", f"{reference!r} is not a method label "
                                               f"(labels: {', '.join(labels)})")
        if ref.kind != "exact":
            raise InputError(f"{p}.reference", f"{reference!r} must be an exact model")
    ratio = _get(item, "ratio", p, str, default="objective",
                 check=lambda v: None if v in RATIO_QUANTITIES
                 else f"unknown ratio {v!r} (known: {', '.join(RATIO_QUANTITIES)})")
    instances = _instances(name, item.get("instances"), f"{p}.instances", base)
    known_sets = {src.label for src in instances}
    for i, m in enumerate(methods):
        unknown = sorted(set(m.sets) - known_sets)
        if unknown:
            raise InputError(f"{p}.methods[{i}].sets", f"unknown instance sets {unknown} "
                                                       f"(sets: {', '.join(sorted(known_sets))})")
        if m.sets and m.label == reference:
            raise InputError(f"{p}.methods[{i}].sets",
                             "the reference runs on every instance set (it defines the ratios)")
    size_key = _get(item, "size", p, str, default=None)
    skipped = _skipped(name, _table(item.get("skip", {}), f"{p}.skip"), f"{p}.skip", methods)
    return ProblemSuite(name, prob.sense, reference, size_key, ratio, instances, methods, skipped)


def _skipped(problem: str, skip: dict[str, Any], path: str,
             methods: tuple[MethodSpec, ...]) -> dict[str, str]:
    """``skip = { name = "reason" }``: registered methods deliberately left out, with why."""
    used = {m.name for m in methods}
    for name, reason in skip.items():
        key = f"{path}.{name}"
        registry = ALGORITHMS if name in ALGORITHMS else MODELS
        registry.get(name, key, problem=problem)
        if name in used:
            raise InputError(key, "is skipped but also listed in methods")
        if not isinstance(reason, str) or not reason.strip():
            raise InputError(key, "give the reason as a non-empty string")
    return dict(skip)


def import_plugins(modules: tuple[str, ...] | list[str], field: str = "suite.imports") -> None:
    """Import plug-ins that register extra problems/methods (in the driver and every worker).

    Parameters
    ----------
    modules : tuple or list of str
        Module names, or paths of ``.py`` files (absolute, or relative to the working directory).
    field : str, default "suite.imports"
        The field an import error names.

    Raises
    ------
    InputError
        A plug-in cannot be imported (see ``dlsched.core.plugins.import_plugin``).
    """
    plugins.import_plugins(modules, field)


def parse_suite(data: dict[str, Any], path: Path) -> Suite:
    """Validate a parsed TOML document.

    Parameters
    ----------
    data : dict
        The parsed TOML.
    path : Path
        The file it came from (file instances are relative to its folder).

    Returns
    -------
    Suite
        The validated suite (its plug-in modules imported).

    Raises
    ------
    InputError
        An unknown key, a wrong type or value, or a plug-in that cannot be imported (named by its
        TOML path).

    Examples
    --------
    >>> from pathlib import Path
    >>> parse_suite({"suite": {"name": "x"}}, Path("x.toml"))
    Traceback (most recent call last):
    ...
    dlsched.core.errors.InputError: problems: a suite needs at least one [problems.NAME] table
    """
    _known(data, "", {"suite", "problems"})
    head = _table(data.get("suite", {}), "suite")
    _known(head, "suite", {"name", "description", "imports", "bootstrap", "confidence",
                           "reproducible"})
    reproducible = _get(head, "reproducible", "suite", bool, default=False)
    name = _get(head, "name", "suite", str, default=path.stem,
                check=lambda v: None if v.strip() else "must not be empty")
    imports = _get(head, "imports", "suite", list, default=[],
                   check=lambda v: None if all(isinstance(s, str) for s in v)
                   else "expected a list of module names")
    # a file path is taken from the suite's directory; workers get it absolute
    imports = [plugins.absolute(s, path.parent) for s in imports]
    import_plugins(imports)
    bootstrap = _get(head, "bootstrap", "suite", int, default=1000,
                     check=lambda v: None if 10 <= v <= MAX_BOOTSTRAP
                     else f"must be in [10, {MAX_BOOTSTRAP}]")
    confidence = _get(head, "confidence", "suite", float, default=0.95,
                      check=lambda v: None if 0 < v < 1 else "must be in (0, 1)")
    problems = _table(data.get("problems"), "problems") if "problems" in data else None
    if not problems:
        raise InputError("problems", "a suite needs at least one [problems.NAME] table")
    return Suite(
        name=name,
        description=_get(head, "description", "suite", str, default=""),
        path=path,
        imports=tuple(imports),
        bootstrap=bootstrap,
        confidence=confidence,
        problems=tuple(_problem(pname, praw, path.parent, reproducible)
                       for pname, praw in problems.items()),
    )


def with_reproducible(suite: Suite) -> Suite:
    """``suite`` with every exact model in reproducible mode (``dlsched bench --reproducible``)."""
    def method(m: MethodSpec) -> MethodSpec:
        if m.solver is None:
            return m
        return replace(m, solver={**m.solver, "reproducible": True})

    return replace(suite, problems=tuple(
        replace(ps, methods=tuple(method(m) for m in ps.methods)) for ps in suite.problems))


def load_suite(path: str | Path) -> Suite:
    """Read and validate a suite TOML file.

    Parameters
    ----------
    path : str or Path
        The TOML file.

    Returns
    -------
    Suite
        The validated suite.

    Raises
    ------
    InputError
        Missing, unreadable, malformed TOML, or invalid content.

    Examples
    --------
    >>> load_suite("benchmarks/quick.toml").bootstrap
    1000
    """
    path = Path(path).resolve()
    if not path.exists():
        raise InputError(str(path), "suite file not found")
    text = inputs.read_text(path)  # bounded, UTF-8
    inputs.check_depth(text, str(path))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(str(path), f"malformed TOML: {exc}") from None
    except RecursionError:  # pragma: no cover - check_depth runs first
        raise InputError(str(path), f"nesting deeper than {limits.MAX_DEPTH}") from None
    inputs.check_value(data, "")  # NaN / inf / magnitude / lengths anywhere, by key path
    return parse_suite(data, path)
