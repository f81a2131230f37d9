"""The paper's own algorithms (Wang, Zhou et al., IEEE TC 2023), one module each: ``astraea``
(Alg. 1, ``astraea``), ``a-round`` (Alg. 2, ``a_round``) and ``a-maxirev`` (Alg. 3,
``a_maxirev``, with ``mincost-d`` / ``mincost-c`` for Algs. 4-5). The mechanism they share
lives in ``dlsched.revenue.support.mechanism``.

Importing this package registers them. The names of the former ``online.py`` module are
re-exported here (``dlsched.revenue.online`` is a deprecated alias of this package).
"""

from __future__ import annotations

from ..support.runs import mechanism_solution
from .a_maxirev import a_maxirev
from .a_round import a_round
from .astraea import astraea

__all__ = ["a_maxirev", "a_round", "astraea", "mechanism_solution"]
