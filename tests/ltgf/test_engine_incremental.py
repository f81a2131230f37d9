"""The incremental decisions of issue 23 equal a from-scratch recomputation.

* ``PendingOrder`` (sim/ordered.py): after any sequence of pending-set changes, rekeys and
  ``sync``, the kept lists are exactly what sorting every pending job from scratch gives
  (hypothesis drives the sequences); ASTRAEA's
  ``BlockFairShareTracker`` holds bit-identical integrals to ``FairShareTracker``.
* Tiresias-L, Gandiva_fair and ASTRAEA, whose decisions read those structures, produce the
  same schedule as the array form that orders every candidate at every decision (the
  previous code: written out below for Tiresias-L and Gandiva_fair, ``_schedule_arrays`` for
  ASTRAEA) on contended random instances, for several knob settings.

The full-trace schedules are pinned by test_engine_digests.py and test_simulate_regression.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlsched.ltgf import generate, simulate
from dlsched.ltgf.support.block_fairness import BlockFairShareTracker
from dlsched.ltgf.support.fairness import FairShareTracker
from dlsched.ltgf.support.simulate import POLICIES
from dlsched.sim.events import EventSim, SimConfig
from dlsched.sim.ordered import PendingOrder

# ---- the structures against a recomputation -------------------------------------------------

_OPS = st.lists(st.tuples(st.sampled_from(["add", "drop", "sync", "rekey"]),
                          st.integers(0, 11), st.integers(0, 5)), max_size=60)


def _sim(n: int = 12) -> EventSim:
    gpus = np.array([1, 2, 4, 8, 1, 1, 2, 16, 4, 1, 8, 2][:n])
    return EventSim(SimConfig(2, 8, 60.0, 10.0), np.zeros(n), gpus, np.ones(n))


def _enter(sim: EventSim, i: int) -> None:
    sim._pending.add(i)
    sim._pend_add(i)


def _leave(sim: EventSim, i: int) -> None:
    sim._pending.discard(i)
    sim._pend_drop(i)


@settings(max_examples=80, deadline=None)
@given(_OPS)
def test_pending_order_equals_sorting_from_scratch(ops):
    sim = _sim()
    salt = [0] * sim.n  # what the key function reads: a job's key depends on when it is read
    order = PendingOrder(sim, lambda i: (salt[i] % 3, -i * salt[i], i))
    expected: dict[int, tuple] = {}  # job -> its key: evaluated at the first sync after it
    touched: set[int] = set()  # entered or left the pending set, or a rekey since then
    for op, i, s in ops:
        salt[i] = s  # keys read later differ from keys read now
        if op == "add" and i not in sim._pending:
            _enter(sim, i)
            touched.add(i)
        elif op == "drop" and i in sim._pending:
            _leave(sim, i)
            touched.add(i)
        elif op == "rekey" and i in order.key_of and i in sim._pending and i not in touched:
            expected[i] = (9, s, i)
            order.rekey(i, expected[i])
        elif op == "sync":
            order.sync()
            for j in touched:
                expected.pop(j, None)
                if j in sim._pending:
                    expected[j] = (salt[j] % 3, -j * salt[j], j)
            touched.clear()
            want: dict[int, list] = {}
            for j, k in expected.items():
                want.setdefault(sim._g[j], []).append(k)
            assert order.by_g == {g: sorted(v) for g, v in want.items()}
            assert order.key_of == expected
            assert set(expected) == sim._pending


# ---- the policies against their array form ---------------------------------------------------

def _tiresias_arrays(self, sim, t, pending, expired):
    """Tiresias-L before issue 23's second round: every candidate's key at every decision."""
    if not sim.any_placeable():
        self.renew_all(expired)
        return
    kn = self.knobs
    thr = np.array([kn["threshold_gpu_s"] * (2**q) for q in range(kn["queues"] - 1)])
    pend = np.array(sim.placeable_pending(), dtype=np.int64)
    last = sim.last_run_len[pend]
    starving = (last > 0) & (t - sim.last_stop[pend] >= kn["starve"] * last)
    exp = np.array(expired, dtype=np.int64)
    cands = np.concatenate((pend, exp))
    att = np.concatenate((sim.alloc_acc[pend], sim.alloc_acc[exp]
                          + sim.gpus[exp] * (t - sim.seg_start[exp])))
    queue = (att[:, None] >= thr[None, :]).sum(axis=1)
    queue[:pend.size][starving] = 0
    for i in cands[np.lexsort((cands, sim.submit[cands], queue))].tolist():
        if not sim.pool_size():
            break
        if i in sim.expired or sim.can_fit(int(sim.gpus[i])):
            sim.place(i)


def _gandiva_arrays(self, sim, t, pending, expired):
    """Gandiva_fair before issue 23's second round (numpy passes, every candidate sorted)."""
    inst = self.inst
    wten = np.array([tn.weight for tn in inst.tenants])

    def advance(i):
        k = inst.job_tenant[i]
        tickets = wten[k] / max(self.tracker.count[k], 1)
        self.pass_[i] = float(np.float64(self.pass_[i])
                              + inst.job_gpus[i] * self.knobs["quantum"] / tickets)

    if not sim.any_placeable():
        for i in expired:
            sim.place(i)
            advance(i)
        return
    pend = np.array(sim.placeable_pending(), dtype=np.int64)
    cands = np.concatenate((pend, np.array(expired, dtype=np.int64)))
    passes = np.array(self.pass_)
    exp = set(expired)
    for i in cands[np.lexsort((cands, passes[cands]))].tolist():
        if not sim.pool_size():
            break
        if (i in exp or sim.can_fit(int(sim.gpus[i]))) and sim.place(i):
            advance(i)


def _reference(policy, monkeypatch):
    """Switch ``policy`` to its array form (the from-scratch decision)."""
    cls = POLICIES[policy]
    if policy == "tiresias-l":
        monkeypatch.setattr(cls, "schedule", _tiresias_arrays)
    elif policy == "gandiva-fair":
        monkeypatch.setattr(cls, "schedule", _gandiva_arrays)
    else:
        orig = cls.__init__

        def init(self, *a, **k):
            orig(self, *a, **k)
            self._lazy = False
        monkeypatch.setattr(cls, "__init__", init)


CASES = [
    ("tiresias-l", {}), ("tiresias-l", {"queues": 3, "threshold_gpu_s": 900.0, "starve": 0.5}),
    ("gandiva-fair", {}), ("gandiva-fair", {"quantum": 300.0}),
    ("astraea-ltgf", {}), ("astraea-ltgf", {"newly_submitted": "lifo", "tenant_share": "8"}),
    ("astraea-ltgf", {"newly_submitted": "off", "tenant_backfill": True}),
    ("astraea-ltgf", {"tenant_backfill": True, "job_share_uses_quota": True}),
]


@pytest.mark.parametrize("seed", [1, 7])
@pytest.mark.parametrize(("policy", "knobs"), CASES,
                         ids=[f"{p}-{i}" for i, (p, _) in enumerate(CASES)])
def test_incremental_decisions_equal_the_array_form(policy, knobs, seed, monkeypatch):
    inst = generate(n_jobs=80, tenants=4, nodes=3, days=0.2, seed=seed)
    fast = simulate(inst, policy, **knobs)
    with monkeypatch.context() as m:
        _reference(policy, m)
        ref = simulate(inst, policy, **knobs)
    assert fast["preemptions"] > 0  # contended: the order mattered
    assert fast == ref


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "remove", "update"]), st.integers(0, 19),
                          st.floats(0.0, 500.0)), max_size=50),
       st.booleans())
def test_block_tracker_equals_the_base_tracker(ops, quota):
    inst = generate(n_jobs=20, tenants=3, nodes=1, seed=4)
    base, block = FairShareTracker(inst, quota), BlockFairShareTracker(inst, quota)
    active: set[int] = set()
    t = 0.0
    for op, i, dt in ops:
        t += dt
        k = int(inst.job_tenant[i])
        for tr in (base, block):
            if op == "add" and i not in active:
                tr.add(i, t)
            elif op == "remove" and i in active:
                tr.remove(i, t)
            elif op == "update":
                tr.update(k, t)
        if op == "add":
            active.add(i)
        elif op == "remove":
            active.discard(i)
        # bit-identical integrals (not approximately equal)
        assert base.job_fair.tobytes() == block.job_fair.tobytes()
        assert base.ten_fair.tobytes() == block.ten_fair.tobytes()
