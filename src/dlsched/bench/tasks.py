"""Tasks: one (instance, method, seed, solver configuration) cell of a suite, and its execution.

A task is plain picklable data with a deterministic key (sha256 of its identity), so a results
store can tell which cells are already done. ``run_task`` executes one task in a worker
process and returns the row to store; it never raises for a failing method.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import inspect
import json
import math
import platform
import time
import traceback
import warnings
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from ..core.errors import crash_message
from ..core.io import _jsonable, from_dict
from ..core.solution import as_json
from .machine import git_commit
from .suite import (
    InstanceSource,
    MethodSpec,
    ProblemSuite,
    Suite,
    import_plugins,
    resolve_generator,
)

#: Significant digits kept when hashing solutions (robust to last-bit float noise).
DIGEST_DIGITS = 10


def canonical(obj: Any) -> str:
    """Stable JSON text of ``obj``, used for task keys and digests.

    Parameters
    ----------
    obj : Any
        A JSON-able value (numpy values and dataclasses are converted).

    Returns
    -------
    str
        Compact JSON with sorted keys.

    Examples
    --------
    >>> canonical({"b": 1, "a": [1.5, None]})
    '{"a":[1.5,null],"b":1}'
    """
    return json.dumps(_jsonable(obj), sort_keys=True, separators=(",", ":"))


def sha(obj: Any) -> str:
    """The sha256 of ``canonical(obj)``.

    Parameters
    ----------
    obj : Any
        A JSON-able value.

    Returns
    -------
    str
        64 hexadecimal digits.

    Examples
    --------
    >>> sha({"a": 1}) == sha({"a": 1}) != sha({"a": 2})
    True
    """
    return hashlib.sha256(canonical(obj).encode()).hexdigest()


@dataclass(frozen=True)
class Task:
    """Everything a worker needs; ``key`` identifies the cell across runs.

    Tasks are made by ``expand``; the key is computed from the identity fields (suite, problem,
    instance key, method label, kind, name, params, seed, solver), so a field passed as ``key``
    is overwritten.

    Parameters
    ----------
    suite : str
        The suite's name.
    problem : str
        The problem name (``oef``, ``ojpp``, ...).
    group : str
        The label of the instance set the instance comes from.
    instance_id : str
        A readable name of the instance: the file path relative to the suite, or the generator
        point and seed.
    instance_key : str
        The instance's identity: ``file:`` and the sha256 of the file's bytes, or ``gen:`` and
        the sha256 of the generator call.
    instance : dict
        How to build the instance: ``{"kind": "generate", "params", "seed"}`` (and
        ``"generator"`` for a named generator) or ``{"kind": "file", "path", "text"}``.
    method : str
        The method's label in the suite.
    kind : str
        ``"exact"`` (a model) or ``"algorithm"``.
    name : str
        The registered model or algorithm name.
    params : dict
        The method's keyword parameters.
    seed : int or None
        The method's seed (None: the method takes none).
    solver : dict or None
        The solver options of an exact model (``solver``, ``time_limit``, ``mip_gap``, ...);
        None for an algorithm.
    size_key : str or None
        The instance size measure the report plots against (None: the problem's first one).
    imports : tuple of str, default ()
        Plug-in modules the worker imports before running the task.
    record_stats : tuple of str, default ()
        ``Result.stats`` entries stored with the row's metrics; not part of the key.
    fingerprint : str or None, default None
        The method's code and parameters digest (``method_fingerprint``); not part of the key:
        a stored row whose fingerprint differs is re-run under the same key.
    key : str, default ""
        Ignored on input; set to the first 32 hexadecimal digits of the identity's sha256.

    Examples
    --------
    >>> from pathlib import Path
    >>> from dlsched.bench import expand, parse_suite
    >>> suite = parse_suite({"suite": {"name": "demo"}, "problems": {"oef": {
    ...     "reference": "efficiency",
    ...     "instances": [{"label": "paper", "files": ["paper-w1.json"]}],
    ...     "methods": [{"label": "max-min", "algorithm": "max-min"},
    ...                 {"label": "efficiency", "model": "oef-efficiency"}]}}},
    ...     Path("instances/oef/demo.toml").resolve())
    >>> task = expand(suite)[1]
    >>> task.method, task.kind, task.instance_id, len(task.key)
    ('max-min', 'algorithm', 'paper-w1.json', 32)
    >>> from dataclasses import replace
    >>> replace(task, seed=1).key != task.key, replace(task, group="other").key == task.key
    (True, True)
    """

    suite: str
    problem: str
    group: str
    instance_id: str
    instance_key: str
    instance: dict[str, Any]  # {"kind": "generate", params, seed} | {"kind": "file", path}
    method: str  # label
    kind: str  # exact | algorithm
    name: str
    params: dict[str, Any]
    seed: int | None
    solver: dict[str, Any] | None
    size_key: str | None
    imports: tuple[str, ...] = ()
    record_stats: tuple[str, ...] = ()  # not part of the key: it selects what to store
    #: the method's code and parameters (``method_fingerprint``); not part of the key: a
    #: stored row whose fingerprint differs is re-run under the same key
    fingerprint: str | None = field(default=None, compare=False)
    key: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        ident = {
            "suite": self.suite, "problem": self.problem, "instance": self.instance_key,
            "method": self.method, "kind": self.kind, "name": self.name,
            "params": self.params, "seed": self.seed, "solver": self.solver,
        }
        object.__setattr__(self, "key", sha(ident)[:32])


def _file_instance(path: Path, base: Path) -> tuple[str, str, dict[str, Any]]:
    """The file's text travels with the task: remote (Dask) workers need no shared filesystem."""
    raw = path.read_bytes()
    try:
        ident = str(path.relative_to(base))
    except ValueError:
        ident = str(path)
    spec = {"kind": "file", "path": str(path), "text": raw.decode("utf-8")}
    return ident, f"file:{hashlib.sha256(raw).hexdigest()}", spec


def _instances(problem: str, src: InstanceSource, base: Path):
    if src.kind == "file":
        for path in src.files:
            yield _file_instance(path, base)
        return
    for point in src.grid:
        for seed in src.seeds:
            desc = ",".join(f"{k}={point[k]}" for k in sorted(point))
            ident = f"{problem}({desc}) seed={seed}" if desc else f"{problem} seed={seed}"
            spec = {"kind": "generate", "params": point, "seed": seed}
            if src.generator is not None:  # keys of registered-generator sets stay unchanged
                spec["generator"] = src.generator
            yield ident, "gen:" + sha({"problem": problem, **spec}), spec


def _method_tasks(suite: Suite, ps: ProblemSuite, group: str, inst: tuple, m: MethodSpec):
    ident, ikey, spec = inst
    fp = method_fingerprint(ps.problem, m.kind, m.name, m.params)
    for seed in m.seeds:
        yield Task(suite.name, ps.problem, group, ident, ikey, spec, m.label, m.kind, m.name,
                   dict(m.params), seed, m.solver, ps.size_key, suite.imports, m.record_stats,
                   fingerprint=fp)


#: How deep ``_code_digest`` follows closures, registry look-ups and dataclass fields.
_DIGEST_DEPTH = 6


def _tables(module: Any) -> list[dict[Any, Any]]:
    """The module-level registry tables of ``module``: its dicts named in upper case
    (``POLICIES``, ``VARIANTS``, ``ORDERS``, ...)."""
    return [v for k, v in sorted(vars(module).items()) if k.isupper() and isinstance(v, dict)]


class _Digest:
    """sha256 of the code a registered function actually runs (see ``_code_digest``)."""

    def __init__(self) -> None:
        self.h = hashlib.sha256()
        self.seen: set[int] = set()
        self.files: set[str] = set()

    def text(self, s: str) -> None:
        self.h.update(s.encode())

    def source(self, obj: Any) -> None:
        try:
            self.text(inspect.getsource(obj))
        except (OSError, TypeError):  # no source (a C function, an interactive definition)
            self.text(getattr(obj, "__qualname__", type(obj).__qualname__))

    def module_file(self, obj: Any) -> Any:
        module = inspect.getmodule(obj)
        path = getattr(module, "__file__", None)
        if path and path not in self.files:
            self.files.add(path)
            with contextlib.suppress(OSError):
                self.h.update(Path(path).read_bytes())
        return module

    def function(self, fn: Any, depth: int, tables: list[dict[Any, Any]]) -> None:
        fn = inspect.unwrap(fn)
        if id(fn) in self.seen:
            return
        self.seen.add(id(fn))
        self.source(fn)
        module = self.module_file(fn)
        cells = getattr(fn, "__closure__", None) or ()
        if not cells:
            return
        # a function made by a shared helper (register_policy, add_variant, ...): what it
        # runs is decided by its closure, e.g. a name looked up in the helper's registry table
        here = tables + (_tables(module) if module is not None else [])
        for name, cell in zip(fn.__code__.co_freevars, cells, strict=False):
            self.text(f"\0closure {name}=")
            with contextlib.suppress(ValueError):  # an empty cell
                self.value(cell.cell_contents, depth + 1, here)

    def value(self, obj: Any, depth: int, tables: list[dict[Any, Any]]) -> None:
        if depth > _DIGEST_DEPTH:
            return
        if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
            self.text(repr(obj))
            if isinstance(obj, str):
                for table in tables:  # a registry entry the name selects
                    if obj in table and id(table[obj]) not in self.seen:
                        self.text(f"\0entry {obj}:")
                        self.value(table[obj], depth + 1, tables)
            return
        if isinstance(obj, (list, tuple)):
            for v in obj:
                self.value(v, depth + 1, tables)
            return
        if isinstance(obj, (set, frozenset, dict)):
            keys = sorted(obj, key=repr)
            for k in keys:
                self.text(repr(k))
                if isinstance(obj, dict):
                    self.value(obj[k], depth + 1, tables)
            return
        if isinstance(obj, functools.partial):
            self.value(obj.func, depth + 1, tables)
            self.value(list(obj.args), depth + 1, tables)
            self.value(dict(obj.keywords), depth + 1, tables)
            return
        if inspect.ismethod(obj):
            obj = obj.__func__
        if inspect.isfunction(obj):
            self.function(obj, depth, tables)
            return
        if isinstance(obj, type):
            if id(obj) in self.seen:
                return
            self.seen.add(id(obj))
            for cls in obj.__mro__:  # the class and every base it inherits code from
                if cls.__module__ != "builtins":
                    self.source(cls)
                    self.module_file(cls)
            return
        if dataclasses.is_dataclass(obj):
            self.value(type(obj), depth + 1, tables)
            for f in dataclasses.fields(obj):
                self.text(f"\0{f.name}=")
                self.value(getattr(obj, f.name), depth + 1, tables)
            return
        # any other object: its class's code (a repr may hold a memory address)
        self.value(type(obj), depth + 1, tables)


def _code_digest(fn: Any) -> str:
    """sha256 of the code ``fn`` runs: its source and its module's file, and, for a function
    made by a shared helper, what its closure selects (see ``method_fingerprint``).

    Examples
    --------
    >>> def make(k):
    ...     def run():
    ...         return k
    ...     return run
    >>> _code_digest(make(1)) == _code_digest(make(1)) != _code_digest(make(2))
    True
    """
    d = _Digest()
    d.function(fn, 0, [])
    return d.h.hexdigest()


def method_fingerprint(problem: str, kind: str, name: str, params: dict[str, Any]) -> str:
    """A digest of a method's code and parameters: it changes when the method is edited.

    The code part hashes the source of the registered function (the innermost one, under the
    registry's and the guard's wrappers) and the bytes of the file of its module, so an edit
    anywhere in a one-file plug-in changes it. A function made by a shared helper (one closure
    registered under many names: LTGF ``register_policy``, OJPP ``add_variant``, ...) is told
    apart by its closure: every value it captures is hashed, a captured function or class with
    its source and module file (a class with all its bases), a dataclass field by field, and a
    captured name that keys an upper-case dict of the helper's module (``POLICIES``,
    ``VARIANTS``, ``ORDERS``) with the entry it selects. So an LTGF policy is fingerprinted by
    its class and the class's module file (a plug-in policy: the plug-in's file), an OJPP
    variant by its definition and its order function. Edits in other modules the method
    merely calls do not count.

    Parameters
    ----------
    problem : str
        The problem the method belongs to.
    kind : str
        ``"exact"`` (a model) or ``"algorithm"``.
    name : str
        The registered method name.
    params : dict
        The method's parameters as the suite gives them.

    Returns
    -------
    str
        32 hexadecimal digits.

    Raises
    ------
    InputError
        The method is not registered.

    Examples
    --------
    >>> a = method_fingerprint("oef", "algorithm", "max-min", {})
    >>> len(a), a == method_fingerprint("oef", "algorithm", "max-min", {})
    (32, True)
    """
    from ..core import ALGORITHMS, MODELS

    reg = MODELS if kind == "exact" else ALGORITHMS
    # the method's own function, under the registry's and the guard's wrappers
    fn = inspect.unwrap(reg.get(name, "method", problem=problem).run)
    return sha({"code": _code_digest(fn), "params": params})[:32]


def expand(suite: Suite) -> list[Task]:
    """All tasks of a suite; the reference method first on every instance (it paces ratios).

    Parameters
    ----------
    suite : Suite
        A loaded suite (``load_suite``).

    Returns
    -------
    list of Task
        One task per (instance, method, seed) cell, duplicates removed, each with its key and
        its method's fingerprint.

    Examples
    --------
    >>> from pathlib import Path
    >>> from dlsched.bench import expand, parse_suite
    >>> suite = parse_suite({"suite": {"name": "demo"}, "problems": {"oef": {
    ...     "reference": "efficiency",
    ...     "instances": [{"label": "paper", "files": ["paper-w1.json"]}],
    ...     "methods": [{"label": "max-min", "algorithm": "max-min"},
    ...                 {"label": "efficiency", "model": "oef-efficiency"}]}}},
    ...     Path("instances/oef/demo.toml").resolve())
    >>> [(t.method, t.kind, t.instance_id) for t in expand(suite)]  # the reference first
    [('efficiency', 'exact', 'paper-w1.json'), ('max-min', 'algorithm', 'paper-w1.json')]
    """
    base = suite.path.parent
    tasks: list[Task] = []
    for ps in suite.problems:
        ordered = sorted(ps.methods, key=lambda m: m.label != ps.reference)
        for src in ps.instances:
            for inst in _instances(ps.problem, src, base):
                for m in ordered:
                    if m.runs_on(src.label):
                        tasks.extend(_method_tasks(suite, ps, src.label, inst, m))
    seen: dict[str, Task] = {}
    for t in tasks:  # the same file listed in two sets of one problem is benchmarked once
        seen.setdefault(t.key, t)
    return list(seen.values())


# --- execution (runs inside workers) ----------------------------------------------------------
@lru_cache(maxsize=1)
def versions() -> dict[str, str]:
    """Versions of dlsched and the solver stack, stored with every row.

    Returns
    -------
    dict of str to str
        Package -> version (``"missing"`` when not installed), plus ``dlsched_git`` (the commit)
        when run from a checkout.
    """
    out = {"python": platform.python_version()}
    for pkg in ("dlsched", "highspy", "pyomo", "ortools", "cvxpy", "numpy"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            out[pkg] = "missing"
    commit = git_commit()
    if commit:
        out["dlsched_git"] = commit
    return out


def solution_digest(solution: Any) -> str | None:
    """The sha256 of a solution with floats rounded to ``DIGEST_DIGITS`` significant digits.

    Parameters
    ----------
    solution : Any
        A typed solution, its JSON dict, or None.

    Returns
    -------
    str or None
        32 hexadecimal digits; None for no solution.

    Examples
    --------
    >>> solution_digest({"x": 0.1 + 0.2}) == solution_digest({"x": 0.3})
    True
    """
    if solution is None:
        return None
    solution = as_json(solution)

    def rnd(x: Any) -> Any:
        if isinstance(x, float) and math.isfinite(x):
            return float(f"{x:.{DIGEST_DIGITS}g}") + 0.0  # +0.0 folds -0.0 into 0.0
        if isinstance(x, dict):
            return {k: rnd(v) for k, v in x.items()}
        if isinstance(x, list):
            return [rnd(v) for v in x]
        return x

    return sha(rnd(_jsonable(solution)))[:32]


def materialise(task: Task) -> Any:
    """Build the instance of a task (generate it, or parse the file text it carries).

    Parameters
    ----------
    task : Task
        The task.

    Returns
    -------
    Any
        The problem's typed instance.
    """

    spec = task.instance
    if spec["kind"] == "file":
        return from_dict(json.loads(spec["text"]))
    gen = resolve_generator(task.problem, spec.get("generator"))
    return gen(seed=spec["seed"], **spec["params"])


def _size(problem: Any, inst: Any,
          key: str | None) -> tuple[dict[str, Any], str | None, float | None]:
    sizes = dict(problem.size(inst) or {})
    if not sizes:
        return sizes, None, None
    key = key if key in sizes else next(iter(sizes))
    return sizes, key, float(sizes[key])


def _metrics(problem: Any, inst: Any, result: Any) -> dict[str, float]:
    """The problem's metrics hook, else its boolean/numeric ``properties`` as 0/1 / floats."""
    if problem.metrics is not None:
        raw = problem.metrics(inst, result)
    elif problem.properties is not None:
        raw = problem.properties(inst, result.solution)
    else:
        return {}
    out: dict[str, float] = {}
    for k, v in (raw or {}).items():
        if isinstance(v, (bool, int, float)) and not (isinstance(v, float) and math.isnan(v)):
            out[str(k)] = float(v)
    return out


def _recorded_stats(stats: dict[str, Any], keys: tuple[str, ...]) -> dict[str, float]:
    """The requested numeric, finite ``Result.stats`` entries (others are skipped)."""
    out = {}
    for k in keys:
        v = stats.get(k)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
            out[k] = float(v)
    return out


def run_task(task: Task) -> dict[str, Any]:
    """Execute one task and return its results row; exceptions become ``status=error`` rows.

    Loads the installed plug-ins and the task's ``imports`` first (a worker process starts
    without them).

    Parameters
    ----------
    task : Task
        The task.

    Returns
    -------
    dict
        The row to store (the columns of ``store.RUN_COLUMNS``), with the validator's verdict,
        the metrics and the method fingerprint.

    Examples
    --------
    >>> from pathlib import Path
    >>> from dlsched.bench import expand, parse_suite
    >>> suite = parse_suite({"suite": {"name": "demo"}, "problems": {"oef": {
    ...     "reference": "efficiency",
    ...     "instances": [{"label": "paper", "files": ["paper-w1.json"]}],
    ...     "methods": [{"label": "max-min", "algorithm": "max-min"},
    ...                 {"label": "efficiency", "model": "oef-efficiency"}]}}},
    ...     Path("instances/oef/demo.toml").resolve())
    >>> from dlsched.bench import run_task
    >>> task = expand(suite)[1]
    >>> row = run_task(task)
    >>> row["method"], row["status"], row["valid"], round(row["objective"], 6)
    ('max-min', 'feasible', 1, 4.0)
    >>> from dataclasses import replace
    >>> row = run_task(replace(task, name="no-such"))  # a failure is a row, not an exception
    >>> row["status"], row["error"].split(":")[0]
    ('error', 'InputError')
    """
    from .. import api
    from ..core import PROBLEMS, plugins

    plugins.load_entry_points()  # installed plug-ins, as at the command line's start
    import_plugins(task.imports)

    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    row: dict[str, Any] = {
        "task_key": task.key, "suite": task.suite, "problem": task.problem, "group": task.group,
        "instance_id": task.instance_id, "instance_key": task.instance_key,
        "method": task.method, "kind": task.kind, "name": task.name,
        "params": canonical(task.params), "seed": task.seed,
        "solver": canonical(task.solver) if task.solver is not None else None,
        "started_at": started, "host": platform.node(), "versions": canonical(versions()),
        "status": "error", "metrics": "{}", "valid": 0, "violations": None,
        "fingerprint": task.fingerprint,
    }
    t0 = time.perf_counter()
    caught: list[warnings.WarningMessage] = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")  # every warning recorded, none printed
            _execute(task, row, PROBLEMS.get(task.problem), api)
    except Exception as exc:  # a failing method is a result, not a crash of the sweep
        row["status"] = "error"
        row["error"] = crash_message(exc)
        row["traceback"] = traceback.format_exc(limit=8)
    row["warnings"] = warning_texts(caught)
    row["wall_s"] = time.perf_counter() - t0
    row["finished_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return row


#: Distinct warnings kept per run, and characters kept of each.
MAX_WARNINGS, WARNING_CHARS = 20, 300


def warning_texts(caught: list[Any]) -> str | None:
    """The distinct captured warnings of a run as a JSON list (None when there were none).

    Parameters
    ----------
    caught : list of warnings.WarningMessage
        What ``warnings.catch_warnings(record=True)`` recorded.

    Returns
    -------
    str or None
        JSON list of ``"Category: message"`` (first line of the message, at most
        ``WARNING_CHARS`` characters), in order of first appearance, at most ``MAX_WARNINGS``.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     for _ in range(3):
    ...         warnings.warn("Solution may be inaccurate.", UserWarning)
    >>> warning_texts(caught)
    '["UserWarning: Solution may be inaccurate."]'
    >>> warning_texts([]) is None
    True
    """
    seen: list[str] = []
    for w in caught:
        first = (str(w.message).strip().splitlines() or [""])[0][:WARNING_CHARS]
        text = f"{w.category.__name__}: {first}"
        if text not in seen:
            seen.append(text)
    return json.dumps(seen[:MAX_WARNINGS]) if seen else None


def _execute(task: Task, row: dict[str, Any], problem: Any, api: Any) -> None:
    """Build the instance, run the method, validate: fill ``row`` (``run_task``'s body)."""
    inst = materialise(task)
    sizes, size_key, size = _size(problem, inst, task.size_key)
    row.update(sizes=canonical(sizes), size_key=size_key, size=size)
    params = dict(task.params)
    if task.seed is not None:
        params["seed"] = task.seed
    t_call = time.perf_counter()
    if task.kind == "exact":
        res = api.solve(inst, model=task.name, **(task.solver or {}), verify=False, **params)
    else:
        res = api.run(inst, task.name, verify=False, **params)  # judged below
    call_s = time.perf_counter() - t_call
    row.update(status=res.status.value, objective=res.objective, bound=res.bound,
               gap=res.gap, runtime_s=res.runtime_s if res.runtime_s > 0 else call_s,
               build_s=res.build_s,
               solution_digest=solution_digest(res.solution))
    if res.stats.get("error"):
        row["error"] = str(res.stats["error"])
    if task.kind == "exact":
        from .ratios import unproven_note

        row["note"] = unproven_note(res.stats)
    if res.ok:
        # the validator's violations, then the reported objective recomputed from the
        # solution (core.objective): a result that misreports it is invalid, out of ratios
        violations = api.check(inst, res)
        row.update(violations=len(violations), valid=int(not violations),
                   first_violation=violations[0] if violations else None)
        metrics = _recorded_stats(res.stats, task.record_stats)
        if not violations:
            try:
                metrics = {**_metrics(problem, inst, res), **metrics}
            except Exception as exc:  # keep the result; say why its metrics are missing
                row["error"] = f"metrics: {type(exc).__name__}: {exc}"
        row["metrics"] = canonical(metrics)

