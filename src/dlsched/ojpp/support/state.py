"""Cluster state for the placement algorithms: per-device aggregates kept as numpy rows.

Every test of notes §6 ``fits(w, k)`` is evaluated for *all* open devices at once from O(d + T)
aggregates per device (T = number of interference types): additive loads, peak/largest burst,
the no-collision terms (P0, P1), worker counts per type and the largest slowdown per type. Only
the cross-device balance of *other* jobs on a candidate device needs the per-job slowdown lists;
it is checked exactly, in candidate order, for the few best candidates (see placement.py).

Slowdown updates use the type-level matrix M: adding a worker of type b to a device turns the
slowdown s of a present worker of type a into ``s + M[a, b]`` (additive) or ``max(s, M[a, b])``
(max), and the new worker's own slowdown is ``cnt . M[b]`` (additive) or the largest ``M[b, t]``
over present types t (max) -- the same values notes §3 defines per job.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from dataclasses import dataclass
from operator import le

import numpy as np

from ..instance import OJPPInstance
from .collision import no_collision_terms

#: Tolerances of the algorithms: stricter than the validator's (``dlsched.core.tolerance``), so
#: what they build is valid.
RTOL = 1e-10
ATOL = 1e-10
NEG = -np.inf


@dataclass(frozen=True)
class Rules:
    """Active constraint set and selection rule of a Placement run (notes §6-§7).

    Compute and memory are always on; ``memory`` is ``opportunistic`` (3) or ``peak`` (sum of
    base + burst, the 'traditional' 2D reading for Best-fit). ``select`` is ``potential`` (lowest
    device interference after placement, then best fit, then index) or ``best_fit``.
    """

    collision: bool = True
    interference: bool = True
    balance: bool = True
    memory: str = "opportunistic"
    select: str = "potential"


@dataclass
class Limits:
    tau: float | None
    theta: float | None
    spread: float | None


class Cluster:
    """Open devices and their aggregates; devices are opened in index order and never closed."""

    def __init__(self, inst: OJPPInstance, rules: Rules) -> None:
        self.inst = inst
        self.rules = rules
        lim = inst.limits
        self.lim = Limits(
            lim.collision if rules.collision else None,
            lim.interference if rules.interference else None,
            lim.balance if rules.balance else None,
        )
        n, cap_m = inst.n_jobs, max(inst.n_workers, 1)
        self.dem = inst.demand
        self.cap = inst.cap
        self.burst = inst.burst
        self.p = inst.p
        self.tix = inst.type_index
        self.M = inst.type_matrix
        self.additive = inst.interference_model == "additive"
        self.correlated = inst.collision_model == "correlated_same_job"
        T = self.M.shape[0]
        d = self.dem.shape[1]
        self.load = np.zeros((cap_m, d))
        self.peak = np.zeros(cap_m)
        self.bmax = np.zeros(cap_m)
        self.P0 = np.ones(cap_m)
        self.P1 = np.zeros(cap_m)
        self.cnt = np.zeros((cap_m, T))
        self.maxS = np.full((cap_m, T), NEG)
        self.theta = np.zeros(cap_m)
        self.contents: list[dict[int, int]] = []
        self.slow: list[dict[int, float]] = []
        self.job_dev: list[dict[int, int]] = [{} for _ in range(n)]
        # plain-Python copies for the one-device path (evaluate_one), where numpy's per-call
        # overhead would dominate
        self.Ml = self.M.tolist()
        self.tixl = [int(t) for t in self.tix]
        self.deml = self.dem.tolist()
        self.capl = self.cap.tolist()
        self.capxl = [c * (1 + RTOL) for c in self.capl]  # capacities with the tolerance
        self.burstl = self.burst.tolist()
        self.pl = self.p.tolist()
        self.mark = np.zeros(cap_m, dtype=bool)
        # devices that may still take a worker of some unplaced job (see prune)
        self.live_mask = np.zeros(cap_m, dtype=bool)
        self._live: np.ndarray | None = None
        self.floor: tuple[np.ndarray, float, float, float] | None = None
        self._floor_keys: list[tuple[np.ndarray, list[int]]] | None = None
        self._floor_ptr: list[int] = []
        self._floor_mins: list[float] = []
        # per-job scan buffers (see evaluate)
        self.ok = np.zeros(cap_m, dtype=bool)
        self.pot = np.zeros(cap_m)
        self.snew = np.zeros(cap_m)
        self.res = np.zeros(cap_m)

    @property
    def m_open(self) -> int:
        return len(self.contents)

    def open_device(self) -> int:
        self.contents.append({})
        self.slow.append({})
        k = self.m_open - 1
        self.live_mask[k] = True
        self._live = None
        return k

    @property
    def live(self) -> np.ndarray:
        """Open devices not yet known to be unable to take any unplaced worker."""
        if self._live is None:
            self._live = np.flatnonzero(self.live_mask[: self.m_open])
        return self._live

    def set_remaining(self, unplaced: np.ndarray, removed: int | None = None) -> None:
        """Declare the unplaced jobs (mask); devices that cannot take even the elementwise
        smallest of their workers (resources, memory (3), collision with the smallest burst
        probability) are dropped from all later scans. Loads only grow and the floor only rises,
        so a dropped device would never be chosen again: pruning changes speed, not results.

        The floor is kept incrementally: one ascending order per floor key (each demand column,
        burst, p) and a pointer that skips placed jobs, so a call costs amortised O(1) instead
        of a scan over all jobs. ``removed`` is accepted for the caller's convenience."""
        if self._floor_keys is None:
            cols = [self.dem[:, c] for c in range(self.dem.shape[1])] + [self.burst, self.p]
            self._floor_keys = [(col, np.argsort(col, kind="stable").tolist()) for col in cols]
            self._floor_ptr = [0] * len(cols)
        mins = []
        for pos, (col, order) in enumerate(self._floor_keys):
            ptr = self._floor_ptr[pos]
            while ptr < len(order) and not unplaced[order[ptr]]:
                ptr += 1
            self._floor_ptr[pos] = ptr
            if ptr == len(order):
                return  # nothing left to place
            mins.append(float(col[order[ptr]]))
        if mins == self._floor_mins:
            return
        self._floor_mins = mins
        d = self.dem.shape[1]
        self.floor = (np.array(mins[:d]), mins[d], mins[d + 1], mins[1] + mins[d])
        self.prune(self.live)

    def prune(self, rows: np.ndarray | list[int]) -> None:
        """Drop the devices in ``rows`` that fail the floor test of ``set_remaining``."""
        if self.floor is None or len(rows) == 0:
            return
        if len(rows) <= 8:  # a Job's few touched devices: plain Python, same comparisons
            for k in rows:
                if self._floor_dead(int(k)):
                    self.live_mask[k] = False
                    self._live = None
            return
        rows = np.asarray(rows)
        dem, burst, p, peak = self.floor
        cap = self.cap
        dead = np.any(self.load[rows] + dem > cap * (1 + RTOL), axis=1)
        if self.rules.memory == "peak":
            dead |= self.peak[rows] + peak > cap[1] * (1 + RTOL)
        else:
            dead |= self.load[rows, 1] + dem[1] + np.maximum(self.bmax[rows], burst) > cap[1] * (
                1 + RTOL
            )
        if self.lim.tau is not None and not self.correlated:
            P0, P1 = self.P0[rows], self.P1[rows]
            dead |= 1.0 - P0 - P1 + p * P1 > self.lim.tau + ATOL  # tau after a p-worker
        if dead.any():
            self.live_mask[rows[dead]] = False
            self._live = None

    def _floor_dead(self, k: int) -> bool:
        """The test of ``prune`` for one device (the same float operations, in order)."""
        dem, burst, p, peak = self.floor
        capx = self.capxl
        load = self.load[k].tolist()
        if any(a + b > c for a, b, c in zip(load, dem.tolist(), capx, strict=True)):
            return True
        if self.rules.memory == "peak":
            if float(self.peak[k]) + peak > capx[1]:
                return True
        elif load[1] + float(dem[1]) + max(float(self.bmax[k]), burst) > capx[1]:
            return True
        if self.lim.tau is not None and not self.correlated:
            P0, P1 = float(self.P0[k]), float(self.P1[k])
            return 1.0 - P0 - P1 + p * P1 > self.lim.tau + ATOL
        return False

    # ---- vectorised scan -----------------------------------------------------------------------
    def evaluate(self, i: int, rows: np.ndarray | slice) -> None:
        """Tentatively add one worker of job i to each device in ``rows``; fill the buffers.

        ``ok``: resources, memory, collision and interference cap hold; ``pot``: device
        interference after placement; ``snew``: the slowdown job i's workers there would have;
        ``res``: total normalised residual capacity after placement (best-fit key).
        """
        cap, dem_i = self.cap, self.dem[i]
        load = self.load[rows] + dem_i
        ok = np.all(load <= cap * (1 + RTOL), axis=1)
        if self.rules.memory == "peak":
            mem = self.peak[rows] + dem_i[1] + self.burst[i]
        else:
            mem = load[:, 1] + np.maximum(self.bmax[rows], self.burst[i])
        ok &= mem <= cap[1] * (1 + RTOL)
        if self.lim.tau is not None:
            ok &= self._tau_after(i, rows) <= self.lim.tau + ATOL
        if self.lim.theta is None and self.rules.select == "best_fit" and self.lim.spread is None:
            snew = pot = np.zeros(len(ok))  # slowdowns play no role (Best-fit)
        else:
            snew, pot = self._potential(i, rows)
        if self.lim.theta is not None:
            ok &= pot <= self.lim.theta + ATOL
        res = (cap[0] - load[:, 0]) / cap[0] + (cap[1] - mem) / cap[1]
        if load.shape[1] > 2:
            res = res + ((cap[2:] - load[:, 2:]) / cap[2:]).sum(axis=1)
        self.ok[rows], self.snew[rows] = ok, snew
        # keys for the device choice, rounded so float noise does not break ties
        self.pot[rows], self.res[rows] = np.round(pot, 9), np.round(res, 12)

    def _potential(self, i: int, rows: np.ndarray | slice) -> tuple[np.ndarray, np.ndarray]:
        """(slowdown of job i's workers, device interference) after adding one worker of i."""
        cnt = self.cnt[rows]
        present = cnt > 0
        ti = self.tix[i]
        col = self.M[:, ti]
        if self.additive:
            others = np.where(present, self.maxS[rows] + col, NEG)
            snew = cnt @ self.M[ti]
        else:
            others = np.where(present, np.maximum(self.maxS[rows], col), NEG)
            snew = np.where(present, self.M[ti], 0.0).max(axis=1, initial=0.0)
        pot = np.maximum(others.max(axis=1, initial=0.0), snew)
        return snew, pot

    def evaluate_one(self, i: int, k: int) -> None:
        """``evaluate`` for one device in plain Python (same values, less overhead)."""
        cap, d = self.capl, self.deml[i]
        nl = [a + b for a, b in zip(self.load[k].tolist(), d, strict=True)]
        ok = all(map(le, nl, self.capxl))
        if self.rules.memory == "peak":
            mem = float(self.peak[k]) + d[1] + self.burstl[i]
        else:
            mem = nl[1] + max(float(self.bmax[k]), self.burstl[i])
        ok = ok and mem <= self.capxl[1]
        if ok and self.lim.tau is not None:
            if self.correlated:
                tau = float(self._tau_after(i, np.array([k]))[0])
            else:
                p, P0, P1 = self.pl[i], float(self.P0[k]), float(self.P1[k])
                tau = 1.0 - P0 * (1 - p) - (P1 * (1 - p) + P0 * p)
            ok = tau <= self.lim.tau + ATOL
        ti, Ml, tixl = self.tixl[i], self.Ml, self.tixl
        Mti = Ml[ti]
        slow = self.slow[k]
        others = snew = 0.0
        for q, c in self.contents[k].items():
            tq = tixl[q]
            a = Ml[tq][ti]
            if self.additive:
                others = max(others, slow[q] + a)
                snew += c * Mti[tq]
            else:
                others = max(others, slow[q], a)
                snew = max(snew, Mti[tq])
        pot = max(others, snew)
        if self.lim.theta is not None:
            ok = ok and pot <= self.lim.theta + ATOL
        res = (cap[0] - nl[0]) / cap[0] + (cap[1] - mem) / cap[1]
        for v, c in zip(nl[2:], cap[2:], strict=True):
            res += (c - v) / c
        self.ok[k], self.snew[k] = ok, snew
        self.pot[k], self.res[k] = round(pot, 9), round(res, 12)

    def _tau_after(self, i: int, rows: np.ndarray | slice) -> np.ndarray:
        p = self.p[i]
        P0, P1 = self.P0[rows], self.P1[rows]
        if not self.correlated:
            return 1.0 - P0 * (1 - p) - (P1 * (1 - p) + P0 * p)
        idx = np.arange(self.m_open)[rows]
        have = np.array([self.contents[k].get(i, 0) for k in idx], dtype=int)
        tau = 1.0 - P0 * (1 - p) - (P1 * (1 - p) + P0 * p)  # job i new on the device
        tau = np.where(have >= 2, 1.0 - P0 - P1, tau)  # a 3rd worker changes nothing
        for pos in np.nonzero(have == 1)[0]:  # job i becomes a self-colliding pair
            y = self._row_counts(int(idx[pos]))
            y[i] += 1
            q0, q1 = no_collision_terms(y, self.p, "correlated_same_job")
            tau[pos] = 1.0 - q0[0] - q1[0]
        return tau

    def _row_counts(self, k: int) -> np.ndarray:
        y = np.zeros(self.inst.n_jobs, dtype=int)
        for q, c in self.contents[k].items():
            y[q] = c
        return y

    # ---- exact per-device checks -------------------------------------------------------------
    def job_range(self, q: int, exclude: int | None = None) -> tuple[float, float] | None:
        """(min, max) slowdown of job q over its devices other than ``exclude``."""
        vals = [self.slow[k][q] for k in self.job_dev[q] if k != exclude]
        return (min(vals), max(vals)) if vals else None

    def balance_ok(self, i: int, k: int, s_new: float, fresh_zero: bool) -> bool:
        """Job i's spread with its workers on k at ``s_new`` and every other job on k keeps its
        spread (notes §6). ``fresh_zero``: Phase B's min(v_i) = 0."""
        lim = self.lim.spread
        if lim is None:
            return True
        rng = self.job_range(i, exclude=k)
        lo, hi = (rng if rng is not None else (s_new, s_new))
        if fresh_zero:
            lo = min(lo, 0.0)
        if max(hi, s_new) - min(lo, s_new) > lim + ATOL:
            return False
        ti, Ml, tixl, slow = self.tixl[i], self.Ml, self.tixl, self.slow[k]
        for q in self.contents[k]:
            if q == i:
                continue
            s, a = slow[q], Ml[tixl[q]][ti]
            s2 = s + a if self.additive else max(s, a)
            rq = self.job_range(q, exclude=k)
            if rq is not None and max(rq[1], s2) - min(rq[0], s2) > lim + ATOL:
                return False
        return True

    # ---- updates -------------------------------------------------------------------------------
    def place(self, i: int, k: int) -> None:
        """Add one worker of job i to device k (incremental update of row k)."""
        ti = self.tix[i]
        dev, slow = self.contents[k], self.slow[k]
        if self.additive:
            s_new = float(self.cnt[k] @ self.M[ti])
        else:
            present = self.cnt[k] > 0
            s_new = float(np.max(self.M[ti][present], initial=0.0))
        # plain-Python scalars below (same IEEE operations as the numpy ones, less overhead)
        Ml, tixl = self.Ml, self.tixl
        for q in dev:
            if q != i:
                a = Ml[tixl[q]][ti]
                slow[q] = slow[q] + a if self.additive else max(slow[q], a)
        slow[i] = s_new
        had = dev.get(i, 0)
        dev[i] = had + 1
        jd = self.job_dev[i]
        jd[k] = jd.get(k, 0) + 1
        self.load[k] += self.dem[i]
        burst = self.burstl[i]
        self.peak[k] = float(self.peak[k]) + (self.deml[i][1] + burst)
        self.bmax[k] = max(float(self.bmax[k]), burst)
        self.cnt[k, ti] += 1
        if self.correlated and had >= 1:
            q0, q1 = no_collision_terms(self._row_counts(k), self.p, "correlated_same_job")
            self.P0[k], self.P1[k] = q0[0], q1[0]
        elif not (self.correlated and had >= 2):
            p, P0 = self.pl[i], float(self.P0[k])
            self.P0[k], self.P1[k] = P0 * (1 - p), float(self.P1[k]) * (1 - p) + P0 * p
        self._refresh_types(k)

    def snapshot(self, k: int) -> tuple:
        """Row k's complete state, for ``restore`` (Placement's whole-job undo)."""
        return (self.load[k].copy(), self.peak[k], self.bmax[k], self.P0[k], self.P1[k],
                self.cnt[k].copy(), self.maxS[k].copy(), self.theta[k],
                dict(self.contents[k]), dict(self.slow[k]))

    def restore(self, k: int, snap: tuple) -> None:
        """Put row k back exactly as ``snapshot`` saw it (O(d + T), no recomputation)."""
        (self.load[k], self.peak[k], self.bmax[k], self.P0[k], self.P1[k], self.cnt[k],
         self.maxS[k], self.theta[k], contents, slow) = snap
        self.contents[k], self.slow[k] = dict(contents), dict(slow)

    def remove(self, i: int, k: int) -> None:
        """Take one worker of job i off device k (full recomputation of row k)."""
        dev = self.contents[k]
        dev[i] -= 1
        if dev[i] == 0:
            del dev[i]
            del self.slow[k][i]
        self.job_dev[i][k] -= 1
        if self.job_dev[i][k] == 0:
            del self.job_dev[i][k]
        self._recompute(k)

    def _recompute(self, k: int) -> None:
        dev = self.contents[k]
        js = np.array(sorted(dev), dtype=int)
        ys = np.array([dev[q] for q in js], dtype=int)
        self.load[k] = ys @ self.dem[js] if js.size else 0.0
        self.peak[k] = float(ys @ (self.dem[js, 1] + self.burst[js])) if js.size else 0.0
        self.bmax[k] = float(self.burst[js].max(initial=0.0)) if js.size else 0.0
        model = "correlated_same_job" if self.correlated else "independent"
        q0, q1 = no_collision_terms(self._row_counts(k), self.p, model)
        self.P0[k], self.P1[k] = q0[0], q1[0]
        self.cnt[k] = 0
        np.add.at(self.cnt[k], self.tix[js], ys)
        if js.size:
            t = self.tix[js]
            sub = self.M[np.ix_(t, t)]
            if self.additive:
                s = sub @ ys - np.diag(sub)
            else:
                others = np.broadcast_to(ys, (len(js), len(js))).copy()
                others[np.arange(len(js)), np.arange(len(js))] -= 1
                s = np.where(others > 0, sub, 0.0).max(axis=1)
            self.slow[k] = {int(q): float(v) for q, v in zip(js, s, strict=True)}
        self._refresh_types(k)

    def _refresh_types(self, k: int) -> None:
        row = [NEG] * self.maxS.shape[1]
        tixl = self.tixl
        for q, s in self.slow[k].items():
            t = tixl[q]
            if s > row[t]:
                row[t] = s
        self.maxS[k] = row
        self.theta[k] = max(self.slow[k].values(), default=0.0)

    def counts(self) -> list[dict[int, int]]:
        return [dict(d) for d in self.contents]
