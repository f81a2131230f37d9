"""One float tolerance rule for every validator (``dlsched.core.tolerance``).

The helpers are pinned at their boundaries, every validator is checked to define no numeric
tolerance of its own, and the case that motivated the rule (an interior-point baseline's
8.00000097 GPUs of a capacity of 8) is judged the same in OEF and in OJPP.
"""

from __future__ import annotations

import tokenize
from pathlib import Path

import numpy as np
import pytest

import dlsched as ds
from dlsched.core import tolerance as tol
from dlsched.ojpp.instance import parse as ojpp_parse

SRC = Path(ds.__file__).resolve().parent
VALIDATORS = [*sorted(SRC.glob("*/validate*.py")), SRC / "completion" / "batch.py"]


def test_amounts_are_relative_with_a_floor_of_one_unit() -> None:
    assert not tol.exceeds(8 * (1 + 0.9e-7), 8) and tol.exceeds(8 * (1 + 1.1e-7), 8)
    assert not tol.exceeds(0.3 + 0.9e-7, 0.3) and tol.exceeds(0.3 + 1.1e-7, 0.3)  # floor 1
    assert not tol.short_of(100 * (1 - 0.9e-7), 100) and tol.short_of(100 * (1 - 1.1e-7), 100)
    assert tol.same_amount(1e6, 1e6 + 0.09) and not tol.same_amount(1e6, 1e6 + 0.11)
    assert not tol.negative(-1e-7) and tol.negative(-1.1e-7)
    got = tol.exceeds(np.array([8.0000007, 8.0000009]), np.array([8.0, 8.0]))
    assert got.tolist() == [False, True]


def test_instants_are_absolute_whatever_their_magnitude() -> None:
    assert not tol.before(1e6 - 0.9e-6, 1e6) and tol.before(1e6 - 2e-6, 1e6)
    assert tol.after(3.0 + 2e-6, 3.0) and not tol.after(3.0 + 0.5e-6, 3.0)
    assert tol.same_time(5.0, 5.0 + 0.9e-6) and not tol.same_time(5.0, 5.0 + 1.1e-6)
    assert not tol.off_grid(1200.0 + 0.9e-6, 600.0) and tol.off_grid(1200.0 + 2e-6, 600.0)


def test_whole_numbers() -> None:
    assert not tol.not_whole(3 + 1e-10) and tol.not_whole(3 + 1e-8)


def _numeric_literals_with_exponent(path: Path) -> list[str]:
    with path.open("rb") as fh:
        return [f"{path.name}:{t.start[0]} {t.string}" for t in tokenize.tokenize(fh.readline)
                if t.type == tokenize.NUMBER and "e-" in t.string.lower()]


@pytest.mark.parametrize("path", VALIDATORS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_validator_states_its_own_tolerance(path: Path) -> None:
    assert _numeric_literals_with_exponent(path) == []


def test_the_mutant_detector_sees_a_literal(tmp_path: Path) -> None:
    bad = tmp_path / "validate.py"
    bad.write_text("def f(x):\n    return x > 8 + 1e-6\n")
    assert _numeric_literals_with_exponent(bad) == ["validate.py:2 1e-6"]


@pytest.mark.parametrize("used", [8.00000097, 8 * (1 + 1.1e-7)])
def test_an_interior_point_excess_is_judged_alike_in_oef_and_ojpp(used: float) -> None:
    oef = ds.oef.parse({"problem": "oef", "gpu_types": [{"name": "g", "count": 8}],
                        "users": [{"name": "u", "speedup": [1]}]})
    assert ds.check(oef, {"allocation": [[used]]}) == [
        f"capacity of g: {used:.9g} allocated > 8"]
    assert ds.check(oef, {"allocation": [[8 * (1 + 0.9e-7)]]}) == []

    def device(compute: float) -> list[str]:
        inst = ojpp_parse({
            "problem": "ojpp", "devices": 1, "device_capacity": {"compute": 8, "memory": 100},
            "jobs": [{"name": "a", "workers": 2, "compute": compute / 2, "mem_base": 1,
                      "mem_burst": 0, "burst_prob": 0}],
            "interference": {"model": "additive", "matrix": [[0]]}})
        return ds.check(inst, {"devices": [{"a": 2}], "used": 1})

    assert device(used) == [f"device 0: compute {used:.6g} > capacity 8"]
    assert device(8 * (1 + 0.9e-7)) == []
