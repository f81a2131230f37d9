"""The baselines' placement rules (notes §5, docs/specs/completion.md): the ideal configuration
of a job and the first-fit placement of its workers and parameter servers.

Ideal configuration: the fastest (m, p, N <= D_j) placeable on an empty cluster, ties to fewer
GPUs. Placement: first-fit centralised (N workers + 1 PS on one server); otherwise first-fit
workers, the PS host being the server with the most workers that fits
max(1, ceil(b (N - y_h) / B)) PSs; otherwise none (the job waits).
"""

from __future__ import annotations

import numpy as np

from ...core import InputError
from ...core.deadline import check_deadline
from ..instance import CompletionInstance
from .config import EPS, Config, configurations


def gpu_index(inst: CompletionInstance) -> int:
    """Index of the ``gpu`` resource in ``inst.resources`` (0 if the instance has none).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.

    Returns
    -------
    int
        The resource index.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> gpu_index(golden("s4"))
    0
    """
    return inst.resources.index("gpu") if "gpu" in inst.resources else 0


def ideal_config(inst: CompletionInstance, j: int) -> Config:
    """The fastest configuration (m, p, N <= D_j) placeable on an empty cluster.

    Ties go to fewer GPUs, then to the loop order of ``configurations``; a colocated
    configuration (q = 1) must be placed on one server by ``place``.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    j : int
        Job index.

    Returns
    -------
    Config
        The ideal configuration.

    Raises
    ------
    InputError
        No configuration of job j fits any server.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> ideal_config(golden("s4"), 0)
    Config(m=0, p=0, q=1, n=2, d=2)
    """
    check_deadline()  # only inside a caller's time limit (core.deadline)
    g = gpu_index(inst)
    best = None
    for k in configurations(inst, j):
        gpus = k.n * inst.worker_demand[k.m, g] + (inst.ps_demand[k.p, g] if k.p >= 0 else 0)
        key = (k.d, gpus)
        if best is not None and key >= best[0]:
            continue
        got = place(inst, k.m, k.p, k.n, inst.capacity)  # must be placeable (notes §5 rules)
        if got is not None and (k.q == 0 or len(set(got[0]) | set(got[1])) == 1):
            best = (key, k)
    if best is None:
        raise InputError(f"jobs[{j}]", "no configuration of this job fits any server")
    return best[1]


def count_cap(res: np.ndarray, dem: np.ndarray) -> np.ndarray:
    """Per server, how many units of demand ``dem`` fit the residual ``res``.

    Parameters
    ----------
    res : numpy.ndarray
        Residual capacity [server, resource].
    dem : numpy.ndarray
        Demand of one unit (e.g. one worker) [resource].

    Returns
    -------
    numpy.ndarray
        Integer counts [server].

    Examples
    --------
    >>> import numpy as np
    >>> count_cap(np.array([[3.0, 2.0]]), np.array([1.0, 0.0])).tolist()
    [3]
    """
    pos = dem > 0
    return np.floor(res[:, pos] / dem[pos] + EPS).min(axis=1).astype(int)


def place(inst: CompletionInstance, m: int, p: int, n: int, res: np.ndarray
          ) -> tuple[dict[int, int], dict[int, int]] | None:
    """First-fit placement of n workers of type m (and PSs of type p) into a residual capacity.

    Centralised first (the n workers and one PS on the first server that fits them);
    otherwise the workers first-fit over the servers and the PSs on the server with the most
    workers that fits max(1, ceil(b (n - y_h) / B)) of them (the bandwidth rule (2i)).

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    m : int
        Worker type index.
    p : int
        PS type index (-1 under Ring-AllReduce: no PS).
    n : int
        Number of workers. Unit: workers.
    res : numpy.ndarray
        Residual capacity [server, resource] (``inst.capacity`` for an empty cluster).

    Returns
    -------
    tuple of dict or None
        (workers, ps): server index -> count, ready for ``JobPlan``; None when it does not fit.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> inst = golden("s4")
    >>> place(inst, 0, 0, 2, inst.capacity)
    ({0: 2}, {0: 1})
    >>> place(inst, 0, 0, 4, inst.capacity) is None
    True
    """
    e = inst.worker_demand[m]
    z = inst.ps_demand[p] if p >= 0 else np.zeros_like(e)
    need = n * e + z
    ok = np.all(need[None, :] <= res + EPS, axis=1)
    if ok.any():
        h = int(np.argmax(ok))
        return {h: n}, ({h: 1} if p >= 0 else {})
    cap = count_cap(res, e)
    y = np.zeros(inst.n_servers, dtype=int)
    left = n
    for h in range(inst.n_servers):
        y[h] = min(cap[h], left)
        left -= y[h]
    if left > 0:
        return None
    workers = {h: int(c) for h, c in enumerate(y) if c}
    if p < 0:
        return workers, {}
    b, B = inst.worker_bw[m], inst.ps_bw[p]
    after = res - np.outer(y, e)
    # PS host: the server with the most workers (then lowest index) that fits
    # s_h = max(1, ceil(b (n - y_h) / B)) PSs (vectorised over h; same choice as the loop)
    s = np.maximum(1, np.ceil(b * (n - y) / B - EPS)).astype(int)
    fits = np.all(s[:, None] * z[None, :] <= after + EPS, axis=1)
    if not fits.any():
        return None
    order = np.lexsort((np.arange(inst.n_servers), -y))
    h = int(order[np.argmax(fits[order])])
    return workers, {h: int(s[h])}


def placement_load(inst: CompletionInstance, m: int, p: int, workers: dict[int, int],
                   ps: dict[int, int]) -> np.ndarray:
    """Resource use [server, resource] of a placement.

    Parameters
    ----------
    inst : CompletionInstance
        The instance.
    m : int
        Worker type index.
    p : int
        PS type index (-1 under Ring-AllReduce).
    workers : dict of int to int
        Server index -> number of workers.
    ps : dict of int to int
        Server index -> number of parameter servers.

    Returns
    -------
    numpy.ndarray
        The load, same shape as ``inst.capacity``.

    Examples
    --------
    >>> from dlsched.completion.paper import golden
    >>> placement_load(golden("s4"), 0, 0, {0: 2}, {0: 1}).tolist()
    [[2.0, 1.0]]
    """
    load = np.zeros_like(inst.capacity)
    for h, c in workers.items():
        load[h] += c * inst.worker_demand[m]
    for h, c in ps.items():
        load[h] += c * inst.ps_demand[p]
    return load
