"""Seeded OEF generators: reproducible, valid, and with the documented shape of the rows."""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np
import pytest

import dlsched as ds
from dlsched.oef import dump, generate


def test_same_seed_same_instance_other_seed_other_instance():
    assert dump(generate(6, 3, seed=4)) == dump(generate(6, 3, seed=4))
    assert dump(generate(6, 3, seed=4)) != dump(generate(6, 3, seed=5))
    assert dump(ds.generate("oef", n=6, k=3, seed=4)) == dump(generate(6, 3, seed=4))


@pytest.mark.parametrize("seed", range(5))
def test_rows_start_at_one_and_grow_by_at_most_two_per_type(seed):
    W = generate(8, 4, seed=seed).rows.W
    assert (W[:, 0] == 1).all()
    step = W[:, 1:] / W[:, :-1]
    assert (step >= 1).all() and (step <= 2).all()


@pytest.mark.parametrize("seed", range(5))
def test_monotone_rows_are_ordered_by_relative_speedup_for_every_type_pair(seed):
    """notes §7 (Thm 5.2's assumption): w_l^q / w_l^p nondecreasing in l for p < q."""
    W = generate(7, 4, seed=seed, monotone=True).rows.W
    for p in range(4):
        for q in range(p + 1, 4):
            assert (np.diff(W[:, q] / W[:, p]) >= -1e-12).all()


def test_default_counts_and_weights():
    """n = 5, k = 2: counts are integers in [ceil(5/2), 2 ceil(5/2)] = [3, 6]; weights 1..3."""
    for seed in range(10):
        inst = generate(5, 2, seed=seed, weighted=True)
        assert all(c in (3.0, 4.0, 5.0, 6.0) for c in inst.capacity)
        assert set(inst.weights.tolist()) <= {1.0, 2.0, 3.0}
    assert generate(3, 2, seed=0, counts=[1.5, 2]).capacity.tolist() == [1.5, 2.0]
    assert generate(3, 2, seed=0).name == "oef-n3-k2-rand-s0"


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        generate(0, 2)
