"""Independent validator of OJPP placements (notes §2-§4, constraints (1), (3)-(8)).

Written from the paper's definitions over explicit worker lists, deliberately not reusing the
aggregated formulas of the algorithms and models: tau by the textbook product/sum (4), slowdowns
by looping over the other workers on the device. Returns every violation (empty when feasible).

A solution is ``{"devices": [{"<job>": count, ...}, ...], "used": <int>}``: one entry per device
(empty devices may be listed and are not counted).

Every rule comes from the instance: its limits and models, and its ``objective``. Under
``"max_slowdown"`` (OJPAP, notes §6) a placement also uses at most the reference's devices and
moves at most ``migration_budget`` worth of workers, device k of the solution being device k of
the reference (19). A solution's ``objective_kind`` is information only and is ignored.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.tolerance import exceeds

if TYPE_CHECKING:  # annotations only: stating OJPAP checks a reference with this validator
    from .instance import OJPPInstance



def _tau(workers: list[int], inst: OJPPInstance) -> float:
    """Pr[>= 2 simultaneous bursts] on a device with these workers (job index per worker)."""
    p = [inst.jobs[i].burst_prob for i in workers]
    if inst.collision_model == "correlated_same_job":
        # one Bernoulli per job; a job with >= 2 workers collides by itself when it bursts
        groups: dict[int, int] = {}
        for i in workers:
            groups[i] = groups.get(i, 0) + 1
        units = [(inst.jobs[i].burst_prob, c) for i, c in groups.items()]
        none = 1.0
        for pu, _ in units:
            none *= 1.0 - pu
        one = 0.0
        for a, (pa, ca) in enumerate(units):
            if ca != 1:
                continue
            term = pa
            for b, (pb, _) in enumerate(units):
                if b != a:
                    term *= 1.0 - pb
            one += term
        return 1.0 - none - one
    none = 1.0
    for pw in p:
        none *= 1.0 - pw
    one = 0.0
    for a, pa in enumerate(p):
        term = pa
        for b, pb in enumerate(p):
            if b != a:
                term *= 1.0 - pb
        one += term
    return 1.0 - none - one


def _slowdown(w: int, workers: list[int], inst: OJPPInstance) -> float:
    """Slowdown of worker number ``w`` (position in ``workers``) from the other workers."""
    i = workers[w]
    vals = [float(inst.I[i, q]) for v, q in enumerate(workers) if v != w]
    if not vals:
        return 0.0
    return sum(vals) if inst.interference_model == "additive" else max(vals)


def _parse_devices(inst: OJPPInstance, solution: dict[str, Any], out: list[str]):
    devices = solution.get("devices")
    if not isinstance(devices, list):
        out.append("devices: missing or not a list")
        return None
    index = {j.name: i for i, j in enumerate(inst.jobs)}
    lists: list[list[int]] = []
    for k, dev in enumerate(devices):
        if not isinstance(dev, dict):
            out.append(f"devices[{k}]: expected an object mapping job names to worker counts")
            lists.append([])
            continue
        workers: list[int] = []
        for name, count in dev.items():
            if name not in index:
                out.append(f"devices[{k}].{name}: unknown job")
                continue
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                if isinstance(count, float) and count.is_integer() and count >= 0:
                    count = int(count)
                else:
                    out.append(f"devices[{k}].{name}: count must be a non-negative integer")
                    continue
            workers += [index[name]] * count
        lists.append(workers)
    return lists


def check(inst: OJPPInstance, solution: dict[str, Any]) -> list[str]:
    """All violations of an OJPP placement by the independent validator (empty when feasible).

    Checks that every worker is placed exactly once, the device count and ``used``, and per
    device compute (1), opportunistic memory (3), collision (5) and interference (7), and per
    job the slowdown balance (8). ``dlsched.ojpp.check`` is this function and also takes a
    typed ``Solution``.

    Parameters
    ----------
    inst : OJPPInstance
        The instance.
    solution : dict
        The placement's JSON (``devices``, ``used``).

    Returns
    -------
    list of str
        One message per violation, naming the device or job and the constraint.

    Examples
    --------
    >>> from dlsched.ojpp import check
    >>> from dlsched.ojpp.paper import golden_o1
    >>> inst = golden_o1()  # jobs A (2 workers), B (3), C (2); optimum 5 devices
    >>> check(inst, {"devices": [{"C": 2}, {"A": 1}, {"A": 1}, {"B": 2}, {"B": 1}],
    ...              "used": 5})
    []
    >>> check(inst, {"devices": [{"A": 1, "C": 1}, {"A": 1}, {"B": 2}, {"B": 1, "C": 1}],
    ...              "used": 4})
    ['device 0: memory bases + largest burst 1.02 > capacity 1 (3)']
    """
    if not isinstance(solution, dict):
        return ["solution: expected a JSON object"]
    out: list[str] = []
    lists = _parse_devices(inst, solution, out)
    if lists is None:
        return out
    names = [j.name for j in inst.jobs]

    # every worker placed exactly once
    placed = [0] * inst.n_jobs
    for workers in lists:
        for i in workers:
            placed[i] += 1
    for i, job in enumerate(inst.jobs):
        if placed[i] != job.workers:
            out.append(f"job {job.name}: {placed[i]} workers placed, expected {job.workers}")

    used = sum(1 for w in lists if w)
    if used > inst.devices:
        out.append(f"devices: {used} used, only {inst.devices} available")
    if "used" in solution and solution["used"] != used:
        out.append(f"used: says {solution['used']}, the placement uses {used} devices")

    caps = dict(inst.capacity)
    lim = inst.limits
    per_job: dict[int, list[tuple[int, float]]] = {i: [] for i in range(inst.n_jobs)}
    for k, workers in enumerate(lists):
        if not workers:
            continue
        jobs = [inst.jobs[i] for i in workers]
        # (1) compute and extra additive resources
        load = sum(j.compute for j in jobs)
        if exceeds(load, caps["compute"]):
            out.append(f"device {k}: compute {load:.6g} > capacity {caps['compute']:.6g}")
        for r in inst.dims[2:]:
            load = sum(dict(j.resources).get(r, 0.0) for j in jobs)
            if exceeds(load, caps[r]):
                out.append(f"device {k}: {r} {load:.6g} > capacity {caps[r]:.6g}")
        # (3) opportunistic memory: all bases plus the single largest burst
        mem = sum(j.mem_base for j in jobs) + max(j.mem_burst for j in jobs)
        if exceeds(mem, caps["memory"]):
            out.append(
                f"device {k}: memory bases + largest burst {mem:.6g} > capacity "
                f"{caps['memory']:.6g} (3)"
            )
        # (5) collision probability
        if lim.collision is not None:
            t = _tau(workers, inst)
            if exceeds(t, lim.collision):
                out.append(f"device {k}: collision probability {t:.6g} > {lim.collision:g} (5)")
        # (6)/(7) interference
        s = [_slowdown(w, workers, inst) for w in range(len(workers))]
        theta = max(s)
        if lim.interference is not None and exceeds(theta, lim.interference):
            out.append(f"device {k}: interference {theta:.6g} > {lim.interference:g} (7)")
        for w, i in enumerate(workers):
            per_job[i].append((k, s[w]))
    if inst.objective == "max_slowdown":
        out += _migration(inst, lists, used)
    # (8) balance: spread of a job's worker slowdowns
    if lim.balance is not None:
        for i, vals in per_job.items():
            if len(vals) < 2:
                continue
            s = [v for _, v in vals]
            spread = max(s) - min(s)
            if exceeds(spread, lim.balance):
                out.append(
                    f"job {names[i]}: slowdown spread {spread:.6g} > {lim.balance:g} (8)"
                )
    return out


def _migration(inst: OJPPInstance, lists: list[list[int]], used: int) -> list[str]:
    """OJPAP's side constraints: at most the reference's m0 devices, and (19) the cost of the
    workers that leave their reference device (label k = position k) within the budget."""
    out: list[str] = []
    ref = inst.reference or ()
    if used > len(ref):
        out.append(f"devices: {used} used, the reference placement uses {len(ref)}")
    index = {j.name: i for i, j in enumerate(inst.jobs)}
    cost = 0.0
    for k, dev in enumerate(ref):
        here = lists[k] if k < len(lists) else []
        for name, c0 in dev:
            i = index[name]
            cost += inst.jobs[i].migration_cost * max(0, c0 - here.count(i))
    budget = float(inst.migration_budget or 0.0)
    if exceeds(cost, budget):
        out.append(f"migration cost {cost:.6g} > budget {budget:.6g} (19)")
    return out


def objective(inst: OJPPInstance, solution: dict[str, Any]) -> float:
    """Devices used (OJPP), or Theta = the largest worker slowdown when the instance's
    ``objective`` is ``"max_slowdown"`` (OJPAP; the solution's ``objective_kind`` is ignored).

    Parameters
    ----------
    inst : OJPPInstance
        The instance.
    solution : dict
        The placement's JSON.

    Returns
    -------
    float
        Devices used (unit: devices) or Theta (unit: dimensionless, relative slowdown).

    Raises
    ------
    ValueError
        Malformed ``devices``.

    Examples
    --------
    >>> from dlsched.ojpp.paper import golden_o1
    >>> inst = golden_o1()  # jobs A (2 workers), B (3), C (2); optimum 5 devices
    >>> objective(inst, {"devices": [{"C": 2}, {"A": 2}, {"B": 3}], "used": 3})
    3.0
    """
    out: list[str] = []
    lists = _parse_devices(inst, solution, out)
    if lists is None or out:
        raise ValueError("; ".join(out))
    if inst.objective == "max_slowdown":
        return max((_slowdown(w, ws, inst) for ws in lists for w in range(len(ws))),
                   default=0.0)
    return float(sum(1 for w in lists if w))
