"""OEF placer (notes §4): round a fractional allocation to whole GPUs, round after round.

Every (virtual row, GPU type) cell keeps a cumulative deviation ``dev`` from its ideal share:

1. ``a = ideal + dev``; ``real = floor(a + 1/2)`` (round half *up*, notes §4 step 2 — not
   Python's banker's ``round``, which would make the traces depend on parity);
2. ``real < min_demand`` of the row -> ``real = 0`` (paper §4.2, "min_k demand_k");
3. capacity repair per GPU type (notes §4 step 4; the paper is silent, notes §10.9): while the
   column uses more than ``floor(m_j)`` GPUs, decrement the cell with the smallest ``a - real``
   (most over-served), ties -> higher row index; a cell left with ``0 < real < min_demand``
   drops to 0;
4. ``dev += ideal - real`` with the *granted* real.

Cells are the LP's virtual rows (user, job type) x GPU types, so each job type's own
``min_demand`` applies; a single-type user is one row. All cells are updated at once with numpy;
the repair loop runs over decrement steps, vectorised over all over-full GPU types.

Provable bounds (used by ``validate.check_rounds``). With a constant ideal,
``avg - ideal = -dev(T) / T`` exactly. Steps 2-3 only lower ``real`` below ``floor(a + 1/2)``, so
``dev >= a - floor(a + 1/2) >= -1/2`` always: no cell is over-served on average by more than
``1/(2T)``. For a GPU type whose rows all have ``min_demand == 1`` and whose ideal column sum is
``<= floor(m_j)``, the column sum ``S`` of ``dev`` never grows in a repair round (exactly
``floor(m_j)`` GPUs are granted) and is ``< c/2`` after any other round (each cell ends in
``[-1/2, 1/2)``), with ``c`` = number of cells with positive ideal; hence every
``dev < c - 1/2`` and ``ideal - avg < (c - 1/2)/T``. With larger minimum demands no such bound is
proven here; the placer reports the measured ``max_abs_dev``.
"""
# "notes §n" = section n of docs/specs/oef.md (the formulation notes of this problem)

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core import ALGORITHMS, MODELS, InputError, Result, SolveOptions, Status, register_algorithm
from ...core.inputs import FORWARDS
from ..instance import OEFInstance
from ..rules import for_model
from ..solution import make_solution, row_efficiency, rows_of

#: Default number of scheduling rounds (the paper's rounds are 5 minutes long).
DEFAULT_ROUNDS = 100
#: Slack for float comparisons of ``a - real`` ties and of capacities.
EPS = 1e-9


def row_min_demand(inst: OEFInstance) -> np.ndarray:
    """Minimum worker count per virtual row, shape (R,).

    A row's jobs are its job type's jobs, so ``min_k demand_k`` is the job type's ``min_demand``;
    a user-level ``min_demand`` given next to ``job_types`` acts as a floor for all of them.
    """
    out = []
    for user in inst.users:
        floor = user.min_demand if not user.single else 1
        out.extend(max(jt.min_demand, floor) for jt in user.job_types)
    return np.array(out, dtype=np.int64)


def integral_capacity(capacity: np.ndarray) -> np.ndarray:
    """Whole GPUs per type: floor(m_j) (a fractional count cannot be granted whole)."""
    return np.floor(np.asarray(capacity, dtype=float) + EPS).astype(np.int64)


def round_half_up(a: np.ndarray) -> np.ndarray:
    """floor(a + 1/2) elementwise (notes §4: ties go up, deterministic)."""
    return np.floor(a + 0.5).astype(np.int64)


def repair_capacity(real: np.ndarray, a: np.ndarray, cap: np.ndarray,
                    min_demand: np.ndarray) -> np.ndarray:
    """notes §4 step 4 on an (R, k) grant matrix, in place; returns ``real``.

    While a column exceeds ``cap[j]``, decrement the granted cell with the smallest ``a - real``
    (ties: higher row index); a cell falling below its minimum demand drops to 0.
    """
    R = real.shape[0]
    dmin = min_demand[:, None]
    over = real.sum(axis=0) > cap
    while over.any():
        cols = np.nonzero(over)[0]
        key = np.where(real[:, cols] > 0, a[:, cols] - real[:, cols], np.inf)
        cand = key <= key.min(axis=0) + EPS
        rows = R - 1 - np.argmax(cand[::-1], axis=0)  # highest index among the ties
        real[rows, cols] -= 1
        low = (real[rows, cols] > 0) & (real[rows, cols] < dmin[rows, 0])
        real[rows[low], cols[low]] = 0
        over = real.sum(axis=0) > cap
    return real


@dataclass(frozen=True)
class Placement:
    """Output of ``place``: grants per round (T, R, k), final deviation and its running max."""

    grants: np.ndarray
    dev: np.ndarray
    max_abs_dev: float

    @property
    def average(self) -> np.ndarray:
        """Long-run average grant per cell, shape (R, k)."""
        return self.grants.mean(axis=0)


def place(ideal: np.ndarray, capacity: np.ndarray, min_demand: np.ndarray,
          rounds: int = DEFAULT_ROUNDS) -> Placement:
    """Run the placer for ``rounds`` rounds.

    ``ideal``: (R, k) constant fractional shares, or (T, R, k) one per round (users come and go);
    ``capacity``: m_j per type; ``min_demand``: (R,) minimum worker count per row.
    """
    ideal = np.asarray(ideal, dtype=float)
    if rounds < 1:
        raise InputError("rounds", f"must be at least 1, got {rounds}")
    per_round = ideal if ideal.ndim == 3 else np.broadcast_to(ideal, (rounds, *ideal.shape))
    if per_round.shape[0] != rounds:
        raise InputError("ideal", f"{per_round.shape[0]} rounds of ideals for {rounds} rounds")
    if np.any(per_round < -EPS):
        raise InputError("ideal", "fractional shares must be non-negative")
    per_round = np.maximum(per_round, 0.0)
    cap = integral_capacity(capacity)
    min_demand = np.asarray(min_demand, dtype=np.int64)
    T, R, k = per_round.shape
    grants = np.zeros((T, R, k), dtype=np.int64)
    dev = np.zeros((R, k))
    max_abs = 0.0
    for t in range(T):
        real, dev = place_step(per_round[t], dev, cap, min_demand)
        max_abs = max(max_abs, float(np.abs(dev).max(initial=0.0)))
        grants[t] = real
    return Placement(grants, dev, max_abs)


def place_step(ideal: np.ndarray, dev: np.ndarray, cap: np.ndarray,
               min_demand: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One placer round (notes §4 steps 2-5): grants ``real`` (R, k) and the new ``dev``.

    ``ideal`` and ``dev`` are (R, k); ``cap`` is the *integral* capacity per type
    (``integral_capacity``); ``min_demand`` is (R,). Used by ``place`` and by the job simulator
    (``jobsim.py``), whose rows come and go between rounds.
    """
    a = ideal + dev
    real = np.maximum(round_half_up(a), 0)
    real[real < np.asarray(min_demand)[:, None]] = 0
    repair_capacity(real, a, cap, np.asarray(min_demand, dtype=np.int64))
    return real, dev + ideal - real


def _ideal_from(inst: OEFInstance, mechanism: str, options: SolveOptions | None,
                params: dict[str, Any]) -> tuple[np.ndarray, Result]:
    """Fractional per-row allocation from an OEF LP (``cooperative`` ...) or a registered
    algorithm (e.g. ``gavel``); names are looked up in the model and algorithm registries."""
    model = mechanism if MODELS.has(mechanism, "oef") else f"oef-{mechanism}"
    if MODELS.has(model, "oef"):  # the mechanism's own statement, whatever inst states
        res = MODELS.get(model, problem="oef").run(for_model(inst, model), options=options,
                                                   **params)
    else:
        method = ALGORITHMS.get(mechanism, "mechanism", problem="oef")
        if mechanism == "oef-placer":
            raise InputError("mechanism", f"{mechanism!r} does not produce an OEF allocation")
        res = method.run(inst, **params)
    if not res.ok or res.solution is None:
        raise InputError("mechanism", f"{mechanism!r} returned no allocation ({res.status.value})")
    return rows_of(inst, res.solution), res


@register_algorithm("oef-placer", "oef",
                    "notes §4 placer: deviation-tracking round-half-up of a fractional allocation "
                    "to whole GPUs per round (min demand, capacity repair)")
def oef_placer(inst: OEFInstance, *, mechanism: str = "cooperative", rounds: int = DEFAULT_ROUNDS,
               ideal: np.ndarray | list[list[float]] | None = None,
               options: SolveOptions | None = None, **params: Any) -> Result:
    """Integral GPU grants for ``rounds`` rounds that approximate a fractional allocation.

    The deviation-tracking placer of notes §4 (module docstring): each round grants whole GPUs
    per (virtual row, type), rounding ``ideal + deviation`` half up, dropping grants below the
    row's minimum demand and repairing capacity. The ideal is ``ideal`` or, by default, the
    allocation of ``mechanism``.

    Parameters
    ----------
    inst : OEFInstance
        The instance to place.
    mechanism : str, default 'cooperative'
        Where the fractional ideal comes from when ``ideal`` is None: an OEF LP
        (``'cooperative'``, ``'noncooperative'``, ``'efficiency'`` or a model name such as
        ``'oef-cooperative'``) or a registered OEF algorithm (e.g. ``'gavel'``).
    rounds : int, default 100
        Scheduling rounds to grant (the paper's rounds are 5 minutes long). Unit: rounds.
        Range: 1..100000.
    ideal : list of list of float or None, default None
        The fractional allocation to approximate, shape (R, k) (virtual rows x GPU types);
        None solves ``mechanism``. Unit: GPUs.
    options : SolveOptions or None, default None
        Solver options of the mechanism's LP.
    backend : str or None, default None
        Passed to the mechanism's LP (see ``dlsched.oef.exact.cooperative``).
    envy : str, default 'auto'
        Passed to the mechanism's LP (see ``dlsched.oef.exact.cooperative``).

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` is the realised total efficiency of the average
        grant; the ``Solution`` holds the average grant as ``allocation`` / ``rows`` (with
        efficiencies), ``rounds`` (whole GPUs per round, shape (rounds, R, k)) and ``ideal``;
        ``stats`` has ``fractional_efficiency``, ``realised_ratio`` and the deviations.

    Raises
    ------
    InputError
        ``ideal`` has the wrong shape, ``rounds`` < 1, or ``mechanism`` is unknown, is the
        placer itself, or returns no allocation.

    Examples
    --------
    >>> from dlsched.oef import generate
    >>> from dlsched.oef.algorithms.placer import oef_placer
    >>> res = oef_placer(generate(n=3, k=2, seed=0), rounds=4)
    >>> res.status.value, round(res.objective, 6)
    ('feasible', 4.848036)
    >>> [list(map(list, grant)) for grant in res.solution.rounds[:2]]
    [[[0, 1], [1, 1], [1, 0]], [[0, 2], [0, 0], [2, 0]]]
    """
    t0 = time.perf_counter()
    stats: dict[str, Any] = {"mechanism": mechanism if ideal is None else "given", "rounds": rounds}
    if ideal is None:
        X, source = _ideal_from(inst, mechanism, options, params)
        stats["ideal_runtime_s"] = source.runtime_s
    else:
        X = np.asarray(ideal, dtype=float)
        if X.shape != (inst.rows.size, inst.n_types):
            raise InputError("ideal", f"shape {X.shape}, expected {(inst.rows.size, inst.n_types)}")
    build_s = time.perf_counter() - t0
    p = place(X, inst.capacity, row_min_demand(inst), rounds)
    avg = p.average
    fractional = float(row_efficiency(inst, X).sum())
    realised = float(row_efficiency(inst, avg).sum())
    stats.update(
        fractional_efficiency=fractional,
        realised_efficiency=realised,
        realised_ratio=realised / fractional if fractional > 0 else float("nan"),
        max_avg_deviation=float(np.abs(avg - X).max(initial=0.0)),
        max_abs_dev=p.max_abs_dev,
    )
    solution = make_solution(inst, avg, rounds=p.grants.tolist(), ideal=X.tolist())
    return Result(problem="oef", method="oef-placer", status=Status.FEASIBLE, objective=realised,
                  runtime_s=time.perf_counter() - t0, build_s=build_s, solution=solution,
                  stats=stats)


# ``**params`` of the placer reach the mechanism's LP (core.inputs.FORWARDS, module:qualname)
FORWARDS[f"{oef_placer.__module__}:{oef_placer.__qualname__}"] = (
    "dlsched.oef.exact.lp:solve_oef", "dlsched.oef.exact.lp:_pyomo_backend")
