"""`dlsched bench` and `dlsched report` sub-commands (registered into dlsched.commands.COMMANDS)."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from ..commands import command, console, err_console
from ..core.inputs import number
from ..core.limits import MAX_JOBS


def _setup_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument("suite", help="suite TOML file (format: benchmarks/README.md)")
    p.add_argument("--out", "-o", default="results.db", help="SQLite results database "
                   "(default results.db; re-running resumes: finished tasks are skipped)")
    p.add_argument("--jobs", "-j", help=f"parallel workers, 1..{MAX_JOBS} (default: number of "
                   "cores)")
    # no ``choices``: the EXECUTORS registry (plug-ins included) is checked by run_suite, so
    # that --help need not import the harness (numpy) to list it
    p.add_argument("--executor", "-e", metavar="NAME",
                   help="local process pool (default), dask, serial (in-process), or a "
                   "registered plug-in executor")
    p.add_argument("--address", help="Dask scheduler address tcp://host:port (implies -e dask)")
    p.add_argument("--retry-errors", action="store_true", help="re-run tasks stored as errors")
    p.add_argument("--reproducible", action="store_true",
                   help="CP-SAT models search deterministically under a deterministic time budget "
                   "(same seed, same result under any load; see benchmarks/README.md)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--by-size", action="store_true", help="summary table per instance size")


@command("bench", "run a benchmark suite and print the ratio table", _setup_bench)
def cmd_bench(args: argparse.Namespace) -> int:
    """``dlsched bench``: run a suite (a progress bar on a terminal stderr), print its tables.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed options of ``_setup_bench``.

    Returns
    -------
    int
        0, or 130 / 143 when interrupted by Ctrl-C / SIGTERM.
    """
    from .aggregate import summarise
    from .report import rich_tables
    from .runner import SweepInterrupted, changed_note, run_suite
    from .store import ResultsStore

    jobs = None if args.jobs is None else number(args.jobs, "--jobs", 1, MAX_JOBS, integer=True,
                                                   text=True)
    executor = args.executor or ("dask" if args.address else "local")
    try:
        rep = run_suite(args.suite, args.out, executor=executor, jobs=jobs,
                        address=args.address, retry_errors=args.retry_errors,
                        progress=not args.no_progress and err_console.is_terminal,
                        console=err_console, reproducible=args.reproducible,
                        imports=getattr(args, "imports", ()))
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (SweepInterrupted)
        why = str(exc) if isinstance(exc, SweepInterrupted) else "Ctrl-C"
        err_console.print(f"interrupted ({why}): finished rows are in {args.out}; run the same "
                          "command again to resume", soft_wrap=True, markup=False)
        return 143 if isinstance(exc, SweepInterrupted) else 130
    with ResultsStore(args.out, create=False) as store:
        groups = summarise(store, rep.suite, by_size=args.by_size)
        metrics_only = {(s["suite"], s["problem"]) for s in store.suites() if not s["reference"]}
    # a redirected stdout is a log, not an 80-column terminal: do not truncate the table
    out = console if console.is_terminal else Console(highlight=False, width=200)
    for table in rich_tables(groups, metrics_only=metrics_only):
        out.print(table)
    if changed_note(rep):  # stored rows of an edited method were recomputed, not served
        console.print(changed_note(rep), soft_wrap=True, markup=False)
    elsewhere = f", {rep.elsewhere} run by a concurrent sweep" if rep.elsewhere else ""
    console.print(f"{rep.suite}: {rep.total} tasks, {rep.skipped} already done, {rep.ran} run "
                  f"({rep.errors} errors){elsewhere} in {rep.wall_s:.1f}s -> {rep.database}")
    from rich.markup import escape

    for msg in rep.error_messages[:5]:  # messages may quote names from the suite: no markup
        console.print(f"  [red]error[/red] {escape(msg)}")
    if len(rep.error_messages) > 5:
        console.print(f"  ... and {len(rep.error_messages) - 5} more (see the database)")
    return 0


def _setup_report(p: argparse.ArgumentParser) -> None:
    p.add_argument("database", help="results database written by dlsched bench")
    p.add_argument("--out", "-o", default="report", help="output directory (default report/)")
    p.add_argument("--suite", help="only this suite")
    p.add_argument("--ylim", nargs=2, metavar=("LO", "HI"),
                   help="ratio-axis limits of the ratio plots, e.g. --ylim 0.9 1.6 (points "
                   "outside are counted on the plot)")
    p.add_argument("--methods", metavar="A,B",
                   help="comma-separated method labels to plot (tables keep every method)")
    p.add_argument("--no-progress", action="store_true",
                   help="no progress bar (it is shown only when stderr is a terminal)")


@command("report", "write Markdown, CSV and LaTeX tables and PNG/PDF/SVG plots from a results "
         "database", _setup_report)
def cmd_report(args: argparse.Namespace) -> int:
    """``dlsched report``: write the report and print every file written.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed options of ``_setup_report``.

    Returns
    -------
    int
        0; bad options raise ``InputError`` naming ``--ylim`` or ``--methods`` (exit 2).
    """
    from ..core.errors import InputError
    from .report import write_report

    ylim = None
    if args.ylim is not None:
        try:
            ylim = (float(args.ylim[0]), float(args.ylim[1]))
        except ValueError:
            raise InputError("--ylim", f"expected two numbers, got {' '.join(args.ylim)!r}"
                             ) from None
    methods = None
    if args.methods is not None:
        methods = [m.strip() for m in args.methods.split(",") if m.strip()]
        if not methods:
            raise InputError("--methods", "expected comma-separated method labels")
    try:
        paths = write_report(args.database, Path(args.out), args.suite, ylim=ylim,
                             methods=methods, console=err_console,
                             progress=not args.no_progress)
    except InputError as exc:
        if exc.field == "ylim":
            raise InputError("--ylim", exc.reason) from None
        raise
    console.print(f"wrote {len(paths.written)} files to {args.out}:", soft_wrap=True,
                  markup=False)
    for path in paths.written:
        console.print(f"  {path.name}", soft_wrap=True, markup=False)
    return 0
