"""Limits on instance data that keep every method's work and memory bounded (one place).

Each limit is far above any instance of the papers or the shipped suites, and far below what
would allocate or simulate beyond reason; input outside them is rejected at parse time with the
field named (:class:`~dlsched.core.errors.InputError`), instead of hanging or overflowing later.
"""

from __future__ import annotations

#: any number in an instance file: finite and at most this large in magnitude (1e308 or 2^63
#: overflow the int64 / float arithmetic of the models and simulators)
MAX_MAGNITUDE = 1e15
#: time slots of a slotted model or simulator (horizons, job durations in slots): 10^6 one-hour
#: slots are 114 years; the papers use <= 4,096
MAX_SLOTS = 10**6
#: lease periods an event simulation may have to step through (sum of job durations / lease)
MAX_LEASE_PERIODS = 10**6
#: workers / GPUs of one instance (the papers: <= 10^4)
MAX_WORKERS = 10**6
#: entries of any list in an instance file
MAX_ITEMS = 10**6
