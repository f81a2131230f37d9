"""``astraea``: the Astraea online mechanism (Alg. 1): geometric batches, A_round per batch,
A_maxIrev in each tenant's share then on the pooled idle resources, posted prices (8) and the
income division (2). Re-checked by the independent validator."""

from __future__ import annotations

import time
from typing import Any

from ...core import Result, register_algorithm
from ..instance import RevenueInstance
from ..support.mechanism import Mechanism
from ..support.runs import mechanism_result, options_from


@register_algorithm("astraea", "revenue",
                    "Astraea online mechanism (Alg. 1: geometric batches, A_round, A_maxIrev, "
                    "posted prices (8), income division (2))")
def astraea(inst: RevenueInstance, **params: Any) -> Result:
    t0 = time.perf_counter()
    mech = Mechanism(inst, options_from(params))
    mech.run()
    return mechanism_result(inst, "astraea", mech, t0)
