"""Exercise checkers of the notebooks, one module per notebook (``check_exercise_N(answer)``).

Each prints ``correct: ...`` or raises ``NotCorrect`` (one line, says what is wrong without the
answer); an unanswered exercise (``None``) only prints a hint. Expected values are worked out
here by hand or by brute force where possible, not read from the method under study.
"""

from __future__ import annotations

from ..grading import correct, unanswered, verify

__all__ = ["correct", "unanswered", "verify"]
