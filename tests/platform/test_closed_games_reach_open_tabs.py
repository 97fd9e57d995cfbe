"""Games the platform ends itself (the close of a daily's day, an idle game: the beat task
``games.close_stale_games``, games/services/closing.py) reach every open socket of the
game: each tab gets the ended state, with its result, as it would after an abandon played
in another tab. Over ``/ws/play/<id>/`` with the real ASGI application; the embedded
setup's in-memory channel layer here, Redis and the real Celery worker in the ``services``
test (CI's pass 2)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.utils import timezone

from games.daily import do_pick_daily_deal, today
from games.models import Deal, Game
from games.services.closing import do_close_stale_games
from games.tasks.closing import close_stale_games_task
from tests.platform.helpers import WINNING_CODE, HiddenCardScan, bearer, make_player
from tests.platform.test_play_over_websocket import account_game, connected, guest_game

pytestmark = pytest.mark.django_db(transaction=True)

SEALED = "TP1-E-AAAAAAAAAAAAAAAAAAAABAAAALSP"


def _ranked_attempt(username: str) -> tuple[str, str]:
    """An account's ranked attempt at today's TriPeaks Easy daily: (game id, session)."""
    deal = Deal.objects.create(code=SEALED, variant="TP-E", sealed=True)
    do_pick_daily_deal(today(), "TP-E", deal)
    user, raw = make_player(username)
    answer = Client().post("/api/games", {"daily": "TP-E"}, content_type="application/json",
                           **bearer(raw))  # fmt: skip
    assert answer.status_code == 201 and answer.json()["ranked"], answer.content
    client = Client()
    client.force_login(user)
    return answer.json()["id"], client.cookies["sessionid"].value


ranked_attempt = sync_to_async(_ranked_attempt)


def _idle(game_id: str, hours: float) -> None:
    Game.objects.filter(pk=game_id).update(
        last_action_at=timezone.now() - timedelta(hours=hours)
    )


idle = sync_to_async(_idle)
close_stale = sync_to_async(do_close_stale_games)


async def _ended_frame(ws: Any, timeout: float = 5) -> dict[str, Any]:
    frame: dict[str, Any] = await ws.receive_json_from(timeout)
    assert frame["type"] == "state" and frame["pushed"] is True, frame
    return dict(frame["game"])


async def test_an_idle_game_ended_by_the_task_reaches_both_open_tabs() -> None:
    game_id, key, _ = await account_game("ann")
    first, _ = await connected(game_id, key)
    second, _ = await connected(game_id, key)
    await first.send_json_to({"action": "D"})
    assert (await first.receive_json_from())["type"] == "state"
    await second.receive_json_from()  # the draw, pushed to the other tab
    await idle(game_id, 25)

    assert await close_stale() == [game_id]
    scan = HiddenCardScan(WINNING_CODE)
    for ws in (first, second):
        ended = await _ended_frame(ws)
        scan.check(ended, "D")  # still no card the player could not see
        assert ended["id"] == game_id and ended["status"] == "abandoned"
        assert ended["finished"] is True and ended["view"]["legal"] == []
        assert ended["moves"] == 1 and ended["result"] is not None
        assert await ws.receive_nothing(0.2)  # once
    # The tab that acts after the push is told the game is over; nothing changes.
    await first.send_json_to({"action": "D"})
    refused = await first.receive_json_from()
    assert refused["type"] == "error", refused
    for ws in (first, second):
        await ws.disconnect()


async def test_a_guest_tab_sees_its_idle_game_ended() -> None:
    game_id, key = await guest_game()
    ws, _ = await connected(game_id, key)
    await idle(game_id, 25)
    assert await close_stale() == [game_id]
    ended = await _ended_frame(ws)
    assert ended["status"] == "abandoned" and ended["finished"] is True
    await ws.disconnect()


async def test_a_ranked_attempt_ended_at_the_close_reaches_its_tab() -> None:
    game_id, key = await ranked_attempt("bea")
    ws, start = await connected(game_id, key)
    assert start["ranked"] is True
    assert await close_stale(timezone.now() + timedelta(days=1)) == [game_id]
    ended = await _ended_frame(ws)
    assert ended["status"] == "abandoned" and ended["ranked"] is True
    assert ended["result"] is not None and ended["result"]["ranked"] is True
    await ws.disconnect()


async def test_a_game_not_ended_pushes_nothing() -> None:
    game_id, key, _ = await account_game("cid")
    ws, _ = await connected(game_id, key)
    await idle(game_id, 1)  # idle an hour only
    assert await close_stale() == []
    assert await ws.receive_nothing(0.3)
    await ws.disconnect()


@pytest.mark.services
async def test_the_beat_task_on_the_real_worker_pushes_the_end_over_redis(
    settings: Any,
) -> None:
    assert not settings.CELERY_TASK_ALWAYS_EAGER
    assert not settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("InMemoryChannelLayer")
    game_id, key, _ = await account_game("dan")
    ws, _ = await connected(game_id, key)
    await idle(game_id, 25)
    await sync_to_async(close_stale_games_task.delay)()  # to the worker, through the broker
    ended = await _ended_frame(ws, timeout=60)
    assert ended["id"] == game_id and ended["status"] == "abandoned"
    assert ended["result"] is not None
    stored = await sync_to_async(Game.objects.get)(pk=game_id)
    assert stored.status == "abandoned"
    await ws.disconnect()
