"""Shared test configuration: ``--solvers`` parametrises exact-model tests (PyJobShop style)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Cache the assertion-rewritten test modules even where PYTHONDONTWRITEBYTECODE is set (as on
# this project's machines): it halves the collection time of every pytest(-xdist) process.
sys.dont_write_bytecode = False

# The default profile is derandomised so that CI is reproducible: the same 40 examples per
# property every run. ``HYPOTHESIS_PROFILE=explore`` draws fresh random examples (5x as many)
# to hunt for counterexamples; whatever it finds becomes a regression fixture or a fix.
settings.register_profile(
    "dlsched", deadline=None, max_examples=40, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dlsched"))
# tests write records into temporary sets; in a working tree with uncommitted changes the
# library's writers would refuse (a record names the code that made it): allow it here only
# (tests/lib/test_records.py refuses any +dirty row in the committed library)
os.environ.setdefault("DLSCHED_LIB_ALLOW_DIRTY", "1")


def pytest_addoption(parser):
    parser.addoption(
        "--solvers",
        default="highs",
        help="comma-separated Pyomo solver names for exact-model tests (default: highs)",
    )


def pytest_generate_tests(metafunc):
    if "solver" in metafunc.fixturenames:
        solvers = [s for s in metafunc.config.getoption("solvers").split(",") if s]
        metafunc.parametrize("solver", solvers)


def _slow_ids() -> tuple[str, ...]:
    """Node ids (or id prefixes: a file, a class) of the measured slow tier, tests/slow.txt."""
    path = Path(__file__).with_name("slow.txt")
    lines = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return tuple(line for line in lines if line)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark the tests listed in tests/slow.txt ``slow`` (``pytest -m "not slow"``: the fast
    development loop; the full run, as CI runs it, includes them)."""
    slow = _slow_ids()
    exact = set(slow)
    prefixes = tuple(s + "::" for s in slow)
    for item in items:
        if item.nodeid in exact or item.nodeid.startswith(prefixes):
            item.add_marker(pytest.mark.slow)
