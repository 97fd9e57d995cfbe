"""Actions that commit while a standings frame waits to be built go into that frame
(matches/events.py): one build per short tick, never one frame lost for a change.

The publisher's build is held back here (as when the server's builder thread is busy)
by collecting the builds handed to ``core.pushes.build_on_commit`` (on SQLite:
built at once), ``matches.events._queue_build``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from matches import events
from matches.models import Match
from tests.matches.helpers import Player, players, started_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def held_builds(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[str, ...], Callable[[], Any]]]:
    held: list[tuple[tuple[str, ...], Callable[[], Any]]] = []
    monkeypatch.setattr(
        events, "_queue_build", lambda groups, build: held.append((tuple(groups), build))
    )
    return held


def test_changes_before_the_build_starts_share_one_frame_and_later_ones_get_theirs(
    held_builds: list[tuple[tuple[str, ...], Callable[[], Any]]],
) -> None:
    seats = players(3, "tick")
    match_id = started_match(seats)["match"]["id"]
    games = [seat.open_round_game(match_id).json()["id"] for seat in seats]
    before = timezone.now()
    for seat, game_id in zip(seats, games, strict=True):
        assert seat.act(game_id, "D").status_code == 200

    assert len(held_builds) == 1  # three committed actions, one frame to build
    groups, build = held_builds[0]
    assert groups == (f"match.{match_id.replace('-', '')}",)
    frame = build()
    assert frame["type"] == "standings"
    assert [p["current"]["moves"] for p in frame["players"]] == [1, 1, 1]
    changed_at = datetime.fromisoformat(frame["changed_at"])
    assert before <= changed_at <= datetime.fromisoformat(frame["server_time"])

    # The build has started (its mark cleared): the next change needs a frame of its own.
    assert seats[0].act(games[0], "D").status_code == 200
    assert len(held_builds) == 2
    later = held_builds[1][1]()
    assert datetime.fromisoformat(later["changed_at"]) > changed_at
    moves = {p["name"]: p["current"]["moves"] for p in later["players"]}
    assert moves == {"tick0": 2, "tick1": 1, "tick2": 1}


def _one_draw(prefix: str) -> tuple[Player, str, str]:
    """A started 2-player match whose first player has drawn once: that player, the
    match's id and their game's id."""
    seats = players(2, prefix)
    match_id = started_match(seats)["match"]["id"]
    game_id = seats[0].open_round_game(match_id).json()["id"]
    assert seats[0].act(game_id, "D").status_code == 200
    return seats[0], match_id, game_id


def test_a_frame_of_a_deleted_match_is_not_built(
    held_builds: list[tuple[tuple[str, ...], Callable[[], Any]]],
) -> None:
    _, match_id, _ = _one_draw("gone")
    Match.objects.filter(pk=match_id).delete()
    with pytest.raises(LookupError):  # the publisher logs it; nothing is sent
        held_builds[0][1]()


def test_a_mark_left_by_a_lost_build_does_not_stop_the_frames(
    held_builds: list[tuple[tuple[str, ...], Callable[[], Any]]],
) -> None:
    player, match_id, game_id = _one_draw("lost")
    assert len(held_builds) == 1
    # That build never runs (its loop closed): once the mark is stale a change queues again.
    old = timezone.now() - events.STALE_MARK - timedelta(seconds=1)
    events._pending[match_id] = old
    assert player.act(game_id, "U").status_code == 200
    assert len(held_builds) == 2
    assert held_builds[1][1]()["changed_at"] == old.isoformat()
