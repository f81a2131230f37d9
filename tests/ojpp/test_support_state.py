"""``support/state.py``: taking a worker off a device (``Cluster.remove``, a full recomputation
of the row) gives back exactly the row that placing it had changed: the invariant
remove(place(row)) = row, on devices with bursts, collisions and interference."""

from __future__ import annotations

import numpy as np
import pytest

from dlsched.ojpp.support.state import Cluster, Rules

from .helpers import tiny


@pytest.mark.parametrize("model", ["additive", "max"])
def test_remove_undoes_place(model):
    from dlsched.ojpp.instance import dump, parse

    data = dump(tiny([("A", 2, 0.2, 0.1, 0.2, 0.3), ("B", 1, 0.3, 0.2, 0.1, 0.5)],
                     [[0.1, 0.2], [0.3, 0.0]], collision=0.5, interference=0.9, balance=0.9))
    data["interference"]["model"] = model
    cl = Cluster(parse(data), Rules())
    k = cl.open_device()
    cl.place(0, k)
    cl.place(0, k)
    before = cl.snapshot(k)
    cl.place(1, k)
    cl.remove(1, k)
    after = cl.snapshot(k)
    for a, b in zip(before, after, strict=True):
        assert a == pytest.approx(b) if not isinstance(a, np.ndarray) else np.allclose(a, b)
    assert cl.contents[k] == {0: 2} and cl.job_dev[1] == {}
