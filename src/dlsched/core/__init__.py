"""Family-agnostic core: Result/Status, solver layer, registries, JSON I/O, errors."""

from .errors import DlschedError, InputError, SolverError
from .io import dumps, from_dict, load, save
from .registry import (
    ALGORITHMS,
    MODELS,
    PROBLEMS,
    Method,
    Problem,
    Registry,
    register_algorithm,
    register_model,
)
from .result import Result, Status, relative_gap
from .solver import HighsSession, SolveOptions, SolveOutcome, solve_pyomo

__all__ = [
    "ALGORITHMS",
    "MODELS",
    "PROBLEMS",
    "DlschedError",
    "HighsSession",
    "InputError",
    "Method",
    "Problem",
    "Registry",
    "Result",
    "SolveOptions",
    "SolveOutcome",
    "SolverError",
    "Status",
    "dumps",
    "from_dict",
    "load",
    "register_algorithm",
    "register_model",
    "relative_gap",
    "save",
    "solve_pyomo",
]
