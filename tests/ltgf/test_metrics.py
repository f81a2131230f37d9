"""Per-result measures (``metrics.py``): the unfairness threshold and idle-while-a-job-fits."""

from __future__ import annotations

import pytest

from dlsched.ltgf.metrics import idle_while_fits, unfairness_ratio
from dlsched.ltgf.support.simulate import simulate

from .hand import hand_instance, philly_window


def test_unfairness_threshold_counts_a_one_tick_deficit_only_at_one():
    # one tenant, 1 GPU, tick 10: J submitted at 5 s starts at the tick 10, runs [10, 110).
    # Day window: Alloc = 100, FairShare (8) = min(demand 1, quota 1) over [5, 110] = 105,
    # rho = 0.952: unfair with 'rho < 1', fair with 'rho < 0.95'.
    inst = hand_instance([("J", "A", 5, 1, 100)])
    sol = simulate(inst, "astraea-ltgf")
    assert sol["completion"]["J"] == 110.0
    assert unfairness_ratio(inst, sol, below=1.0) == 1.0
    assert unfairness_ratio(inst, sol, below=0.95) == 0.0


def test_idle_while_a_job_fits_hand_case():
    # 8 GPUs, tenants A and B (quota 4 each), A submits two 4-GPU jobs of 100 s at 0.
    # YARN-CS: A1 uses A's quota of 4, A2 waits while 4 GPUs are idle at t=0 (one decision
    # time with a waiting job, and it fits); at 100 A2 starts. Gandiva_fair runs both at 0.
    inst = hand_instance([("A1", "A", 0, 4, 100), ("A2", "A", 0, 4, 100)],
                         tenants=(("A", 1), ("B", 1)), gpn=8)
    y = idle_while_fits(inst, simulate(inst, "yarn-cs"))
    assert (y["idle_while_fits"], y["decisions_with_waiting"]) == (1, 1)
    g = idle_while_fits(inst, simulate(inst, "gandiva-fair"))
    assert (g["idle_while_fits"], g["decisions_with_waiting"]) == (0, 0)


@pytest.mark.parametrize("policy,kw", [("gandiva-fair", {}), ("themis", {}), ("tiresias-l", {}),
                                       ("astraea-ltgf", {"tenant_backfill": True}),
                                       ("hived", {}), ("allox", {})])
def test_work_conserving_policies_never_idle_while_a_job_fits(policy, kw):
    inst = philly_window()
    r = idle_while_fits(inst, simulate(inst, policy, **kw))
    assert r["decisions_with_waiting"] > 0 and r["idle_while_fits"] == 0
