"""Executors: run tasks somewhere and stream ``(task, row)`` pairs back as they finish.

Registry (``EXECUTORS``): ``serial`` (in-process, for debugging), ``local`` (a process pool,
default), ``dask`` (a Dask distributed cluster: a LocalCluster, or any scheduler by address —
the same sweep runs on a laptop, SLURM via dask-jobqueue, or Kubernetes). Tasks never raise
(see ``run_task``); if a worker dies, its task comes back as an ``error`` row.
"""

from __future__ import annotations

import ctypes
import multiprocessing as mp
import os
import select
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..core import InputError, Registry
from .tasks import Task, canonical, run_task

Stream = Iterator[tuple[Task, dict[str, Any]]]


@dataclass(frozen=True)
class ExecutorConfig:
    """How an executor runs the tasks of a sweep.

    Parameters
    ----------
    jobs : int or None, default None
        Parallel workers (``None``: the number of cores). Unit: processes.
    address : str or None, default None
        The dask scheduler's address (``tcp://host:port``).
    admit : callable or None, default None
        Called just before a task is submitted; False means another sweep has it (skip it).

    Examples
    --------
    >>> ExecutorConfig(jobs=2).workers
    2
    """
    jobs: int | None = None  # None: number of cores
    address: str | None = None  # dask scheduler address (tcp://host:port)
    #: called just before a task is submitted; False: another sweep has it, skip it
    admit: Callable[[Task], bool] | None = None

    @property
    def workers(self) -> int:
        """Parallel workers: ``jobs``, else the number of cores (at least 1).

        Examples
        --------
        >>> ExecutorConfig(jobs=3).workers
        3
        """
        return max(1, self.jobs or os.cpu_count() or 1)

    def admits(self, task: Task) -> bool:
        """Whether ``task`` may be submitted (``admit`` says so, or there is no ``admit``).

        Parameters
        ----------
        task : Task
            The task about to be submitted.

        Returns
        -------
        bool
            False when another sweep has claimed or finished it.

        Examples
        --------
        >>> ExecutorConfig(admit=lambda task: False).admits(None)
        False
        """
        return self.admit is None or self.admit(task)


Executor = Callable[[list[Task], ExecutorConfig], Stream]
EXECUTORS: Registry[Executor] = Registry("executor")


def claims_lazily(fn: Executor) -> Executor:
    """Mark an executor that calls ``cfg.admits(task)`` itself right before submitting a task.

    The runner claims every task of an unmarked (plug-in) executor up front instead.
    """
    fn.claims_lazily = True  # type: ignore[attr-defined]
    return fn


# --- workers die with the sweep ------------------------------------------------------------------
_PR_SET_PDEATHSIG = 1  # linux/prctl.h
#: How often a worker without pidfd support checks whether the sweep process is gone (seconds).
PARENT_POLL_S = 0.5


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: alive, someone else's
        return True
    return True


def _watch_sweep(sweep: int, parent: int) -> None:
    """Exit this worker as soon as the sweep process ``sweep`` (or our parent) is gone."""
    try:
        fd = os.pidfd_open(sweep)  # Linux >= 5.3: readable once the process has exited
    except (AttributeError, OSError):
        fd = None
    if fd is not None:
        while True:
            ready, _, _ = select.select([fd], [], [], PARENT_POLL_S)
            if ready or os.getppid() != parent:
                os._exit(1)
    while _alive(sweep) and os.getppid() == parent:
        time.sleep(PARENT_POLL_S)
    os._exit(1)


def die_with_sweep(sweep: int) -> None:
    """Pool initializer: the worker exits when the sweep process dies, even by SIGKILL.

    A forkserver worker is a child of the forkserver, not of the sweep, and it holds the
    forkserver's keep-alive pipe, so neither outlives the other by itself: a daemon thread
    watches the sweep process (a pidfd where available, else polling every
    ``PARENT_POLL_S`` s). A spawn worker is the sweep's child: on Linux the kernel also
    kills it with its parent (``prctl(PR_SET_PDEATHSIG, SIGKILL)``).
    """
    parent = os.getppid()
    if sys.platform.startswith("linux") and parent == sweep:
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if not _alive(sweep):  # the sweep died before the watch was armed
        os._exit(1)
    threading.Thread(target=_watch_sweep, args=(sweep, parent), daemon=True,
                     name="dlsched-sweep-watch").start()


def _new_pool(workers: int, ctx: mp.context.BaseContext) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=die_with_sweep,
                               initargs=(os.getpid(),))


def _kill_workers(procs: list[Any], grace_s: float = 2.0) -> None:
    """SIGTERM the pool's worker processes, then SIGKILL those still alive after ``grace_s``."""
    for p in procs:
        with suppress(Exception):
            p.terminate()
    deadline = time.monotonic() + grace_s
    for p in procs:
        with suppress(Exception):
            p.join(max(0.0, deadline - time.monotonic()))
            if p.is_alive():
                p.kill()
                p.join(1.0)


def crashed_row(task: Task, exc: BaseException) -> dict[str, Any]:
    """Row for a task whose worker failed outside ``run_task`` (e.g. killed)."""
    return {
        "task_key": task.key, "suite": task.suite, "problem": task.problem, "group": task.group,
        "instance_id": task.instance_id, "instance_key": task.instance_key,
        "method": task.method, "kind": task.kind, "name": task.name,
        "params": canonical(task.params), "seed": task.seed,
        "solver": canonical(task.solver) if task.solver is not None else None,
        "status": "error", "valid": 0, "metrics": "{}",
        "error": f"worker failed: {type(exc).__name__}: {exc}",
        "traceback": "".join(traceback.format_exception(exc, limit=4)),
        "finished_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


def serial(tasks: list[Task], cfg: ExecutorConfig) -> Stream:
    """Run tasks one by one in this process."""
    for t in tasks:
        if cfg.admits(t):
            yield t, run_task(t)


def _context() -> mp.context.BaseContext:
    """forkserver with dlsched preloaded (cheap, thread-safe workers), else spawn."""
    if "forkserver" in mp.get_all_start_methods():
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["dlsched"])
        return ctx
    return mp.get_context("spawn")


def _fill(pool: ProcessPoolExecutor, running: dict[Future, Task], pending: list[Task],
          todo: Iterator[Task], window: int, admits: Callable[[Task], bool],
          claimed: set[str]) -> bool:
    """Top up ``running`` to ``window`` futures; False when the pool turned out to be broken.

    A task is admitted (claimed) once, when first drawn; a re-submission after a broken pool
    does not claim again.
    """
    while len(running) < window:
        t = pending.pop() if pending else next(todo, None)
        if t is None:
            return True
        if t.key not in claimed:
            if not admits(t):
                continue
            claimed.add(t.key)
        try:
            running[pool.submit(run_task, t)] = t
        except BrokenProcessPool:
            pending.append(t)
            return False
    return True


@contextmanager
def _pool(workers: int, ctx: mp.context.BaseContext):
    """A process pool that, when the sweep is interrupted, drops queued tasks and kills its workers.

    Interrupted means Ctrl-C, SIGTERM (the runner turns it into ``SweepInterrupted``) or
    the stream being closed: the tasks in flight are abandoned (they keep no claim and have no
    row, so a resume runs them) and no worker outlives the sweep.
    """
    pool = _new_pool(workers, ctx)
    try:
        yield pool
    except BaseException:
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        _kill_workers(procs)
        raise
    pool.shutdown(wait=True)


def _isolated(t: Task, ctx: mp.context.BaseContext) -> dict[str, Any]:
    """Run one task alone in a fresh single-worker pool: tells a culprit from a bystander."""
    with _pool(1, ctx) as pool:
        fut = pool.submit(run_task, t)
        exc = fut.exception()
        return crashed_row(t, exc) if exc is not None else fut.result()


def local(tasks: list[Task], cfg: ExecutorConfig) -> Stream:
    """A process pool (forkserver/spawn workers, never a fork of this process), 2x workers queued.

    If a worker process dies (segfault, OOM kill, ``os._exit``), the pool breaks and every task in
    flight fails with it; those tasks are re-run one by one in isolation, so only the task that
    kills its worker is recorded as an error, and a fresh pool takes the remaining tasks.
    """
    ctx = _context()
    window = 2 * cfg.workers
    todo = iter(tasks)
    pending: list[Task] = []  # taken from ``todo`` but not yet submitted
    claimed: set[str] = set()
    while True:
        first = pending.pop() if pending else next(todo, None)
        if first is None:
            return
        pending.append(first)
        suspects: list[Task] = []
        with _pool(min(cfg.workers, len(tasks)), ctx) as pool:
            running: dict[Future, Task] = {}
            healthy = _fill(pool, running, pending, todo, window, cfg.admits, claimed)
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    t = running.pop(fut)
                    exc = fut.exception()
                    if isinstance(exc, BrokenProcessPool):
                        healthy = False
                        suspects.append(t)
                    else:
                        yield t, (crashed_row(t, exc) if exc is not None else fut.result())
                if healthy:
                    healthy = _fill(pool, running, pending, todo, window, cfg.admits, claimed)
        for t in suspects:
            yield t, _isolated(t, ctx)
        if healthy:
            return


@contextmanager
def _dask_client(cfg: ExecutorConfig):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - dask is an optional extra
        raise InputError("--executor",
                         "dask is not installed (pip install 'dlsched[dask]')") from None
    if cfg.address:
        try:
            client = Client(cfg.address, timeout="20s")
        except OSError as exc:
            raise InputError("--address",
                             f"cannot reach Dask scheduler {cfg.address}: {exc}") from None
        try:
            yield client
        finally:
            client.close()
        return
    cluster = LocalCluster(n_workers=cfg.workers, threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def dask(tasks: list[Task], cfg: ExecutorConfig) -> Stream:
    """Submit every task to a Dask cluster and stream results with ``as_completed``."""
    tasks = [t for t in tasks if cfg.admits(t)]  # every task is submitted at once
    if not tasks:
        return
    from dask.distributed import as_completed

    with _dask_client(cfg) as client:
        futures = {client.submit(run_task, t, key=f"dlsched-{t.key}", pure=False): t for t in tasks}
        for fut in as_completed(futures):
            t = futures[fut]
            try:
                row = fut.result()
            except Exception as exc:  # worker died or lost: record and continue
                row = crashed_row(t, exc)
            yield t, row


EXECUTORS.add("serial", claims_lazily(serial))
EXECUTORS.add("local", claims_lazily(local))
EXECUTORS.add("dask", claims_lazily(dask))
