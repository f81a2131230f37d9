"""Teaching support for the notebooks: the environment check of their first cell, the
packaged instances they load, and the exercise checkers (``dlsched.teaching.checks``).

Shipped with the package, so the notebooks run outside a source checkout: a student who
installed dlsched (``pip install "dlsched[notebooks]"``) opens a notebook anywhere and its
first cell, ``dlsched.teaching.environment()``, says in one line what is missing, if anything.
"""

from __future__ import annotations

from .environment import environment, instance_path

__all__ = ["environment", "instance_path"]
