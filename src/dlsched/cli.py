"""`dlsched` command line: JSON in, JSON out, a human summary on the terminal.

Bad input exits with status 2 and one line naming the field; output files are written
atomically, so a failed command leaves no partial file.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from . import api
from .core import ALGORITHMS, MODELS, PROBLEMS, DlschedError, InputError, Result
from .core.io import atomic_write_text, dumps

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

Handler = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Handler]] = {}


def command(name: str, help_text: str, setup: Callable[[argparse.ArgumentParser], None]):
    """Register a sub-command (registry, not if/elif)."""

    def deco(fn: Handler) -> Handler:
        COMMANDS[name] = (help_text, setup, fn)
        return fn

    return deco


def parse_params(pairs: list[str] | None) -> dict[str, Any]:
    """``["n=4", "monotone=true", "name=x"]`` -> typed dict (JSON values, else strings)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise InputError("--param", f"expected KEY=VALUE, got {pair!r}")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def method_params(fn: Callable[..., Any], takes_instance: bool = True) -> dict[str, Any]:
    """Keyword parameters of a method function (name -> default), without the instance (the
    first parameter when ``takes_instance``) and the solver ``options``; the key ``"**"`` is
    present when the function forwards unknown ones."""
    out: dict[str, Any] = {}
    for i, (name, par) in enumerate(inspect.signature(fn).parameters.items()):
        if (i == 0 and takes_instance) or name == "options":
            continue
        if par.kind is par.VAR_KEYWORD:
            if name != "_":  # ``**_`` swallows and ignores: treat as no extra parameters
                out["**"] = None
        elif par.kind is not par.VAR_POSITIONAL:
            out[name] = None if par.default is par.empty else par.default
    return out


def validate_params(
    fn: Callable[..., Any], params: dict[str, Any], what: str, takes_instance: bool = True
) -> None:
    """Unknown keys of ``params`` for ``fn`` -> :class:`InputError` naming the parameter."""
    known = method_params(fn, takes_instance)
    if "**" in known:
        return
    for key in params:
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InputError(f"--param {key}", f"{what} has no parameter {key!r} (known: {names})")


def _param_doc(doc: str, name: str) -> str:
    """The first docstring line mentioning ``name`` (as ``name`` or name=), else ''."""
    for line in doc.splitlines():
        if f"``{name}``" in line or f"`{name}`" in line or f"{name}=" in line:
            return line.strip()
    return ""


def _write(obj: Any, out: str | None) -> None:
    if out:
        atomic_write_text(out, dumps(obj))
        console.print(f"wrote {out}")


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
def _setup_params(p: argparse.ArgumentParser) -> None:
    p.add_argument("method", help="an exact model, an algorithm, or a problem (its generator)")
    p.add_argument("--problem", help="the problem, when the method name exists in several")


@command("params", "list a method's or a generator's parameters and defaults", _setup_params)
def cmd_params(args: argparse.Namespace) -> int:
    name = args.method
    if name in PROBLEMS:
        fn = PROBLEMS.get(name).generate
        if fn is None:
            raise InputError("method", f"problem {name!r} has no generator")
        title = f"generator of {name}"
    else:
        reg = MODELS if MODELS.has(name) else ALGORITHMS
        method = reg.get(name, "method", problem=args.problem)
        fn, title = method.run, f"{method.kind} {name} ({method.problem})"
    doc = inspect.getdoc(fn) or ""
    table = Table(title=title)
    for col in ("parameter", "default", "description"):
        table.add_column(col)
    params = method_params(fn, takes_instance=name not in PROBLEMS)
    for pname, default in params.items():
        if pname != "**":
            table.add_row(pname, repr(default), _param_doc(doc, pname))
    if "**" in params:
        table.add_row("...", "", "further keyword parameters are passed on")
    console.print(table)
    if name not in PROBLEMS and MODELS.has(name):
        console.print("solver options: --solver, --time-limit, --mip-gap, --threads")
    return 0


# --- solve ------------------------------------------------------------------------------------
def _setup_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument("--model", "-m", help="exact model (default: the problem's main model)")
    p.add_argument("--solver", default="highs", help="Pyomo solver name (default highs)")
    p.add_argument("--time-limit", type=float)
    p.add_argument("--mip-gap", type=float)
    p.add_argument("--threads", type=int)
    _params_arg(p)


@command("solve", "solve an instance with an exact model", _setup_solve)
def cmd_solve(args: argparse.Namespace) -> int:
    inst = api.load(args.instance)
    params = parse_params(args.param)
    model_name = args.model or PROBLEMS.get(inst.problem).default_model
    method = MODELS.get(model_name, "--model", problem=inst.problem)
    validate_params(method.run, params, f"model {model_name!r}")
    res = api.solve(
        inst,
        model=args.model,
        solver=args.solver,
        time_limit=args.time_limit,
        mip_gap=args.mip_gap,
        threads=args.threads,
        **params,
    )
    _print_result(res)
    _write(res, args.out)
    return 0 if res.ok else 1


# --- run --------------------------------------------------------------------------------------
def _setup_run(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument("--algorithm", "-a", required=True, help="algorithm name (see dlsched list)")
    _params_arg(p)


@command("run", "run an algorithm or baseline", _setup_run)
def cmd_run(args: argparse.Namespace) -> int:
    inst = api.load(args.instance)
    params = parse_params(args.param)
    method = ALGORITHMS.get(args.algorithm, "--algorithm", problem=inst.problem)
    validate_params(method.run, params, f"algorithm {args.algorithm!r}")
    res = api.run(inst, args.algorithm, **params)
    _print_result(res)
    _write(res, args.out)
    return 0 if res.ok else 1


# --- check ------------------------------------------------------------------------------------
def _setup_check(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument("solution", help="a result JSON (from solve/run) or a bare solution JSON")
    p.add_argument("--out", "-o", help="write the verdict as JSON here")


@command("check", "validate a solution and print its properties", _setup_check)
def cmd_check(args: argparse.Namespace) -> int:
    inst = api.load(args.instance)
    from .core.io import read_json

    data = read_json(args.solution)
    solution = (
        data.get("solution") if isinstance(data, dict) and data.get("kind") == "result" else data
    )
    if solution is None:
        raise InputError("solution", "the result holds no solution")
    violations = api.check(inst, solution)
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
    if violations:
        console.print(f"[red]infeasible[/red]: {len(violations)} violation(s)")
    else:
        console.print("[green]feasible[/green]")
    if table.row_count:
        console.print(table)
    _write(verdict, args.out)
    return 0 if not violations else 1


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
    p.add_argument("--seed", type=int, default=0)
    _params_arg(p)


@command("generate", "write a seeded synthetic instance", _setup_generate)
def cmd_generate(args: argparse.Namespace) -> int:
    params = parse_params(args.param)
    gen = PROBLEMS.get(args.problem, "problem").generate
    if gen is not None:
        validate_params(gen, params, f"the {args.problem} generator", takes_instance=False)
    try:
        inst = api.generate(args.problem, seed=args.seed, **params)
    except TypeError as exc:
        raise InputError("--param", str(exc)) from None
    console.print(f"generated {inst.name} ({PROBLEMS.get(inst.problem).size(inst)})")
    if args.out:
        _write(inst, args.out)
    else:
        sys.stdout.write(dumps(inst))
    return 0


# --- export -----------------------------------------------------------------------------------
#: Pyomo components that exact models fill lazily while solving; an export holds only the rows
#: present at build time, so an empty one means the file may be a relaxation of the instance.
LAZY_CONTAINERS = ("collision_cuts",)


def _setup_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("instance", help="instance JSON (or a standard format such as .vbp)")
    p.add_argument(
        "--model", "-m", help="exact Pyomo model (default: the problem's default exportable model)"
    )
    p.add_argument("--out-dir", "-d", default=".", help="directory for NAME.mps and NAME.lp")


@command("export", "write an instance's exact model as MPS and LP files", _setup_export)
def cmd_export(args: argparse.Namespace) -> int:
    inst = api.load(args.instance)
    prob = PROBLEMS.get(inst.problem)
    model_name = args.model or prob.export_model or prob.default_model
    method = MODELS.get(model_name, "--model", problem=inst.problem)
    if method.problem != inst.problem or prob.build_model is None:
        raise InputError(
            "--model", f"{model_name!r} cannot be exported for a {inst.problem} instance"
        )
    try:
        model = prob.build_model(inst, model_name)
    except (ValueError, KeyError) as exc:  # a model without a Pyomo form
        raise InputError("--model", f"{model_name!r} cannot be exported: {exc}") from None
    for comp in LAZY_CONTAINERS:
        rows = getattr(model, comp, None)
        if rows is not None and len(rows) == 0:
            err_console.print(
                f"warning: {model_name} adds its {comp} lazily while solving; the export holds "
                "none of them, so it may be a relaxation of the instance (use ojpp-patterns "
                "for a complete model)" if inst.problem == "ojpp" else
                f"warning: {model_name} adds its {comp} lazily; the export lacks them",
                soft_wrap=True,
            )
    out_dir = Path(args.out_dir)
    stem = f"{inst.name}.{model_name}"
    for ext in ("mps", "lp"):
        tmp = out_dir / f".{stem}.tmp.{ext}"
        out_dir.mkdir(parents=True, exist_ok=True)
        model.write(str(tmp), io_options={"symbolic_solver_labels": True})
        tmp.replace(out_dir / f"{stem}.{ext}")
        console.print(f"wrote {out_dir / f'{stem}.{ext}'}")
    return 0


# --- demo -------------------------------------------------------------------------------------
def _setup_demo(p: argparse.ArgumentParser) -> None:
    p.add_argument("problem", nargs="?", default="oef")


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
    for name, method in methods:
        res = api.solve(inst, model=name) if method.kind == "exact" else api.run(inst, name)
        valid = "yes" if res.ok and not api.check(inst, res) else "NO"
        obj = "-" if res.objective is None else f"{res.objective:.6g}"
        table.add_row(name, method.kind, res.status.value, obj, f"{res.runtime_s:.3f}", valid)
    console.print(table)
    return 0


def build_parser() -> argparse.ArgumentParser:
    from .bench import cli as _bench_cli  # noqa: F401  (registers bench/report; avoids a cycle)

    parser = argparse.ArgumentParser(prog="dlsched", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"dlsched {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, setup, handler) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text)
        setup(p)
        p.set_defaults(handler=handler)
    return parser


def _version() -> str:
    from . import __version__

    return __version__


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except DlschedError as exc:
        err_console.print(f"error: {exc}", soft_wrap=True)
        return 2


if __name__ == "__main__":
    from dlsched.cli import main as _main  # `python -m dlsched.cli`: plug-ins register there

    sys.exit(_main())
