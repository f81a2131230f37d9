"""The slotted engine as the simulated baselines use it (issue 18): restart and rescale costs.
Expected values are worked by hand from the rules (comments)."""

from __future__ import annotations

import numpy as np
import pytest

from dlsched.sim import Placement, SimJob, run_policy

CAP = np.array([[1.0]])


def _pl(server: int = 0) -> Placement:
    return Placement(np.array([[1.0]]), 1.0,
                     {server: 1}, {}, {"where": server})


def _run(work: float, schedule, **kw) -> SimJob:
    """One job of ``work`` units at rate 1; ``schedule(t)`` -> placement or None (paused)."""
    def policy(t, st):
        pl = schedule(t)
        return {} if pl is None or st.jobs[0].done else {0: pl}

    return run_policy([SimJob(0, 1, work)], CAP, policy, max_slots=100, **kw)[0]


@pytest.mark.parametrize(("penalty", "completion"), [(0, 6), (1, 7), (3, 9)])
def test_resume_penalty_stalls_that_many_slots(penalty: int, completion: int) -> None:
    # work 4, rate 1: slot 1 runs (progress 1), slot 2 paused, resumed from slot 3.
    # The resume stalls `penalty` slots (3..2+penalty), then 3 slots of progress:
    # completion = end of slot 5 + penalty = 6 + penalty. Before the fix 3 acted like 1 (7).
    job = _run(4.0, lambda t: None if t == 2 else _pl(), resume_penalty=penalty)
    assert job.completion == completion
    assert sum(s["stall"] for s in job.segments) == penalty


@pytest.mark.parametrize(("penalty", "completion"), [(0, 4), (2, 6)])
def test_reconfigure_penalty_charges_a_change_of_placement(penalty: int, completion: int) -> None:
    # work 3: slot 1 on placement A, from slot 2 on placement B without a pause. A rescale
    # stalls `penalty` slots (2..1+penalty), then 2 more units: completion 4 + penalty.
    job = _run(3.0, lambda t: _pl() if t == 1 else Placement(np.array([[1.0]]), 1.0, {0: 1}, {},
                                                              {"where": "B"}),
               reconfigure_penalty=penalty)
    assert job.completion == completion
