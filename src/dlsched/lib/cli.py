"""``dlsched lib``: list, show, score and improve the reference library (sub-actions)."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from rich.console import Console
from rich.table import Table

from ..commands import command, console, err_console
from ..core import InputError, inputs


def _fmt(value: Any, digits: int = 6) -> str:
    if value is None or value == "":
        return "-"
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return value
    if math.isinf(value):
        return "inf"
    return f"{value:.{digits}g}"


def _out() -> Console:
    """The console for tables: a redirected stdout is a log, not an 80-column terminal."""
    return console if console.is_terminal else Console(highlight=False, width=200)


def _params(pairs: list[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip().isidentifier():
            raise InputError("--param", f"expected KEY=VALUE, got {inputs.one_line(pair[:60])!r}")
        out[key.strip()] = inputs.parse_value(raw, f"--param {key.strip()}")
    return out


def _setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root",
                   help="library root (default: $DLSCHED_LIB, else the packaged library)")
    sub = p.add_subparsers(dest="action", required=True, metavar="ACTION",
                           help="list | show SET | score ALGORITHM --set SET | improve SET")
    sub.add_parser("list", help="the sets: instances, %% optimal, mean / max gap of open ones")
    show = sub.add_parser("show", help="one set's instances: BKS, bound, gap, status, method")
    show.add_argument("set", help="PROBLEM/SET, e.g. oef/small")
    sc = sub.add_parser("score", help="run an algorithm on a set; ratios vs best-known and bound")
    sc.add_argument("algorithm", help="registered algorithm (or a plug-in's, with --import)")
    sc.add_argument("--set", required=True, help="PROBLEM/SET, e.g. oef/small")
    sc.add_argument("--param", "-p", action="append", metavar="KEY=VALUE",
                    help="algorithm parameter (repeatable; values parsed as JSON)")
    # the same option every command has (dlsched.cli loads it before the handler runs): also
    # accepted after ``score``; SUPPRESS keeps values given before ``score`` when absent here
    sc.add_argument("--import", dest="imports", action="append", metavar="MODULE",
                    default=argparse.SUPPRESS,
                    help="plug-in module or .py file to import first (repeatable)")
    fmt = sc.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print JSON")
    fmt.add_argument("--csv", action="store_true", help="print CSV")
    im = sub.add_parser("improve", help="re-solve open instances; keep only better records")
    im.add_argument("set", help="PROBLEM/SET")
    im.add_argument("--time-limit", required=True, help="seconds per solve")
    im.add_argument("--model", help="exact model (default: the problem's default model)")
    im.add_argument("--instances", help="comma-separated ids (default: the open ones)")
    im.add_argument("--all", action="store_true", help="re-solve every instance")
    im.add_argument("--restamp", action="store_true",
                    help="store a run that reproduces a record (same value, bound as tight) "
                         "with its stamp, e.g. for rows stamped from a dirty tree")


@command("lib", "the reference library: list, show, score ALGORITHM, improve", _setup)
def cmd_lib(args: argparse.Namespace) -> int:
    """``dlsched lib ACTION``: dispatch to the sub-action's handler (a registry).

    Parameters
    ----------
    args : argparse.Namespace
        The parsed options of ``_setup``.

    Returns
    -------
    int
        0; bad input raises ``InputError`` (exit 2).
    """
    return ACTIONS[args.action](args)


def _list(args: argparse.Namespace) -> int:
    from .records import list_sets, read_index

    table = Table(title="dlsched-lib sets")
    for col in ("set", "instances", "optimal %", "open", "mean gap (open)", "max gap (open)",
                "load range"):
        table.add_column(col)
    for name, folder in list_sets(args.root):
        rows = read_index(folder)
        gaps = [float(r["gap"]) if r["gap"] else math.inf for r in rows if r["status"] == "open"]
        opt = sum(r["status"] == "optimal" for r in rows)
        loads = [float(r["offered_load"]) for r in rows if r["offered_load"]]
        table.add_row(name, str(len(rows)), f"{100 * opt / max(len(rows), 1):.0f}",
                      str(len(gaps)), _fmt(sum(gaps) / len(gaps), 3) if gaps else "-",
                      _fmt(max(gaps), 3) if gaps else "-",
                      f"{min(loads):.2f}-{max(loads):.2f}" if loads else "-")
    _out().print(table)
    return 0


def _show(args: argparse.Namespace) -> int:
    from .records import read_index, set_dir
    from .statement import read_statement, statement_lines

    folder = set_dir(args.set, args.root)
    table = Table(title=f"{args.set}")
    for col in ("id", "size", "load", "sense", "BKS", "bound", "gap", "status", "method",
                "time s"):
        table.add_column(col)
    for r in read_index(folder):
        table.add_row(r["id"], r["size"], _fmt(r["offered_load"], 3), r["sense"],
                      _fmt(r["best_known"]), _fmt(r["bound"]), _fmt(r["gap"], 3), r["status"],
                      r["method"], _fmt(r["time_s"], 3))
    console.print(f"{args.set}: the problem every record certifies and every solution is "
                  "judged by", markup=False)
    for line in statement_lines(read_statement(folder)):
        console.print(f"  {line}", markup=False)
    _out().print(table)
    return 0


def _score(args: argparse.Namespace) -> int:
    import csv
    import sys

    from .records import set_dir
    from .score import score_set

    sc = score_set(set_dir(args.set, args.root), args.algorithm, _params(args.param),
                   name=args.set)
    failed = 1 if sc.invalid else 0  # an invalid or failed run is never a silent success
    if args.json:
        print(json.dumps(sc.as_dict(), indent=2, default=str))
        return failed
    if args.csv:
        cols = ["id", "status", "objective", "best_known", "bound", "ratio_best",
                "ratio_bound", "time_s", "message"]
        writer = csv.DictWriter(sys.stdout, fieldnames=cols, lineterminator="\n")
        writer.writeheader()
        writer.writerows(sc.rows)
        return failed
    table = Table(title=f"{args.algorithm} on {args.set} (ratio >= 1 is worse)")
    for col in ("id", "status", "objective", "BKS", "bound", "ratio BKS", "ratio bound",
                "time s"):
        table.add_column(col)
    for r in sc.rows:
        table.add_row(r["id"], r["status"], _fmt(r["objective"]), _fmt(r["best_known"]),
                      _fmt(r["bound"]), _fmt(r["ratio_best"], 4), _fmt(r["ratio_bound"], 4),
                      _fmt(r["time_s"], 3))
    _out().print(table)
    console.print(f"geometric mean: ratio to BKS {_fmt(sc.geomean_best, 5)}, to bound "
                  f"{_fmt(sc.geomean_bound, 5)}; {sc.invalid} invalid / error of "
                  f"{len(sc.rows)}")
    for r in sc.rows:
        if r["status"] != "valid":
            err_console.print(f"{r['id']}: {r['status']}: {r['message']}", markup=False)
    return failed


def _improve(args: argparse.Namespace) -> int:
    from .improve import improve_set
    from .records import set_dir

    limit = inputs.time_limit(args.time_limit, "--time-limit", text=True)
    ids = [s.strip() for s in args.instances.split(",") if s.strip()] if args.instances \
        else None
    folder = set_dir(args.set, args.root)

    def show(ch: Any) -> None:
        if ch.field == "none":
            console.print(f"{ch.id}: unchanged ({ch.note})", markup=False)
        else:
            console.print(f"{ch.id}: {ch.field} {_fmt(ch.old)} -> {_fmt(ch.new)} ({ch.note})",
                          markup=False)

    changes = improve_set(folder, limit, model=args.model, ids=ids, every=args.all,
                          restamp=args.restamp,
                          progress=show)
    n = sum(ch.field != "none" for ch in changes)
    console.print(f"{args.set}: {n} record field(s) improved")
    return 0


ACTIONS = {"list": _list, "show": _show, "score": _score, "improve": _improve}
