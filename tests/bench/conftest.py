"""Fixtures for the harness tests: suite files written into tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

TOY_SUITE = """
[suite]
name = "toy"
imports = ["tests.bench.toyplugin"]
bootstrap = 200

[problems.bench-toy]
reference = "exact"

[[problems.bench-toy.instances]]
label = "gen"
grid = {{ n = [3, 5] }}
seeds = {seeds}

[[problems.bench-toy.methods]]
label = "exact"
model = "toy-exact"

[[problems.bench-toy.methods]]
label = "first"
algorithm = "toy-first"
record_stats = ["score", "label", "absent"]

[[problems.bench-toy.methods]]
label = "random"
algorithm = "toy-random"
seeds = [0, 1]

[[problems.bench-toy.methods]]
label = "fail"
algorithm = "toy-fail"

[[problems.bench-toy.methods]]
label = "invalid"
algorithm = "toy-invalid"
{extra}
"""


def write_suite(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def toy_suite(tmp_path: Path) -> Path:
    """Toy minimisation suite: 2 sizes x 3 seeds x (exact, first, random x2, fail, invalid)."""
    return write_suite(tmp_path / "toy.toml", TOY_SUITE.format(seeds=3, extra=""))


@pytest.fixture
def oef_suite(tmp_path: Path) -> Path:
    """Small OEF suite on the exact models (the OEF LPs exist; algorithms come and go)."""
    text = """
[suite]
name = "oef-small"
bootstrap = 200

[problems.oef]
reference = "efficiency"
size = "users"

[[problems.oef.instances]]
label = "synthetic"
grid = { n = [3, 5], k = [2, 3] }
seeds = 2

[[problems.oef.methods]]
label = "efficiency"
model = "oef-efficiency"

[[problems.oef.methods]]
label = "coop"
model = "oef-cooperative"

[[problems.oef.methods]]
label = "noncoop"
model = "oef-noncooperative"
"""
    return write_suite(tmp_path / "oef.toml", text)
