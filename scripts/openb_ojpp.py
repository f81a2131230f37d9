"""OJPP instances from Alibaba's GPU-sharing trace "openb" (Weng et al., USENIX ATC 2023).

The vendored slice (``src/dlsched/data/alibaba_openb``, see its PROVENANCE.md) holds the
trace's 3,078 GPU-sharing tasks (one GPU, ``gpu_milli`` < 1000, no GPU-model constraint) in
creation order, and the trace's GPU node list. The mapping to OJPP (``docs/specs/ojpp.md``):

- a device is one GPU of a ``G2`` node, the trace's most common GPU model (549 of its 1,213 GPU
  nodes; 8 GPUs, 96 CPU cores and 384 GiB per node), with a per-GPU share of its node's CPU and
  host memory (one eighth: 12,000 milli-CPU and 49,152 MiB) — a reading: the cluster pools a
  node's CPU and memory over its GPUs, and the per-GPU share is the restriction that makes one
  GPU a bin (every GPU-sharing task of the trace fits it: at most 12,000 milli-CPU and
  47,104 MiB);
- a task is one worker: ``compute`` = ``gpu_milli`` (device compute capacity 1000, the trace's
  unit), extra resources ``cpu_milli`` and ``host_memory_mib`` = the task's ``cpu_milli`` and
  ``memory_mib``;
- GPU memory: the trace has none per task, so ``mem_base`` / ``mem_burst`` are 0 and the
  ``memory`` dimension is inactive (its default capacity 1 is never used);
- no interference matrix, collision, interference or balance limit: the trace measures none, so
  they are omitted (inactive) and the instance is plain 3-dimensional vector bin packing;
- a job = the tasks of the window with the same (gpu_milli, cpu_milli, memory_mib): without
  interference and balance, workers of one job are only items with the same demand vector, so
  this grouping changes no feasible packing and no optimum.

Examples
--------
>>> inst = window(0, 20)
>>> inst.n_workers, inst.dims
(20, ('compute', 'memory', 'cpu_milli', 'host_memory_mib'))
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "dlsched" / "data" / "alibaba_openb"
PODS = "openb_gpushare_pods.csv"
NODES = "openb_node_list_gpu_node.csv"
#: the GPU model whose GPUs are the devices (the trace's most common one)
MODEL = "G2"
#: the trace's GPU unit: gpu_milli 1000 = one whole GPU
GPU_MILLI = 1000
sys.path.insert(0, str(ROOT / "src"))


def pods(data: Path = DATA) -> list[dict[str, Any]]:
    """The vendored GPU-sharing tasks in creation order (ties: by name), integer columns parsed.

    Returns
    -------
    list of dict
        Keys ``name, cpu_milli, memory_mib, gpu_milli, qos, pod_phase, creation_time``.

    Examples
    --------
    >>> rows = pods()
    >>> len(rows), rows[0]["name"], rows[0]["gpu_milli"]
    (3078, 'openb-pod-0001', 460)
    """
    ints = ("cpu_milli", "memory_mib", "gpu_milli", "creation_time")
    with open(data / PODS, newline="", encoding="utf-8") as fh:
        rows = [{k: int(v) if k in ints else v for k, v in r.items()} for r in csv.DictReader(fh)]
    rows.sort(key=lambda r: (r["creation_time"], r["name"]))
    return rows


def gpu_share(model: str = MODEL, data: Path = DATA) -> tuple[int, int]:
    """CPU (milli-cores) and host memory (MiB) per GPU of the nodes of ``model``.

    Raises
    ------
    InputError
        The model's nodes do not all have the same per-GPU share (or there is none).

    Examples
    --------
    >>> gpu_share()
    (12000, 49152)
    """
    with open(data / NODES, newline="", encoding="utf-8") as fh:
        shares = {(int(r["cpu_milli"]) // int(r["gpu"]), int(r["memory_mib"]) // int(r["gpu"]))
                  for r in csv.DictReader(fh) if r["model"] == model}
    if len(shares) != 1:
        from dlsched.core.errors import InputError

        raise InputError("model", f"GPU model {model!r}: per-GPU shares {sorted(shares)}, "
                                  "need exactly one")
    return shares.pop()


def window_data(start: int, n: int, data: Path = DATA) -> dict[str, Any]:
    """The OJPP instance (as a file dict) of tasks ``start .. start + n - 1`` in creation order.

    Parameters
    ----------
    start : int
        Position of the first task (0-based, creation order). Range: 0..3077.
    n : int
        Tasks in the window (workers). Range: 1..3078 - start.

    Returns
    -------
    dict
        An OJPP instance file (``docs/formats/ojpp.md``).

    Raises
    ------
    InputError
        ``start`` or ``n`` puts the window outside the tasks.

    Examples
    --------
    >>> d = window_data(0, 3)
    >>> [(j["workers"], j["compute"]) for j in d["jobs"]], d["device_capacity"]["compute"]
    ([(2, 460), (1, 460)], 1000)
    """
    rows = pods(data)
    from dlsched.core.errors import InputError

    if start < 0 or start >= len(rows):
        raise InputError("start", f"must be in 0..{len(rows) - 1}, not {start}")
    if n < 1 or start + n > len(rows):
        raise InputError("n", f"must be in 1..{len(rows) - start} (start {start}), not {n}")
    sel = rows[start:start + n]
    cpu, mem = gpu_share(data=data)
    groups: dict[tuple[int, int, int], list[str]] = {}
    for r in sel:  # first appearance order
        groups.setdefault((r["gpu_milli"], r["cpu_milli"], r["memory_mib"]), []).append(r["name"])
    jobs = [{"name": f"g{g}-c{c}-m{m}", "workers": len(names), "compute": g,
             "resources": {"cpu_milli": c, "host_memory_mib": m}}
            for (g, c, m), names in groups.items()]
    t0, t1 = sel[0]["creation_time"], sel[-1]["creation_time"]
    return {
        "problem": "ojpp", "schema_version": 1, "name": f"openb-s{start}-n{n}",
        "description": (f"Alibaba openb GPU-sharing tasks {start}-{start + n - 1} (creation "
                        f"order; creation_time {t0}-{t1} s) on {MODEL} GPUs with a per-GPU "
                        "share of their node's CPU and host memory; no interference data"),
        "device_capacity": {"compute": GPU_MILLI, "cpu_milli": cpu, "host_memory_mib": mem},
        "jobs": jobs,
        "provenance": {"trace": "src/dlsched/data/alibaba_openb/" + PODS,
                       "tasks": f"{start}-{start + n - 1} in creation order",
                       "first_task": sel[0]["name"], "last_task": sel[-1]["name"],
                       "device": f"one {MODEL} GPU, 1/8 of its node's CPU and memory",
                       "builder": f"scripts/openb_ojpp.py window({start}, {n})"},
    }


def window(start: int, n: int, data: Path = DATA) -> Any:
    """The parsed ``OJPPInstance`` of ``window_data(start, n)``."""
    from dlsched.ojpp import parse

    return parse(window_data(start, n, data))
