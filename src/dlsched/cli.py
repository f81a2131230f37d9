"""`dlsched` command line: JSON in, JSON out, a human summary on the terminal.

Bad input exits with status 2 and one line naming the field; output files are written
atomically, so a failed command leaves no partial file.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import api
from .commands import COMMANDS, command, console, err_console
from .core import ALGORITHMS, MODELS, PROBLEMS, DlschedError, InputError, Result, inputs, limits
from .core.docstrings import Interval, ParamInfo, describe, parse, parse_range
from .core.io import atomic_write_text, dumps
from .core.progress import spinner


def parse_params(pairs: list[str] | None) -> dict[str, Any]:
    """``["n=4", "monotone=true", "name=x"]`` -> typed dict (JSON values, else strings), each
    value through the input boundary (``dlsched.core.inputs.parse_value``)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputError("--param", f"expected KEY=VALUE, got {inputs.one_line(pair[:60])!r}")
        if not key.isidentifier():
            raise InputError(f"--param {inputs.one_line(key[:60])}", "not a parameter name")
        out[key] = inputs.parse_value(raw, f"--param {key}")
    return out


def method_params(fn: Callable[..., Any], takes_instance: bool = True) -> dict[str, Any]:
    """Keyword parameters of a method or generator, with their defaults.

    The ``**params`` a function passes on are followed to the functions they reach
    (``dlsched.core.inputs.FORWARDS``), as the input boundary does.

    Parameters
    ----------
    fn : callable
        A registered method's ``run`` or a problem's generator.
    takes_instance : bool, default True
        Whether the first parameter is the instance (left out).

    Returns
    -------
    dict
        Name -> default (``None`` when required), without the instance and the solver
        ``options``; the key ``"**"`` is present when unknown keywords are still passed on.

    Examples
    --------
    >>> method_params(lambda inst, rounds=3, **kw: None)
    {'rounds': 3, '**': None}
    """
    walked, open_ = inputs.walk_params(fn, takes_instance)
    out = {name: None if par.default is par.empty else par.default
           for name, (par, _, _) in walked.items()}
    if open_:
        out["**"] = None
    return out


def validate_params(
    fn: Callable[..., Any], params: dict[str, Any], what: str, takes_instance: bool = True,
    ranges_key: str | None = None,
) -> dict[str, Any]:
    """``params`` for ``fn`` checked by the boundary's parameter rule
    (``dlsched.core.inputs.check_params``): unknown keys, wrong types and NaN / inf /
    negative / absurd values -> ``InputError`` naming ``--param KEY``."""
    return inputs.check_params(fn, params, what, takes_instance=takes_instance,
                               ranges_key=ranges_key)


def _param_fields(params: dict[str, Any], call: Callable[[], Any]) -> Any:
    """``call()``; an ``InputError`` about one of ``params`` (raised by the API or deep in
    a method) is reported as ``--param KEY``, the way the user gave it."""
    try:
        return call()
    except InputError as exc:
        if exc.field in params:
            raise InputError(f"--param {exc.field}", exc.reason) from None
        raise


def _write(obj: Any, out: str | None) -> None:
    if out:
        atomic_write_text(out, dumps(obj))
        console.print(f"wrote {out}", soft_wrap=True)


def _valid(res: Result) -> bool:
    """False when ``run`` / ``solve`` validated the result and found violations."""
    return res.verdict is None or bool(res.verdict["valid"])


def _print_result(res: Result) -> None:
    console.print(res.summary())
    if res.stats.get("error"):
        console.print(f"[red]error:[/red] {res.stats['error']}")


def _params_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--param",
        "-p",
        action="append",
        metavar="KEY=VALUE",
        help="method / generator parameter (repeatable; values parsed as JSON)",
    )
    p.add_argument("--out", "-o", help="write the JSON output here")


def _progress_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-progress", action="store_true",
                   help="no spinner on stderr (it is shown only when stderr is a terminal)")


# --- list -------------------------------------------------------------------------------------
def _setup_list(p: argparse.ArgumentParser) -> None:
    p.add_argument("problem", nargs="?", help="show only this problem's models and algorithms")


@command("list", "list problems, exact models and algorithms", _setup_list)
def cmd_list(args: argparse.Namespace) -> int:
    only = args.problem
    if only is not None:
        PROBLEMS.get(only, "problem")
    table = Table(title="dlsched registry" + (f": {only}" if only else ""))
    for col in ("kind", "name", "problem", "description"):
        table.add_column(col)
    for name, prob in PROBLEMS.items():
        if only in (None, name):
            table.add_row("problem", name, name, f"{prob.description} ({prob.sense})")
    for kind, reg in (("exact", MODELS), ("algorithm", ALGORITHMS)):
        for name, method in reg.items(only):
            table.add_row(kind, name, method.problem, method.description)
    console.print(table)
    return 0


# --- params -----------------------------------------------------------------------------------
#: the options ``api.solve`` gives every exact model (documented in its docstring)
SOLVER_OPTIONS = ("solver", "time_limit", "mip_gap", "threads", "reproducible")


def _param_doc(info: ParamInfo) -> tuple[str, ...]:
    """One table row: name, type, default, range, unit and one-line meaning of a parameter."""
    cells = (info.name, info.type or "-", info.default, info.range or "-", info.unit or "-")
    # the docstring's ``literal`` markup reads as `literal` on a terminal
    meaning = (escape(info.meaning.replace("``", "`")) if info.meaning
               else "[red]undocumented[/red]")
    return (*map(escape, cells), meaning)


def param_reference(name: str, problem: str | None = None) -> dict[str, Any]:
    """Everything ``dlsched params NAME`` shows, as one JSON-ready dict.

    Read from the docstrings and signatures of the method (or generator) and of the functions
    its ``**params`` reach (``dlsched.core.docstrings.describe``); the docs' methods page
    (docs/hooks/methods.py) renders the same dict, so the two cannot disagree.

    Parameters
    ----------
    name : str
        A registered exact model, an algorithm, or a problem (its generator).
    problem : str or None, default None
        The problem, when the method name exists in several.

    Returns
    -------
    dict
        ``name``, ``kind`` ("exact", "algorithm" or "generator"), ``problem``, ``summary``
        (the docstring's first paragraph, else the registered description), ``parameters``
        (list of dicts with ``name``, ``type``, ``default``, ``range``, ``unit``, ``meaning``
        ...), ``passes_on`` (unknown keywords passed on unchecked) and, for exact models,
        ``solver_options``.

    Raises
    ------
    InputError
        Unknown name, a name of several problems without ``problem``, or a problem without a
        generator.

    Examples
    --------
    >>> ref = param_reference("oef")
    >>> ref["kind"], [p["name"] for p in ref["parameters"]][:2]
    ('generator', ['n', 'k'])
    """
    if name in PROBLEMS:
        fn = PROBLEMS.get(name).generate
        if fn is None:
            raise InputError("method", f"problem {name!r} has no generator")
        kind, prob, key, takes = "generator", name, f"{name}/generate", False
        description = PROBLEMS.get(name).description
    else:
        reg = MODELS if MODELS.has(name, problem) else ALGORITHMS
        method = reg.get(name, "method", problem=problem)
        fn, kind, prob, key, takes = (method.run, method.kind, method.problem,
                                      f"{method.problem}/{name}", True)
        description = method.description
    params, open_ = describe(fn, takes_instance=takes, ranges_key=key)
    params = _with_declared(params, inputs.declared(key), fn)
    out: dict[str, Any] = {
        "name": name, "kind": kind, "problem": prob,
        "summary": parse(inspect.getdoc(inspect.unwrap(fn))).summary or description,
        "parameters": [p.to_dict() for p in params],
        "passes_on": open_,
    }
    if kind == "exact":
        solve_params, _ = describe(api.solve, ranges_key=None)
        out["solver_options"] = [p.to_dict() for p in solve_params if p.name in SOLVER_OPTIONS]
    return out


def _with_declared(rows: list[ParamInfo], decls: dict[str, inputs.Param],
                   fn: Callable[..., Any]) -> list[ParamInfo]:
    """``rows`` with each parameter the method declared (``Param``) shown as declared: its type,
    the range the boundary enforces (met with a narrower documented one), unit and meaning
    (the docstring's when the declaration gives none); a declared name reached only through
    an open ``**params`` gets its own row."""
    out: list[ParamInfo] = []
    seen: set[str] = set()
    for row in rows:
        decl = decls.get(row.name)
        out.append(row if decl is None else _declared_row(row, decl))
        seen.add(row.name)
    target = inspect.unwrap(fn)
    source = f"{getattr(target, '__module__', '')}:{getattr(target, '__qualname__', '')}"
    for name, decl in decls.items():
        if name not in seen:
            out.append(_declared_row(ParamInfo(name=name, type="", default="required",
                                               range="", unit="", meaning="", source=source),
                                     decl))
    return out


def _declared_row(row: ParamInfo, decl: inputs.Param) -> ParamInfo:
    """One ``params`` row from a ``Param`` declaration (over the docstring's row)."""
    numeric = decl.type in (int, float)
    enforced = (Interval(*decl.bounds(), low_open=decl.low_open, integer=decl.type is int)
                if numeric else None)
    documented = parse_range(row.documented_range) if numeric else None
    if decl.choices:
        shown = "one of: " + ", ".join(decl.choices)
    elif enforced is not None:
        shown = str(enforced.meet(documented) if documented is not None else enforced)
    else:
        shown = ""
    return ParamInfo(
        name=row.name,
        type=decl.kind + (" or None" if row.default == "None" else ""),
        default=row.default,
        range=shown,
        unit=decl.unit or row.unit,
        meaning=decl.doc or row.meaning,
        source=row.source,
        enforced=str(enforced) if enforced is not None else "",
        documented_range=row.documented_range,
        numeric=numeric and not decl.choices,
        documented=row.documented or bool(decl.doc),
    )


def _setup_params(p: argparse.ArgumentParser) -> None:
    p.add_argument("method", help="an exact model, an algorithm, or a problem (its generator)")
    p.add_argument("--problem", help="the problem, when the method name exists in several")
    p.add_argument("--json", action="store_true", help="print the parameters as JSON")


@command("params", "list a method's or a generator's parameters: type, default, range, unit, "
         "meaning", _setup_params)
def cmd_params(args: argparse.Namespace) -> int:
    ref = param_reference(args.method, args.problem)
    if args.json:
        sys.stdout.write(json.dumps(ref, indent=2) + "\n")
        return 0
    title = (f"generator of {ref['problem']}" if ref["kind"] == "generator"
             else f"{ref['kind']} {ref['name']} ({ref['problem']})")
    # a redirected stdout (a pipe, a file) is read whole: no 80-column squeeze of the meanings
    out = console if console.is_terminal else Console(highlight=False, width=160)
    if ref["summary"]:
        out.print(f"{title}: {ref['summary']}", soft_wrap=True, markup=False)
    groups = [("parameters", ref["parameters"])]
    if "solver_options" in ref:
        groups.append(("solver options (dlsched solve --solver/--time-limit/--mip-gap/"
                       "--threads/--reproducible)", ref["solver_options"]))
    for caption, rows in groups:
        table = Table(title=f"{title}: {caption}")
        table.add_column("parameter", no_wrap=True)  # names whole: they are typed as -p NAME=
        for col in ("type", "default", "range", "unit", "meaning"):
            table.add_column(col, overflow="fold")
        for row in rows:
            table.add_row(*_param_doc(ParamInfo(**row)))
        if caption == "parameters" and ref["passes_on"]:
            table.add_row("**", "-", "-", "-", "-", "further keywords are passed on unchecked")
        out.print(table)
    if ref["kind"] == "exact":
        _print_export_params(ref["problem"], ref["name"])
    return 0


def _print_export_params(problem: str, model: str) -> None:
    """The ``-p`` parameters ``dlsched export`` takes for ``model`` (if it has an MPS form)."""
    from .core.export import get_exporter

    try:
        exporter = get_exporter(problem, model)
    except InputError:
        console.print("export: no MPS/LP form (a CP-SAT or matrix model)")
        return
    params = ", ".join(f"{k}={v!r}" for k, v in exporter.params().items()) or "none"
    console.print(f"export parameters (dlsched export -p): {params}", soft_wrap=True)


# --- solve ------------------------------------------------------------------------------------
def _setup_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument("--model", "-m", help="exact model (default: the problem's main model)")
    p.add_argument("--solver", default="highs",
                   help="Pyomo solver name (default highs); one that is not installed, or that "
                   "the model cannot use (CP-SAT models), is refused with exit 2")
    p.add_argument(
        "--time-limit", metavar="S",
        help="wall-clock limit in seconds, in (0, 1e6]; a stopped solve reports status "
        "time_limit with its incumbent, bound and gap",
    )
    p.add_argument("--mip-gap", metavar="G", help="relative MIP gap to stop at, in [0, 1]")
    p.add_argument("--threads", metavar="N", help=f"solver threads (1..{limits.MAX_THREADS})")
    p.add_argument("--reproducible", action="store_true",
                   help="CP-SAT models: deterministic search and time budget (same seed, same "
                   "result under any load); stats.mode says which mode ran")
    _params_arg(p)
    _progress_arg(p)


@command("solve", "solve an instance with an exact model", _setup_solve)
def cmd_solve(args: argparse.Namespace) -> int:
    time_limit = inputs.time_limit(args.time_limit, "--time-limit", text=True)
    mip_gap = inputs.mip_gap(args.mip_gap, "--mip-gap", text=True)
    threads = inputs.threads(args.threads, "--threads", text=True)
    params = parse_params(args.param)
    inst = api.load(args.instance)
    model_name = args.model or PROBLEMS.get(inst.problem).model_for(inst)
    method = MODELS.get(model_name, "--model", problem=inst.problem)
    params = validate_params(method.run, params, f"model {model_name!r}",
                             ranges_key=f"{inst.problem}/{model_name}")
    from .core.solver import check_solver

    check_solver(args.solver, method.run, model_name, "--solver")
    # the limit is wall-clock for the whole command: the interpreter's start, imports and parsing
    # (seconds on a loaded machine) are taken off what the model gets; a reproducible run keeps
    # the nominal limit as the basis of its deterministic budget (load must not change it)
    from .core.deadline import EXIT_RESERVE_S, remaining

    spent = time.perf_counter() - getattr(args, "started", time.perf_counter()) + EXIT_RESERVE_S

    with spinner(err_console, f"solving {inst.name} with {model_name}", time_limit,
                 enabled=not args.no_progress):
        res = _param_fields(params, lambda: api.solve(
            inst,
            model=args.model,
            solver=args.solver,
            time_limit=remaining(time_limit, spent),
            mip_gap=mip_gap,
            threads=threads,
            reproducible=args.reproducible,
            deterministic_basis=time_limit if args.reproducible else None,
            **params,
        ))
    _print_result(res)
    _write(res, args.out)
    return 0 if res.ok and _valid(res) else 1


# --- run --------------------------------------------------------------------------------------
def _setup_run(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument("--algorithm", "-a", required=True, help="algorithm name (see dlsched list)")
    _params_arg(p)
    _progress_arg(p)


@command("run", "run an algorithm or baseline", _setup_run)
def cmd_run(args: argparse.Namespace) -> int:
    params = parse_params(args.param)
    inst = api.load(args.instance)
    method = ALGORITHMS.get(args.algorithm, "--algorithm", problem=inst.problem)
    params = validate_params(method.run, params, f"algorithm {args.algorithm!r}",
                             ranges_key=f"{inst.problem}/{args.algorithm}")
    with spinner(err_console, f"running {args.algorithm} on {inst.name}",
                 enabled=not args.no_progress):
        res = _param_fields(params, lambda: api.run(inst, args.algorithm, **params))
    _print_result(res)
    _write(res, args.out)
    return 0 if res.ok and _valid(res) else 1


# --- check ------------------------------------------------------------------------------------
def _setup_check(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument("solution", help="a result JSON (from solve/run) or a bare solution JSON")
    p.add_argument("--out", "-o", help="write the verdict as JSON here")


@command("check", "validate a solution and print its properties", _setup_check)
def cmd_check(args: argparse.Namespace) -> int:
    inst = api.load(args.instance)
    from .core.io import find, from_dict, read_json

    data = read_json(args.solution)
    is_result = isinstance(data, dict) and data.get("kind") == "result"
    solution = data.get("solution") if is_result else data
    if solution is None:
        raise InputError("solution", "the result holds no solution")
    # a result's reported objective is checked against its solution's, too
    violations = api.check(inst, from_dict(data) if is_result else solution)
    verdict: dict[str, Any] = {"feasible": not violations, "violations": violations}
    prob = PROBLEMS.get(inst.problem)
    if prob.properties is not None and not violations:
        verdict["properties"] = prob.properties(inst, solution)
    table = Table(title=f"{inst.name}: " + ("infeasible" if violations else "feasible"))
    table.add_column("check")
    table.add_column("verdict")
    for v in violations:
        table.add_row("violation", str(v))
    for key, value in verdict.get("properties", {}).items():
        table.add_row(key, _cell(value))
    # the file api.load read (a relative instances/... path may be the package's copy)
    record = _judge_record(str(find(args.instance)), inst, solution, violations)
    if record is not None:
        verdict["record"] = record
        if record["beats_bound"]:
            violations.append(f"beats the stored bound {record['bound']} of {record['set']}/"
                              f"{record['id']}: the record is wrong (please report it)")
            verdict.update(feasible=False, violations=violations)
    if not violations:
        verdict["objective"] = _recomputed_objective(prob, inst, solution)
    if table.row_count:
        console.print(table)
    console.print(_check_summary(inst.name, prob.sense, verdict), markup=False, soft_wrap=True)
    _write(verdict, args.out)
    return 0 if not violations else 1


def _recomputed_objective(prob: Any, inst: Any, solution: Any) -> float | None:
    """The solution's objective recomputed from the problem's definition (None: the problem
    cannot recompute this kind of solution)."""
    value = prob.objective(inst, solution) if prob.objective is not None else None
    return None if value is None else float(value)


def _check_summary(name: str, sense: str, verdict: dict[str, Any]) -> str:
    """The last line of ``dlsched check``: the verdict, the count and first violation, or the
    recomputed objective."""
    bad = verdict["violations"]
    if bad:
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        return (f"summary: {name}: INVALID, {len(bad)} violation(s); first: {bad[0]}{more}")
    obj = verdict.get("objective")
    shown = "not recomputable for this solution kind" if obj is None else f"{obj:.10g}"
    word = {"min": "minimised", "max": "maximised"}.get(sense, sense)
    return f"summary: {name}: feasible, objective {shown} ({word}, recomputed from the solution)"


def _judge_record(path: str, inst: Any, solution: Any, violations: list[str]
                  ) -> dict[str, Any] | None:
    """For an instance of dlsched-lib: print the set's rules, then (valid solutions) the
    objective against the record's best-known value and bound."""
    from .lib.judge import judge, record_of

    found = record_of(path)
    if found is None:
        return None
    folder, row = found
    rules = ", ".join(f"{k}={v}" for k, v in PROBLEMS.get(inst.problem).rules(inst).items())
    console.print(f"library record {folder.parent.name}/{folder.name}/{row['id']}, judged under "
                  f"the set's statement ({rules or 'no extra rules'})", markup=False)
    if violations:
        return None
    rec = judge(folder, row, inst, solution)
    console.print(f"objective {rec['objective']}: ratio {_cell(rec['ratio_best'])} to the "
                  f"best-known {rec['best_known']}, {_cell(rec['ratio_bound'])} to the bound "
                  f"{rec['bound']} (>= 1 is worse)", markup=False)
    return rec


def _cell(value: Any) -> str:
    """A property value as table text: booleans as yes/no, dicts as key=value lists."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k}={_cell(v)}" for k, v in value.items())
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value)
    return str(value)


# --- generate ---------------------------------------------------------------------------------
def _setup_generate(p: argparse.ArgumentParser) -> None:
    p.add_argument("problem", help="problem name (see dlsched list)")
    p.add_argument("--seed", default="0", help="random seed, 0..2^32-1 (same seed, same "
                   "instance)")
    _params_arg(p)


@command("generate", "write a seeded synthetic instance", _setup_generate)
def cmd_generate(args: argparse.Namespace) -> int:
    seed = inputs.seed(args.seed, "--seed", text=True)
    params = parse_params(args.param)
    if "seed" in params:
        raise InputError("--param seed", "give the seed as --seed")
    gen = PROBLEMS.get(args.problem, "problem").generate
    if gen is not None:
        params = validate_params(gen, params, f"the {args.problem} generator",
                                 takes_instance=False, ranges_key=f"{args.problem}/generate")
    try:
        inst = _param_fields(params, lambda: api.generate(args.problem, seed=seed, **params))
    except TypeError as exc:
        raise InputError("--param", str(exc)) from None
    console.print(f"generated {inst.name} ({PROBLEMS.get(inst.problem).size(inst)})")
    if args.out:
        _write(inst, args.out)
    else:
        sys.stdout.write(dumps(inst))
    return 0


# --- schema -----------------------------------------------------------------------------------
def _setup_schema(p: argparse.ArgumentParser) -> None:
    p.add_argument("problem", help="problem name (see dlsched list)")
    p.add_argument("--out", "-o", help="write the schema to this file instead of printing it")


@command("schema", "print the JSON Schema of a problem's instance files", _setup_schema)
def cmd_schema(args: argparse.Namespace) -> int:
    """Print (or write) the JSON Schema of a problem's instance format.

    Parameters
    ----------
    args : argparse.Namespace
        ``problem`` (a problem name) and ``out`` (a file path or ``None``).

    Returns
    -------
    int
        0; an unknown problem raises ``InputError`` naming the known ones (exit 2).
    """
    from .core.jsonschema import dumps_schema, instance_schema

    text = dumps_schema(instance_schema(args.problem))
    if args.out:
        atomic_write_text(args.out, text)
        console.print(f"wrote {args.out}", soft_wrap=True)
    else:
        sys.stdout.write(text)
    return 0


# --- export -----------------------------------------------------------------------------------
def _setup_export(p: argparse.ArgumentParser) -> None:
    from .core.export import (
        DEFAULT_MAX_COLUMNS,
        DEFAULT_MAX_NONZEROS,
        DEFAULT_MAX_ROWS,
        DEFAULT_PLAN_SECONDS,
    )

    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument(
        "--model", "-m", help="exact Pyomo model (default: the problem's default exportable model)"
    )
    p.add_argument("--out-dir", "-d", default=".", help="directory for NAME.MODEL.mps and .lp")
    p.add_argument(
        "--param",
        "-p",
        action="append",
        metavar="KEY=VALUE",
        help="model parameter, as for solve (repeatable; values parsed as JSON)",
    )
    for flag, default, what in (("--max-columns", DEFAULT_MAX_COLUMNS, "columns"),
                                ("--max-rows", DEFAULT_MAX_ROWS, "rows"),
                                ("--max-nonzeros", DEFAULT_MAX_NONZEROS, "matrix entries")):
        p.add_argument(flag, default=str(default), metavar="N",
                       help=f"refuse models with more {what} (default {default}; 0: no limit)")
    p.add_argument(
        "--plan-seconds",
        default=str(DEFAULT_PLAN_SECONDS),
        metavar="S",
        help="refuse when sizing the model (pattern enumeration, online schedules) takes "
        f"longer (default {DEFAULT_PLAN_SECONDS:g}; 0: no limit)",
    )


@command("export", "write an instance's exact model as MPS and LP files", _setup_export)
def cmd_export(args: argparse.Namespace) -> int:
    import time

    from .core.export import Budget, default_export_model, get_exporter, write_model

    params = parse_params(args.param)
    inst = api.load(args.instance)
    model_name = args.model or default_export_model(inst.problem)
    if model_name is None:
        raise InputError("--model", f"the {inst.problem} problem has no exportable model")
    MODELS.get(model_name, "--model", problem=inst.problem)
    exporter = get_exporter(inst.problem, model_name)
    exporter.check_params(params)
    for key, value in params.items():  # finite, bounded values whatever the exporter takes
        inputs.check_value(value, f"--param {key}")
    sizes_max = {flag: inputs.number(getattr(args, flag), f"--{flag.replace('_', '-')}", 0,
                                     limits.MAX_EXPORT_SIZE, integer=True, text=True)
                 for flag in ("max_columns", "max_rows", "max_nonzeros")}
    plan_s = inputs.number(args.plan_seconds, "--plan-seconds", 0, limits.MAX_TIME_LIMIT,
                           text=True)
    budget = Budget(
        max_columns=sizes_max["max_columns"] or None,
        max_rows=sizes_max["max_rows"] or None,
        max_nonzeros=sizes_max["max_nonzeros"] or None,
        deadline=time.perf_counter() + plan_s if plan_s > 0 else None,
    )
    try:
        plan = exporter.plan(inst, budget, **params)
    except DlschedError:
        raise
    except (TypeError, ValueError) as exc:  # a parameter of the wrong type or value
        raise InputError("--param", f"{model_name}: {exc}") from None
    if plan.missing:
        err_console.print(
            f"warning: {inst.name}.{model_name} lacks {plan.missing}; "
            f"{plan.complete_model or 'no other model'} exports the complete model",
            soft_wrap=True,
            highlight=False,
            markup=False,
        )
    sizes = [f"<= {plan.columns} columns"] if plan.columns is not None else []
    sizes += [f"<= {n} {what}" for what, n in (("rows", plan.rows), ("nonzeros", plan.nonzeros))
              if n is not None]
    if sizes:
        console.print(f"{model_name}: " + ", ".join(sizes), soft_wrap=True)
    for note in plan.notes:
        console.print(note, soft_wrap=True)
    paths = write_model(plan.build(), args.out_dir, f"{inst.name}.{model_name}")
    for path in paths:
        console.print(f"wrote {path}", soft_wrap=True)
    return 0


# --- demo -------------------------------------------------------------------------------------
def _setup_demo(p: argparse.ArgumentParser) -> None:
    p.add_argument("problem", nargs="?", default="oef", help="problem name (default oef)")


@command("demo", "solve a paper instance with every method and print the results", _setup_demo)
def cmd_demo(args: argparse.Namespace) -> int:
    from .core.io import from_dict

    prob = PROBLEMS.get(args.problem, "problem")
    if prob.demo_instance is None:
        raise InputError("problem", f"{args.problem!r} has no demo instance")
    inst = from_dict(json.loads(prob.demo_instance))
    table = Table(title=f"{inst.name}: every method ({prob.sense}imise)")
    for col in ("method", "kind", "status", "objective", "time [s]", "valid"):
        table.add_column(col)
    methods = MODELS.items(args.problem) + ALGORITHMS.items(args.problem)
    refused = []
    for name, method in methods:
        try:
            res = api.solve(inst, model=name) if method.kind == "exact" else api.run(inst, name)
        except InputError as exc:  # a model that states another problem than the instance
            table.add_row(name, method.kind, "refused", "-", "-", "-")
            refused.append(f"{name}: {exc}")
            continue
        valid = "yes" if res.ok and not api.check(inst, res) else "NO"
        obj = "-" if res.objective is None else f"{res.objective:.6g}"
        table.add_row(name, method.kind, res.status.value, obj, f"{res.runtime_s:.3f}", valid)
    rules = ", ".join(f"{k}={v}" for k, v in prob.rules(inst).items())
    console.print(f"the instance states: {rules or 'no extra rules'}", markup=False)
    console.print(table)
    for line in refused:
        console.print(f"refused {line}", markup=False)
    return 0


def build_parser() -> argparse.ArgumentParser:
    from .bench import cli as _bench_cli  # noqa: F401  (registers bench/report; avoids a cycle)
    from .lib import cli as _lib_cli  # noqa: F401  (registers lib)

    parser = _Parser(
        prog="dlsched",
        description="Exact offline models of GPU-cluster scheduling problems next to the papers' "
        "algorithms: JSON in, JSON out, a human summary on the terminal. Bad input exits with "
        "status 2 and one line naming the field.",
        epilog="example: dlsched solve instances/oef/paper-w1.json -m oef-cooperative -o r.json",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                help="one of the commands below; COMMAND --help for its options")
    for name, (help_text, setup, handler) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        setup(p)
        _import_arg(p)
        p.set_defaults(handler=handler)
    return parser


def _import_arg(p: argparse.ArgumentParser) -> None:
    """``--import MODULE``: every command loads plug-ins before it looks up a method."""
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="MODULE",
                   help="import a plug-in first: a module name or a path to a .py file "
                   "(repeatable); installed plug-ins (entry points dlsched.plugins) load always")


def load_plugins(imports: list[str]) -> None:
    """Load the installed plug-ins (entry-point group ``dlsched.plugins``), then ``imports``.

    Parameters
    ----------
    imports : list of str
        The ``--import`` values: module names or paths of ``.py`` files, in order.

    Raises
    ------
    InputError
        A plug-in cannot be loaded; the message names it (the CLI: one line, exit 2).
    """
    from .core import plugins

    plugins.load_entry_points()
    plugins.import_plugins(imports, "--import")


class _VersionAction(argparse.Action):
    """``--version``: reads the package metadata only when asked (importlib.metadata is slow)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        kwargs.update(nargs=0, default=argparse.SUPPRESS)
        super().__init__(option_strings, dest, help="print the version and exit", **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        from . import __version__

        sys.stdout.write(f"dlsched {__version__}\n")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse with its errors as one line ``error: PROG: message`` (exit 2), like every other
    refusal of dlsched; ``--help`` still shows the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {inputs.one_line(self.prog)}: {inputs.one_line(message)}\n")


def _refuse(message: str) -> int:
    """Print the one line ``error: FIELD: reason`` (control characters escaped) -> exit 2."""
    sys.stderr.write(f"error: {inputs.one_line(message)}\n")
    sys.stderr.flush()
    return 2


#: Commands whose process may end without the interpreter's teardown (they start no pools or
#: servers and have nothing left to flush once their output is written): freeing a large Pyomo or
#: CP-SAT model at exit takes 1-2 s on a loaded machine, which a time limit would not cover.
FAST_EXIT = frozenset({"solve", "run", "check", "generate", "export", "list", "params", "demo",
                       "schema"})


def main(argv: list[str] | None = None, as_command: bool = False) -> int:
    """Run one command. ``as_command``: this process is the command (the console script,
    ``python -m dlsched.cli``), so a time limit counts from the process's start, and the process
    ends right after a ``FAST_EXIT`` command, skipping the interpreter's teardown. Called
    in-process (``as_command=False``), limits count from this call."""
    from .core.deadline import process_age

    started = time.perf_counter() - (process_age() if as_command else 0.0)
    parser = build_parser()
    args = parser.parse_args(argv)
    args.started = started
    try:
        load_plugins(getattr(args, "imports", []))
        code = args.handler(args)
    except DlschedError as exc:
        code = _refuse(str(exc))
    except OSError as exc:  # an output path that cannot be written (a file as --out-dir, ...)
        where = exc.filename if exc.filename is not None else "output"
        code = _refuse(f"{where}: {exc.strerror or exc}")
    if as_command and args.command in FAST_EXIT:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def entry() -> None:
    """The ``dlsched`` console script."""
    sys.exit(main(as_command=True))


if __name__ == "__main__":
    from dlsched.cli import entry as _entry  # `python -m dlsched.cli`: plug-ins register there

    _entry()
