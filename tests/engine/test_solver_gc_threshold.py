"""A search raises the collector's first threshold for its own length only, and searches
on several threads at once give back the value found before the first of them
(games/engine/solver/gc_threshold.py)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from games.engine import Variant, numbered_code
from games.engine.solver import gc_threshold, solve


@pytest.fixture(autouse=True)
def known_threshold() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield gc.get_threshold()
    gc.set_threshold(*before)


def test_the_threshold_is_raised_during_a_block_and_given_back_after() -> None:
    with gc_threshold.rare_collections():
        assert gc.get_threshold() == (gc_threshold.SEARCH_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_a_higher_threshold_is_never_lowered() -> None:
    higher = 5 * gc_threshold.SEARCH_THRESHOLD
    gc.set_threshold(higher, 10, 10)
    with gc_threshold.rare_collections():
        assert gc.get_threshold()[0] == higher
    assert gc.get_threshold() == (higher, 10, 10)


def test_an_error_inside_gives_the_threshold_back() -> None:
    with pytest.raises(ValueError), gc_threshold.rare_collections():
        raise ValueError("a search failed")
    assert gc.get_threshold() == (700, 10, 10)


def test_overlapping_searches_on_two_threads_give_back_the_first_value() -> None:
    """A enters, B enters, A leaves (B still searching: still raised), B leaves."""
    a_in, b_in, a_out, b_may_leave = (threading.Event() for _ in range(4))
    seen: dict[str, tuple[int, int, int]] = {}

    def first() -> None:
        with gc_threshold.rare_collections():
            a_in.set()
            b_in.wait(5)
        a_out.set()

    def second() -> None:
        a_in.wait(5)
        with gc_threshold.rare_collections():
            b_in.set()
            a_out.wait(5)
            seen["after the first left"] = gc.get_threshold()
            b_may_leave.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert b_may_leave.is_set()
    assert seen["after the first left"][0] == gc_threshold.SEARCH_THRESHOLD
    assert gc.get_threshold() == (700, 10, 10)


def test_solve_runs_its_search_with_the_raised_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.engine.solver import core

    during: list[tuple[int, int, int]] = []
    real = core.search_from

    def watching(*args: object, **kwargs: object) -> object:
        during.append(gc.get_threshold())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(core, "search_from", watching)
    solve(numbered_code(Variant.TP_E, 2).text)
    assert during == [(gc_threshold.SEARCH_THRESHOLD, 10, 10)]
    assert gc.get_threshold() == (700, 10, 10)
