"""A match's total is the sum of its round scores; ties break on fewer cards left, then
less time; players equal on all three share a rank (matches/scoring.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from matches.scoring import FORFEIT, RoundLine, Total, order_key, podium, ranked, total

lines = st.builds(
    RoundLine,
    score=st.integers(0, 772),
    cards_left=st.integers(0, 28),
    time_ms=st.integers(0, 600_000),
)
players = st.lists(st.lists(lines, min_size=1, max_size=10), min_size=2, max_size=8)


def test_the_total_is_the_sum_of_the_round_scores() -> None:
    entry = total(7, [RoundLine(740, 0, 90_000), RoundLine(480, 6, 300_000), FORFEIT])
    assert (entry.key, entry.score, entry.cards_left, entry.time_ms) == (7, 1220, 34, 390_000)
    assert entry.rounds == 3


def test_a_higher_total_wins_whatever_the_cards_and_time() -> None:
    fast = total(1, [RoundLine(500, 0, 1)])
    slow = total(2, [RoundLine(501, 28, 999_999)])
    assert [e.key for _, e in ranked([fast, slow])] == [2, 1]


def test_equal_totals_break_on_fewer_cards_left_then_less_time() -> None:
    a = total(1, [RoundLine(600, 3, 50_000)])
    b = total(2, [RoundLine(600, 2, 90_000)])
    c = total(3, [RoundLine(600, 2, 80_000)])
    assert [(rank, e.key) for rank, e in ranked([a, b, c])] == [(1, 3), (2, 2), (3, 1)]


def test_players_equal_on_all_three_share_a_rank() -> None:
    a, b, c = (total(k, [RoundLine(300, 5, 1000)]) for k in (1, 2, 3))
    d = total(4, [RoundLine(200, 0, 1)])
    assert [rank for rank, _ in ranked([a, b, c, d])] == [1, 1, 1, 4]
    assert len(podium(ranked([a, b, c, d]))) == 3


def test_a_forfeited_round_counts_nothing_and_leaves_every_card() -> None:
    assert (FORFEIT.score, FORFEIT.cards_left) == (0, 28)


@given(players)
def test_the_ranking_is_sorted_and_its_ranks_are_competition_ranks(
    rounds: list[list[RoundLine]],
) -> None:
    standing = ranked(total(key, played) for key, played in enumerate(rounds))
    keys = [order_key(entry) for _, entry in standing]
    assert keys == sorted(keys)
    for index, (rank, entry) in enumerate(standing):
        ahead = [e for _, e in standing if order_key(e) < order_key(entry)]
        assert rank == len(ahead) + 1
        assert rank <= index + 1


@given(players)
def test_the_winner_has_the_best_total_then_fewest_cards_then_least_time(
    rounds: list[list[RoundLine]],
) -> None:
    totals = [total(key, played) for key, played in enumerate(rounds)]
    (rank, first), *_ = ranked(totals)
    best = max(t.score for t in totals)
    assert rank == 1 and first.score == best
    fewest = min(t.cards_left for t in totals if t.score == best)
    assert first.cards_left == fewest
    assert first.time_ms == min(
        t.time_ms for t in totals if t.score == best and t.cards_left == fewest
    )


@given(players, st.randoms(use_true_random=False))
def test_the_ranking_does_not_depend_on_the_order_players_are_listed(
    rounds: list[list[RoundLine]], shuffler: object
) -> None:
    totals = [total(key, played) for key, played in enumerate(rounds)]
    shuffled: list[Total] = list(totals)
    shuffler.shuffle(shuffled)  # type: ignore[attr-defined]

    def ranks(entries: list[Total]) -> dict[int, int]:
        return {entry.key: rank for rank, entry in ranked(entries)}

    assert ranks(totals) == ranks(shuffled)
