"""The OEF paper's worked examples (Mo, Xu, Lau, Middleware 2024) as instances.

``PAPER_TOY`` is the running example W_1 (paper §3.1, one GPU of each type; golden G1-G4 of the
notes), shipped for ``dlsched demo``. The other worked examples and the notes' counterexamples
are committed under ``instances/oef/`` (``paper-*.json``, ``counterexample-*.json``).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import json

from .instance import OEFInstance, parse

#: The paper's running example (paper §3.1, W_1; one GPU of each type): golden G1-G4 of the notes,
#: stating the cooperative problem (LP (10), golden G2) like ``instances/oef/paper-w1.json``.
PAPER_TOY = """{"problem": "oef", "schema_version": 1, "name": "paper-w1",
 "fairness": "cooperative",
 "gpu_types": [{"name": "slow", "count": 1}, {"name": "fast", "count": 1}],
 "users": [{"name": "u1", "speedup": [1, 2]}, {"name": "u2", "speedup": [1, 3]},
           {"name": "u3", "speedup": [1, 4]}]}"""


def paper_toy() -> OEFInstance:
    """The running example W_1 as an instance (speedups 2, 3, 4 on one fast GPU).

    Returns
    -------
    OEFInstance
        Three users, one slow and one fast GPU.

    Examples
    --------
    >>> inst = paper_toy()
    >>> inst.name, inst.n_users, inst.capacity.tolist()
    ('paper-w1', 3, [1.0, 1.0])
    """
    return parse(json.loads(PAPER_TOY))
