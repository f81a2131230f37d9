"""The vectorised pass of the LTGF checker (``validate._clean``) never hides a violation.

``check`` returns no message when ``_clean`` certifies the timeline and otherwise runs the
per-segment loop (``_violations``). Here: ``_clean`` accepts the hand-checked feasible
timeline of test_validate_boundary.py, refuses each single-rule tamper worked out by hand (the
loop reports each one), and on random one-field perturbations ``_clean`` is True only when the
loop finds nothing.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlsched.ltgf.validate import _clean, _violations, check
from tests.ltgf.test_validate_boundary import INST, seg, sol


def test_feasible_timeline_is_certified() -> None:
    s = sol()
    assert _clean(INST, s, s["segments"]) is True
    assert check(INST, s) == []


TAMPERS = {
    # j2 takes 2 GPUs of node 0 at 100, before j1 releases its 4 there at 105
    "capacity": lambda s: seg(s, 2, start=100, end=140),
    "gang": lambda s: seg(s, 2, place=[[0, 1]]),
    "bad node": lambda s: seg(s, 2, place=[[2, 2]]),
    "before submission": lambda s: seg(s, 2, start=45, end=85),
    "end before start": lambda s: seg(s, 2, end=105),
    "overlap": lambda s: seg(s, 1, start=100, end=160),
    "cold start": lambda s: seg(s, 1, cold=0, end=160),
    "checkpoint": lambda s: seg(s, 0, ckpt=0, end=100),
    "reason order": lambda s: seg(s, 0, reason="complete"),
    "unknown reason": lambda s: seg(s, 0, reason="killed"),
    "inside the lease": lambda s: seg(seg(s, 0, end=95), 1, start=100, end=170),
    "service short": lambda s: seg(s, 1, end=169),
    "completion": lambda s: {**s, "completion": {"j1": 171, "j2": 145}},
    "never runs": lambda s: {**s, "segments": s["segments"][:2]},
    "unknown job": lambda s: seg(s, 2, job="j9"),
    "short row": lambda s: {**s, "segments": [*s["segments"], ["j1", 1, 2]]},
}


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_each_tamper_goes_to_the_loop(name: str) -> None:
    s = TAMPERS[name](sol())
    assert _clean(INST, s, s["segments"]) is False
    assert check(INST, s) != []


FIELDS = {1: "start", 2: "end", 5: "cold", 6: "ckpt"}


@settings(max_examples=200, deadline=None)
@given(k=st.integers(0, 2), field=st.sampled_from(sorted(FIELDS)),
       delta=st.sampled_from([-20.0, -10.0, -5.0, -1e-3, -1e-7, 1e-7, 1e-3, 5.0, 10.0, 20.0]))
def test_certified_only_when_the_loop_agrees(k: int, field: int, delta: float) -> None:
    s = copy.deepcopy(sol())
    s["segments"][k][field] += delta
    if _clean(INST, s, s["segments"]):
        assert _violations(INST, s, s["segments"]) == []
