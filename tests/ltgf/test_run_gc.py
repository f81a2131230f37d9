"""``run_policy`` pauses the cyclic garbage collector only for the run (issue 23 speed-up)."""

from __future__ import annotations

import gc

import pytest

from dlsched.ltgf import generate, run_policy
from dlsched.ltgf.support import simulate as runner


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_state_restored(enabled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    seen = []
    plain = runner.simulate

    def spy(*a, **k):  # the collector's state while the policy runs
        seen.append(gc.isenabled())
        return plain(*a, **k)

    monkeypatch.setattr(runner, "simulate", spy)
    (gc.enable if enabled else gc.disable)()
    try:
        res = run_policy(inst, "yarn-cs")
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
    assert seen == [False]
    assert res.status.value == "feasible"
