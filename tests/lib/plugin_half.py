"""A plug-in for the ``lib score`` tests: OEF algorithms whose ratio is known by construction.

``lib-test-half`` returns the stored best-known allocation of the library instance scaled by
1/2: OEF's objective (total normalised throughput) is linear in the allocation, so its value is
half the best-known one and its ratio is exactly 2 (max problem: best / value). ``lib-test-
double`` doubles it: over capacity, so ``lib score`` must report it invalid.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import numpy as np

import dlsched as ds
from dlsched.core import PROBLEMS, Result
from dlsched.core.registry import register_algorithm

SMALL = Path(__file__).resolve().parents[2] / "instances" / "lib" / "oef" / "small"


def _stored(inst) -> np.ndarray:
    for path in SMALL.glob("small-*.json"):
        if not path.name.endswith(".best.json") and ds.load(path) == inst:
            best = ds.load(path.with_name(path.stem + ".best.json"))
            return np.asarray(best.solution["allocation"], dtype=float)
    raise KeyError(inst.name)


def _scaled(inst, factor: float, name: str) -> Result:
    sol = {"allocation": (_stored(inst) * factor).tolist()}
    obj = PROBLEMS.get("oef").objective(inst, sol)
    return Result("oef", name, "feasible", objective=obj, solution=sol)


def half(inst) -> Result:
    """Half the stored best-known allocation (ratio 2 by construction)."""
    return _scaled(inst, 0.5, "lib-test-half")


def double(inst) -> Result:
    """Twice the stored best-known allocation (over capacity: invalid)."""
    return _scaled(inst, 2.0, "lib-test-double")


def crash(inst) -> Result:
    """Raises on every instance (lib score names this file and line)."""
    return {}["no-such-key"]  # CRASH-LINE


for _name, _fn in (("lib-test-half", half), ("lib-test-double", double),
                   ("lib-test-crash", crash)):
    with contextlib.suppress(ValueError):  # already registered in this process
        register_algorithm(_name, "oef", _fn.__doc__.splitlines()[0])(_fn)
