"""A round game without a single action counts as a game not played: 0 points and every
card left, like a forfeit (docs/matches.md). Under the SPEC's TriPeaks score an untouched
game would otherwise score 500 and beat any game that moved without emptying a peak."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matches import scoring
from tests.matches.helpers import players, started_match


@given(
    st.integers(0, 800), st.integers(0, 28), st.integers(0, 10**7), st.integers(1, 2000)
)
def test_after_a_first_move_the_round_counts_the_engines_figures(
    score: int, cards: int, ms: int, moves: int
) -> None:
    assert scoring.round_line(score, cards, ms, moves) == scoring.RoundLine(score, cards, ms)
    assert scoring.round_line(score, cards, ms, 0) is scoring.NOT_PLAYED


def test_an_untouched_game_counts_nothing_and_loses_to_any_game_played() -> None:
    line = scoring.round_line(500, 28, 300_000, 0)
    assert (line.score, line.cards_left) == (0, 28)
    played = scoring.round_line(470, 28, 300_000, 30)  # 30 moves, no peak emptied
    standing = scoring.ranked([scoring.total(1, [line]), scoring.total(2, [played])])
    assert [entry.key for _, entry in standing] == [2, 1]


def test_a_player_who_left_ranks_after_one_who_stayed_without_playing() -> None:
    stayed = scoring.total(1, [scoring.round_line(500, 28, 0, 0)])
    left = scoring.total(2, [scoring.FORFEIT])
    assert (stayed.score, stayed.cards_left, stayed.time_ms) == (0, 28, 0)
    assert [(rank, e.key) for rank, e in scoring.ranked([left, stayed])] == [(1, 1), (2, 2)]


@pytest.mark.django_db(transaction=True)
def test_in_a_match_the_player_who_played_beats_the_one_who_never_moved() -> None:
    mover, idler = players(2, "idle")
    match_id = started_match([mover, idler])["match"]["id"]
    moving = mover.open_round_game(match_id).json()["id"]
    idle = idler.open_round_game(match_id).json()["id"]
    for _ in range(23):  # every draw of the stock, then give up: 477, no peak
        assert mover.act(moving, "D").status_code == 200
    during = mover.get(f"/api/matches/{match_id}").json()
    rows = {p["name"]: p for p in during["players"]}
    assert rows["idle1"]["current"]["score"] == 0 and not rows["idle1"]["current"]["played"]
    assert rows["idle0"]["current"]["score"] == 477 and rows["idle0"]["current"]["played"]
    assert mover.act(moving, "abandon").status_code == 200
    assert idler.act(idle, "abandon").status_code == 200  # an end, not a move

    final = mover.get(f"/api/matches/{match_id}").json()
    assert final["match"]["status"] == "finished"
    assert [(p["name"], p["rank"], p["total"]) for p in final["players"]] == [
        ("idle0", 1, 477),
        ("idle1", 2, 0),
    ]
    results = {r["name"]: r for r in final["rounds"][0]["results"]}
    assert results["idle1"]["played"] is False and results["idle1"]["forfeit"] is False
    assert results["idle1"]["cards_left"] == 28 and results["idle1"]["score"] == 0
    assert results["idle0"]["played"] is True
