"""Shared test configuration: ``--solvers`` parametrises exact-model tests (PyJobShop style)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
