"""The suites in benchmarks/ load, and quick.toml covers every problem and every algorithm."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlsched.bench import expand, load_suite
from dlsched.core import ALGORITHMS, PROBLEMS

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
TEST_ONLY = ("bench-",)  # problems registered by test plugins


@pytest.mark.parametrize("name", sorted(p.name for p in BENCH.glob("*.toml")))
def test_shipped_suite_loads(name):
    suite = load_suite(BENCH / name)
    tasks = expand(suite)
    assert tasks and len({t.key for t in tasks}) == len(tasks)


def test_quick_covers_every_problem_and_algorithm():
    suite = load_suite(BENCH / "quick.toml")
    covered = {ps.problem: {m.name for m in ps.methods} | set(ps.skipped)
               for ps in suite.problems}
    real = [p for p in PROBLEMS if not p.startswith(TEST_ONLY)]
    missing = [p for p in real if p not in covered]
    assert not missing, f"benchmarks/quick.toml has no [problems.X] section for {missing}"
    for name, method in ALGORITHMS.items():
        if method.problem in covered:
            assert name in covered[method.problem], (
                f"quick.toml neither runs nor skips (with a reason) algorithm {name!r}")
