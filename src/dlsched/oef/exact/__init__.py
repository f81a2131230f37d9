"""Exact OEF models: LP (4) efficiency, LP (9) non-cooperative, LP (10) cooperative.

One module per piece: ``lp.py`` registers the three models and the backend registry with the
``pyomo`` and ``cvxpy`` backends; ``highs.py`` is the default ``highs`` backend (``matrix.py``:
the LPs in matrix form, ``activeset.py``: lazy envy rows for LP (10), ``menu.py``: LP (10)
as a grouped "menu" LP with a lifted dual certificate); ``envy.py`` the envy
values both lazy loops share; ``bounds.py`` the dual bound that certifies the active set;
``crosscheck.py`` the guard's heuristic table.
"""

from __future__ import annotations

from .envy import LAZY_TOL, envy_violations
from .highs import highs_backend
from .lp import (
    BACKENDS,
    Backend,
    cooperative,
    default_backend,
    efficiency,
    noncooperative,
    solve_oef,
)
from .lp import _cvxpy_backend as _cvxpy_backend  # private, named by core.inputs
from .lp import _pyomo_backend as _pyomo_backend

__all__ = ["BACKENDS", "LAZY_TOL", "Backend", "cooperative", "default_backend", "efficiency",
           "envy_violations", "highs_backend", "noncooperative", "solve_oef"]
