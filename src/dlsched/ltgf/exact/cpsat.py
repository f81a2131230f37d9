"""``ltgf-cpsat``: the slotted model in CP-SAT as a level solver of the max-min driver
(``maxmin.py``, notes §9)."""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...core import InputError, Result, SolveOptions, register_model
from ...core.cpsat import CpSatClock, merge_mode_stats, solve_cpsat
from ...core.inputs import FORWARDS
from ...core.solver import uses_solver
from ..instance import LTGFInstance
from ..support.slots import SlotData
from .maxmin import BACKENDS, solve_maxmin

#: Largest |integer| the CP-SAT rows may reach (CP-SAT needs sums of |coef x bound| < 2^62).
CPSAT_LIMIT = 2**60


class CpSatBackend:
    """Same formulation in CP-SAT (integer f = min(Dem, Q) via AddMinEquality); rebuilt per z."""

    def __init__(self, sd: SlotData, opts: SolveOptions) -> None:
        self.sd, self.opts = sd, opts
        # reproducible mode: level solves share one deterministic budget (core/cpsat.py)
        self.clock = CpSatClock(opts.reproducible)
        self.budget_end = None if opts.budget_basis is None else self.clock.t0 + opts.budget_basis
        self.mode: dict[str, Any] = {}

    def solve(self, levels: dict[int, Fraction], floors: dict[int, Fraction], time_limit):
        """As the Pyomo backend; the level rows must share one z (scaled by its denominator)."""
        from ortools.sat.python import cp_model

        (z,) = set(levels.values())

        sd = self.sd
        md = cp_model.CpModel()
        x, c = {}, {}
        for i in range(sd.n):
            for s in sd.slots_of(i):
                x[i, s] = md.new_bool_var(f"x{i}_{s}")
                c[i, s] = md.new_bool_var(f"c{i}_{s}")
        for s in range(sd.S):
            md.add(sum(int(sd.gpus[i]) * x[i, s] for i in range(sd.n) if (i, s) in x) <= sd.M)
        for i in range(sd.n):
            P, r = int(sd.proc[i]), int(sd.release[i])
            md.add(sum(x[i, s] for s in sd.slots_of(i)) == P)
            for s in sd.slots_of(i):
                cum = sum(x[i, u] for u in range(r, s + 1))
                md.add(P * c[i, s] <= cum)
                md.add(c[i, s] >= cum - P + 1)
                if s > r:
                    md.add(c[i, s] >= c[i, s - 1])
        num, den = z.numerator, z.denominator
        big = int(sd.q * sd.gpus.sum() * sd.S) * (num + den) + 1
        if big > CPSAT_LIMIT:  # integer rows den Alloc - num Fair would overflow int64
            raise InputError("tenants", f"the quotas' common denominator {sd.q} and level "
                             f"{num}/{den} need integers up to {big:.3g} > 2^60 in CP-SAT; "
                             "use ltgf-milp or weights with fewer digits")
        t = md.new_int_var(-big, big, "t")
        for k in sd.tenants_with_jobs:
            if k not in levels and k not in floors:
                continue
            fs = []
            U = int(sd.q * sd.gpus[sd.tenant == k].sum())
            for s in range(sd.S):
                dem = sum(
                    int(sd.q * sd.gpus[i]) * (1 if s == sd.release[i] else 1 - c[i, s - 1])
                    for i in range(sd.n)
                    if sd.tenant[i] == k and s >= sd.release[i]
                )
                d = md.new_int_var(0, U, f"d{k}_{s}")
                md.add(d == dem)
                f = md.new_int_var(0, int(sd.quota_q[k]), f"f{k}_{s}")
                md.add_min_equality(f, [d, int(sd.quota_q[k])])
                fs.append(f)
            alloc = sum(int(sd.q * sd.gpus[i]) * x[i, s] for (i, s) in x if sd.tenant[i] == k)
            if k in levels:
                md.add(den * alloc - num * sum(fs) >= t)
            else:
                fl = floors[k]
                md.add(fl.denominator * alloc - fl.numerator * sum(fs) >= 0)
        md.maximize(t)
        budget = None if self.budget_end is None else max(0.01,
                                                          self.budget_end - self.clock.now())
        out = solve_cpsat(md, time_limit=time_limit, threads=self.opts.threads,
                          reproducible=self.opts.reproducible, budget_s=budget)
        self.clock.charge(out)
        merge_mode_stats(self.mode, out.stats)
        xm = None
        if out.objective is not None:
            xm = np.zeros((sd.n, sd.S), dtype=np.int64)
            for (i, s), v in x.items():
                xm[i, s] = out.solver.Value(v)
        obj = None if out.objective is None else out.objective / den
        bound = None if out.bound is None else out.bound / den
        return out.status, obj, bound, xm


BACKENDS["ltgf-cpsat"] = CpSatBackend


@register_model(
    "ltgf-cpsat",
    "ltgf",
    "Slotted CP-SAT model: max-min tenant LTGF rho (Dinkelbach); lexicographic=True for leximin",
)
@uses_solver("OR-Tools CP-SAT")
def _cpsat(inst: LTGFInstance, options: SolveOptions | None = None, **params: Any) -> Result:
    """Slotted CP-SAT model: max-min tenant rho over lease-length slot schedules (Dinkelbach).

    The same formulation as ``ltgf-milp`` in CP-SAT, rebuilt per level (notes §9); the
    keyword parameters are forwarded to ``solve_maxmin``.

    Parameters
    ----------
    inst : LTGFInstance
        The instance to solve.
    options : SolveOptions or None, default None
        Solver settings (``time_limit``, ``mip_gap``, ``threads``, ...); None uses the
        defaults (no limit).
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

    Raises
    ------
    InputError
        ``method`` is not ``"dinkelbach"`` / ``"bisection"``, or the quotas' common
        denominator is too large for exact integer fairness sums (field ``tenants``).
    InputError
        The level's integer rows would exceed 2^60 in CP-SAT (field ``tenants``; use
        ``ltgf-milp``).

    Examples
    --------
    >>> from dlsched.ltgf import generate_slotted
    >>> res = _cpsat(generate_slotted(n_jobs=4, seed=1))
    >>> res.status.value, res.objective
    ('optimal', 1.0)
    """
    return solve_maxmin(inst, "ltgf-cpsat", options, **params)


# the parameter check (core.inputs.FORWARDS, module:qualname) knows the forwarded keywords
FORWARDS[f"{_cpsat.__module__}:{_cpsat.__qualname__}"] = (
    f"{solve_maxmin.__module__}:solve_maxmin",)
