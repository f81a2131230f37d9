"""``exact/bounds.py`` on values worked by hand (no solver, no committed trace): the shortest
horizon max_i (r_i + P_i), the model-size formulas and the build-time refusal at half the
limit. ``test_bounds.py`` checks the sizes against built models and the refusal on a trace."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from dlsched.ltgf.exact.bounds import model_sizes, shortest_horizon, too_big

from .hand import hand_instance

# S = 4 slots, two jobs released in slots 0 and 1 (L = 4 and 3 slots, 7 in all), one tenant
SD = SimpleNamespace(S=4, release=np.array([0, 1]), n=2, tenants_with_jobs=[0])


def test_shortest_horizon_by_hand():
    """Lease (slot) 100 s. Release r = ceil(submit / 100), P = ceil(duration / 100): (0 s,
    400 s) -> 0 + 4; (150 s, 100 s) -> 2 + 1; (250 s, 200 s) -> 3 + 2 = 5 slots."""
    inst = hand_instance([("J1", "A", 0, 1, 400), ("J2", "A", 150, 1, 100),
                          ("J3", "A", 250, 1, 200)], lease=100)
    assert shortest_horizon(inst).S == 5


def test_model_sizes_by_hand():
    """run = 7 job-slots, one tenant, S = 4, window 2 (2 windows).
    maxmin: columns 2 x 7 + 2 x 1 x 4 + 1 = 23; rows 3 x 7 + 4 + 2 + 4 x 4 + 1 = 44; nonzeros
    (4 x 5 + 3 x 4) + 10 x 7 + 12 x 4 + 2 x 1 + 1 = 153. windows: one flag per window (2):
    24 columns, 45 rows, 155 nonzeros."""
    assert model_sizes(SD, "maxmin", 2) == (23, 44, 153)
    assert model_sizes(SD, "windows", 2) == (24, 45, 155)


def test_too_big_refuses_above_half_the_limit():
    """maxmin: 23 columns / 12000 per s = 1.92 ms (nonzeros 153 / 400000 = 0.38 ms): built
    under a 4 ms limit (half = 2 ms), refused under 3 ms (half = 1.5 ms); no limit, no refusal."""
    assert too_big(SD, "maxmin", 2, None) is None
    assert too_big(SD, "maxmin", 2, 0.004) is None
    why = too_big(SD, "maxmin", 2, 0.003)
    assert why is not None and why.startswith("23 columns and 153 nonzeros over 4 slots")
