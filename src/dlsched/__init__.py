"""dlsched: exact offline models next to the algorithms of GPU-cluster scheduling papers.

>>> import dlsched as ds
>>> inst = ds.load("instances/oef/paper-eq6.json")
>>> res = ds.solve(inst, model="oef-cooperative")
"""

from __future__ import annotations

from .api import check, generate, load, run, save, solve
from .core import ALGORITHMS, MODELS, PROBLEMS, InputError, Result, Status


def _version() -> str:
    """The installed distribution's version (importlib.metadata is slow to import: on demand)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dlsched")
    except PackageNotFoundError:  # running from a source tree without installation
        return "0+unknown"


def __getattr__(name: str) -> object:
    """``dlsched.oef`` etc. import on first use (the registries import them on first lookup);
    ``__version__`` is read from the package metadata on first use."""
    if name == "__version__":
        value = globals()["__version__"] = _version()
        return value
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
