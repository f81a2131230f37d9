"""Single-job patterns of the pattern ILP E2 (notes §2.4 "E2", problem (8)) and its matrix.

A *placement* of job j fixes a configuration k = (m, p, q, N, d) of ``config.configurations``
(the same pruned, filtered configurations and durations E1 uses) and per-server counts:

- q = 1: the N workers, and under PS one PS, on one server h;
- q = 0: every composition y of N over the H servers and, under PS, every PS-host set A != {}
  with the minimal PS counts s_h = max(1, ceil(b_m sum_{h' != h} y_h' / B_p)) for h in A, which
  meet (2i) by construction and dominate larger counts (notes §2.4 (docs/specs/completion.md)).

Placements whose footprint f_hr = e^r_m y_h + z^r_p s_h exceeds a server's capacity are dropped.
A *pattern* (a column of E2) is a placement plus a start t in a_j..T_max - d + 1.

Dominance (exact; ``dominance=True``): a placement is dropped when another one of the same job
has d' <= d and f' <= f on every (server, resource): its slots are a subset of the dropped one's
from the same start and it completes no later, so it can replace it in any schedule. One case is
applied while enumerating, so that the size limits count what is really built: only singleton
host sets A (s_h does not depend on A, so A' = {h} loads less than any A containing h), which
also removes, with the pairwise test, every q = 0 placement on one server. ``dominance=False``
enumerates every A and keeps every placement (tests use it to check that the reduction does not
change the optimum).

Size limits (E2 is meant for H <= 3, notes §2.4): ``PLACEMENT_LIMIT`` placements per job, counted
before enumerating, and ``COLUMN_LIMIT`` columns; above either, ``pattern_set`` raises an
``InputError`` on ``servers`` instead of building a model that would not fit in memory or time.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import scipy.sparse as sp

from ...core.deadline import check_deadline
from ...core.errors import InputError
from ..instance import CompletionInstance
from .config import EPS, Config, configurations

PLACEMENT_LIMIT = 20_000
COLUMN_LIMIT = 300_000


@lru_cache(maxsize=512)
def compositions(n: int, parts: int) -> np.ndarray:
    """Every y in Z_{>=0}^parts with sum n (stars and bars), one per row, read-only."""
    bars = np.array(list(itertools.combinations(range(n + parts - 1), parts - 1)),
                    dtype=np.int64).reshape(math.comb(n + parts - 1, parts - 1), parts - 1)
    edges = np.hstack([np.full((len(bars), 1), -1), bars, np.full((len(bars), 1), n + parts - 1)])
    out = np.diff(edges, axis=1) - 1
    out.setflags(write=False)
    return out


@lru_cache(maxsize=64)
def host_sets(n_servers: int, singletons: bool) -> np.ndarray:
    """PS-host sets A != {} as 0/1 rows: every subset, or only the singletons."""
    if singletons:
        out = np.eye(n_servers, dtype=np.int64)
    else:
        codes = np.arange(1, 2**n_servers)
        out = (codes[:, None] >> np.arange(n_servers)[None, :]) & 1
    out.setflags(write=False)
    return out


@dataclass(frozen=True)
class Placements:
    """The placements of one job as row-aligned arrays (P rows)."""

    config: np.ndarray  # (P,) index into configurations(inst, j)
    d: np.ndarray  # (P,) duration
    y: np.ndarray  # (P, H) workers per server
    s: np.ndarray  # (P, H) PSs per server (zeros under RAR)
    load: np.ndarray  # (P, H, R) footprint f_hr

    def __len__(self) -> int:
        return int(self.d.size)


def _count(k: Config, n_servers: int, ring: bool, singletons: bool) -> int:
    if k.q == 1:
        return n_servers
    hosts = 1 if ring else (n_servers if singletons else 2**n_servers - 1)
    return math.comb(k.n + n_servers - 1, n_servers - 1) * hosts


def placement_count(inst: CompletionInstance, j: int, dominance: bool = True) -> int:
    """Placements of job j before the capacity and dominance filters (no enumeration)."""
    return sum(_count(k, inst.n_servers, inst.ring, dominance) for k in configurations(inst, j))


def _config_block(inst: CompletionInstance, k: Config,
                  singletons: bool) -> tuple[np.ndarray, np.ndarray]:
    """(y, s) of every placement of configuration k, before the capacity filter."""
    H = inst.n_servers
    if k.q == 1:
        y = k.n * np.eye(H, dtype=np.int64)
        return y, (np.eye(H, dtype=np.int64) if k.p >= 0 else np.zeros_like(y))
    comp = compositions(k.n, H)
    if k.p < 0:
        return comp, np.zeros_like(comp)
    off = k.n - comp  # workers off each server: the traffic a PS there must carry, (2i)
    need = np.maximum(1, np.ceil(inst.worker_bw[k.m] * off / inst.ps_bw[k.p] - EPS))
    hosts = host_sets(H, singletons)
    y = np.repeat(comp, len(hosts), axis=0)
    s = (need.astype(np.int64)[:, None, :] * hosts[None, :, :]).reshape(-1, H)
    return y, s


def _undominated(d: np.ndarray, load: np.ndarray) -> np.ndarray:
    """Sorted indices of the placements no other placement dominates (first of equal keys)."""
    key = np.hstack([d[:, None].astype(float), load.reshape(len(d), -1)])
    _, first = np.unique(key, axis=0, return_index=True)
    first.sort()
    key = key[first]
    n, width = key.shape
    keep = np.ones(n, dtype=bool)
    chunk = max(1, 4_000_000 // max(1, n * width))
    for lo in range(0, n, chunk):
        blk = key[lo:lo + chunk]
        le = np.all(key[None, :, :] <= blk[:, None, :], axis=2)  # le[i, i']: i' <= i
        le[np.arange(len(blk)), np.arange(lo, lo + len(blk))] = False
        keep[lo:lo + len(blk)] = ~le.any(axis=1)  # keys are distinct: i' < i somewhere
    return first[keep]


def job_placements(inst: CompletionInstance, j: int, dominance: bool = True) -> Placements:
    """Every capacity-feasible placement of job j (the undominated ones if ``dominance``)."""
    H, R = inst.capacity.shape
    ks = configurations(inst, j)
    cfg, ys, ss, loads = [], [], [], []
    for i, k in enumerate(ks):
        y, s = _config_block(inst, k, dominance)
        z = inst.ps_demand[k.p] if k.p >= 0 else np.zeros(R)
        load = y[:, :, None] * inst.worker_demand[k.m] + s[:, :, None] * z
        ok = np.all(load <= inst.capacity + EPS, axis=(1, 2))
        cfg.append(np.full(int(ok.sum()), i))
        ys.append(y[ok])
        ss.append(s[ok])
        loads.append(load[ok])
    if not ks:
        empty = np.zeros((0, H), dtype=np.int64)
        return Placements(np.zeros(0, np.int64), np.zeros(0, np.int64), empty, empty,
                          np.zeros((0, H, R)))
    config = np.concatenate(cfg).astype(np.int64)
    d = np.array([k.d for k in ks], dtype=np.int64)[config]
    out = Placements(config, d, np.vstack(ys), np.vstack(ss), np.concatenate(loads))
    if dominance and len(out):
        idx = _undominated(out.d, out.load)
        out = Placements(out.config[idx], out.d[idx], out.y[idx], out.s[idx], out.load[idx])
    return out


def _expand(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(owner, offset) for ``counts[i]`` consecutive entries per owner i: the vectorised
    ``[(i, o) for i in range(len(counts)) for o in range(counts[i])]``."""
    owner = np.repeat(np.arange(len(counts)), counts)
    base = np.repeat(np.cumsum(counts) - counts, counts)
    return owner, np.arange(owner.size) - base


@dataclass(frozen=True)
class PatternSet:
    """The columns of E2 over slots 1..tmax: column c is placement ``place[c]`` of job
    ``job[c]`` started at ``start[c]``."""

    inst: CompletionInstance
    tmax: int
    placements: tuple[Placements, ...]
    job: np.ndarray
    place: np.ndarray
    start: np.ndarray
    d: np.ndarray
    enumerated: int  # placements before the capacity and dominance filters

    @property
    def n_columns(self) -> int:
        return int(self.job.size)

    @property
    def n_placements(self) -> int:
        return sum(len(pl) for pl in self.placements)

    def cost(self) -> np.ndarray:
        """w_j (t_l + d_l) per column."""
        return self.inst.weight[self.job] * (self.start + self.d)

    def assignment(self) -> sp.csr_matrix:
        """Rows sum_l x_jl = 1, one per job (J x columns)."""
        n = self.n_columns
        return sp.csr_matrix((np.ones(n), (self.job, np.arange(n))),
                             shape=(self.inst.n_jobs, n))

    def capacity(self) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
        """Packing rows (8a) sum_{j, l running in t} f_jhr(l) x_jl <= C_hr, only for the
        (h, r, t) some column loads: (matrix, upper bounds, row keys (h, r, t) as (rows, 3))."""
        H, R = self.inst.capacity.shape
        T = self.tmax
        offsets = np.cumsum([0] + [len(pl) for pl in self.placements[:-1]]).astype(np.int64)
        flat = sp.csr_matrix(np.concatenate(
            [pl.load.reshape(len(pl), H * R) for pl in self.placements]))
        g = offsets[self.job] + self.place  # global placement of each column
        nz = np.diff(flat.indptr)[g]
        col, pos = _expand(nz)  # (column, non-zero (h, r) of its footprint) pairs
        pos = flat.indptr[g[col]] + pos
        hr, val = flat.indices[pos], flat.data[pos]
        pair, off = _expand(self.d[col])  # ... times the slots the column runs in
        col = col[pair]
        row = hr[pair] * T + (self.start[col] - 1 + off)
        used, row = np.unique(row, return_inverse=True)
        A = sp.csr_matrix((val[pair], (row, col)), shape=(used.size, self.n_columns))
        upper = self.inst.capacity.ravel()[used // T]
        keys = np.column_stack([used // T // R, used // T % R, used % T + 1])
        return A, upper, keys


def column_count(inst: CompletionInstance, placements: tuple[Placements, ...],
                 tmax: int) -> int:
    return int(sum(np.maximum(0, tmax - pl.d + 2 - int(inst.arrival[j])).sum()
                   for j, pl in enumerate(placements)))


def _checked(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` after a check of the caller's time limit (core.deadline)."""
    check_deadline()
    return fn(*args)


def _too_big(what: str, count: int, limit: int) -> InputError:
    return InputError("servers", f"E2 (completion-patterns) would have {count} {what} > "
                      f"{limit}: the pattern ILP is meant for H <= 3 servers and small D, T "
                      f"(notes §2.4); use completion-milp or completion-cpsat")


def pattern_set(inst: CompletionInstance, tmax: int | None = None, *, dominance: bool = True,
                placement_limit: int | None = None,
                column_limit: int | None = None) -> PatternSet:
    """Enumerate the placements and the (placement, start) columns of E2; raises
    ``InputError("servers", ...)`` above the size limits, before building anything large."""
    tmax = int(tmax or inst.horizon)
    plimit = PLACEMENT_LIMIT if placement_limit is None else placement_limit
    climit = COLUMN_LIMIT if column_limit is None else column_limit
    counts = []
    for j in range(inst.n_jobs):
        check_deadline()  # only inside a caller's time limit (core.deadline)
        counts.append(placement_count(inst, j, dominance))
    if max(counts) > plimit:
        raise _too_big(f"placements for job {inst.job_names[int(np.argmax(counts))]}",
                       max(counts), plimit)
    placements = tuple(_checked(job_placements, inst, j, dominance) for j in range(inst.n_jobs))
    n_cols = column_count(inst, placements, tmax)
    if n_cols > climit:
        raise _too_big("pattern columns", n_cols, climit)
    jobs, places, starts = [], [], []
    for j, pl in enumerate(placements):
        first = int(inst.arrival[j])
        n_starts = np.maximum(0, tmax - pl.d + 2 - first)
        place, off = _expand(n_starts)
        jobs.append(np.full(place.size, j, dtype=np.int64))
        places.append(place)
        starts.append(first + off)
    job, place = np.concatenate(jobs), np.concatenate(places)
    d = np.concatenate([pl.d[p] for pl, p in zip(placements, places, strict=True)])
    return PatternSet(inst, tmax, placements, job, place, np.concatenate(starts), d,
                      sum(counts))
