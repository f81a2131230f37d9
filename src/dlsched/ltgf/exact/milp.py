"""``ltgf-milp``: the slotted MILP (``model/``, Pyomo + HiGHS) as a level solver of the max-min
driver (``maxmin.py``), and its second objective ``objective="windows"``: min number of
(tenant, window) pairs with rho < 1 (notes §9.2)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from ...core import InputError, Result, SolveOptions, register_model, solve_pyomo
from ...core.inputs import FORWARDS
from ..instance import LTGFInstance
from ..model import build_model
from ..support.slots import SlotData, slot_data
from .bounds import shortest_horizon, too_big
from .maxmin import BACKENDS, refused, require_slotted, slot_solution, solve_maxmin
from .starts import online_schedules


class PyomoBackend:
    """Level solver on the Pyomo model, built once: each level sets its mutable z and w."""

    def __init__(self, sd: SlotData, opts: SolveOptions) -> None:
        self.sd, self.opts = sd, opts
        self.m = build_model(sd)

    def solve(self, levels: dict[int, Fraction], floors: dict[int, Fraction], time_limit):
        """max t s.t. rho rows of ``levels`` at their z (>= t), ``floors`` rho_k >= z_k."""
        m = self.m
        for k in m.T:
            m.z[k].set_value(float(levels.get(k, floors.get(k, 0))))
            m.w[k].set_value(1.0 if k in levels else 0.0)
        opts = SolveOptions(**{**self.opts.__dict__, "time_limit": time_limit})
        out = solve_pyomo(m, opts)
        x = None
        if out.has_solution:
            x = np.zeros((self.sd.n, self.sd.S), dtype=np.int64)
            for (i, s), v in m.x.items():
                x[i, s] = round(v.value or 0)
        return out.status, out.objective, out.bound, x


BACKENDS["ltgf-milp"] = PyomoBackend


def solve_windows(
    inst: LTGFInstance,
    options: SolveOptions | None = None,
    slots: int | None = None,
    window: int = 4,
) -> Result:
    """Min number of (tenant, window) pairs with Alloc < Fair (notes §9.2), HiGHS.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to solve.
    options : SolveOptions or None, default None
        Solver settings (``time_limit``, ``mip_gap``, ``threads``, ...); None uses the
        defaults (no limit).
    slots : int or None, default None
        Number of slots S; None uses the longest slotted makespan of the online policies.
        Unit: slots.
    window : int, default 4
        Window length. Unit: slots.

    Returns
    -------
    Result
        Method ``ltgf-milp-windows``; ``objective`` the count of short windows of the
        schedule (Unit: windows); ``solution`` a ``SlotSolution`` with ``objective_kind``
        ``"windows"`` and ``window_slots``.

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> solve_windows(fig6().slotted()).objective
    0.0
    """
    t0 = time.perf_counter()
    require_slotted(inst, "ltgf-milp-windows")
    opts = options or SolveOptions()
    if slots is None and (why := too_big(shortest_horizon(inst), "windows", window,
                                          opts.time_limit)):
        return refused(inst, "ltgf-milp-windows", t0, why)
    S = max(x.shape[1] for x in online_schedules(inst))
    sd = slot_data(inst, slots if slots is not None else S)
    if (why := too_big(sd, "windows", window, opts.time_limit)) is not None:
        return refused(inst, "ltgf-milp-windows", t0, why)
    m = build_model(sd, objective="windows", window=window)
    build_s = time.perf_counter() - t0
    out = solve_pyomo(m, opts)
    sol, obj = None, out.objective
    stats = {"window_slots": window, "slots": sd.S, **out.stats}
    if out.has_solution:
        x = np.zeros((sd.n, sd.S), dtype=np.int64)
        for (i, s), v in m.x.items():
            x[i, s] = round(v.value or 0)
        sol = slot_solution(inst, sd, x, objective_kind="windows", window_slots=window)
        # an incumbent may set v = 1 on windows that are not short (only the optimum forces
        # v down): its schedule's objective is the count of windows with Alloc < Fair
        obj = float(_short_windows(m, sd, x, window))
        stats["model_objective"] = out.objective
    return Result(
        "ltgf",
        "ltgf-milp-windows",
        out.status,
        objective=obj,
        bound=out.bound,
        runtime_s=time.perf_counter() - t0,
        build_s=build_s,
        solution=sol,
        stats=stats,
    )


def _short_windows(m: Any, sd: SlotData, x: np.ndarray, window: int) -> int:
    """(tenant, window) pairs of the model's solution with Alloc < Fair (units of 1/q GPU); the
    fair shares ``f`` are exact (f = min(Dem, Q) is enforced, not relaxed)."""
    count = 0
    for k in sd.tenants_with_jobs:
        mine = np.flatnonzero(sd.tenant == k)
        for w0 in range(0, sd.S, window):
            slots = range(w0, min(w0 + window, sd.S))
            alloc = sum(int(sd.q * sd.gpus[i]) * int(x[i, s]) for i in mine for s in slots)
            fair = sum(m.f[k, s].value or 0.0 for s in slots)
            count += alloc < fair - 0.5
    return count


@register_model(
    "ltgf-milp",
    "ltgf",
    "Slotted MILP (Pyomo+HiGHS): max-min tenant LTGF rho by "
    "Dinkelbach or bisection (lexicographic=True: leximin); objective='windows' min "
    "sharing-loss windows",
)
def _milp(
    inst: LTGFInstance,
    options: SolveOptions | None = None,
    objective: str = "maxmin",
    **params: Any,
) -> Result:
    """Slotted MILP (Pyomo + HiGHS): max-min tenant rho over lease-length slot schedules.

    Each Dinkelbach (or bisection) level solves the MILP of ``model/`` (notes §9); jobs run
    whole slots, at most M GPUs per slot (exact: a gang may span any nodes).
    ``objective="windows"`` instead
    minimises the number of (tenant, window) pairs whose allocation falls below the fair
    share (notes §9.2). The keyword parameters after ``objective`` are forwarded to the
    solver of that objective (``solve_maxmin`` or ``solve_windows``).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to solve.
    options : SolveOptions or None, default None
        Solver settings (``time_limit``, ``mip_gap``, ``threads``, ...); None uses the
        defaults (no limit).
    objective : str, default "maxmin"
        ``"maxmin"`` (max-min tenant rho) or ``"windows"`` (min sharing-loss windows).
    slots : int or None, default None
        Number of lease-length slots S of the slot grid (the optimum is over schedules ending
        within it); None uses the longest slotted makespan of the online policies.
        Unit: slots. Range: 1..1000000.
    method : str, default "dinkelbach"
        (max-min) Level iteration: ``"dinkelbach"`` or ``"bisection"`` on z.
    max_iter : int, default 200
        (max-min) Most level solves before stopping with status ``time_limit``.
        Unit: iterations. Range: 1..1000000.
    lexicographic : bool, default False
        (max-min) Continue from the max-min level to the leximin vector of tenant rho
        (``stats["leximin"]``).
    bound_share : float, default 0.05
        (max-min) Share of the time limit kept for the LP-relaxation bound when the level
        solves stop unproven; 0 skips it. Unit: dimensionless. Range: [0, 0.9].
    window : int, default 4
        (windows) Window length. Unit: slots. Range: 1..1000000.

    Returns
    -------
    Result
        ``status`` ``optimal`` (level proven), ``time_limit`` (stopped, or the model was
        refused as too big for the limit: ``stats["refused"]``, the best online schedule as
        incumbent) or ``infeasible``; ``objective`` the minimum over tenants of rho^ten (12)
        of the slot schedule (maximised; Unit: dimensionless); ``solution`` a
        ``SlotSolution`` (``slot_length``, ``horizon``, ``slots``: job -> the slots it runs
        in); ``bound`` a proven upper bound on the optimum whenever the level was not
        refused (``stats["bound_exact"]``, ``stats["bound_from"]``: fair floor, level solves
        or LP relaxation; ``optimal`` exactly when it meets the objective); ``stats`` the
        per-tenant ``rho``, the exact level ``rho_exact`` and the iterations.
        With ``objective="windows"``: ``objective`` is the number of (tenant, window) pairs
        with Alloc < Fair (minimised; Unit: windows) and the solution carries
        ``objective_kind`` and ``window_slots``.

    Raises
    ------
    InputError
        A continuous-time instance (field ``time``: the model solves the slotted statement;
        use ``inst.slotted()``), an unknown ``objective``, a keyword the selected objective
        does not take (field: the keyword), ``method`` is not ``"dinkelbach"`` /
        ``"bisection"``, or the quotas' common denominator is too large for exact integer
        fairness sums (field ``tenants``).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> res = _milp(fig6().slotted())
    >>> res.status.value, res.objective, res.solution.horizon
    ('optimal', 1.0, 12)
    """
    solver = OBJECTIVES.get(objective)
    if solver is None:
        raise InputError("objective", f"unknown value {objective!r} "
                                      f"(known: {', '.join(OBJECTIVES)})")
    takes = inspect.signature(solver).parameters
    for key in params:
        if key not in takes or key in ("inst", "backend", "options"):
            other = [o for o, f in OBJECTIVES.items() if key in inspect.signature(f).parameters]
            why = f"only with objective={other[0]!r}" if other else f"unknown parameter {key!r}"
            raise InputError(key, why)
    if objective == "windows":
        return solve_windows(inst, options, **params)
    return solve_maxmin(inst, "ltgf-milp", options, **params)


#: ``objective`` of ``ltgf-milp`` -> the solver its keyword parameters go to
OBJECTIVES: dict[str, Callable[..., Result]] = {"maxmin": solve_maxmin, "windows": solve_windows}
# the parameter check (core.inputs.FORWARDS, module:qualname) knows the forwarded keywords
FORWARDS[f"{_milp.__module__}:{_milp.__qualname__}"] = (
    f"{solve_maxmin.__module__}:solve_maxmin", f"{__name__}:solve_windows")
