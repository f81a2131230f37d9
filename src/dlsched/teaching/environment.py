"""The first cell of every notebook: is everything a notebook needs importable?"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from ..core.io import PACKAGED_INSTANCES

#: What the notebooks import beyond dlsched's own dependencies, and the extra that brings it.
NEEDED = ("matplotlib", "numpy")
EXTRA = 'pip install "dlsched[notebooks]"'


def instance_path(relative: str) -> Path:
    """The packaged instance ``relative`` (e.g. ``"oef/gavel-n4-s0.json"``).

    Parameters
    ----------
    relative : str
        Path below the package's ``instances`` folder.

    Returns
    -------
    Path
        The file (it exists in a source checkout and in a regular install alike).

    Raises
    ------
    FileNotFoundError
        No such packaged instance.

    Examples
    --------
    >>> instance_path("oef/paper-eq6.json").name
    'paper-eq6.json'
    """
    path = PACKAGED_INSTANCES / relative
    if not path.is_file():
        raise FileNotFoundError(f"no packaged instance {relative!r} (looked in {path.parent})")
    return path


class Line(str):
    """The line ``environment()`` printed, returned as a string for scripts and tests; Jupyter
    does not echo it a second time as the cell's value (it was printed already)."""

    def _ipython_display_(self) -> None:
        """Display nothing: the line is on the cell's output once, as printed text."""


def environment(needs: tuple[str, ...] = ()) -> str:
    """Check that the notebook can run here and say so in one line.

    Parameters
    ----------
    needs : tuple of str, default ()
        Extra importable modules this notebook needs (e.g. ``("ortools",)``).

    Returns
    -------
    str
        The line printed: ``"ready: dlsched X (installed package)"`` (or ``(source checkout)``)
        or ``"missing: ... -> run: pip install ..."``. It names no path, so a notebook's committed
        output is the same on every machine.

    Examples
    --------
    >>> environment().startswith("ready: dlsched")
    ready: dlsched ...
    True
    """
    from importlib.metadata import PackageNotFoundError, version

    missing = [m for m in (*NEEDED, *needs) if importlib.util.find_spec(m) is None]
    if missing:
        line = f"missing: {', '.join(missing)} -> run: {EXTRA} (then restart the kernel)"
    else:
        try:
            ver = version("dlsched")
        except PackageNotFoundError:
            ver = "(not installed)"
        line = f"ready: dlsched {ver} ({_origin()})"
    print(line)
    return Line(line)


def _origin() -> str:
    """Where the imported dlsched lives, in words that do not depend on the machine: a
    notebook's committed output must equal a fresh run's anywhere (no absolute path)."""
    where = Path(importlib.import_module("dlsched").__file__).resolve().parent
    if "site-packages" in where.parts or "dist-packages" in where.parts:
        return "installed package"
    return "source checkout"
