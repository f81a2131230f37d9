"""The paper's worked example (notes §4): 2 tenants, 4 servers, 4 jobs with given rates."""
# "notes §n" = section n of docs/specs/revenue.md (the formulation notes of this problem)

from __future__ import annotations

from typing import Any


def worked_example(horizon: int = 128, fixed_workers: bool = False,
                   time_origin: str = "arrival") -> dict[str, Any]:
    """notes §4 input: C_sw = 2, C_sp = 1, q_w = (4, 4), q_p = (2, 2), b_w = b_p = 1;
    every job r = 3, E = 2, M = 1, n^C = 1, n^D = 0.5, f(x) = 100 - 2x.

    The default T = 128 holds every §4 schedule (Astraea's j22 runs in slots 65-94 when
    ``fixed_workers`` is false; the horizon caps every run). ``fixed_workers=True`` states the
    §4 narrative's problem (every job at D_j workers, OPT 284); false, Alg. 3's (OPT 326).
    """
    def job(name: str, tenant: str, chunks: int) -> dict[str, Any]:
        return {"name": name, "tenant": tenant, "arrival": 3, "epochs": 2, "chunks": chunks,
                "minibatches": 1, "rate": {"centralized": 1, "distributed": 0.5},
                "utility": {"kind": "linear", "slope": -2, "intercept": 100}}

    return {
        "problem": "revenue", "schema_version": 1, "name": "astraea-worked-example",
        "description": "Worked example of Wang, Zhou et al. (IEEE TC 2023) §4.2, notes §4 "
                       "(docs/specs/revenue.md)",
        "horizon": horizon, "bandwidth": {"worker": 1, "ps": 1},
        "tenants": [{"name": "u1", "quota": {"workers": 4, "ps": 2}},
                    {"name": "u2", "quota": {"workers": 4, "ps": 2}}],
        "servers": [{"name": f"s{i}", "workers": 2, "ps": 1,
                     "owner": "u1" if i <= 2 else "u2"} for i in range(1, 5)],
        "jobs": [job("j11", "u1", 2), job("j12", "u1", 3), job("j21", "u2", 2),
                 job("j22", "u2", 30)],
        "time_origin": time_origin, "fixed_workers": fixed_workers,
    }
