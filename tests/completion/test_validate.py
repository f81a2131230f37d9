"""The independent validator against tampered optimal schedules (capacity, duration,
bandwidth, objective)."""

from __future__ import annotations

import dlsched as ds
from dlsched.completion import exact, parse
from dlsched.completion.paper import s4, s5


def _opt_solution(data: dict) -> tuple:
    inst = parse(data)
    return inst, exact.solve_cp(inst, lp_bound=False).solution


def test_validator_catches_capacity_duration_bandwidth_and_objective() -> None:
    inst, sol = _opt_solution(s4())
    assert ds.check(inst, sol) == []
    bad = sol.to_json()
    for rec in bad["jobs"].values():
        rec["workers"] = {"h1": 2}  # 2 + 2 GPUs on a 3-GPU server if they overlap
        rec["start"], rec["duration"] = 1, 3
    bad["objective"] = None
    assert any("(2h)" in e for e in ds.check(inst, bad))
    bad = sol.to_json()
    bad["jobs"]["j1"]["duration"] -= 1
    bad["objective"] -= 1
    assert any("(2f)" in e for e in ds.check(inst, bad))
    bad = sol.to_json()
    bad["objective"] += 1
    assert any("objective" in e for e in ds.check(inst, bad))
    inst5, sol5 = _opt_solution(s5(10))
    bad = sol5.to_json()
    rec = bad["jobs"]["j1"]
    rec["workers"], rec["ps"] = {"A": 2, "B": 2}, {"A": 1}
    assert any("(2i)" in e for e in ds.check(inst5, bad))
