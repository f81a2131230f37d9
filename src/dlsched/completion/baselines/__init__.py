"""Baselines of notes §5 (docs/specs/completion.md), one module per namesake, on the shared
slotted engine ``dlsched.sim`` (placement rules in ``..support.placement``, the run in
``..support.simulation``).

All use the ideal worker and PS types (fastest configuration on an empty cluster, ties to fewer
GPUs). Placement (notes §5): first-fit centralised (N workers + 1 PS); otherwise first-fit
workers with the PS host being the server with the most workers that fits
max(1, ceil(b (N - y_h) / B)) PSs; otherwise wait. A job progresses N / theta(q) mini-batches
per slot; a resume after a pause costs ``resume_penalty`` slots (default one, ours; notes §5).
Changing the allocation of a running job without a pause (AntMan opportunistic jobs, Tiresias
migrations) costs ``rescale_penalty`` slots (default 0, ours).

- ``fifo``: strict arrival order, head-of-line blocking, N_j = min(U{1..30}, D_j) (seeded).
- ``drf``: non-preemptive DRF at admission, progressive filling of one worker at a time.
  ``elastic=True`` is the notes' variant "elastic, recomputed every slot": the progressive
  filling restarts from zero over every active job each slot, so a job's worker count (and
  placement) changes between slots and a job left without a worker is paused (resume costs a
  slot). That variant is preemptive and elastic, so like Tiresias and AntMan it solves a
  relaxation of E1 and only LB0 binds it (models/completion.md, "Which bounds bind the
  preemptive baselines"); its schedules are valid only on an instance with ``preemption``
  true.
- ``antman``: guaranteed jobs admitted FIFO with the ideal configuration (non-preemptive);
  after waiting more than 2 slots a job runs opportunistically on idle resources with 1..N
  workers, re-evaluated each slot, suspended when guaranteed jobs need the resources.
- ``tiresias``: preemptive each slot; default Tiresias's own discretised 2D-LAS (attained
  GPU-service, two queues split at ``threshold`` GPU-slots, FIFO inside a queue; not
  clairvoyant), ``clairvoyant=True`` the earlier rule (remaining time x GPUs ascending, this
  paper's §7 sentence read literally); greedy backfill.
- Preemptive baselines (``tiresias``, ``antman``, ``drf(elastic=True)``): a resume costs
  ``resume_penalty`` slots without progress (default 1), a change of a running job's placement
  (rescale, migration) ``rescale_penalty`` slots (default 0, the earlier free rescaling).
- ``jain_greedy`` (not registered: a routine of the batch problem (7), exposed with its
  validator in ``dlsched.completion.batch``): the max-weight batch greedy (GreedyRTL
  reconstruction).
- ``wspt-list``: the reference list heuristic (WSPT order, not in the paper).
"""

from __future__ import annotations

from ..support.placement import gpu_index, ideal_config, place
from .antman import antman
from .drf import drf
from .fifo import fifo
from .jain_greedy import jain_greedy
from .tiresias import tiresias
from .wspt_list import wspt_list_algorithm

__all__ = ["antman", "drf", "fifo", "gpu_index", "ideal_config", "jain_greedy", "place",
           "tiresias", "wspt_list_algorithm"]
