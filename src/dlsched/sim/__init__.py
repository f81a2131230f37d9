"""Shared discrete-time cluster simulators.

``dlsched.sim`` holds the engines that baselines of several problems run on:

- ``dlsched.sim.slotted`` — a slotted engine (slot ``t`` is ``[t, t+1)``):
  a cluster of servers x resources x slots held as numpy arrays
  (``Cluster``), a clock over arrivals, and non-preemptive or preemptive
  policies that place jobs slot by slot (used by ``dlsched.completion``
  baselines FIFO / DRF / AntMan / Tiresias and reusable by revenue sharing).

Each engine is problem-agnostic: problems translate their jobs into the
engine's job records and read the schedule back.
"""

# Exports: one import line per engine module (slotted: issue 5; events: issue 7).
from dlsched.sim.events import EventSim, Segment, SimConfig, SimTrace  # noqa: F401
from dlsched.sim.slotted import Cluster, Placement, SimJob, SimState, run_policy

__all__ = ["Cluster", "Placement", "SimJob", "SimState", "run_policy"]
