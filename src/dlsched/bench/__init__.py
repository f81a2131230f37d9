"""Benchmark harness: suites (TOML) -> tasks -> executors -> SQLite store -> ratios -> report.

>>> from dlsched.bench import run_suite, summarise, ResultsStore
>>> rep = run_suite("benchmarks/quick.toml", "results.db")            # doctest: +SKIP
"""

from __future__ import annotations

from .aggregate import Group, aggregate, bootstrap_ci, ratio_rows, summarise
from .executors import EXECUTORS, ExecutorConfig
from .plots import plot_ratio_distribution, plot_ratio_vs_size, plot_runtime_vs_size, write_plots
from .ratios import BOUND, PROVEN, Ratio, ratio
from .report import markdown_report, rich_tables, write_report
from .runner import SweepReport, run_suite
from .store import SCHEMA_VERSION, ResultsStore
from .suite import Suite, load_suite, parse_suite
from .tasks import Task, expand, run_task

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
