"""Re-execute the notebooks in place so that their committed outputs are what a fresh run prints.

Usage (from the repository root, with the venv's interpreter)::

    nice -n 10 python scripts/run_notebooks.py            # every notebook and solutions notebook
    nice -n 10 python scripts/run_notebooks.py oef ltgf   # only these (exercise + solutions)

docs/notebooks is a symlink to notebooks/, so the site shows exactly what this writes.
tests/test_notebooks.py re-executes each notebook and fails when a number differs from the
committed output: run this script after changing a notebook or the code it calls.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TIMEOUT_S = 120  # per cell


def notebook_paths(names: list[str]) -> list[Path]:
    """The exercise notebooks and their solutions notebooks, optionally only ``names``."""
    paths = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
    if not names:
        return paths
    return [p for p in paths if p.stem.removesuffix("-solutions") in names]


def execute(path: Path) -> tuple[nbformat.NotebookNode, float]:
    """Execute ``path`` with its own folder as working directory; return it and the wall time."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=TIMEOUT_S, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    t0 = time.perf_counter()
    client.execute()
    return nb, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook stems (default: all)")
    parser.add_argument("--check", action="store_true", help="execute only; do not write")
    args = parser.parse_args(argv)
    # the kernel spec launches "python": make it this interpreter (the venv), not the system's
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]
    for path in notebook_paths(args.names):
        nb, seconds = execute(path)
        if not args.check:
            nbformat.write(nb, path)
        print(f"{path.relative_to(ROOT)}: executed in {seconds:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
