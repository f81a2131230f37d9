"""Pending jobs kept in a policy's order across decisions (issue 23: a policy's sort of its
candidates without re-sorting every pending job at every decision).

A policy whose order of the pending jobs is a key that does not change while a job waits (or
changes at times the policy knows, which it applies with ``rekey``) keeps them here: per demand,
a sorted list of keys (tuples ending with the job id, so keys are unique and ties break by id).
The simulator records which jobs entered or left the pending set (``EventSim.watch_pending``);
``sync`` applies those changes at the start of a decision, evaluating the key of each job that
became pending then, so the lists stay frozen during a decision (jobs displaced during the call
are the policy's expired candidates, not list entries).

``order`` walks the decision's candidates in key order: the pending jobs of every demand
``can_fit`` accepts, merged with the expired jobs' keys. A demand ``can_fit`` refuses is
dropped for the rest of the decision (the bounds behind it only shrink during a decision, so
each of its jobs would be skipped), and the walk ends when the pool is empty. The jobs it
yields are exactly those the plain loop "sort all candidates; for each: stop at an empty pool;
place it if it is still expired or ``can_fit`` its demand" would place or try, in the same
order.
"""

from __future__ import annotations

import heapq
from bisect import bisect_left, insort
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .events import EventSim

Key = tuple[Any, ...]


class PendingOrder:
    """The simulator's pending jobs by demand, each demand's jobs sorted by ``key``.

    Parameters
    ----------
    sim : EventSim
        The simulator whose pending jobs are kept (registered with ``sim.watch_pending``).
    key : callable
        Job index -> its sort key, a tuple ending with the job index; evaluated in ``sync``
        for each job that became pending since the previous ``sync``.
    group : callable or None, default None
        Job index -> the list it is kept in; None groups by demand (what ``order`` needs).

    Examples
    --------
    >>> import numpy as np
    >>> from dlsched.sim.events import EventSim, SimConfig
    >>> sim = EventSim(SimConfig(1, 8, 60.0, 10.0), np.zeros(3), np.array([1, 2, 1]),
    ...                np.ones(3))
    >>> order = PendingOrder(sim, lambda i: (-i, i))
    >>> sim._pending.update(range(3)); [sim._pend_add(i) for i in range(3)] and None
    >>> order.sync(); order.by_g
    {1: [(-2, 2), (0, 0)], 2: [(-1, 1)]}
    >>> list(order.order([]))
    [2, 1, 0]
    """

    def __init__(self, sim: EventSim, key: Callable[[int], Key],
                 group: Callable[[int], int] | None = None) -> None:
        self.sim = sim
        self.key = key
        self.group = sim._g.__getitem__ if group is None else group
        #: demand (or group) -> sorted keys of its pending jobs (as of the last ``sync``)
        self.by_g: dict[int, list[Key]] = {}
        #: job -> its key in ``by_g``
        self.key_of: dict[int, Key] = {}
        #: jobs whose pending state changed since the last ``sync`` (filled by the simulator)
        self.touched: set[int] = set(sim._pending)
        sim.watch_pending(self.touched)

    def sync(self) -> None:
        """Bring the lists up to the simulator's pending set (new keys for new entries)."""
        if not self.touched:
            return
        pend, group, key_of = self.sim._pending, self.group, self.key_of
        for i in self.touched:
            old = key_of.pop(i, None)
            if old is not None:
                self._remove(group(i), old)
            if i in pend:
                k = key_of[i] = self.key(i)
                self._insert(group(i), k)
        self.touched.clear()

    def rekey(self, i: int, key: Key) -> None:
        """Move pending job ``i`` (in the lists) to ``key``."""
        g = self.group(i)
        self._remove(g, self.key_of[i])
        self.key_of[i] = key
        self._insert(g, key)

    def _insert(self, g: int, k: Key) -> None:
        lst = self.by_g.get(g)
        if lst is None:
            self.by_g[g] = [k]
        else:
            insort(lst, k)

    def _remove(self, g: int, k: Key) -> None:
        lst = self.by_g[g]
        del lst[bisect_left(lst, k)]
        if not lst:
            del self.by_g[g]

    def order(self, expired_keys: list[Key]) -> Iterator[int]:
        """Jobs to try in this decision, in key order (see the module docstring).

        Parameters
        ----------
        expired_keys : list of tuple
            Keys of the decision's expired jobs (sorted here in place), tuples ending with
            the job index, comparable with the pending jobs' keys.

        Yields
        ------
        int
            The next job to ``place``: an expired job still expired, or a pending job (or
            an expired job displaced earlier in the decision) that ``can_fit`` accepts.
        """
        sim = self.sim
        fits, live, g_of = sim.can_fit, sim.expired, sim._g
        expired_keys.sort()
        lists: dict[int, list[Key]] = {-1: expired_keys}
        heap: list[tuple[Key, int]] = []
        if expired_keys:
            heap.append((expired_keys[0], -1))
        for g, lst in self.by_g.items():
            if fits(g):
                lists[g] = lst
                heap.append((lst[0], g))
        heapq.heapify(heap)
        pos = dict.fromkeys(lists, 0)
        while heap:
            if not sim._pool:
                return
            k, g = heap[0]
            if g >= 0 and not fits(g):  # refused now, so for the rest of the decision
                heapq.heappop(heap)
                continue
            lst = lists[g]
            p = pos[g] + 1
            pos[g] = p
            if p < len(lst):
                heapq.heapreplace(heap, (lst[p], g))
            else:
                heapq.heappop(heap)
            i = k[-1]
            if g >= 0 or i in live or fits(g_of[i]):
                yield i

