"""When the solver proves no drawn deal winnable within its budget, a round is drawn
again (``MATCH_DEAL_DRAWS`` draws at most), then given up cleanly: round 1 leaves the
match in its lobby (503 ``no_deal`` to the creator, a ``no_deal`` frame to everyone),
a later round ends the match on the rounds played, with ``end_reason: "no_deal"``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from games.daily import Vetting
from matches.models import Match
from matches.services import rounds
from tests.matches.conftest import vet_by_search
from tests.matches.helpers import players, started_match
from tests.matches.test_live_standings_over_websocket import connect, frames_until

pytestmark = pytest.mark.django_db(transaction=True)

NOT_PROVED = Vetting(winnable=None, par_moves=None)  # the budget ran out on it


def counting(monkeypatch: pytest.MonkeyPatch, vet: Callable[[str], Vetting]) -> list[str]:
    """Use ``vet`` as the round vetter; the codes it was asked about."""
    asked: list[str] = []

    def vetter(code: str) -> Vetting:
        asked.append(code)
        return vet(code)

    monkeypatch.setattr(rounds, "round_vetter", lambda: vetter)
    return asked


def test_another_draw_is_made_when_one_finds_no_winnable_deal(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.MATCH_DEAL_DRAWS = 3
    # The first draw's 12 candidates all run out of budget; the second draw's first works.
    asked = counting(
        monkeypatch, lambda code: NOT_PROVED if len(asked) <= 12 else vet_by_search(code)
    )
    standings = started_match(players(2, "redraw"))
    assert standings["match"]["status"] == "playing"
    assert len(asked) >= 13 and len(set(asked)) == len(asked)  # fresh candidates each time


def test_without_a_deal_round_one_leaves_the_lobby_as_it_was_and_everyone_is_told(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.MATCH_DEAL_DRAWS = 2
    asked = counting(monkeypatch, lambda code: NOT_PROVED)
    seats = players(2, "nodeal")
    made = seats[0].post("/api/matches", {"variant": "TP-E", "rounds": 1}).json()
    match_id = made["match"]["id"]
    assert seats[1].post(f"/api/matches/{match_id}/join").status_code == 200

    async def scenario() -> dict[str, Any]:
        ws, _ = await connect(match_id)
        started = await sync_to_async(seats[0].post)(f"/api/matches/{match_id}/start")
        assert started.status_code == 503
        assert started.json()["error"]["reason"] == "no_deal"
        frame = await frames_until(ws, "no_deal", [])
        await ws.disconnect()
        return frame

    import asyncio

    frame = asyncio.run(scenario())
    assert frame["match"]["status"] == "lobby"
    assert len(asked) == 2 * 12  # bounded: two draws of twelve candidates
    # Everyone ready: the ready stands (200), the lobby waits for a start that finds a deal.
    for seat in seats:
        answer = seat.post(f"/api/matches/{match_id}/ready", {"ready": True})
        assert answer.status_code == 200, answer.content
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.Status.LOBBY and not match.round_set.exists()
    assert all(match.seats.values_list("ready", flat=True))
    monkeypatch.setattr(rounds, "round_vetter", lambda: vet_by_search)
    assert seats[0].post(f"/api/matches/{match_id}/start").json()["match"]["status"] == "playing"


def test_without_a_deal_for_a_later_round_the_match_ends_on_the_rounds_played(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.MATCH_DEAL_DRAWS = 2
    seats = players(2, "later")
    match_id = started_match(seats, rounds=3)["match"]["id"]
    asked = counting(monkeypatch, lambda code: NOT_PROVED)  # from round 2 on
    for seat in seats:  # round 1: both finish at once by giving up
        game_id = seat.open_round_game(match_id).json()["id"]
        assert seat.act(game_id, "abandon").status_code == 200
    assert len(asked) == 2 * 12
    answer = seats[0].get(f"/api/matches/{match_id}").json()
    assert answer["match"]["status"] == "finished"
    assert answer["match"]["end_reason"] == "no_deal"
    assert answer["rounds_played"] == 1 and len(answer["rounds"]) == 1
    assert answer["podium"] and answer["rounds"][0]["deal"]  # revealed as at any end
    refused = seats[0].open_round_game(match_id)
    assert refused.status_code == 409 and refused.json()["error"]["reason"] == "match_closed"
