"""The paper's own algorithms (Zhou et al.): A_online, A_dual and A_maxweight (Algs. 1-3) in
``.online``, and their placement subroutines A_mincost1/2 and A_RAmincost1/2 (Algs. 4-7) in
``.mincost``."""

from __future__ import annotations

from .online import a_maxweight_alg, a_online, a_online_compact

__all__ = ["a_maxweight_alg", "a_online", "a_online_compact"]
