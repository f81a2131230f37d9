"""OJPP baselines of the paper's Table 4, one module per namesake (importing registers them)."""

from __future__ import annotations

from . import b_greedy, best_fit, c_greedy, i_greedy  # noqa: F401  (registration)
