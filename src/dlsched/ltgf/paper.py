"""The paper's worked examples (Ye et al., TPDS 2022) as instances: the golden tests' inputs."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import json

from .instance import LTGFInstance, parse

#: Fig. 6 of the paper (notes §8): 6 GPUs, one tenant, three 40-min jobs (6, 3, 3 GPUs), 10-min
#: rounds; no preemption overhead so the figure's schedules are reproduced exactly.
FIG6 = """{"problem": "ltgf", "schema_version": 1, "name": "fig6",
 "cluster": {"nodes": 1, "gpus_per_node": 6}, "lease": 600, "tick": 600,
 "tenants": [{"name": "tenant", "weight": 1}],
 "jobs": [{"name": "J1", "tenant": "tenant", "submit": 0, "gpus": 6, "duration": 2400},
          {"name": "J2", "tenant": "tenant", "submit": 0, "gpus": 3, "duration": 2400},
          {"name": "J3", "tenant": "tenant", "submit": 0, "gpus": 3, "duration": 2400}],
 "overhead": {"checkpoint": 0, "cold_start": 0}}"""
"""The Fig. 6 instance of the paper as JSON text (notes §8).

6 GPUs on one node, one tenant, three 40-min jobs of 6, 3 and 3 GPUs, 10-min leases and ticks,
no preemption overhead, so the figure's schedules are reproduced exactly. ``fig6`` parses it.

Examples
--------
>>> import json
>>> [j["gpus"] for j in json.loads(FIG6)["jobs"]]
[6, 3, 3]
"""


def fig6() -> LTGFInstance:
    """The instance of Fig. 6 (notes §8): 6 GPUs, one tenant, three 40-min jobs.

    Returns
    -------
    LTGFInstance
        The parsed ``FIG6``.

    Examples
    --------
    >>> inst = fig6()
    >>> inst.gpus, [j.gpus for j in inst.jobs]
    (6, [6, 3, 3])
    """
    return parse(json.loads(FIG6))


__all__ = ["FIG6", "fig6"]
