"""SPEC §7: fewer cards left, then fewer moves, then less time, then earlier; equal
cards, moves and time share a rank (1, 1, 3)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from leaderboards.ranking import (
    best_per_player,
    competition_ranks_desc,
    first_per_player,
    is_better,
    is_perfect,
    rank_results,
)

T0 = datetime(2026, 11, 30, 12, tzinfo=UTC)


@dataclass(frozen=True)
class R:
    id: int
    cards_left: int
    moves: int
    duration_ms: int | None
    created_at: datetime
    player: str = "p"


def r(i: int, cards: int, moves: int, ms: int | None, minute: int = 0, player: str = "p") -> R:
    return R(i, cards, moves, ms, T0 + timedelta(minutes=minute), player)


def test_fewer_cards_beat_fewer_moves() -> None:
    ranked = rank_results([r(1, 3, 10, 1000), r(2, 0, 60, 9000)])
    assert [e.item.id for e in ranked] == [2, 1]


def test_moves_then_time_then_earlier() -> None:
    a = r(1, 0, 50, 3000, minute=2)
    b = r(2, 0, 49, 9000, minute=3)
    c = r(3, 0, 50, 2000, minute=4)
    d = r(4, 0, 50, 3000, minute=1)  # same as a, but earlier
    ranked = rank_results([a, b, c, d])
    assert [e.item.id for e in ranked] == [2, 3, 4, 1]


def test_equal_on_cards_moves_time_share_a_rank_competition_style() -> None:
    ranked = rank_results(
        [r(1, 0, 50, 3000, 1), r(2, 0, 50, 3000, 2), r(3, 0, 51, 3000, 0), r(4, 0, 51, 3000, 5)]
    )
    assert [(e.rank, e.item.id) for e in ranked] == [(1, 1), (1, 2), (3, 3), (3, 4)]


def test_a_result_without_duration_ranks_after_timed_equals_and_ties_with_its_kind() -> None:
    ranked = rank_results(
        [r(1, 0, 50, None, 0), r(2, 0, 50, 10**9, 5), r(3, 0, 50, None, 1), r(4, 0, 49, None, 9)]
    )
    assert [(e.rank, e.item.id) for e in ranked] == [(1, 4), (2, 2), (3, 1), (3, 3)]


def test_a_tie_is_not_better_so_the_earlier_keeps_the_place() -> None:
    first = r(1, 0, 50, 3000, 0)
    assert not is_better(r(2, 0, 50, 3000, 5), first)
    assert is_better(r(3, 0, 50, 2999, 5), first)
    assert is_better(first, None)


def test_best_and_first_per_player() -> None:
    results = [
        r(1, 5, 40, 100, 0, "ann"),
        r(2, 0, 45, 100, 1, "ann"),
        r(3, 2, 30, 100, 2, "bob"),
    ]
    assert [x.id for x in best_per_player(results, lambda x: x.player)] == [2, 3]
    assert [x.id for x in first_per_player(results, lambda x: x.player)] == [3, 1]


def test_perfect_means_won_in_par() -> None:
    assert is_perfect(True, 40, 40)
    assert not is_perfect(True, 41, 40)
    assert not is_perfect(False, 40, 40)
    assert not is_perfect(True, 40, None)


def test_totals_share_ranks_when_equal() -> None:
    assert competition_ranks_desc([900, 900, 800, 700, 700]) == [1, 1, 3, 4, 4]


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.integers(20, 23), st.one_of(st.none(), st.integers(0, 2))),
        max_size=30,
    )
)
def test_ranks_follow_the_order_and_equal_keys_share_one(
    rows: list[tuple[int, int, int | None]],
) -> None:
    results = [r(i, c, m, d, minute=i) for i, (c, m, d) in enumerate(rows)]
    ranked = rank_results(results)
    for position, entry in enumerate(ranked, start=1):
        assert 1 <= entry.rank <= position
        better = sum(is_better(other, entry.item) for other in results)
        assert entry.rank == better + 1
