"""OJPAP: online adjustment of a placement under fluctuating interference (notes §6, Alg. 4).

A placement is a count matrix ``Y`` (devices x jobs) whose device labels are fixed. The observed
interference of device k at step t is its model value theta_k(Y) (notes §3) times a fluctuation
factor f_{k,t} (AR(1) noise in log space plus occasional spikes; the paper measures, we simulate).
The trigger (18) keeps an EWMA ``hat_theta_k`` of the observed values; when
``max_k hat_theta_k > theta-bar`` one adjustment round (``adjust_once``) runs with the
migration budget (19) ``sum c_i <= c-bar`` over the moves of that round.

Readings (notes §6, noted where the paper is silent): the EWMA weight ``a`` defaults to 0.5; the
improvement guard (accept a move only if the target's new interference is below the source's old
one) is the notes' addition; after a move the EWMA of the two devices is reset to their new
observed values so one spike does not re-trigger forever; targets are active devices only unless
``allow_new_devices``. Every move keeps the placement feasible for all OJPP constraints (``fits``).

Budget and guard (notes §6.4), stated without assuming the paper's result:

* ``budget`` (c-bar of (19), per round) is the user's (the paper: "user-defined upper bound of
  migration cost"). Default ``None`` = no cap beyond Alg. 4's own limit of one move per device in
  the first half of the priority queue. ``budget="5pct"`` is the earlier default (5 % of the
  cost of moving every worker once, the paper's *reported* cost, so measuring that cost with it
  is circular).
* ``guard="model"`` (default): the improvement guard compares the interference the matrix
  predicts (the paper's "potential theta"), target after the move against source before it, so
  a move must lower modelled interference and no move chases a noise spike. ``guard="observed"``
  is the earlier default: the target's prediction is scaled by its current noise factor and
  compared with the source's observed value, which moves workers after noise.
* The trace counts ``reversals`` (moves of a worker of job i back to a device a worker of i left
  earlier in the run) and keeps the mean observed interference per step.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core import InputError, Result, Status, register_algorithm
from ...core.inputs import FORWARDS
from ..algorithms.heuristic import run_heuristic
from ..instance import OJPPInstance
from ..solution import Solution, counts, initial_json, make_solution
from ..support.interference import slowdowns
from ..support.patterns import device_feasible
from ..support.state import ATOL
from ..validate import objective


def device_thetas(inst: OJPPInstance, Y: np.ndarray) -> np.ndarray:
    """Model interference theta_k = max slowdown on each device (0 for empty/lone devices)."""
    out = np.zeros(len(Y))
    for k, y in enumerate(Y):
        s = slowdowns(inst.I, y, inst.interference_model)
        out[k] = s.max() if s.size else 0.0
    return out


def slowdown_matrix(inst: OJPPInstance, Y: np.ndarray) -> np.ndarray:
    """S[k, i] = slowdown of job i's workers on device k (0 where absent)."""
    return np.array([slowdowns(inst.I, y, inst.interference_model) for y in Y]).reshape(Y.shape)


def balanced(inst: OJPPInstance, Y: np.ndarray, jobs: np.ndarray | list[int],
             S: np.ndarray | None = None) -> bool:
    """Balance (8) for the given jobs: spread of their slowdowns over devices <= theta'."""
    lim = inst.limits.balance
    if lim is None:
        return True
    S = slowdown_matrix(inst, Y) if S is None else S
    for i in jobs:
        s = S[Y[:, i] > 0, i]
        if s.size >= 2 and s.max() - s.min() > lim + ATOL:
            return False
    return True


def fits_move(inst: OJPPInstance, Y: np.ndarray, i: int, src: int, dst: int,
              S: np.ndarray | None = None) -> bool:
    """Can one worker of job ``i`` move from ``src`` to ``dst`` keeping every constraint?
    ``S``: the current ``slowdown_matrix`` of ``Y`` (recomputed when omitted)."""
    if src == dst or Y[src, i] < 1:
        return False
    after = Y.copy()
    after[src, i] -= 1
    after[dst, i] += 1
    if not device_feasible(inst, after[dst]):
        return False
    if inst.limits.balance is None:
        return True
    S_after = slowdown_matrix(inst, Y) if S is None else S.copy()
    for k in (src, dst):
        S_after[k] = slowdowns(inst.I, after[k], inst.interference_model)
    touched = np.flatnonzero((after[src] > 0) | (after[dst] > 0))
    return balanced(inst, after, touched, S_after)


def max_slowdown(inst: OJPPInstance, Y: np.ndarray) -> float:
    """Theta = the largest worker slowdown of the placement (the OJPAP objective)."""
    th = device_thetas(inst, Y)
    return float(th.max()) if th.size else 0.0


@dataclass
class RoundLog:
    """What one adjustment round did: moves (job, from, to) and the migration cost spent."""

    moves: list[tuple[int, int, int]]
    spent: float


GUARDS = ("model", "observed")


def adjust_once(
    inst: OJPPInstance, Y: np.ndarray, theta_obs: np.ndarray, budget: float,
    allow_new_devices: bool = False, guard: str = "model",
) -> RoundLog:
    """One run of Alg. 4 on ``Y`` (modified in place); ``theta_obs[k]`` is device k's observed
    interference. ``guard="model"``: a move must lower the modelled interference (target after
    vs source before); ``guard="observed"``: ``factor = theta_obs / theta_model`` scales the
    target's prediction, compared with the source's observed value."""
    if guard not in GUARDS:
        raise InputError("guard", f"must be one of {GUARDS}, got {guard!r}")
    model = device_thetas(inst, Y)
    factor = np.where(model > 0, theta_obs / np.where(model > 0, model, 1.0), 1.0)
    obs = theta_obs.astype(float).copy()
    active = [k for k in range(len(Y)) if Y[k].any()]
    P = sorted(active, key=lambda k: (-obs[k], k))[: math.ceil(len(active) / 2)]
    c = np.array([j.migration_cost for j in inst.jobs])
    norm = inst.demand / inst.cap
    spent, moves = 0.0, []
    S = slowdown_matrix(inst, Y)
    for b in P:
        present = np.flatnonzero(Y[b] > 0)
        if present.size == 0 or obs[b] <= 0:
            continue
        s = slowdowns(inst.I, Y[b], inst.interference_model)
        i = int(min(present, key=lambda q: (c[q], -s[q], q)))
        if spent + c[i] > budget + 1e-12:
            continue
        # resource queue R: active devices by residual compute, then memory, desc
        residual = 1.0 - Y @ norm
        R = [k for k in range(len(Y)) if Y[k].any() or allow_new_devices]
        R.sort(key=lambda k: (-residual[k, 0], -residual[k, 1], k))
        best, best_theta = None, (obs[b] if guard == "observed" else float(model[b]))
        for t in R:
            if t == b or not fits_move(inst, Y, i, b, t, S):
                continue
            y = Y[t].copy()
            y[i] += 1
            s_new = slowdowns(inst.I, y, inst.interference_model)
            pred = float(s_new.max()) * (factor[t] if guard == "observed" else 1.0)
            if pred < best_theta - 1e-12:  # improvement guard; lowest potential wins
                best, best_theta = t, pred
        if best is None:
            continue
        Y[b, i] -= 1
        Y[best, i] += 1
        spent += c[i]
        moves.append((i, b, best))
        for k in (b, best):
            S[k] = slowdowns(inst.I, Y[k], inst.interference_model)
        new_model = device_thetas(inst, Y[[b, best]])
        obs[b], obs[best] = new_model[0] * factor[b], new_model[1] * factor[best]
        model[b], model[best] = new_model[0], new_model[1]
    return RoundLog(moves, spent)


def reversals(moves: list[tuple[int, int, int]]) -> int:
    """Moves (i, a, b) that follow an earlier move (i, b, a): a worker of job i goes back to a
    device a worker of i left earlier (the second move undoes the first)."""
    seen: set[tuple[int, int, int]] = set()
    n = 0
    for i, a, b in moves:
        if (i, b, a) in seen:
            n += 1
        seen.add((i, a, b))
    return n


def resolve_budget(inst: OJPPInstance, budget: float | str | None) -> float:
    """c-bar per round: ``None`` = unbounded, ``"5pct"`` = 5 % of moving every worker once (the
    earlier default; at least one move of the cheapest job), else the number given."""
    c = np.array([j.migration_cost for j in inst.jobs])
    if budget is None:
        return math.inf
    if budget == "5pct":
        return max(float(c.min()), 0.05 * float(c @ inst.omega))
    if isinstance(budget, str) or not budget >= 0:
        raise InputError("budget", f"must be None, '5pct' or a number >= 0, got {budget!r}")
    return float(budget)


def fluctuation(
    n_devices: int, steps: int, rng: np.random.Generator, rho: float = 0.8, sigma: float = 0.15,
    spike_prob: float = 0.03, spike: float = 1.0,
) -> np.ndarray:
    """Multiplicative factors (steps x devices): exp(AR(1)) noise times occasional spikes."""
    z = np.zeros((steps, n_devices))
    for t in range(1, steps):
        z[t] = rho * z[t - 1] + sigma * rng.standard_normal(n_devices)
    spikes = 1.0 + spike * (rng.random((steps, n_devices)) < spike_prob)
    return np.exp(z) * spikes


def simulate(
    inst: OJPPInstance, Y0: np.ndarray, *, steps: int = 50, ewma: float = 0.5,
    budget: float | str | None = None, seed: int = 0, allow_new_devices: bool = False,
    rho: float = 0.8, sigma: float = 0.15, spike_prob: float = 0.03, spike: float = 1.0,
    guard: str = "model",
) -> tuple[np.ndarray, dict[str, Any]]:
    """Run the EWMA trigger (18) over a simulated timeline; returns the final Y and a trace."""
    theta_bar = inst.limits.interference
    if theta_bar is None:
        raise InputError("limits.interference", "the adjustment trigger (18) needs a limit")
    budget = resolve_budget(inst, budget)
    extra = max(0, min(inst.devices, inst.n_workers) - len(Y0)) if allow_new_devices else 0
    Y = np.vstack([Y0, np.zeros((extra, inst.n_jobs), dtype=int)]).astype(int)
    F = fluctuation(len(Y), steps, np.random.default_rng(seed), rho, sigma, spike_prob, spike)
    hat = device_thetas(inst, Y) * F[0]
    trace: dict[str, Any] = {"triggers": 0, "moves": 0, "migration_cost": 0.0,
                             "max_observed": [], "max_ewma": [], "mean_observed": []}
    all_moves: list[tuple[int, int, int]] = []
    for t in range(steps):
        obs = device_thetas(inst, Y) * F[t]
        hat = obs if t == 0 else ewma * hat + (1 - ewma) * obs
        trace["max_observed"].append(float(obs.max(initial=0.0)))
        active = Y.any(axis=1)
        trace["mean_observed"].append(float(obs[active].mean()) if active.any() else 0.0)
        trace["max_ewma"].append(float(hat.max(initial=0.0)))
        if hat.max(initial=0.0) > theta_bar + ATOL:
            trace["triggers"] += 1
            log = adjust_once(inst, Y, obs, budget, allow_new_devices, guard)
            all_moves += log.moves
            trace["moves"] += len(log.moves)
            trace["migration_cost"] += log.spent
            if log.moves:
                moved = {k for _, a, b in log.moves for k in (a, b)}
                now = device_thetas(inst, Y) * F[t]
                for k in moved:
                    hat[k] = now[k]
    trace["budget_per_round"] = budget
    trace["reversals"] = reversals(all_moves)
    trace["guard"] = guard
    return Y, trace


@register_algorithm(
    "adjustment", "ojpp",
    "Alg. 4 OJPAP: Heuristic placement, then the EWMA trigger (18) over a simulated timeline "
    "with fluctuating interference; moves under the migration budget (19)")
def adjustment(inst: OJPPInstance, *, initial: Solution | dict | None = None, steps: int = 50,
               ewma: float = 0.5, budget: float | str | None = None, seed: int = 0,
               allow_new_devices: bool = False, guard: str = "model", **noise: Any) -> Result:
    """Alg. 4 (OJPAP): adjust a placement online while the interference fluctuates.

    Starts from ``initial`` (default: the Heuristic's placement), simulates ``steps`` steps of
    observed interference (model value times AR(1) log-noise with spikes), and whenever the
    EWMA trigger (18) exceeds the instance's interference limit runs one adjustment round of
    migrations under the budget (19) (module docstring).

    Parameters
    ----------
    inst : OJPPInstance
        The instance; it needs an interference limit (the trigger's threshold).
    initial : Solution or dict or None, default None
        The placement to start from (typed or its JSON); None: the instance's ``reference``
        when it states OJPAP, else the Heuristic's placement.
    steps : int, default 50
        Simulated time steps. Unit: steps.
    ewma : float, default 0.5
        Weight of the previous EWMA value in the trigger (18). Unit: dimensionless.
        Range: [0, 1).
    budget : float or str or None, default None
        Migration budget c-bar per adjustment round, in the jobs' ``migration_cost`` unit;
        None = no cap beyond Alg. 4's one move per device, ``'5pct'`` = 5 % of the cost of
        moving every worker once (a number must be >= 0). Unit: migration_cost.
    seed : int, default 0
        Seed of the simulated fluctuation. Unit: dimensionless.
    allow_new_devices : bool, default False
        Let moves open devices the placement does not use (default: active devices only).
    guard : str, default 'model'
        Improvement guard of a move: ``'model'`` (the modelled interference must drop) or
        ``'observed'`` (the target's prediction scaled by its noise factor against the
        source's observed value).
    rho : float, default 0.8
        AR(1) coefficient of the log-space noise. Unit: dimensionless. Range: 0..1.
    sigma : float, default 0.15
        Standard deviation of the AR(1) innovations in log space. Unit: dimensionless.
    spike_prob : float, default 0.03
        Probability of a spike per device and step. Unit: dimensionless. Range: 0..1.
    spike : float, default 1.0
        Size of a spike: the factor is 1 + ``spike`` while it lasts. Unit: dimensionless.

    Returns
    -------
    Result
        Status ``feasible``; ``objective`` = devices used by the final placement; the
        ``Solution`` is that placement (``devices``, ``used``); ``stats`` is the trace
        (``triggers``, ``moves``, ``migration_cost``, ``reversals``, per-step maxima, and
        ``theta_initial`` / ``theta_final``, the max slowdown before and after).

    Raises
    ------
    InputError
        ``ewma`` outside [0, 1), an unknown keyword, an invalid ``budget`` or ``guard``, a
        malformed ``initial``, or an instance without an interference limit.

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> from dlsched.ojpp.algorithms.adjustment import adjustment
    >>> res = adjustment(generate(n_jobs=4, max_workers=2, seed=0), steps=10)
    >>> res.status.value, res.objective, res.stats["triggers"]
    ('feasible', 4.0, 0)
    """
    if not 0 <= ewma < 1:
        raise InputError("ewma", "must be in [0, 1)")
    if guard not in GUARDS:
        raise InputError("guard", f"unknown value {guard!r} (known: {', '.join(GUARDS)})")
    unknown = set(noise) - {"rho", "sigma", "spike_prob", "spike"}
    if unknown:
        raise InputError(sorted(unknown)[0], "unknown parameter of adjustment")
    t0 = time.perf_counter()
    if initial is None and inst.reference is not None:  # OJPAP: the instance's y0
        initial = {"devices": [dict(dev) for dev in inst.reference]}
    if initial is None:
        start = run_heuristic(inst)
        if not start.ok:
            return Result("ojpp", "adjustment", Status.ERROR, stats=start.stats)
        initial = start.solution
    initial = initial_json(initial)
    Y0 = counts(inst, initial)
    theta0 = max_slowdown(inst, Y0)
    Y, trace = simulate(inst, Y0, steps=steps, ewma=ewma, budget=budget, seed=seed,
                        allow_new_devices=allow_new_devices, guard=guard, **noise)
    sol = make_solution(inst, Y)
    trace.update(theta_initial=theta0, theta_final=max_slowdown(inst, Y))
    # the instance's objective: devices used, or Theta on an OJPAP statement
    return Result("ojpp", "adjustment", Status.FEASIBLE, objective=objective(inst, sol.to_json()),
                  runtime_s=time.perf_counter() - t0, solution=sol, stats=trace)


def noise_keywords(rho: float = 0.8, sigma: float = 0.15, spike_prob: float = 0.03,
                   spike: float = 1.0) -> None:
    """The fluctuation keywords ``adjustment`` takes in ``**noise`` (its docstring gives their
    meaning): their signature, for the parameter check (``core.inputs.FORWARDS``)."""


FORWARDS[f"{adjustment.__module__}:{adjustment.__qualname__}"] = (f"{__name__}:noise_keywords",)
