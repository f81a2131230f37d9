"""The OEF paper's own algorithms (the mechanisms themselves are the LPs in ``exact/``).

``placer.py``: the notes-§4 placer that rounds a fractional allocation to whole GPUs round after
round (registered as ``oef-placer``).
"""

from __future__ import annotations

from .placer import oef_placer, place, place_step

__all__ = ["oef_placer", "place", "place_step"]
