"""Benchmark harness: suites (TOML) -> tasks -> executors -> SQLite store -> ratios -> report.

>>> from dlsched.bench import run_suite, summarise, ResultsStore
>>> rep = run_suite("benchmarks/quick.toml", "results.db")            # doctest: +SKIP

The names below are imported from their submodules on first use (PEP 562), so that
``import dlsched.bench.cli`` (which ``dlsched --help`` needs) does not import numpy, matplotlib
or the problem packages.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers and IDEs; at run time __getattr__ imports on demand
    from .aggregate import Group, aggregate, bootstrap_ci, ratio_rows, summarise
    from .executors import EXECUTORS, ExecutorConfig
    from .plots import (
        plot_ratio_distribution,
        plot_ratio_vs_size,
        plot_runtime_vs_size,
        write_plots,
    )
    from .ratios import BOUND, PROVEN, Ratio, ratio
    from .report import markdown_report, rich_tables, write_report
    from .runner import SweepReport, run_suite
    from .store import SCHEMA_VERSION, ResultsStore
    from .suite import Suite, load_suite, parse_suite
    from .tasks import Task, expand, run_task

#: public name -> submodule that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("Group", "aggregate", "bootstrap_ci", "ratio_rows", "summarise"), "aggregate"),
    **dict.fromkeys(("EXECUTORS", "ExecutorConfig"), "executors"),
    **dict.fromkeys(
        ("plot_ratio_distribution", "plot_ratio_vs_size", "plot_runtime_vs_size", "write_plots"),
        "plots",
    ),
    **dict.fromkeys(("BOUND", "PROVEN", "Ratio", "ratio"), "ratios"),
    **dict.fromkeys(("markdown_report", "rich_tables", "write_report"), "report"),
    **dict.fromkeys(("SweepReport", "run_suite"), "runner"),
    **dict.fromkeys(("SCHEMA_VERSION", "ResultsStore"), "store"),
    **dict.fromkeys(("Suite", "load_suite", "parse_suite"), "suite"),
    **dict.fromkeys(("Task", "expand", "run_task"), "tasks"),
}


def __getattr__(name: str) -> Any:
    """Import a public name from its submodule on first access and cache it here."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "BOUND",
    "EXECUTORS",
    "PROVEN",
    "SCHEMA_VERSION",
    "ExecutorConfig",
    "Group",
    "Ratio",
    "ResultsStore",
    "Suite",
    "SweepReport",
    "Task",
    "aggregate",
    "bootstrap_ci",
    "expand",
    "load_suite",
    "markdown_report",
    "parse_suite",
    "plot_ratio_distribution",
    "plot_ratio_vs_size",
    "plot_runtime_vs_size",
    "ratio",
    "ratio_rows",
    "rich_tables",
    "run_suite",
    "run_task",
    "summarise",
    "write_plots",
    "write_report",
]
