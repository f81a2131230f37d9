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
    p.add_argument("--allow-failures", action="store_true",
                   help="exit 0 even when runs failed or are invalid (default: exit 1)")
    p.add_argument("--full", action="store_true",
                   help="also print the detailed ratio and metric tables (per instance set, "
                   "with bootstrap CIs) after the summary")
    p.add_argument("--by-size", action="store_true",
                   help="detailed tables per instance size (implies --full)")


@command("bench", "run a benchmark suite and print a summary per problem", _setup_bench)
def cmd_bench(args: argparse.Namespace) -> int:
    """``dlsched bench``: run a suite (a progress bar on a terminal stderr), print its summary.

    The summary is one table per problem, at most ``report.SUMMARY_WIDTH`` columns: method,
    runs, valid runs, geometric-mean ratio (>= 1 is worse), worst ratio, and the count and
    first reason of failed or invalid runs; then the sweep line and where the full report is.
    Python warnings of the runs are stored with each row, never printed.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed options of ``_setup_bench``.

    Returns
    -------
    int
        0; 1 when a run of the suite failed or is invalid (unless ``--allow-failures``);
        130 / 143 when interrupted by Ctrl-C / SIGTERM.
    """
    from .aggregate import headline, summarise
    from .report import headline_text, rich_tables
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
    full = args.full or args.by_size
    with ResultsStore(args.out, create=False) as store:
        infos = [s for s in store.suites() if s["suite"] == rep.suite]
        lines = headline(store, rep.suite)
        groups = summarise(store, rep.suite, by_size=args.by_size) if full else []
    refs = {(s["suite"], s["problem"]): s["reference"] for s in infos}
    # plain text, cut to SUMMARY_WIDTH by headline_text; names are shown literally
    for line in headline_text(lines, references=refs):
        console.print(line, soft_wrap=True, markup=False, highlight=False)
    if full:
        metrics_only = {k for k, ref in refs.items() if not ref}
        # a redirected stdout is a log, not an 80-column terminal: do not truncate the table
        out = console if console.is_terminal else Console(highlight=False, width=200)
        for table in rich_tables(groups, metrics_only=metrics_only):
            out.print(table)
    if changed_note(rep):  # stored rows of an edited method were recomputed, not served
        console.print(changed_note(rep), soft_wrap=True, markup=False)
    elsewhere = f", {rep.elsewhere} run by a concurrent sweep" if rep.elsewhere else ""
    console.print(f"{rep.suite}: {rep.total} tasks, {rep.skipped} already done, {rep.ran} run "
                  f"({rep.errors} errors){elsewhere} in {rep.wall_s:.1f}s -> {rep.database}",
                  soft_wrap=True, markup=False, highlight=False)
    warned = sum(m.warned for m in lines)
    if warned:
        console.print(f"{warned} runs raised Python warnings: captured, listed in the report",
                      soft_wrap=True, markup=False, highlight=False)
    console.print(f"full report: dlsched report {args.out} --out report, then open "
                  "report/index.md", soft_wrap=True, markup=False, highlight=False)
    bad = sum(m.failures for m in lines)
    if bad and not args.allow_failures:
        console.print(f"{bad} runs failed or are invalid (reasons above): exit 1 "
                      "(--allow-failures accepts them)", soft_wrap=True, markup=False,
                      highlight=False)
        return 1
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
    """``dlsched report``: write the report; print how many files, the index and what to open.

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
    index = Path(args.out) / "index.md"
    console.print(f"wrote {len(paths.written)} files to {args.out}, each listed in {index}; "
                  f"open {Path(args.out) / 'report.md'} first", soft_wrap=True, markup=False,
                  highlight=False)
    return 0
