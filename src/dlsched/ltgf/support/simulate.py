"""Run a policy on the event simulator and package the timeline as a ``Result``.

The objective of every algorithm is the exact model's: min over tenants of rho^ten (12) with
(8) over the whole run; the notes §4 metrics are in ``stats``; the knobs used are reported.
``POLICIES`` is the table of the simulator policies by registered name: ASTRAEA
(``algorithms/``) and the baselines (``baselines/``) enter it with ``register_policy``, in
the order the package imports them (ASTRAEA first; the exact models' incumbents follow it).
"""
# "notes §n" = section n of docs/specs/ltgf.md (the formulation notes of this problem)

from __future__ import annotations

import gc
import inspect
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, TypeVar

from ...core import InputError, Result, Status, register_algorithm
from ...core.inputs import _num
from ...core.limits import PARAM_RANGES
from ...sim.events import EventSim, SimConfig
from ..instance import LTGFInstance
from ..metrics import metrics
from ..solution import TimelineSolution
from ..validate import check
from .policy import Policy

P = TypeVar("P", bound=type[Policy])

#: registered name -> policy class, in registration order (ASTRAEA, then the baselines)
POLICIES: dict[str, type[Policy]] = {}


def simulate(
    inst: LTGFInstance,
    policy: str = "astraea-ltgf",
    *,
    synchronized: bool | None = None,
    strict_placement: bool = False,
    **knobs: Any,
) -> dict[str, Any]:
    """Simulate ``policy`` on ``inst`` and return the timeline as a JSON solution dict.

    The lease length and the lease clock are the instance's (``lease``, ``leases``); every
    policy preempts only at lease ends (the engine refuses a mid-lease preemption).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to simulate.
    policy : str, default "astraea-ltgf"
        Registered name of the policy (a key of ``POLICIES``).
    synchronized : bool or None, default None
        None: the instance's lease clock. True / False: simulate the variant of ``inst``
        with ``leases="synchronized"`` / ``"per-job"`` (``rule_variant``); the timeline
        then satisfies that variant's rules, and is judged against it.
    strict_placement : bool, default False
        A job larger than a node waits for completely free nodes (plus one node for the
        remainder) instead of falling back to the fewest-node cover.
    **knobs
        The policy's own parameters (see its class, e.g. ``Astraea``); passed to its
        constructor.

    Returns
    -------
    dict
        ``segments`` (``[job, start, end, [[node, gpus], ...], "complete" | "preempt",
        cold-start s, checkpoint s]``), ``completion`` (job -> time in s), ``lease_based``,
        ``policy``, ``knobs`` (the policy's knobs and the two switches), ``preemptions`` and
        ``decisions``.

    Raises
    ------
    InputError
        ``policy`` is not a registered policy, or a knob the policy does not take or refuses
        (field: the knob).

    Examples
    --------
    >>> from dlsched.ltgf import generate
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> sol = simulate(inst, "yarn-cs")
    >>> len(sol["completion"]), sol["preemptions"]
    (20, 0)
    """
    inst = rule_variant(inst, synchronized=synchronized)
    pol = _make(policy, inst, knobs)
    cfg = SimConfig(
        inst.nodes,
        inst.gpus_per_node,
        inst.lease,
        inst.tick,
        inst.checkpoint,
        inst.cold_start,
        strict_placement,
        inst.leases == "synchronized",
    )
    sim = EventSim(cfg, inst.job_submit, inst.job_gpus, inst.job_duration)
    trace = sim.run(pol)
    names = [j.name for j in inst.jobs]
    segs = [
        [names[s.job], s.start, s.end, list(map(list, s.placement)), s.reason, s.cold, s.ckpt]
        for s in trace.segments
    ]
    return {
        "segments": segs,
        "completion": {names[i]: float(c) for i, c in enumerate(trace.completion)},
        "lease_based": pol.lease_based,
        "policy": policy,
        "knobs": {**pol.knobs, "synchronized": inst.leases == "synchronized",
                  "strict_placement": strict_placement},
        "preemptions": trace.preemptions,
        "decisions": trace.decisions,
    }


def _make(policy: str, inst: LTGFInstance, knobs: dict[str, Any]) -> Policy:
    """``POLICIES[policy](inst, **knobs)``; a knob the policy does not take or refuses is an
    ``InputError`` naming it."""
    if policy not in POLICIES:
        raise InputError("policy", f"unknown LTGF policy {policy!r} "
                                   f"(known: {', '.join(POLICIES)})")
    cls = POLICIES[policy]
    params = list(inspect.signature(cls.__init__).parameters.values())[2:]
    takes = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    if not any(p.kind is p.VAR_KEYWORD for p in params):
        for key in knobs:
            if key not in takes:
                raise InputError(key, f"policy {policy!r} has no parameter {key!r} "
                                      f"(known: {', '.join(sorted(takes)) or 'none'})")
    try:
        return cls(inst, **knobs)
    except ValueError as exc:
        text = str(exc)
        named = [k for k in knobs if re.match(rf"\W*{re.escape(k)}\b", text)]
        field = named[0] if named else (next(iter(knobs)) if len(knobs) == 1 else "knobs")
        raise InputError(field, text) from None


def with_lease(inst: LTGFInstance, lease: float) -> LTGFInstance:
    """``inst`` with another lease length L (the scheduler knob of notes §5's lease sweep).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    lease : float
        The new lease length; must exceed checkpoint + cold_start. Unit: s.

    Returns
    -------
    LTGFInstance
        A copy with ``lease`` replaced.

    Raises
    ------
    InputError
        ``lease`` does not exceed the checkpoint + cold-start overheads.

    Examples
    --------
    >>> from dlsched.ltgf import generate
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> with_lease(inst, 1800).lease
    1800.0
    """
    L = float(lease)
    if inst.time == "slotted" and inst.lease != L:
        raise InputError("lease", "a slotted instance's lease is its slot length: change the "
                                  "lease of the continuous instance, then call .slotted()")
    if not inst.checkpoint + inst.cold_start < L:
        raise InputError("lease", f"{lease!r} must exceed checkpoint + cold_start overheads "
                                  f"({inst.checkpoint + inst.cold_start:g} s)")
    return replace(inst, lease=L)


def rule_variant(inst: LTGFInstance, lease: float | None = None,
                 synchronized: bool | None = None) -> LTGFInstance:
    """``inst`` with another lease length and/or lease clock: the instance whose rules a run
    with the ``lease`` / ``synchronized`` knobs satisfies (and is judged against).

    Parameters
    ----------
    inst : LTGFInstance
        The instance.
    lease : float or None, default None
        New lease length (None: keep). Unit: s.
    synchronized : bool or None, default None
        True: ``leases="synchronized"``; False: ``"per-job"``; None: keep.

    Returns
    -------
    LTGFInstance
        ``inst`` itself when nothing changes, else the variant.

    Raises
    ------
    InputError
        ``lease`` does not exceed the overheads, or ``inst`` is slotted and the variant would
        break slotted time (field ``lease``).

    Examples
    --------
    >>> from dlsched.ltgf.paper import fig6
    >>> rule_variant(fig6(), synchronized=True).leases
    'synchronized'
    """
    if lease is not None and float(lease) != inst.lease:
        if inst.time == "slotted":
            raise InputError("lease", "a slotted instance's lease is its slot length: build "
                                      "the variant from the continuous instance, then .slotted()")
        inst = with_lease(inst, lease)
    if synchronized is not None:
        leases = "synchronized" if synchronized else "per-job"
        if leases != inst.leases:
            inst = replace(inst, leases=leases)
    return inst


def policy_signature(cls: type[Policy]) -> inspect.Signature:
    """The signature of a policy's registered algorithm: the instance, the runner's keywords
    (``run_policy``, ``simulate``) and the policy's knobs (its constructor's keywords).

    The parameter check (``core.inputs.check_params``) reads it, so an unknown keyword, a
    value of the wrong type or out of range is refused before the simulation starts.

    Parameters
    ----------
    cls : type of Policy
        The policy class.

    Returns
    -------
    inspect.Signature
        ``(inst, *, window, validate, lease, synchronized, strict_placement, KNOBS...)``.

    Examples
    --------
    >>> list(policy_signature(POLICIES["allox"]).parameters)[-2:]
    ['alpha', 'fill']
    """
    keyword = inspect.Parameter.KEYWORD_ONLY
    runner = inspect.signature(run_policy).parameters
    switches = inspect.signature(simulate).parameters
    pars = [runner["inst"]]
    pars += [p.replace(kind=keyword) for n, p in runner.items() if n in _RUNNER_KEYS]
    pars += [p.replace(kind=keyword) for n, p in switches.items() if n in _SWITCH_KEYS]
    taken = {p.name for p in pars}
    for n, p in list(inspect.signature(cls.__init__).parameters.items())[2:]:
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and n not in taken:
            pars.append(p.replace(kind=keyword))
    return inspect.Signature(pars, return_annotation="Result")


#: keywords of ``run_policy`` and ``simulate`` that every registered policy takes
_RUNNER_KEYS = ("window", "validate", "lease")
_SWITCH_KEYS = ("synchronized", "strict_placement")


def run_policy(
    inst: LTGFInstance,
    policy: str,
    window: float = 86400.0,
    validate: bool = True,
    lease: float | None = None,
    **params: Any,
) -> Result:
    """Simulate ``policy`` on ``inst``, validate the timeline and package it as a Result.

    This is what every registered LTGF algorithm runs (``dlsched run -a NAME``).

    Parameters
    ----------
    inst : LTGFInstance
        The instance to simulate.
    policy : str
        Registered name of the policy (a key of ``POLICIES``).
    window : float, default 86400.0
        Length of the tenant-fairness windows of the metrics (``unfairness_ratio``).
        Unit: s.
    validate : bool, default True
        Check the timeline with the independent validator (status ``error`` on a violation).
    lease : float or None, default None
        Run on the variant of ``inst`` with this lease length (``rule_variant``; recorded in
        the solution as ``lease``, information only); must exceed checkpoint + cold_start.
        The timeline is validated against that variant, not against ``inst``. Unit: s.
    synchronized : bool or None, default None
        None: the instance's lease clock; True / False: run on (and validate against) the
        variant with ``leases="synchronized"`` / ``"per-job"``.
    strict_placement : bool, default False
        A job larger than a node waits for completely free nodes (plus one node for the
        remainder) instead of falling back to the fewest-node cover.
    **params
        The policy's own parameters (see its class, e.g. ``Astraea``).

    Returns
    -------
    Result
        Status ``feasible`` (``error`` with ``stats["violations"]`` when the validator
        rejects the timeline); ``objective`` the minimum over tenants of the long-term
        GPU-time fairness rho^ten (12) over the whole run (maximised; Unit: dimensionless);
        ``solution`` a ``TimelineSolution``; ``stats`` the metrics of notes §4
        (``timeline_metrics``), the knobs, the decision count and the simulation time.

    Raises
    ------
    InputError
        ``lease`` does not exceed checkpoint + cold_start, ``policy`` is not a registered
        policy, or a knob the policy does not take or refuses (field: the knob).

    Examples
    --------
    >>> from dlsched.ltgf import generate
    >>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
    >>> res = run_policy(inst, "astraea-ltgf")
    >>> res.status.value, round(res.objective, 3)
    ('feasible', 0.749)
    """
    t0 = time.perf_counter()
    inst = rule_variant(inst, lease=lease, synchronized=params.pop("synchronized", None))
    with _cyclic_gc_paused():
        sol = simulate(inst, policy, **params)
        sol["lease"] = inst.lease
        sim_s = time.perf_counter() - t0
        errs = check(inst, sol) if validate else []
        mets = metrics(inst, sol, window=window)
        solution = TimelineSolution.from_simulation(sol)
    stats = {
        **mets,
        "sim_s": sim_s,
        "knobs": sol["knobs"],
        "decisions": sol["decisions"],
        "jobs_per_s": inst.n_jobs / sim_s if sim_s > 0 else float("inf"),
    }
    if errs:
        stats["violations"] = errs[:20]
    return Result(
        "ltgf",
        policy,
        Status.ERROR if errs else Status.FEASIBLE,
        objective=mets["min_tenant_rho"],
        runtime_s=time.perf_counter() - t0,
        solution=solution,
        stats=stats,
    )


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a run, then restore its previous state.

    A run allocates hundreds of thousands of short-lived tuples (heap entries, keys, segment
    rows) and no reference cycle that matters; reference counting frees them, while the
    cyclic collector would rescan the growing timeline again and again (5-20 % of a run's
    CPU on the 1,082-job trace). Cycles left, if any, are collected after the run.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def register_policy(description: str) -> Callable[[P], P]:
    """Class decorator: enter a policy in ``POLICIES`` and register it as an LTGF algorithm.

    The algorithm is registered under the class's ``name`` and runs ``run_policy``; its
    docstring (what ``dlsched params NAME`` and the API reference show) is built from the
    class docstring by ``method_doc``, so the class's NumPy Parameters section should list
    its knobs (the constructor's keyword parameters).

    Parameters
    ----------
    description : str
        One-line description shown by ``dlsched list``.

    Returns
    -------
    Callable
        The decorator; it returns the class unchanged.

    Raises
    ------
    ValueError
        A policy of the same ``name`` is already registered.

    Notes
    -----
    A plugin policy (sketch)::

        @register_policy("My policy: shortest job first")
        class MyPolicy(Policy):
            name = "my-policy"

            def schedule(self, sim, t, pending, expired):
                self.renew_all(expired)
                for i in sorted(pending, key=lambda i: self.inst.job_duration[i]):
                    sim.place(i)

    Examples
    --------
    >>> from dlsched.core import ALGORITHMS
    >>> POLICIES["yarn-cs"].name, ALGORITHMS.get("yarn-cs", problem="ltgf").kind
    ('yarn-cs', 'algorithm')
    """

    def add(cls: P) -> P:
        name = cls.name
        if name in POLICIES:
            raise ValueError(f"LTGF policy {name!r} is registered twice")
        POLICIES[name] = cls

        def _run(inst: LTGFInstance, **params: Any) -> Result:
            return run_policy(inst, name, **params)

        _run.__doc__ = method_doc(cls)
        _run.__signature__ = policy_signature(cls)  # type: ignore[attr-defined]
        register_algorithm(name, "ltgf", description)(_run)
        return cls

    return add


#: the runner's parameters that every registered policy takes besides its own knobs
_RUN_PARAMS = """window : float, default 86400.0
    Length of the tenant-fairness windows of the metrics (``unfairness_ratio``). Unit: s.
    Range: 1..1000000000.
validate : bool, default True
    Check the timeline with the independent validator (status ``error`` on a violation).
lease : float or None, default None
    Run on (and validate against) the variant of the instance with this lease length; must
    exceed checkpoint + cold_start. Unit: s. Range: 0.001..10000000.
synchronized : bool or None, default None
    None: the instance's lease clock (``leases``); True / False: run on (and validate
    against) the variant with synchronized / per-job leases.
strict_placement : bool, default False
    A job larger than a node waits for completely free nodes (plus one node for the
    remainder) instead of falling back to the fewest-node cover."""

_RUN_TAIL = """Returns
-------
Result
    Status ``feasible`` (``error`` when the validator rejects the timeline); ``objective``
    the minimum over tenants of rho^ten (12) over the whole run (maximised; Unit:
    dimensionless); ``solution`` a ``TimelineSolution`` (``segments``, ``completion``,
    ``knobs``, ...); ``stats`` the metrics of notes §4.

Raises
------
InputError
    ``lease`` does not exceed checkpoint + cold_start, a keyword this policy does not take,
    or a value outside the ones it accepts (field: the keyword).

Examples
--------
>>> from dlsched.core import ALGORITHMS
>>> from dlsched.ltgf import generate
>>> inst = generate(n_jobs=20, nodes=1, days=0.05, seed=3)
>>> res = ALGORITHMS.get("{name}", problem="ltgf").run(inst)
>>> res.status.value
'feasible'"""

_HEADER = re.compile(r"^(\w[\w ]*)\n-{3,}\n", re.MULTILINE)


def _with_ranges(params: str, ranges: dict[str, tuple[float, float]]) -> str:
    """NumPy parameter entries ``params`` with ``Range: LOW..HIGH.`` added to the entries of
    ``ranges`` (the ranges the parameter check enforces) that do not state one."""
    lines = params.splitlines()
    starts = [k for k, line in enumerate(lines) if line and not line[0].isspace()]
    for k, start in reversed(list(enumerate(starts))):
        name = lines[start].split(" : ")[0].strip()
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        if name in ranges and "Range:" not in " ".join(lines[start:end]) and end - 1 > start:
            low, high = ranges[name]
            lines[end - 1] += f" Range: {_num(low)}..{_num(high)}."
    return "\n".join(lines)


def method_doc(cls: type[Policy]) -> str:
    """The docstring of a policy's registered algorithm, built from the class docstring.

    Keeps the class's text before its first section and its Parameters (the constructor's
    knobs, the ``inst`` entry included), then adds the runner's parameters (``run_policy``),
    Returns, Raises and an example; a parameter with a range in ``PARAM_RANGES`` (what the
    parameter check enforces) gets ``Range: LOW..HIGH.``.

    Parameters
    ----------
    cls : type of Policy
        The policy class (its ``name`` and NumPy docstring).

    Returns
    -------
    str
        A NumPy docstring.

    Examples
    --------
    >>> doc = method_doc(POLICIES["yarn-cs"])
    >>> "Parameters" in doc and "lease : float or None" in doc
    True
    """
    doc = inspect.cleandoc(cls.__doc__ or "")
    cuts = list(_HEADER.finditer(doc))
    head = doc[:cuts[0].start()].rstrip() if cuts else doc
    params = ""
    for k, m in enumerate(cuts):
        if m.group(1) == "Parameters":
            end = cuts[k + 1].start() if k + 1 < len(cuts) else len(doc)
            params = doc[m.end():end].rstrip()
    body = _with_ranges("\n".join(x for x in (params, _RUN_PARAMS) if x),
                        PARAM_RANGES.get(f"ltgf/{cls.name}", {}))
    return (f"{head}\n\nParameters\n----------\n{body}\n\n"
            + _RUN_TAIL.replace("{name}", cls.name))

