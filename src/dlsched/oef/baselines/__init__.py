"""Baselines the OEF paper compares against (notes §6), one module per namesake.

All work on the *virtual rows* of the instance (one row per (user, job type), weight
``pi_u / t_u``; ``inst.rows``), exactly like the OEF LPs, so weighted and multi-job-type instances
get a defined behaviour:

* ``max-min`` (``max_min.py``) — every row gets the weighted equal slice ``m_j * pi_r / sum(pi)``
  of every type.
* ``gavel`` (``gavel.py``) — Gavel's weighted max-min of normalised throughput (Gavel's own
  normalisation, single stage, interior point like Gavel's ECOS); the per-job cap
  ``sum_j x_r^j <= d_r`` applies per virtual row (each job type is a Gavel "job");
  ``gavel-max-throughput`` is the old two-stage variant (not Gavel).
* ``gandiva-fair`` (``gandiva_fair.py``) — starts from the weighted equal split; every virtual
  row trades on its own behalf.

Status: the baselines report ``feasible``: their objective (total efficiency, recomputed from the
allocation) is not the optimum of any OEF model, even where Gavel's own LP is solved to optimality
(its LP status is kept in ``stats["lp_status"]``).

Note: ``dlsched.oef.baselines.gavel`` is the *function* (re-exported as before); the module is
``sys.modules["dlsched.oef.baselines.gavel"]`` (``from dlsched.oef.baselines.gavel import ...``).
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

from .gandiva_fair import gandiva_fair, gandiva_fair_trading
from .gavel import CAP_RULES, Cap, _caps, _row_demands, gavel, gavel_max_throughput
from .max_min import equal_split, max_min

__all__ = ["CAP_RULES", "Cap", "_caps", "_row_demands", "equal_split", "gandiva_fair",
           "gandiva_fair_trading", "gavel", "gavel_max_throughput", "max_min"]
