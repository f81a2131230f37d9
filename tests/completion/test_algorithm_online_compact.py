"""The opt-in compaction of A_online (not in the paper): never a later completion than the
faithful schedule with the same tie rule, never before tau_i or a_j, validator-clean, and
registered as ``a-online-compact`` (tie rule "earliest", paper §7.1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import dlsched as ds
from dlsched.completion.algorithms.online import a_online
from dlsched.completion.generate import generate, tiny


def _check_dominates(inst, tie: str) -> None:
    base = a_online(inst, tie=tie)
    comp = a_online(inst, tie=tie, compact=True)
    assert ds.check(inst, comp) == []
    for name, rec in comp.solution["jobs"].items():
        old = base.solution["jobs"][name]
        # same placement and duration, only the start may move, and only earlier
        assert {k: v for k, v in rec.items() if k != "start"} == \
            {k: v for k, v in old.items() if k != "start"}
        assert rec["start"] <= old["start"]
        j = inst.job_names.index(name)
        assert rec["start"] >= max(int(inst.arrival[j]), comp.solution["earliest_start"][name])
    assert comp.objective <= base.objective


@given(seed=st.integers(0, 10_000), arch=st.sampled_from(["ps", "ring"]),
       tie=st.sampled_from(["faithful", "earliest"]))
def test_compaction_only_moves_jobs_earlier_tiny(seed: int, arch: str, tie: str) -> None:
    _check_dominates(tiny(seed=seed, n_jobs=4, n_servers=2, horizon=12, architecture=arch),
                     tie)


@given(seed=st.integers(0, 1_000), arch=st.sampled_from(["ps", "ring"]))
def test_compaction_only_moves_jobs_earlier_generated(seed: int, arch: str) -> None:
    _check_dominates(generate(n_jobs=6, n_servers=3, horizon=60, architecture=arch, seed=seed,
                              n_worker_types=3, n_ps_types=3, max_chunks=8), "faithful")


def test_registered_variant_uses_the_earliest_tie_and_validates() -> None:
    inst = generate(n_jobs=8, n_servers=3, horizon=60, architecture="ps", seed=2)
    res = ds.run(inst, "a-online-compact")
    assert res.method == "a-online-compact"
    assert ds.check(inst, res) == []
    assert res.objective == a_online(inst, tie="earliest", compact=True).objective
    assert res.objective <= a_online(inst, tie="earliest").objective
