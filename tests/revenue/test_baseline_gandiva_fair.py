"""Gandiva_fair baseline: jumping from event to event keeps the slot-by-slot schedule."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import dlsched as ds
from dlsched.revenue.generate import (
    generate,
)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), jobs=st.integers(1, 25), servers=st.integers(2, 6),
       tenants=st.integers(1, 3), unit=st.sampled_from(["hour", "second"]),
       origin=st.sampled_from(["arrival", "absolute"]))
def test_gandiva_fair_event_skipping_keeps_the_schedule(seed, jobs, servers, tenants, unit,
                                                        origin):
    # jumping from event to event (completions, arrivals) must give the slot-by-slot schedule
    inst = generate(n_jobs=jobs, n_servers=servers, n_tenants=min(tenants, servers), seed=seed,
                    arrival_max=6, minibatch_unit=unit)
    fast = ds.run(inst, "gandiva-fair", time_origin=origin)
    slow = ds.run(inst, "gandiva-fair", time_origin=origin, skip_idle_slots=False)
    assert fast.solution == slow.solution
