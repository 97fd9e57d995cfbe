"""The par pacer (issue 15): the best result still possible, pushed over the play socket as
its own frame after each action, off the socket's path; an oracle on unseen cards, so it
marks the game assisted like a hint, and a ranked daily attempt or a match game refuses
it through the socket and the API (it cannot be used to scout a contest's deal)."""

from __future__ import annotations

import asyncio
import threading
from datetime import date
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import resolve
from freezegun import freeze_time

from games.daily import do_pick_daily_deal
from games.engine.solver import solve
from games.models import Deal, Game
from games.services import pacer
from tests.platform.helpers import WINNING_CODE, assert_error, bearer, card_strings, make_player
from tests.platform.test_bad_requests_change_nothing import post
from tests.platform.test_play_over_websocket import account_game, connected


@pytest.fixture(autouse=True)
def no_pace_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answers, not the speed, are tested: a loaded machine must not cut a search."""
    monkeypatch.setattr("games.services.pacer.PACE_TIME_BUDGET_S", None)


def expected(code: str, log: list[str], moves: int) -> dict[str, Any]:
    now, start = solve(code, log=log), solve(code)
    return {
        "step": len(log),
        "moves": moves,
        "best_cards_left": now.best_cards_left,
        "best_total_moves": moves + now.best_moves,
        "par_cards_left": start.best_cards_left,
        "par_total_moves": start.best_moves,
        "behind_cards": now.best_cards_left - start.best_cards_left,
        "behind_moves": moves + now.best_moves - start.best_moves,
        "known": True,
        "assisted": True,
    }


async def next_frame(ws: Any, kind: str) -> dict[str, Any]:
    frame: dict[str, Any] = await ws.receive_json_from(timeout=60)
    assert frame["type"] == kind, frame
    return frame


@pytest.mark.django_db(transaction=True)
async def test_the_pacer_follows_each_action_and_names_no_card() -> None:
    game_id, session_key, _ = await account_game("ada")
    ws, start = await connected(game_id, session_key)
    await ws.send_json_to({"pace": True})
    first = (await next_frame(ws, "pace"))["pace"]
    assert first == expected(WINNING_CODE, [], 0)
    assert first["behind_moves"] == 0 and first["best_cards_left"] == 0
    assert (await database_sync_to_async(Game.objects.get)(pk=game_id)).assisted
    # A draw off the best line: the state comes first, then the pacer's new figures.
    await ws.send_json_to({"action": "D"})
    state = await next_frame(ws, "state")
    after = (await next_frame(ws, "pace"))["pace"]
    assert after == expected(WINNING_CODE, ["D"], state["game"]["moves"])
    # An undo: the counter never goes down, so the pacer never wins moves back.
    await ws.send_json_to({"action": "U"})
    state = await next_frame(ws, "state")
    undone = (await next_frame(ws, "pace"))["pace"]
    assert undone == expected(WINNING_CODE, ["D", "U"], state["game"]["moves"])
    for frame in (first, after, undone):
        assert list(card_strings(frame)) == []
    # Off again: actions get their state and nothing else.
    await ws.send_json_to({"pace": False})
    await ws.send_json_to({"action": "D"})
    await next_frame(ws, "state")
    assert await ws.receive_nothing(timeout=1)
    await ws.disconnect()
    assert start["view"]["legal"]


@pytest.mark.django_db(transaction=True)
async def test_an_action_never_waits_for_the_pacer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search runs off the socket's path: with the pacer's search held, the action's
    state still comes; the figures follow when the search is let go."""
    release = threading.Event()
    real = pacer.pace_of

    def held(position: pacer.PacePosition, start: Any = None) -> dict[str, Any]:
        release.wait(30)
        return real(position, start)

    monkeypatch.setattr(pacer, "pace_of", held)
    game_id, session_key, _ = await account_game("bob")
    ws, _ = await connected(game_id, session_key)
    await ws.send_json_to({"pace": True})
    await ws.send_json_to({"action": "D"})
    state = await next_frame(ws, "state")
    assert state["game"]["moves"] == 1
    release.set()
    frames = [await next_frame(ws, "pace")]
    # The held search answered the position before the draw; the latest one follows.
    while frames[-1]["pace"]["step"] < 1:
        frames.append(await next_frame(ws, "pace"))
    assert frames[-1]["pace"] == expected(WINNING_CODE, ["D"], 1)
    await asyncio.sleep(0)
    await ws.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_ranked_attempt_gets_no_pacer_over_the_socket() -> None:
    game_id, session_key, _ = await account_game("carol")
    await database_sync_to_async(Game.objects.filter(pk=game_id).update)(ranked=True)
    ws, _ = await connected(game_id, session_key)
    await ws.send_json_to({"pace": True})
    refused = await next_frame(ws, "error")
    assert refused["reason"] == "pace_ranked" and "review" in refused["message"]
    # Probing with actions and undos: states only, never a pacer frame.
    for action in ("D", "U", "D"):
        await ws.send_json_to({"action": action})
        await next_frame(ws, "state")
    assert await ws.receive_nothing(timeout=1)
    assert not (await database_sync_to_async(Game.objects.get)(pk=game_id)).assisted
    await ws.disconnect()


SEALED = "TP1-E-AAAAAAAAAAAAAAAAAAAABAAAALSP"


@pytest.mark.django_db
def test_todays_ranked_daily_refuses_the_pacer_and_practice_is_assisted(
    client: Client, settings: Any
) -> None:
    """The scouting attempt through the API: the ranked attempt refuses the pacer (403,
    in every language); a later practice game on the deal may pace, and is assisted."""
    settings.PLATFORM_TIME_ZONE = settings.TIME_ZONE = "Europe/Bucharest"
    resolve("/api/games")  # the API's schemas are built on real dates, before the freeze
    _, raw = make_player("dan")
    auth = bearer(raw)
    with freeze_time("2026-11-30 10:00:00"):
        deal = Deal.objects.create(code=SEALED, variant="TP-E", sealed=True)
        do_pick_daily_deal(date(2026, 11, 30), "TP-E", deal)
        ranked = post(client, "/api/games", {"daily": "TP-E"}, **auth).json()
        assert ranked["ranked"] is True
        for lang in ("fr", "ro", "en"):
            refused = post(
                client, f"/api/games/{ranked['id']}/pace", {}, HTTP_ACCEPT_LANGUAGE=lang, **auth
            )
            assert_error(refused, 403, "pace_ranked")
        assert not Game.objects.get(pk=ranked["id"]).assisted
        post(client, f"/api/games/{ranked['id']}/actions", {"action": "abandon"}, **auth)
        practice = post(client, "/api/games", {"daily": "TP-E"}, **auth).json()
        assert practice["ranked"] is False
        paced = post(client, f"/api/games/{practice['id']}/pace", {}, **auth)
    assert paced.status_code == 200, paced.content
    assert paced.json() == expected(SEALED, [], 0)
    assert Game.objects.get(pk=practice["id"]).assisted


@pytest.mark.django_db
def test_a_match_game_and_a_finished_game_refuse_the_pacer() -> None:
    from matches.models import RoundGame
    from tests.matches.helpers import Player, started_match

    ada, bob = Player("ada"), Player("bob")
    started_match([ada, bob])
    entry = RoundGame.objects.select_related("game").filter(seat__player=ada.user).first()
    assert entry is not None
    assert_error(ada.post(f"/api/games/{entry.game.pk}/pace"), 403, "pace_match")
    assert not Game.objects.get(pk=entry.game.pk).assisted
    client = Client()
    _, raw = make_player("eve")
    game = post(client, "/api/games", {"code": WINNING_CODE}, **bearer(raw)).json()
    post(client, f"/api/games/{game['id']}/actions", {"action": "abandon"}, **bearer(raw))
    assert_error(post(client, f"/api/games/{game['id']}/pace", {}, **bearer(raw)), 409, "game_over")
