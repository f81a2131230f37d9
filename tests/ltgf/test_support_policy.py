"""The policies' shared plumbing (``support/policy.py``): the tenant allocation Alloc^ten (11)
that AlloX ranks by, and the fair-share knob handed to the tracker. Values worked by hand."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from dlsched.ltgf.support.policy import Policy
from dlsched.sim.events import PENDING, RUNNING

from .hand import hand_instance


def test_tenant_alloc_adds_the_running_segment_by_hand():
    """Tenants A, B. j0 (A, 2 GPUs) is running since t = 100 with 50 GPU-s banked; j1 (B,
    1 GPU) is pending with 30 GPU-s banked, its last segment began at 20; j2 (A, 1 GPU)
    pending with nothing. At t = 150: A = 50 + 2 x (150 - 100) + 0 = 150, B = 30 (a pending
    job's old segment start adds nothing)."""
    inst = hand_instance([("j0", "A", 0, 2, 500), ("j1", "B", 0, 1, 500),
                          ("j2", "A", 0, 1, 500)], tenants=(("A", 1), ("B", 1)), gpn=4)
    pol = Policy(inst)
    pol.attach(SimpleNamespace(state=np.array([RUNNING, PENDING, PENDING]),
                               alloc_acc=np.array([50.0, 30.0, 0.0]),
                               gpus=np.array([2.0, 1.0, 1.0]),
                               seg_start=np.array([100.0, 20.0, 0.0])))
    assert pol.tenant_alloc(150.0) == pytest.approx([150.0, 30.0])


def test_the_job_share_knob_reaches_the_tracker():
    """``job_share_uses_quota`` (an ASTRAEA knob) switches the tracker's job shares to the
    quota; off by default."""
    inst = hand_instance([("j0", "A", 0, 1, 100)])
    assert Policy(inst).tracker.use_quota is False
    assert Policy(inst, job_share_uses_quota=True).tracker.use_quota is True


def test_job_rho_is_allocation_over_fair_share_by_hand():
    """rho^job (15): one tenant with 2 GPUs, j0 (1 GPU) submitted at 0 and alone: its fair share
    is min(demand 1, quota 2) = 1 GPU, i.e. 100 GPU-s by t = 100; with 50 GPU-s received,
    rho = 0.5. After j0 finishes the tracker drops it (no active job left)."""
    inst = hand_instance([("j0", "A", 0, 1, 500)], gpn=2)
    pol = Policy(inst)
    pol.attach(SimpleNamespace(alloc=lambda i, t: {0: 50.0}[i]))  # j0 received 50 GPU-s
    pol.on_submit(0, 0.0)
    assert pol.job_rho(0, 100.0) == pytest.approx(0.5)
    pol.on_finish(0, 100.0)
    assert pol.tracker.count.tolist() == [0]
