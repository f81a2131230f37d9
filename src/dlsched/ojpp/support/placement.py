"""The placement skeleton shared by OJPP's algorithms and baselines (notes §6-§7): Greedy's
job order (Alg. 1) and Placement (Alg. 2).

Greedy (``algorithms/greedy.py``), Heuristic (``algorithms/heuristic.py``, Alg. 3) and the
Table 4 baselines Best-fit, I-Greedy, B-Greedy, C-Greedy (``baselines/``) all share Greedy's job
order and Placement's skeleton; a ``Rules`` value says which constraints are active and how
a device is chosen. The table ``VARIANTS`` is the registry the names ``best-fit``,
``i-greedy``, ``b-greedy``, ``c-greedy``, ``greedy`` and ``heuristic`` are registered from (each
module adds its row with ``add_variant``).

Readings fixed by the notes (and followed here where the paper's pseudo-code differs):
* Alg. 2 line 6 "(alpha_i, beta_i) >= R" means residual capacity >= requirement, with memory
  checked by (3); ties of the lowest potential go to best fit, then the lowest index.
* Alg. 2 lines 9-12 (Flag / min(v_i) = 0): Phase A uses active devices only and undoes the whole
  job on failure; Phase B may open devices and checks balance with min(v_i) = 0.
* Alg. 3 takes the front job *after* re-sorting by gregariousness (the printed order, front
  before sort, is the ``literal_order=True`` variant).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import inspect
import time
from bisect import bisect_left, insort
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...core import InputError, Result, Status, register_algorithm
from ..instance import OJPPInstance
from ..solution import make_solution
from ..validate import objective
from .state import ATOL, Cluster, Rules


def resource_order(inst: OJPPInstance) -> np.ndarray:
    """Greedy's order: compute desc, then peak memory (base + burst) desc, workers desc, index."""
    norm = inst.demand / inst.cap
    alpha = norm[:, 0]
    peak = norm[:, 1] + inst.burst / inst.cap[1]
    idx = np.arange(inst.n_jobs)
    return np.lexsort((idx, -inst.omega, -np.round(peak, 12), -np.round(alpha, 12)))


# ---- Placement (Alg. 2) --------------------------------------------------------------------


class _Candidates:
    """Devices that pass the per-device tests for job i, sorted by the choice key.

    Built once per job from a vectorised scan; after each placement only the touched device's
    key changes, so it is removed and re-inserted (bisect) instead of re-sorting everything.
    Keys: (potential, residual, index), or (residual, index) for best fit (notes §6 tie rules).
    """

    def __init__(self, cl: Cluster, i: int) -> None:
        self.cl, self.i = cl, i
        self.best_fit = cl.rules.select == "best_fit"
        live = cl.live
        cand = live[cl.ok[live]]
        if self.best_fit:
            order = np.lexsort((cand, cl.res[cand]))
            keys = zip(cl.res[cand][order].tolist(), cand[order].tolist(), strict=True)
        else:
            order = np.lexsort((cand, cl.res[cand], cl.pot[cand]))
            keys = zip(cl.pot[cand][order].tolist(), cl.res[cand][order].tolist(),
                       cand[order].tolist(), strict=True)
        self.keys: list[tuple] = list(keys)
        self.key_of = {key[-1]: key for key in self.keys}

    def _key(self, k: int) -> tuple:
        cl = self.cl
        if self.best_fit:
            return (float(cl.res[k]), k)
        return (float(cl.pot[k]), float(cl.res[k]), k)

    def refresh(self, k: int) -> None:
        """Device k was re-evaluated (placement, undo or opening): move its key."""
        old = self.key_of.pop(k, None)
        if old is not None:
            del self.keys[bisect_left(self.keys, old)]
        if self.cl.ok[k]:
            key = self._key(k)
            insort(self.keys, key)
            self.key_of[k] = key

    def choose(self, fresh_zero: bool) -> int | None:
        """First device in key order that keeps every balance (notes §6), or None."""
        cl, i = self.cl, self.i
        lim = cl.lim.spread
        if lim is None:
            return self.keys[0][-1] if self.keys else None
        rng = cl.job_range(i)
        lo, hi = rng if rng is not None else (np.inf, -np.inf)
        if fresh_zero:
            lo = min(lo, 0.0)
        held = cl.job_dev[i]
        snew = cl.snew
        for key in self.keys:
            k = key[-1]
            s = float(snew[k])
            if k not in held and max(hi, s) - min(lo, s) > lim + ATOL:
                continue  # cheap own-balance screen; devices holding i are checked exactly
            if cl.balance_ok(i, k, s, fresh_zero):
                return k
        return None


def placement(cl: Cluster, i: int) -> None:
    """Place all workers of job i: Phase A on active devices, else Phase B (may open devices)."""
    omega = int(cl.inst.omega[i])
    cands = None
    if cl.live.size:
        cl.evaluate(i, cl.live)
        cands = _Candidates(cl, i)
        placed: list[int] = []
        saved: dict[int, tuple] = {}  # row state before job i touched it, for the undo
        for _ in range(omega):
            k = cands.choose(fresh_zero=False)
            if k is None:
                break
            if k not in saved:
                saved[k] = cl.snapshot(k)
            cl.place(i, k)
            placed.append(k)
            cl.evaluate_one(i, k)
            cands.refresh(k)
        if len(placed) == omega:
            cl.prune(sorted(set(placed)))
            return
        # undo the whole job (line 10: reset the mapping); job i was nowhere before Phase A
        for k, snap in saved.items():
            cl.restore(k, snap)
        cl.job_dev[i].clear()
        for k in saved:  # only these rows changed since the scan above
            cl.evaluate_one(i, k)
            cands.refresh(k)
    if cands is None:
        cands = _Candidates(cl, i)
    touched = []
    for _ in range(omega):
        k = cands.choose(fresh_zero=True)
        if k is None:
            k = cl.open_device()
        cl.place(i, k)
        touched.append(k)
        cl.evaluate_one(i, k)
        cands.refresh(k)
    cl.prune(sorted(set(touched)))


# ---- job orders ------------------------------------------------------------------------------

Order = Callable[..., "list[int] | Any"]


def greedy_order(inst: OJPPInstance, cl: Cluster, **_: Any):
    """Alg. 1: jobs in resource order."""
    yield from (int(i) for i in resource_order(inst))


#: Job orders by name; ``algorithms.heuristic`` adds Alg. 3's ``"heuristic"`` order.
ORDERS: dict[str, Order] = {"greedy": greedy_order}


@dataclass(frozen=True)
class Variant:
    """A registered algorithm: constraint set + order + the extra parameters it accepts."""

    rules: Rules
    order: str
    description: str
    params: tuple[str, ...] = ()


#: Algorithm registry table (notes §7, Table 4): each module of ``algorithms/`` and
#: ``baselines/`` adds its variant with ``add_variant``.
VARIANTS: dict[str, Variant] = {}


def run_variant(inst: OJPPInstance, name: str, **params: Any) -> Result:
    """Run the registered placement variant ``name`` on ``inst``.

    Parameters
    ----------
    inst : OJPPInstance
        The instance to place.
    name : str
        A key of ``VARIANTS`` (``greedy``, ``heuristic``, ``best-fit``, ``b-greedy``,
        ``c-greedy``, ``i-greedy``).
    **params
        ``memory`` and the variant's own parameters (``Variant.params``).

    Returns
    -------
    Result
        As the registered algorithm ``name`` returns it.

    Raises
    ------
    InputError
        An unknown parameter, or ``memory`` not 'opportunistic' or 'peak'.

    Examples
    --------
    >>> from dlsched.ojpp import generate
    >>> res = run_variant(generate(n_jobs=4, max_workers=2, seed=0), "greedy")
    >>> res.status.value, res.objective
    ('feasible', 3.0)
    """
    var = VARIANTS[name]
    rules = var.rules
    allowed = {"memory", *var.params}
    for key in params:
        if key not in allowed:
            raise InputError(key, f"unknown parameter of {name} (known: {sorted(allowed)})")
    memory = params.pop("memory", rules.memory)
    if memory not in ("opportunistic", "peak"):
        raise InputError("memory", "must be 'opportunistic' or 'peak'")
    rules = Rules(rules.collision, rules.interference, rules.balance, memory, rules.select)
    t0 = time.perf_counter()
    cl = Cluster(inst, rules)
    order = []
    unplaced = np.ones(inst.n_jobs, dtype=bool)
    prev = None
    for i in ORDERS[var.order](inst, cl, **params):
        order.append(i)
        cl.set_remaining(unplaced, prev)
        placement(cl, i)
        unplaced[i] = False
        prev = i
    used = cl.m_open
    runtime = time.perf_counter() - t0
    enforced = ["compute", f"memory ({rules.memory})"] + [
        c for c, on in (("collision", cl.lim.tau is not None),
                        ("interference", cl.lim.theta is not None),
                        ("balance", cl.lim.spread is not None)) if on
    ]
    stats: dict[str, Any] = {
        "order": [inst.jobs[i].name for i in order], "devices_opened": used,
        "enforced": enforced,
    }
    if used > inst.devices:
        stats["reason"] = f"needs {used} devices, only {inst.devices} available"
        return Result("ojpp", name, Status.ERROR, runtime_s=runtime, stats=stats)
    solution = make_solution(inst, cl.counts())
    return Result(  # the instance's objective: devices, or Theta on an OJPAP statement
        "ojpp", name, Status.FEASIBLE, objective=objective(inst, solution.to_json()),
        runtime_s=runtime, solution=solution, stats=stats,
    )


#: NumPy entries of the keyword parameters a variant may accept (``Variant.params``), keyed by
#: name; ``memory`` is accepted by every variant. Modules that add a variant with further
#: parameters add their entries here before ``add_variant``.
PARAM_DOCS: dict[str, str] = {
    "memory": "memory : str, default 'opportunistic'\n"
              "    Memory rule of a device: 'opportunistic' (constraint (3): the base memory of\n"
              "    all its workers plus the single largest burst) or 'peak' (every worker at base\n"
              "    plus burst, the traditional 2D reading).",
}


def _variant_doc(name: str, var: Variant) -> str:
    """The NumPy docstring of the registered algorithm ``name`` (what ``dlsched params`` and
    the API reference show)."""
    active = [c for c, on in (("collision (5)", var.rules.collision),
                              ("interference cap (7)", var.rules.interference),
                              ("balance (8)", var.rules.balance)) if on]
    rule = "lowest interference potential" if var.rules.select == "potential" else "best fit"
    params = "\n".join("    " + line for key in ("memory", *var.params)
                        for line in PARAM_DOCS[key].splitlines())
    return f"""{var.description}.

    Places the jobs one by one in the ``{var.order}`` order, each by Placement (Alg. 2)
    choosing the device of {rule}; compute and memory are always checked,
    of the side constraints {", ".join(active) if active else "none"}.

    Parameters
    ----------
    inst : OJPPInstance
        The instance to place.
{params}

    Returns
    -------
    Result
        Status ``feasible`` (``error`` when more devices are needed than the instance has);
        ``objective`` = devices used; the ``Solution`` lists per device the worker count of
        each job on it (``devices``) and ``used``; ``stats`` has the job ``order`` and the
        ``enforced`` constraints.

    Raises
    ------
    InputError
        An unknown parameter, or ``memory`` not 'opportunistic' or 'peak'.

    Examples
    --------
    >>> from dlsched.core.registry import ALGORITHMS
    >>> from dlsched.ojpp import generate
    >>> run = ALGORITHMS.get("{name}", problem="ojpp").run
    >>> res = run(generate(n_jobs=4, max_workers=2, seed=0))
    >>> res.status.value, res.objective == res.solution.used
    ('feasible', True)
    """


def add_variant(name: str, var: Variant, order: Order | None = None) -> None:
    """Add a placement variant to ``VARIANTS`` and register it as an ``ojpp`` algorithm.

    How a new Greedy-like algorithm is added: a ``Rules`` constraint set, a job order (a
    registered name of ``ORDERS`` or a new one) and a description.

    Parameters
    ----------
    name : str
        The algorithm's registered name (e.g. ``'c-greedy'``).
    var : Variant
        Constraint set, order name, description and extra parameter names (each documented
        in ``PARAM_DOCS``).
    order : callable or None, default None
        A new job order ``order(inst, cluster, **params)`` yielding job indices, stored in
        ``ORDERS`` under ``var.order``; None uses an existing one.

    Examples
    --------
    >>> from dlsched.ojpp.support.placement import VARIANTS
    >>> VARIANTS["c-greedy"].rules.collision, VARIANTS["c-greedy"].rules.balance
    (True, False)
    """
    if order is not None:
        ORDERS[var.order] = order
    VARIANTS[name] = var

    def _run(inst: OJPPInstance, **params: Any) -> Result:
        return run_variant(inst, name, **params)

    _run.__doc__ = _variant_doc(name, var)
    _run.__signature__ = _variant_signature(var)  # type: ignore[attr-defined]
    register_algorithm(name, "ojpp", var.description)(_run)


def _variant_signature(var: Variant) -> inspect.Signature:
    """``(inst, *, memory, PARAMS...)``: the registered algorithm's keywords (``memory`` and
    the order's own ``var.params``, typed from the order function), which the parameter check
    reads, so that unknown keywords and wrong types are refused before the run."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    pars = [inspect.Parameter("inst", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                              annotation="OJPPInstance"),
            inspect.Parameter("memory", keyword, default=var.rules.memory, annotation="str")]
    order = inspect.signature(ORDERS[var.order]).parameters
    for key in var.params:
        par = order.get(key)
        pars.append(par.replace(kind=keyword) if par is not None
                    else inspect.Parameter(key, keyword, default=None, annotation="Any"))
    return inspect.Signature(pars, return_annotation="Result")
