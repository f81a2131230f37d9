"""Family-agnostic core: Result/Status, solver layer, registries, JSON I/O, errors.

The solver layer (``SolveOptions``, ``solve_pyomo``, ...) imports Pyomo, so its names are
imported on first access (PEP 562): ``import dlsched`` and ``dlsched --help`` stay light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import guard as _guard  # noqa: F401  (installs the cross-check rule on exact models)
from .errors import DlschedError, InputError, SolverError
from .inputs import Param
from .io import dumps, from_dict, load, save
from .registry import (
    ALGORITHMS,
    MODELS,
    PROBLEMS,
    Method,
    Problem,
    Registry,
    declare_params,
    register_algorithm,
    register_model,
)
from .result import Result, Status, relative_gap

if TYPE_CHECKING:
    from .solver import HighsSession, SolveOptions, SolveOutcome, solve_pyomo

_SOLVER_NAMES = ("HighsSession", "SolveOptions", "SolveOutcome", "solve_pyomo")


def __getattr__(name: str) -> Any:
    """``SolveOptions`` etc. from ``dlsched.core.solver``, imported on first access."""
    if name in _SOLVER_NAMES:
        from . import solver

        value = getattr(solver, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ALGORITHMS",
    "MODELS",
    "PROBLEMS",
    "DlschedError",
    "HighsSession",
    "InputError",
    "Method",
    "Param",
    "Problem",
    "Registry",
    "Result",
    "SolveOptions",
    "SolveOutcome",
    "SolverError",
    "Status",
    "declare_params",
    "dumps",
    "from_dict",
    "load",
    "register_algorithm",
    "register_model",
    "relative_gap",
    "save",
    "solve_pyomo",
]
