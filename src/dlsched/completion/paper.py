"""The special cases of notes §6 (S1-S5) as instances: golden tests, demo and MPS exports.

Each states its rules explicitly: ``horizon_hard`` false (the horizon is open; every golden
optimum ends by T, so it is the same under a hard horizon, which the tests check) and
``preemption`` false (the notes' optima are non-preemptive).
"""

from __future__ import annotations

from typing import Any

from .instance import CompletionInstance, parse

#: the rules every golden instance states (module docstring)
RULES: dict[str, Any] = {"horizon_hard": False, "preemption": False}


def _job(name: str, p: int, w: float, a: int = 1, arch: str = "ring") -> dict[str, Any]:
    """A unit job of S1-S3: D = E = 1, v = 1, K = p, so d = p on one 1-GPU worker."""
    return {"name": name, "arrival": a, "weight": w, "epochs": 1, "chunks": 1,
            "minibatches_per_chunk": p, "minibatch_time": {"m1": 1.0},
            "update_time": 0.0 if arch == "ring" else {"p1": 0.0}, "gradient_size": 0.0}


def _single_machine(name: str, jobs: list[tuple], arch: str, servers: list[float],
                    horizon: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "problem": "completion", "schema_version": 1, "name": name, "architecture": arch,
        "horizon": horizon, **RULES,
        "servers": [{"name": f"h{i + 1}", "capacity": {"gpu": c}} for i, c in enumerate(servers)],
        "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}],
        "jobs": [_job(n, p, w, a, arch) for n, p, w, a in jobs],
    }
    if arch == "ps":
        out["ps_types"] = [{"name": "p1", "demand": {}, "bandwidth": 1.0}]
    return out


def s1(arch: str = "ring") -> dict[str, Any]:
    """S1, 1 || sum w_j C_j: (p, w) = (3, 1), (1, 2), (2, 5), (4, 4); OPT = 66.

    Parameters
    ----------
    arch : str, default "ring"
        Architecture: ``"ring"`` or ``"ps"`` (same optimum).

    Returns
    -------
    dict
        The instance JSON.

    Examples
    --------
    >>> len(s1()["jobs"]), s1("ps")["architecture"]
    (4, 'ps')
    """
    jobs = [("j1", 3, 1, 1), ("j2", 1, 2, 1), ("j3", 2, 5, 1), ("j4", 4, 4, 1)]
    return _single_machine(f"s1-{arch}", jobs, arch, [1], 10)


def s2(two_servers: bool = False) -> dict[str, Any]:
    """S2, P2 || sum C_j: p = 1..4, w = 1; OPT = 17.

    Parameters
    ----------
    two_servers : bool, default False
        Two 1-GPU servers instead of one 2-GPU server (same optimum).

    Returns
    -------
    dict
        The instance JSON.

    Examples
    --------
    >>> len(s2(True)["servers"])
    2
    """
    jobs = [(f"j{p}", p, 1, 1) for p in range(1, 5)]
    return _single_machine("s2-two" if two_servers else "s2-one", jobs, "ring",
                           [1, 1] if two_servers else [2], 8)


def s3() -> dict[str, Any]:
    """S3, 1 | r_j | sum w_j C_j: A (a = 1, p = 3, w = 1), B (a = 2, p = 1, w = 4); OPT = 18.

    Returns
    -------
    dict
        The instance JSON.

    Examples
    --------
    >>> [j["arrival"] for j in s3()["jobs"]]
    [1, 2]
    """
    return _single_machine("s3", [("A", 3, 1, 1), ("B", 1, 4, 2)], "ring", [1], 6)


def s4() -> dict[str, Any]:
    """S4, the paper's elasticity example: two 2-chunk jobs on 3 GPUs; OPT = 7 (2 + 1 workers
    concurrently).

    Returns
    -------
    dict
        The instance JSON.

    Examples
    --------
    >>> s4()["name"], s4()["servers"][0]["capacity"]
    ('s4-elasticity', {'gpu': 3, 'cpu': 2})
    """
    job = {"arrival": 1, "weight": 1, "epochs": 1, "chunks": 2, "minibatches_per_chunk": 1,
           "minibatch_time": {"m1": 1.25}, "update_time": {"p1": 0.25}, "gradient_size": 1.0}
    return {
        "problem": "completion", "schema_version": 1, "name": "s4-elasticity",
        "architecture": "ps", "horizon": 6, **RULES,
        "servers": [{"name": "h1", "capacity": {"gpu": 3, "cpu": 2}}],
        "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}],
        "ps_types": [{"name": "p1", "demand": {"cpu": 1}, "bandwidth": 1.0}],
        "jobs": [{"name": "j1", **job}, {"name": "j2", **job}],
    }


def s5(bw: float = 10.0) -> dict[str, Any]:
    """S5, the bandwidth rule (2i): one 4-chunk job on two 2-GPU servers; OPT C = 4 with
    bw = 10, C = 5 with bw = 3.

    Parameters
    ----------
    bw : float, default 10.0
        Bandwidth capacity of each server. Unit: Gbps.

    Returns
    -------
    dict
        The instance JSON.

    Examples
    --------
    >>> s5(3)["name"]
    's5-bw3'
    """
    return {
        "problem": "completion", "schema_version": 1, "name": f"s5-bw{bw:g}",
        "architecture": "ps", "horizon": 8, **RULES,
        "servers": [{"name": n, "capacity": {"gpu": 2, "bandwidth": bw}} for n in ("A", "B")],
        "worker_types": [{"name": "m1", "demand": {"gpu": 1}, "bandwidth": 1.0}],
        "ps_types": [{"name": "p1", "demand": {}, "bandwidth": 1.0}],
        "jobs": [{"name": "j1", "arrival": 1, "weight": 1, "epochs": 1, "chunks": 4,
                  "minibatches_per_chunk": 2, "minibatch_time": {"m1": 1.0},
                  "update_time": {"p1": 0.0}, "gradient_size": 0.25}],
    }


#: name -> (instance dict, optimum of notes §6 (docs/specs/completion.md))
GOLDEN: dict[str, tuple[dict[str, Any], float]] = {
    "s1-ring": (s1("ring"), 66), "s1-ps": (s1("ps"), 66), "s2-one": (s2(False), 17),
    "s2-two": (s2(True), 17), "s3": (s3(), 18), "s4": (s4(), 7), "s5-bw10": (s5(10), 4),
    "s5-bw3": (s5(3), 5),
}


def golden(name: str) -> CompletionInstance:
    """A golden instance of notes §6 by name (its optimum is ``GOLDEN[name][1]``).

    Parameters
    ----------
    name : str
        One of ``s1-ring``, ``s1-ps``, ``s2-one``, ``s2-two``, ``s3``, ``s4``, ``s5-bw10``,
        ``s5-bw3``.

    Returns
    -------
    CompletionInstance
        The parsed instance.

    Raises
    ------
    KeyError
        An unknown name.

    Examples
    --------
    >>> inst = golden("s4")
    >>> inst.n_jobs, GOLDEN["s4"][1]
    (2, 7)
    """
    return parse(GOLDEN[name][0])
