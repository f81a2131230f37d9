"""YARN capacity scheduler (``baselines/yarn_cs.py``, notes §6.1): integer quotas by the largest
remainder of (6), per-tenant strict FIFO, start iff usage + g <= quota (or the job is larger than
the quota and the tenant idle), no borrowing, no preemption."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from dlsched.ltgf.baselines.yarn_cs import YarnCS, largest_remainder
from dlsched.ltgf.support.simulate import simulate

from .hand import hand_instance, runs


def test_largest_remainder_by_hand():
    """4 GPUs, three equal tenants: quotas 4/3 each -> floors 1, 1, 1 and one GPU left; the
    remainders tie (1/3 each), so the lowest tenant id gets it: (2, 1, 1). Weights 1 : 2 on 5
    GPUs: 5/3 and 10/3 -> floors 1, 3, one left to the larger remainder 2/3: (2, 3)."""
    assert largest_remainder(np.array([4 / 3] * 3), 4).tolist() == [2, 1, 1]
    assert largest_remainder(np.array([5 / 3, 10 / 3]), 5).tolist() == [2, 3]
    assert largest_remainder(np.array([2.0, 2.0]), 4).tolist() == [2, 2]


def test_quota_fifo_and_the_oversize_rule_by_hand():
    """1 node x 4 GPUs, tenants A, B, C of weight 1: integer quotas (2, 1, 1). All jobs arrive at
    0 and run 100 s. A's FIFO queue A1, A2, A3 (1 GPU each): A1 (0 + 1 <= 2) and A2 (1 + 1 <= 2)
    start, A3 (2 + 1 > 2) blocks A's queue. B1 needs 2 GPUs > B's quota 1 but B uses 0 GPUs:
    the oversize rule starts it; B2 (2 + 1 > 1) waits. 4 GPUs busy until 100, then A3 and B2
    run [100, 200). C's idle GPU is never lent (no borrowing): nothing else runs at 0."""
    inst = hand_instance(
        [("A1", "A", 0, 1, 100), ("A2", "A", 0, 1, 100), ("A3", "A", 0, 1, 100),
         ("B1", "B", 0, 2, 100), ("B2", "B", 0, 1, 100)],
        tenants=(("A", 1), ("B", 1), ("C", 1)), gpn=4)
    assert YarnCS(inst).iquota.tolist() == [2, 1, 1]
    sol = simulate(inst, "yarn-cs")
    assert sol["completion"] == {"A1": 100.0, "A2": 100.0, "A3": 200.0, "B1": 100.0, "B2": 200.0}
    assert sol["preemptions"] == 0


def test_no_borrowing_and_head_of_line_blocking_by_hand():
    """1 node x 4 GPUs, tenants A and B of weight 1 (quotas 2, 2). A submits A1 (2 GPUs, 300 s)
    and A2 (1 GPU, 100 s) at 0, A3 (1 GPU, 100 s) at 0; B is idle. A1 fills A's quota, A2 waits
    although two GPUs are free (no borrowing) and A3 waits behind A2 (strict FIFO). At 300 A2
    and A3 start together (1 + 1 <= 2) and end at 400. A1's leases (100 s) are renewed in place:
    one segment, no preemption ever."""
    inst = hand_instance(
        [("A1", "A", 0, 2, 300), ("A2", "A", 0, 1, 100), ("A3", "A", 0, 1, 100)],
        tenants=(("A", 1), ("B", 1)), gpn=4, lease=100)
    sol = simulate(inst, "yarn-cs")
    assert sol["completion"] == {"A1": 300.0, "A2": 400.0, "A3": 400.0}
    assert runs(sol, "A1") == [(0.0, 300.0, "complete")] and sol["preemptions"] == 0


def test_a_job_larger_than_the_quota_waits_until_its_tenant_is_idle_by_hand():
    """1 node x 4 GPUs, tenants A and B (quotas 2, 2). B1 (1 GPU, 100 s) and B2 (3 GPUs, 100 s)
    at 0: B1 starts (0 + 1 <= 2); B2 needs 3 > 2 GPUs, so it may start only while B uses none:
    it waits although 3 GPUs are free, and runs [100, 200) once B1 is done."""
    inst = hand_instance([("B1", "B", 0, 1, 100), ("B2", "B", 0, 3, 100)],
                         tenants=(("A", 1), ("B", 1)), gpn=4)
    assert simulate(inst, "yarn-cs")["completion"] == {"B1": 100.0, "B2": 200.0}


def test_yarn_cs_reports_its_knobs():
    """The result names YARN-CS's fixed rules (notes §6.1; the paper gives no knobs)."""
    inst = hand_instance([("A1", "A", 0, 1, 100)])
    assert simulate(inst, "yarn-cs")["knobs"] == {
        "quota": "largest remainder of (6)", "oversize_rule": "only when tenant idle",
        "synchronized": False, "strict_placement": False}
