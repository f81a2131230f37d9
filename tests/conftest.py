"""Shared test configuration: ``--solvers`` parametrises exact-model tests (PyJobShop style)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dlsched", deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow]
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
