"""The OJPP worked examples (notes §10): golden instances with hand-derived optima.

OJPP's paper (Li et al., JPDC 2023) prints no numeric instance, so the golden instance G-O1 is
self-constructed in the notes; its optimum (5 devices) is derived there by hand and pinned in
``tests/ojpp/test_paper.py``.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import json

from .instance import OJPPInstance, parse

#: Golden instance G-O1 of notes §10 (self-constructed; full OJPP optimum 5 devices).
GOLDEN_O1 = """{"problem": "ojpp", "schema_version": 1, "name": "golden-o1",
 "jobs": [
  {"name": "A", "workers": 2, "compute": 0.5, "mem_base": 0.3, "mem_burst": 0.62,
   "burst_prob": 0.2},
  {"name": "B", "workers": 3, "compute": 0.3, "mem_base": 0.2, "mem_burst": 0.3,
   "burst_prob": 0.3},
  {"name": "C", "workers": 2, "compute": 0.2, "mem_base": 0.1, "mem_burst": 0.2,
   "burst_prob": 0.1}],
 "interference": {"model": "additive",
  "matrix": [[0.15, 0.25, 0.05], [0.10, 0.05, 0.08], [0.02, 0.06, 0.04]]},
 "limits": {"collision": 0.1, "interference": 0.2, "balance": 0.1}}"""


def golden_o1() -> OJPPInstance:
    """G-O1 parsed (the CLI's demo instance): three jobs, optimum 5 devices (notes §10).

    Returns
    -------
    OJPPInstance
        The golden instance.

    Examples
    --------
    >>> inst = golden_o1()
    >>> inst.name, inst.n_jobs, inst.n_workers
    ('golden-o1', 3, 7)
    """
    return parse(json.loads(GOLDEN_O1))


__all__ = ["GOLDEN_O1", "golden_o1"]
