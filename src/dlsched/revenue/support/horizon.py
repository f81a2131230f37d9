"""The statement the exact models and their export solve: the instance's horizon T, time origin
and worker rule (notes §2.2). A model solves exactly the instance's problem: a ``horizon``,
``time_origin`` or ``fixed_workers`` parameter that differs from the instance would solve
another problem (a restriction, or one whose schedules the validator rejects) and is refused;
``inst.with_rules(...)`` states another problem. ``auto_horizon`` gives the T that covers every
compared scheduler's uncapped makespan (OPT >= ALG, notes §2.2)."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any

from ...core import InputError
from ...core.limits import MAX_SLOTS
from ..instance import RevenueInstance
from ..rules import stated

#: schedulers whose makespan ``auto_horizon`` covers (notes §2.2: T_opt >= every compared
#: scheduler's completion, so that OPT >= ALG)
AUTO_HORIZON_RUNS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("astraea", {}), ("astraea", {"fixed_workers": True}), ("a-round", {}),
    ("a-maxirev", {}), ("batchsche", {}), ("gandiva-fair", {}),
    ("hived", {}))


def auto_horizon(inst: RevenueInstance) -> int:
    """max(instance horizon, last completion of every scheduler in AUTO_HORIZON_RUNS run
    without a horizon cap), the T of ``inst.with_rules(horizon=auto_horizon(inst))``.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.

    Returns
    -------
    int
        T. Unit: slots.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> auto_horizon(inst) >= inst.horizon
    True
    """
    from ...core.registry import ALGORITHMS

    last = int(inst.horizon)
    open_inst = inst.with_rules(horizon=MAX_SLOTS)
    for name, params in AUTO_HORIZON_RUNS:
        if params.get("fixed_workers") is False and inst.fixed_workers:
            continue
        sol = ALGORITHMS.get(name, problem="revenue").run(open_inst, **params).solution
        jobs = (sol or {"jobs": {}})["jobs"]
        last = max([last] + [r["completion"] for r in jobs.values() if r["admitted"]])
    return last


def model_horizon(inst: RevenueInstance, horizon: int | str) -> int:
    """T of the model: the instance's horizon (``"instance"`` or that number).

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    horizon : int or str
        ``"instance"`` or the instance's horizon.

    Returns
    -------
    int
        T. Unit: slots.

    Raises
    ------
    InputError
        Any other value: T caps every schedule of the instance (problem (3)), so a model on
        another T solves another problem.

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> model_horizon(inst, "instance") == inst.horizon
    True
    """
    if horizon == "instance" or (isinstance(horizon, int) and not isinstance(horizon, bool)
                                 and horizon == inst.horizon):
        return int(inst.horizon)
    raise InputError("horizon", f"the instance's horizon T={inst.horizon} caps every schedule; "
                     "a model on another T solves another problem: state it with "
                     "inst.with_rules(horizon=N) (auto_horizon(inst) covers every scheduler)")


def model_rules(inst: RevenueInstance, horizon: int | str, time_origin: str | None,
                fixed_workers: bool | None) -> tuple[int, str, bool]:
    """(T, time_origin, fixed_workers) of the instance; each parameter must agree with it.

    Parameters
    ----------
    inst : RevenueInstance
        The instance.
    horizon : int or str
        ``"instance"`` or the instance's horizon.
    time_origin : str or None
        None or the instance's ``time_origin``.
    fixed_workers : bool or None
        None or the instance's ``fixed_workers``.

    Returns
    -------
    tuple
        The instance's rules.

    Raises
    ------
    InputError
        A parameter differs from the instance (named by its field).

    Examples
    --------
    >>> from dlsched.revenue import generate
    >>> inst = generate(n_jobs=2, n_servers=2, n_tenants=2, seed=0, scale="small")
    >>> model_rules(inst, "instance", None, None)[1:]
    ('arrival', False)
    """
    return (model_horizon(inst, horizon), stated(inst, "time_origin", time_origin),
            bool(stated(inst, "fixed_workers", fixed_workers)))
