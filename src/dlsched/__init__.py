"""dlsched: exact offline models next to the algorithms of GPU-cluster scheduling papers.

>>> import dlsched as ds
>>> inst = ds.load("instances/oef/paper-eq6.json")
>>> res = ds.solve(inst, model="oef-cooperative")
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from .api import check, generate, load, run, save, solve
from .core import ALGORITHMS, MODELS, PROBLEMS, InputError, Result, Status

try:
    __version__ = version("dlsched")
except PackageNotFoundError:  # running from a source tree without installation
    __version__ = "0+unknown"


def __getattr__(name: str) -> object:
    """``dlsched.oef`` etc. import on first use (the registries import them on first lookup)."""
    from .core.registry import PROBLEM_MODULES

    if name in PROBLEM_MODULES:
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'dlsched' has no attribute {name!r}")


__all__ = [
    "ALGORITHMS",
    "MODELS",
    "PROBLEMS",
    "InputError",
    "Result",
    "Status",
    "__version__",
    "check",
    "generate",
    "load",
    "run",
    "save",
    "solve",
]
