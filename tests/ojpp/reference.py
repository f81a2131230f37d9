"""Slow reference of Placement / Greedy / Heuristic written straight from notes §6-§7.

Every test recomputes the device from its worker list with the validator's own formulas, so the
vectorised state (dlsched.ojpp.support.state) is checked against an independent reading of the
notes.
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

import numpy as np

from dlsched.ojpp.algorithms.heuristic import heuristic_order
from dlsched.ojpp.support.placement import resource_order
from dlsched.ojpp.support.state import Rules
from dlsched.ojpp.validate import _slowdown, _tau

TOL = 1e-10


def _workers(dev: dict[int, int]) -> list[int]:
    return [i for i, c in sorted(dev.items()) for _ in range(c)]


def _device_slowdowns(inst, dev):
    ws = _workers(dev)
    out: dict[int, float] = {}
    for w, i in enumerate(ws):
        out[i] = _slowdown(w, ws, inst)  # identical for every worker of a job
    return out


class Reference:
    def __init__(self, inst, rules: Rules):
        self.inst, self.rules = inst, rules
        lim = inst.limits
        self.tau = lim.collision if rules.collision else None
        self.theta = lim.interference if rules.interference else None
        self.spread = lim.balance if rules.balance else None
        self.devices: list[dict[int, int]] = []

    def _mem(self, dev):
        jobs = [self.inst.jobs[i] for i in _workers(dev)]
        if self.rules.memory == "peak":
            return sum(j.mem_base + j.mem_burst for j in jobs)
        return sum(j.mem_base for j in jobs) + max(j.mem_burst for j in jobs)

    def _slow_all(self, devices):
        return [_device_slowdowns(self.inst, d) for d in devices]

    def _spread_ok(self, q, devices, slows, fresh_zero=False):
        vals = [slows[k][q] for k, d in enumerate(devices) if d.get(q)]
        if fresh_zero:
            vals.append(0.0)
        return not vals or max(vals) - min(vals) <= self.spread + TOL

    def fits(self, i, k, fresh_zero):
        """(ok, potential, residual) of one more worker of job i on device k."""
        inst = self.inst
        devices = [dict(d) for d in self.devices]
        dev = devices[k]
        dev[i] = dev.get(i, 0) + 1
        ws = _workers(dev)
        jobs = [inst.jobs[q] for q in ws]
        caps = dict(inst.capacity)
        comp = sum(j.compute for j in jobs)
        ok = comp <= caps["compute"] * (1 + TOL)
        extra = []
        for r in inst.dims[2:]:
            load = sum(dict(j.resources).get(r, 0.0) for j in jobs)
            extra.append((caps[r] - load) / caps[r])
            ok &= load <= caps[r] * (1 + TOL)
        mem = self._mem(dev)
        ok &= mem <= caps["memory"] * (1 + TOL)
        if self.tau is not None:
            ok &= _tau(ws, inst) <= self.tau + TOL
        slows = self._slow_all(devices)
        pot = max(slows[k].values())
        if self.theta is not None:
            ok &= pot <= self.theta + TOL
        if ok and self.spread is not None:
            ok &= self._spread_ok(i, devices, slows, fresh_zero)
            for q in dev:
                if q != i:
                    ok &= self._spread_ok(q, devices, slows)
        res = (caps["compute"] - comp) / caps["compute"] + (caps["memory"] - mem) / caps["memory"]
        res += sum(extra)
        return ok, round(pot, 9), round(res, 12)

    def choose(self, i, fresh_zero):
        best = None
        for k in range(len(self.devices)):
            ok, pot, res = self.fits(i, k, fresh_zero)
            if not ok:
                continue
            key = (res, k) if self.rules.select == "best_fit" else (pot, res, k)
            if best is None or key < best:
                best = key
        return None if best is None else best[-1]

    def placement(self, i):
        omega = self.inst.jobs[i].workers
        saved = [dict(d) for d in self.devices]
        placed = 0
        if self.devices:
            for _ in range(omega):
                k = self.choose(i, fresh_zero=False)
                if k is None:
                    break
                self.devices[k][i] = self.devices[k].get(i, 0) + 1
                placed += 1
            if placed == omega:
                return
            self.devices = saved
        for _ in range(omega):
            k = self.choose(i, fresh_zero=True)
            if k is None:
                self.devices.append({})
                k = len(self.devices) - 1
            self.devices[k][i] = self.devices[k].get(i, 0) + 1


def reference_run(inst, rules: Rules, order: str = "greedy", **params) -> list[dict[int, int]]:
    ref = Reference(inst, rules)
    if order == "greedy":
        jobs = [int(i) for i in resource_order(inst)]
    else:
        jobs = list(heuristic_order(inst, None, **params))
    for i in jobs:
        ref.placement(i)
    return ref.devices


def as_names(inst, devices):
    return [{inst.jobs[i].name: c for i, c in sorted(d.items())} for d in devices if d]


__all__ = ["as_names", "np", "reference_run"]
