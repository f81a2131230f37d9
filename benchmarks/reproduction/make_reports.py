"""Reproduction reports: every quantitative claim of a paper, quoted, next to dlsched's measurement.

``python benchmarks/reproduction/make_reports.py [PROBLEM ...] [--allow-dirty]`` builds the
reports of the named papers (all five by default) and writes ``<problem>.md`` and its JSON
sidecar ``<problem>.json`` here. Every report follows one verdict rule (``verdict-rule.md``,
implemented in ``dlsched.bench.repro``); each paper's claims are quoted in
``claims/<problem>.toml`` and measured by its own module (``RULED``: ``build(subset=False) ->
ReproReport``). Reports are written only from a clean git tree, whose commit they record;
``--allow-dirty`` writes a draft that says so in its header.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from dlsched.bench.repro import tree_state, write

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent

#: problem -> module in this folder with ``build(subset=False) -> ReproReport``
RULED = {"oef": "oef_report", "ojpp": "ojpp_report", "ltgf": "ltgf_report",
         "revenue": "revenue_report", "completion": "completion_report"}


def main(argv: list[str]) -> None:
    allow_dirty = "--allow-dirty" in argv
    names = [a for a in argv if not a.startswith("--")] or sorted(RULED)
    unknown = [n for n in names if n not in RULED]
    if unknown:
        raise SystemExit(f"no reproduction report for {unknown} (known: {sorted(RULED)})")
    commit, clean = tree_state(ROOT)
    if not clean and not allow_dirty:
        raise SystemExit("the working tree is not clean: commit first (reports record the commit "
                         "they were measured at), or pass --allow-dirty for a draft")
    sys.path.insert(0, str(OUT))
    for name in names:
        rep = importlib.import_module(RULED[name]).build()
        print("wrote", *write(rep, OUT, commit, clean))


if __name__ == "__main__":
    main(sys.argv[1:])
