"""The shortcuts of the event simulator agree with the searches they replace (issue 23).

At every decision of a contended run (every policy), before the policy acts:

* the Python node mirrors equal the numpy arrays (free GPUs; free + expired-held GPUs) and the
  bucketed best fit picks the node ``placement.consolidated`` picks;
* ``placeable`` / ``can_fit`` refuse a pending job only when ``consolidated`` finds no node
  cover for it on free + expired-held GPUs (or it exceeds that pool), and ``any_placeable`` is
  "some pending job is placeable", ``placeable_pending`` the pending jobs ``placeable`` keeps.

And ``TimelineSolution.from_simulation`` builds what ``Solution.from_json`` builds. The
schedules themselves are pinned by test_engine_digests.py and test_simulate_regression.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from dlsched.ltgf import generate, simulate
from dlsched.ltgf.solution import Solution, TimelineSolution
from dlsched.ltgf.support.simulate import POLICIES
from dlsched.sim.events import PENDING
from dlsched.sim.placement import consolidated


def _check_state(sim) -> int:
    """Assert the mirrors and the refusal predicates against numpy searches; return the
    number of pending jobs checked."""
    G = sim.cfg.gpus_per_node
    pool = sim.free + sim.held_expired
    assert sim._fl == sim.free.tolist()
    assert sim._pl == pool.tolist()
    for v in range(G + 1):
        assert sim._by_free[v] == set(np.flatnonzero(sim.free == v).tolist())
        assert sim._by_pool[v] == set(np.flatnonzero(pool == v).tolist())
    for g in range(1, G + 1):
        want = consolidated(sim.free, g, G)
        got = sim._best_fit(sim._by_free, g)
        assert (None if want is None else want[0][0]) == got
    pend = sorted(sim._pending)
    ok = sim.placeable(sim.gpus[np.array(pend, dtype=np.int64)]) if pend else []
    for i, keep in zip(pend, ok, strict=True):
        assert sim.state[i] == PENDING
        g = int(sim.gpus[i])
        assert bool(keep) == sim.can_fit(g)
        if not keep:  # refused: no cover at all on free + expired-held GPUs
            assert g > pool.sum() or consolidated(pool, g, G) is None
    assert sim.any_placeable() == bool(np.any(ok))
    assert sorted(sim.placeable_pending()) == [i for i, k in zip(pend, ok, strict=True) if k]
    return len(pend)


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_shortcuts_agree_with_searches(policy, monkeypatch):
    inst = generate(n_jobs=40, tenants=3, nodes=2, days=0.1, seed=5)
    cls = POLICIES[policy]
    seen = []

    def checked(self, sim, t, pending, expired):
        seen.append(_check_state(sim))
        return original(self, sim, t, pending, expired)

    original = cls.schedule
    monkeypatch.setattr(cls, "schedule", checked)
    simulate(inst, policy)
    assert sum(seen) > 0  # the run was contended: pending jobs were checked


def test_from_simulation_equals_from_json():
    inst = generate(n_jobs=30, tenants=3, nodes=2, days=0.1, seed=2)
    for policy in ("astraea-ltgf", "tiresias-l"):
        sol = simulate(inst, policy)
        sol["lease"] = inst.lease
        fast = TimelineSolution.from_simulation(sol)
        assert fast == Solution.from_json(sol)
        assert fast.to_json() == sol
