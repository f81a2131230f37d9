"""``a-round``: A_round (Alg. 2) on all jobs as one batch: λ rounds, phase 1 in each tenant's
share, phase 2 on pooled idle resources, payments."""

from __future__ import annotations

import time
from typing import Any

from ...core import Result, register_algorithm
from ..instance import RevenueInstance
from ..support.mechanism import Mechanism
from ..support.runs import arrival_order, first_batch, mechanism_result, options_from


@register_algorithm("a-round", "revenue",
                    "A_round (Alg. 2) on all jobs as one batch: λ rounds, phase 1 in each "
                    "tenant's share, phase 2 on pooled idle resources, payments")
def a_round(inst: RevenueInstance, batch: int | None = None, **params: Any) -> Result:
    t0 = time.perf_counter()
    mech = Mechanism(inst, options_from(params))
    mech.a_round(list(arrival_order(inst)), batch or first_batch(inst))
    return mechanism_result(inst, "a-round", mech, t0)
