"""MPS/LP exporter of the slotted LTGF MILP (``dlsched export``, core.export)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.errors import InputError
from ..core.export import Budget, ExportPlan, register_exporter, require
from .exact.bounds import model_sizes, shortest_horizon
from .instance import LTGFInstance
from .model import build_model
from .support.slots import slot_data

SHRINK = "use -p slots=N (a shorter horizon) or a smaller instance"
OBJECTIVES = ("maxmin", "windows")


@register_exporter("ltgf-milp", "ltgf", SHRINK)
def plan_milp(inst: LTGFInstance, budget: Budget, objective: str = "maxmin",
              slots: int | None = None, window: int = 4, level: float = 1.0) -> ExportPlan:
    """The slotted MILP with the parameters of ``dlsched solve -m ltgf-milp``: ``objective``
    ("maxmin", or "windows": min sharing-loss windows of ``window`` slots) and ``slots`` (default:
    the longest makespan of the online policies, which needs their simulation). ``level``: the
    maxmin model is written as one Dinkelbach step, max t s.t. Alloc_j - level Fair_j >= t."""
    require("objective", objective, objective in OBJECTIVES, " or ".join(OBJECTIVES))
    require("window", window, type(window) is int and window >= 1, "a positive number of slots")
    require("slots", slots, slots is None or (type(slots) is int and slots >= 1),
            "a positive number of slots")
    require("level", level, type(level) in (int, float) and level > 0, "a positive number")
    if slots is None:
        # every policy needs at least max_i(r_i + P_i) slots: refuse before simulating them
        cols, rows, nnz = model_sizes(shortest_horizon(inst), objective, window)
        budget.check(cols, SHRINK, rows, nnz, at_least=True)
        from .exact.starts import online_schedules

        slots = max(x.shape[1] for x in online_schedules(inst))
        budget.check_time("simulating the online policies for the horizon", SHRINK)
    sd = slot_data(inst, slots)
    short = np.flatnonzero(sd.release + sd.proc > sd.S)
    if short.size:  # the work rows cannot hold: refuse rather than write an infeasible model
        i = int(short[0])
        raise InputError("--param slots", f"job {i} needs slots {int(sd.release[i])}.."
                         f"{int(sd.release[i] + sd.proc[i]) - 1}, beyond the {sd.S} modelled")
    columns, rows, nnz = model_sizes(sd, objective, window)
    budget.check(columns, SHRINK, rows, nnz)

    def build() -> Any:
        m = build_model(sd, objective, window)
        if objective == "maxmin":
            for k in m.T:  # the Dinkelbach step at ``level``
                m.z[k].set_value(float(level))
        return m

    notes = (f"maxmin is a fractional objective: the file is one Dinkelbach step, max t s.t. "
             f"Alloc_j - {float(level):g} Fair_j >= t for every tenant j (optimum >= 0 iff "
             f"every tenant can get rho >= {float(level):g}); -p level=... moves it",
             ) if objective == "maxmin" else ()
    return ExportPlan(columns, build, rows=rows, nonzeros=nnz, notes=notes)
