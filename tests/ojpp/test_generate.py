"""The seeded OJPP generator: paper-sized workloads, the restricted constraint sets, and the
workload knobs (notes §8.1): the interference matrix (synthetic, Gavel's
measured pairs, bimodal, scaled) and the two readings of 'Mixed'. Expected values are worked from
the reading's rule (counts of classes) or from Gavel's own CSVs (isolated / co-located - 1)."""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import csv

import numpy as np
import pytest

import dlsched as ds
from dlsched.ojpp.support.gavel_data import data_dir


def _is_collision(job) -> bool:
    # generator rule: high-collision jobs draw p in [0.25, 0.45], the others p in [0.02, 0.12]
    return job.burst_prob >= 0.25


@pytest.mark.parametrize(("n", "n_coll"), [(20, 10), (7, 3), (1, 0)])
def test_mixed_collision_interference_reading_splits_half_and_half(n, n_coll):
    inst = ds.generate("ojpp", workload="mixed", n_jobs=n, seed=4, mixed="collision-interference")
    coll = [j for j in inst.jobs if _is_collision(j)]
    assert len(coll) == n_coll  # floor(n / 2) high-collision jobs
    # every other job is high-interference: its type is one of the 3 heaviest types
    T = inst.interference.types
    M = np.array(inst.interference.matrix)
    mass = M.sum(axis=0) + M.sum(axis=1)
    heavy = {T[t] for t in np.argsort(-mass, kind="stable")[:3]}
    assert all(j.type in heavy for j in inst.jobs if not _is_collision(j))


def test_mixed_default_reading_is_half_average():
    inst = ds.generate("ojpp", workload="mixed", n_jobs=20, seed=4)
    assert inst.name == "ojpp-mixed-n20-w10-s4"  # the default instance keeps its old name
    assert sum(_is_collision(j) for j in inst.jobs) <= 10  # at most the high half


def test_matrix_scale_multiplies_the_matrix_and_keeps_the_jobs():
    a = ds.generate("ojpp", workload="i-high", seed=2)
    b = ds.generate("ojpp", workload="i-high", seed=2, matrix_scale=2.0)
    assert np.allclose(b.I, 2.0 * a.I)
    assert [(j.workers, j.compute, j.mem_base, j.burst_prob) for j in a.jobs] == \
        [(j.workers, j.compute, j.mem_base, j.burst_prob) for j in b.jobs]
    assert b.name.endswith("-x2")


def _gavel_slowdown(a: str, b: str) -> float:
    """Straight from Gavel's CSVs: isolated throughput of a / throughput of a next to b - 1."""
    d = data_dir()
    with open(d / "throughputs_isolated.csv", newline="") as f:
        iso = {r["job_type"]: float(r["throughput_steps_per_s"]) for r in csv.DictReader(f)
               if (r["gpu_type"], r["placement"], r["num_gpus"]) == ("v100", "consolidated", "1")}
    with open(d / "throughputs_colocated_pairs.csv", newline="") as f:
        for r in csv.DictReader(f):
            if ((r["gpu_type"], r["placement"], r["num_gpus_a"], r["num_gpus_b"])
                    == ("v100", "consolidated", "1", "1")
                    and (r["job_type_a"], r["job_type_b"]) == (a, b)):
                return max(iso[a] / float(r["throughput_a_steps_per_s"]) - 1.0, 0.0)
    raise KeyError((a, b))


def test_gavel_matrix_is_gavels_measured_slowdowns_and_keeps_the_jobs():
    syn = ds.generate("ojpp", workload="mixed", seed=1)
    gav = ds.generate("ojpp", workload="mixed", seed=1, matrix="gavel")
    types = gav.interference.types
    assert len(types) == 6 and len(set(types)) == 6
    M = np.array(gav.interference.matrix)
    for x in range(6):
        for y in range(6):
            assert M[x, y] == pytest.approx(_gavel_slowdown(types[x], types[y]), abs=1e-4)
    assert [j.workers for j in syn.jobs] == [j.workers for j in gav.jobs]
    assert "Gavel" in gav.provenance["note"] and gav.provenance["matrix"] == "gavel"
    assert "not measured" in syn.provenance["note"]


def test_bimodal_matrix_has_near_zero_and_heavy_pairs_plus_the_quoted_ones():
    inst = ds.generate("ojpp", workload="mixed", seed=0, matrix="bimodal")
    T = inst.interference.types
    M = np.array(inst.interference.matrix)
    assert M[T.index("resnet"), T.index("vgg")] == 1.22  # paper §3.3: ResNet next to VGG19
    off = np.delete(M.ravel(), [T.index("resnet") * 6 + T.index("vgg"),
                                T.index("vgg") * 6 + T.index("resnet"),
                                T.index("lenet") * 6 + T.index("lstm")])
    assert np.all((off <= 0.02) | ((off >= 0.15) & (off <= 0.6)))


def test_bad_knob_values_are_refused():
    with pytest.raises(ValueError, match="matrix"):
        ds.generate("ojpp", matrix="paper")
    with pytest.raises(ValueError, match="mixed"):
        ds.generate("ojpp", mixed="quarters")
    with pytest.raises(ValueError, match="matrix_scale"):
        ds.generate("ojpp", matrix_scale=-1.0)


def test_generator_is_seeded_and_paper_sized():
    a = ds.generate("ojpp", workload="mixed", seed=3)
    b = ds.generate("ojpp", workload="mixed", seed=3)
    c = ds.generate("ojpp", workload="mixed", seed=4)
    assert a == b and a != c
    assert a.n_jobs == 20 and all(1 <= j.workers <= 10 for j in a.jobs)
    assert (a.limits.collision, a.limits.interference, a.limits.balance) == (0.1, 0.2, 0.1)
    assert dict(a.capacity) == {"compute": 100, "memory": 11264}
    assert ds.ojpp.parse(ds.ojpp.dump(a)) == a
    high_c = ds.generate("ojpp", workload="c-high", seed=3)
    avg = ds.generate("ojpp", workload="average", seed=3)
    assert high_c.p.min() >= 0.25 and avg.p.max() <= 0.12


@pytest.mark.parametrize(("active", "kept"), [
    ("none", ()), ("interference", ("interference",)), ("balance", ("balance",)),
    ("collision+balance", ("collision", "balance"))])
def test_generator_restricts_the_constraint_set_on_the_same_workload(active, kept):
    full = ds.generate("ojpp", workload="mixed", seed=3)
    part = ds.generate("ojpp", workload="mixed", seed=3, active=active)
    for name in ("collision", "interference", "balance"):
        want = getattr(full.limits, name) if name in kept else None
        assert getattr(part.limits, name) == want
    assert np.array_equal(part.demand, full.demand) and np.array_equal(part.I, full.I)
    baseline = {"none": "best-fit", "interference": "i-greedy", "balance": "b-greedy"}
    if active in baseline:  # a baseline is valid on its own constraint set (notes §7, §9)
        assert ds.check(part, ds.run(part, baseline[active])) == []
    with pytest.raises(ValueError, match="active"):
        ds.generate("ojpp", seed=3, active="collision+nonsense")
