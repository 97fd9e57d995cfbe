"""Hints in practice: the next action of a best line over the game API and the play
socket; a game that used one is assisted (on its result: no board, no record), and a
ranked daily attempt refuses hints with a 4xx naming why."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.engine import new_game
from games.engine.solver import solve
from games.models import Game
from leaderboards.boards import on_boards
from leaderboards.models import RecordEvent, Result
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.platform.test_bad_requests_change_nothing import post
from tests.platform.test_play_over_websocket import account_game, connected


@pytest.fixture(autouse=True)
def no_hint_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answers, not the speed, are tested: a loaded machine must not cut a search."""
    monkeypatch.setattr("games.services.hints.HINT_TIME_BUDGET_S", None)


def start(client: Client, auth: dict[str, str]) -> str:
    response = post(client, "/api/games", {"code": WINNING_CODE}, **auth)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


@pytest.mark.django_db
def test_a_hint_is_the_next_move_of_a_best_line_and_the_game_is_assisted(client: Client) -> None:
    user, raw = make_player("ada")
    auth = bearer(raw)
    game_id = start(client, auth)
    hint = post(client, f"/api/games/{game_id}/hint", {}, **auth)
    assert hint.status_code == 200, hint.content
    body = hint.json()
    best = solve(WINNING_CODE)
    assert body["action"] in new_game(WINNING_CODE).legal_actions()
    assert (body["best_cards_left"], body["further_moves"]) == (0, best.moves)
    assert Game.objects.get(pk=game_id).assisted
    played = post(client, f"/api/games/{game_id}/actions", {"action": body["action"]}, **auth)
    assert played.status_code == 200
    rest = solve(WINNING_CODE, log=[body["action"]]).solution
    for token in rest:
        answer = post(client, f"/api/games/{game_id}/actions", {"action": token}, **auth)
        assert answer.status_code == 200, answer.content
    result = Result.objects.get(player=user)
    assert result.won and result.assisted and not result.on_boards
    assert not on_boards(result.deal).exists()
    assert not RecordEvent.objects.exists()


@pytest.mark.django_db
def test_a_ranked_daily_attempt_refuses_hints_and_stays_unassisted(client: Client) -> None:
    _, raw = make_player("ada")
    auth = bearer(raw)
    game_id = start(client, auth)
    Game.objects.filter(pk=game_id).update(ranked=True)
    refused = post(client, f"/api/games/{game_id}/hint", {}, **auth)
    assert refused.status_code == 403
    assert refused.json()["error"]["reason"] == "hint_ranked"
    assert not Game.objects.get(pk=game_id).assisted


@pytest.mark.django_db
def test_hints_for_someone_elses_or_a_finished_game_are_refused(client: Client) -> None:
    _, raw = make_player("ada")
    _, other = make_player("bob")
    game_id = start(client, bearer(raw))
    assert post(client, f"/api/games/{game_id}/hint", {}, **bearer(other)).status_code == 403
    post(client, f"/api/games/{game_id}/actions", {"action": "abandon"}, **bearer(raw))
    over = post(client, f"/api/games/{game_id}/hint", {}, **bearer(raw))
    assert over.status_code == 409 and over.json()["error"]["reason"] == "game_over"
    assert post(client, "/api/games/not-a-game/hint", {}, **bearer(raw)).status_code == 404


@pytest.mark.django_db(transaction=True)
async def test_a_hint_over_the_play_socket() -> None:
    game_id, session_key, _ = await account_game("carol")
    ws, start_view = await connected(game_id, session_key)
    await ws.send_json_to({"hint": True})
    answer = await ws.receive_json_from(timeout=60)
    assert answer["type"] == "hint" and answer["hint"]["action"] in start_view["view"]["legal"]
    await database_sync_to_async(Game.objects.filter(pk=game_id).update)(ranked=True)
    await ws.send_json_to({"hint": True})
    refused: Any = await ws.receive_json_from(timeout=60)
    assert refused["type"] == "error" and refused["reason"] == "hint_ranked"
    await ws.disconnect()


@pytest.mark.django_db
def test_a_match_game_refuses_hints_and_stays_unassisted() -> None:
    from matches.models import RoundGame
    from tests.matches.helpers import Player, started_match

    ada, bob = Player("ada"), Player("bob")
    started_match([ada, bob])
    entry = RoundGame.objects.select_related("game").filter(seat__player=ada.user).first()
    assert entry is not None
    refused = ada.post(f"/api/games/{entry.game.pk}/hint")
    assert refused.status_code == 403
    assert refused.json()["error"]["reason"] == "hint_match"
    assert not Game.objects.get(pk=entry.game.pk).assisted


@pytest.mark.django_db
def test_a_variant_deal_gets_hints_under_its_own_rules(client: Client) -> None:
    # An empty starting discard (issue 17): the best line starts on a bottom-row card
    # and wins in 40, where the app's Easy rules need 48 on the same deal.
    code = "TP1-EB-AAAAAAB"
    _, raw = make_player("ada")
    auth = bearer(raw)
    response = post(client, "/api/games", {"code": code}, **auth)
    assert response.status_code == 201, response.content
    game_id = str(response.json()["id"])
    hint = post(client, f"/api/games/{game_id}/hint", {}, **auth)
    assert hint.status_code == 200, hint.content
    body = hint.json()
    assert body["action"] in new_game(code).legal_actions() and body["action"] != "D"
    assert (body["best_cards_left"], body["further_moves"], body["known"]) == (0, 40, True)
    assert Game.objects.get(pk=game_id).assisted
