"""The notebooks' grading helpers (``dlsched.teaching``): safe for grading, kind to numbers."""

from __future__ import annotations

import numpy as np
import pytest

from dlsched.teaching import environment, instance_path
from dlsched.teaching.grading import (
    NotCorrect,
    boolean,
    choice,
    integer,
    number,
    numbers_list,
    verify,
)


@pytest.mark.parametrize("x", [6, 6.0, np.int64(6), np.float32(6.0), np.uint8(6)])
def test_numbers_of_every_kind_are_accepted(x) -> None:
    assert number(x, "the answer") == 6.0 and integer(x, "the answer") == 6


@pytest.mark.parametrize(("x", "kind"), [(True, "bool"), ("6", "str"), (None, "NoneType"),
                                         ([6], "list"), (np.bool_(True), "bool")])
def test_a_wrong_type_gets_one_line(x, kind: str) -> None:
    with pytest.raises(NotCorrect) as err:
        number(x, "the answer")
    text = str(err.value)
    assert "\n" not in text and "should be a number" in text and f"got {kind}" in text


def test_nan_and_fractions() -> None:
    with pytest.raises(NotCorrect, match="should be a number"):
        number(float("nan"), "x")
    with pytest.raises(NotCorrect, match=r"whole number, got 6\.5"):
        integer(6.5, "x")


def test_jupyter_shows_one_line_without_the_checker_code() -> None:
    with pytest.raises(NotCorrect) as err:
        verify(1 + 1 == 3, "1 + 1 is not what you wrote")
    assert err.value._render_traceback_() == ["not correct: 1 + 1 is not what you wrote"]
    assert isinstance(err.value, AssertionError)  # pytest.raises(AssertionError) still works


def test_lists_choices_and_booleans() -> None:
    assert numbers_list(np.array([1, 2]), "v", 2) == [1.0, 2.0]
    with pytest.raises(NotCorrect, match="should have 3 entries, got 2"):
        numbers_list([1, 2], "v", 3)
    with pytest.raises(NotCorrect, match=r"'fifo' is not one of \['a', 'b'\]"):
        choice("fifo", ["a", "b"], "the policy")
    assert boolean(np.bool_(False), "b") is False
    with pytest.raises(NotCorrect, match="True or False, got int"):
        boolean(1, "b")


def test_environment_line_and_instances(capsys, monkeypatch) -> None:
    assert environment().startswith("ready: dlsched")
    assert capsys.readouterr().out.count("\n") == 1
    line = environment(needs=("no_such_module_xyz",))
    assert line == ('missing: no_such_module_xyz -> run: pip install "dlsched[notebooks]" '
                    "(then restart the kernel)")
    assert instance_path("oef/gavel-n4-s0.json").is_file()
    with pytest.raises(FileNotFoundError, match="no packaged instance"):
        instance_path("oef/nope.json")
