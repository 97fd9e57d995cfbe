"""A standings frame after actions (matches.standings.changed_snapshot) reads one query
while the rest of the match stands, and is the very frame a full read gives; a change
made where this process could not hear of it (another server process, the worker: here
rows updated directly, with no frame published) is in the next frame all the same."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Profile
from matches.models import Match, MatchPlayer, Round
from matches.standings import changed_snapshot, snapshot
from tests.matches.helpers import Player, assert_no_card, players, started_match

pytestmark = pytest.mark.django_db(transaction=True)


def _both(match_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The frame after actions, then the full read's, at one instant (the full read
    comes second: it refreshes this process's rest of the match)."""
    now = timezone.now()
    quick = changed_snapshot(match_id, now=now)
    assert quick is not None
    match = Match.objects.select_related("creator__profile").get(pk=match_id)
    return quick, snapshot(match, now=now)


def _playing(count: int, prefix: str) -> tuple[list[Player], str, list[str]]:
    seats = players(count, prefix)
    match_id = started_match(seats, rounds=2)["match"]["id"]
    games = [seat.open_round_game(match_id).json()["id"] for seat in seats]
    for seat, game_id in zip(seats, games, strict=True):
        assert seat.act(game_id, "D").status_code == 200
    return seats, match_id, games


def test_a_frame_after_actions_is_one_query_and_the_full_reads_frame(
    django_assert_num_queries: Any,
) -> None:
    seats, match_id, games = _playing(3, "quick")
    assert seats[1].act(games[1], "D").status_code == 200
    now = timezone.now()
    with django_assert_num_queries(1):
        quick = changed_snapshot(match_id, now=now)
    match = Match.objects.select_related("creator__profile").get(pk=match_id)
    assert quick == snapshot(match, now=now)
    assert quick is not None
    assert {p["name"]: p["current"]["moves"] for p in quick["players"]} == {
        "quick0": 1,
        "quick1": 2,
        "quick2": 1,
    }
    assert_no_card(quick)


def test_a_forfeit_and_a_new_name_made_elsewhere_are_in_the_next_frame() -> None:
    seats, match_id, _ = _playing(3, "far")
    MatchPlayer.objects.filter(match_id=match_id, player=seats[2].user).update(
        left_at=timezone.now(), left_in_round=1
    )
    Profile.objects.filter(user=seats[0].user).update(display_name="Renamed")
    quick, full = _both(match_id)
    assert quick == full
    rows = {p["name"]: p for p in quick["players"]}
    assert rows["far2"]["left"] is True and rows["far2"]["current"] is None
    assert "Renamed" in rows and quick["match"]["creator"] == "Renamed"


def test_a_round_ended_elsewhere_is_in_the_next_frame() -> None:
    _, match_id, _ = _playing(2, "ended")
    ended_at: datetime = timezone.now()
    Round.objects.filter(match_id=match_id, number=1).update(ended_at=ended_at)
    quick, full = _both(match_id)
    assert quick == full
    assert quick["round"] is None, "no round is open (the next one is not dealt yet)"
    assert [r["number"] for r in quick["rounds"]] == [1]


def test_a_match_finished_elsewhere_shows_finished_with_its_podium() -> None:
    _, match_id, _ = _playing(2, "done")
    Match.objects.filter(pk=match_id).update(
        status=Match.Status.FINISHED, finished_at=timezone.now()
    )
    quick, full = _both(match_id)
    assert quick == full
    assert quick["match"]["status"] == "finished" and quick["podium"]


def test_the_frame_of_a_match_gone_is_none() -> None:
    _, match_id, _ = _playing(2, "gone")
    Match.objects.filter(pk=match_id).delete()
    assert changed_snapshot(match_id) is None
