"""core.deadline: nested deadlines, budgets, and the process age, checked against the clock."""

from __future__ import annotations

import builtins
import os
import time

import pytest

from dlsched.core import deadline as dl
from dlsched.core.errors import DlschedError


def test_no_deadline_outside_a_block() -> None:
    assert dl.time_left() is None
    assert dl.past_deadline() is False
    dl.check_deadline()
    with dl.deadline(None):
        assert dl.time_left() is None
        dl.check_deadline()


def test_time_left_counts_down_from_the_block_start() -> None:
    with dl.deadline(100.0):
        left = dl.time_left()
        assert 99.0 < left <= 100.0
        assert dl.past_deadline() is False
        dl.check_deadline()
    assert dl.time_left() is None  # reset on exit


def test_a_passed_deadline_raises() -> None:
    with dl.deadline(0.0):
        time.sleep(0.002)
        assert dl.past_deadline() is True
        assert dl.time_left() < 0
        with pytest.raises(dl.DeadlineExceeded, match=r"^time limit reached$"):
            dl.check_deadline()
    assert issubclass(dl.DeadlineExceeded, DlschedError)


def test_negative_seconds_count_as_zero() -> None:
    with dl.deadline(-50.0):
        assert -1.0 < dl.time_left() <= 0.0


def test_nested_blocks_keep_the_earlier_deadline() -> None:
    with dl.deadline(100.0):
        with dl.deadline(10.0):
            assert 9.0 < dl.time_left() <= 10.0
        assert 99.0 < dl.time_left() <= 100.0
        with dl.deadline(1000.0):
            assert 99.0 < dl.time_left() <= 100.0
    with dl.deadline(10.0), dl.deadline(None):
        assert 9.0 < dl.time_left() <= 10.0


def test_remaining_keeps_a_positive_floor() -> None:
    assert dl.remaining(None, 5.0) is None
    assert dl.remaining(10.0, 3.0) == 7.0
    assert dl.remaining(10.0, 10.0) == 0.01
    assert dl.remaining(10.0, 20.0) == 0.01
    assert dl.remaining(1.0, 0.995) == 0.01
    assert dl.MIN_LIMIT_S == 0.01


def test_command_budget_keeps_the_exit_reserve(monkeypatch) -> None:
    monkeypatch.setattr(dl, "process_age", lambda: 2.0)
    assert dl.command_budget(None) is None
    assert dl.command_budget(100.0) == 97.5  # 100 - 2 s old - 0.5 s reserve
    assert dl.command_budget(2.4) == 0.01
    assert dl.EXIT_RESERVE_S == 0.5


def test_process_age_matches_the_kernel_start_time() -> None:
    psutil = pytest.importorskip("psutil")
    expected = time.time() - psutil.Process(os.getpid()).create_time()
    assert abs(dl.process_age() - expected) < 1.0
    assert dl.process_age() >= time.perf_counter() - dl._IMPORTED - 0.05


def test_process_age_falls_back_to_the_import_time(monkeypatch) -> None:
    def no_proc(*args, **kwargs):
        raise OSError("no /proc")

    monkeypatch.setattr(builtins, "open", no_proc)
    t = time.perf_counter() - dl._IMPORTED
    age = dl.process_age()
    assert t <= age <= t + 0.5


def test_process_age_survives_an_unreadable_stat(monkeypatch) -> None:
    real_open = builtins.open

    def fake(path, *args, **kwargs):
        if path == "/proc/self/stat":
            return real_open(os.devnull, *args, **kwargs)  # empty: no ")" to split on
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake)
    t = time.perf_counter() - dl._IMPORTED
    assert t <= dl.process_age() <= t + 0.5
