"""Redis dies in the middle of play: games and submissions go on and are stored; the live
pushes that cannot go out are logged, and nobody gets a 5xx or a dead socket.

The test starts its own redis-server on a spare port, points the channel layer and the
cache (so the rate limiter too) at it, checks that events flow, SIGKILLs it, and plays on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client

from config.asgi import application
from core.channel_layers import MAX_BACKOFF_S
from games.models import Game
from leaderboards.models import Result
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.records.logs import padded, text, winning_log
from tests.reliability.redis_server import RedisServer

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def on_doomed_redis(settings: Any, redis_server: RedisServer) -> RedisServer:
    # The layer the settings chose (CHANNEL_LAYER=core or pubsub), on the doomed server.
    layer = dict(settings.CHANNEL_LAYERS["default"])
    assert layer["BACKEND"].startswith("core.channel_layers."), layer
    settings.CHANNEL_LAYERS = {"default": {**layer, "CONFIG": {"hosts": [redis_server.url]}}}
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_server.url,
        }
    }
    settings.RATE_LIMITS_ENABLED = True
    return redis_server


def _player_with_session(name: str) -> tuple[Any, str, Client]:
    user, raw = make_player(name)
    client = Client()
    client.force_login(user)
    return user, raw, client


def _post(client: Client, path: str, body: dict[str, Any], **headers: str) -> tuple[int, Any]:
    response = client.post(path, body, content_type="application/json", **headers)
    return response.status_code, response.json()


player_with_session = sync_to_async(_player_with_session)
post = sync_to_async(_post)


def socket(path: str, client: Client | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if client is not None:
        cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def frames_until(ws: WebsocketCommunicator, kind: str, timeout: float = 5) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            frame: dict[str, Any] = await ws.receive_json_from(timeout)
            if frame.get("type") == kind:
                return frame


async def test_play_and_submissions_survive_redis_dying(
    on_doomed_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    line = winning_log(WINNING_CODE)
    half = len(line) // 2
    submitter, raw, _ = await player_with_session("submitter")
    player, _, session = await player_with_session("player")

    # Redis up: a watcher of the deal sees the first win pushed live.
    watcher = socket(f"/ws/deals/{WINNING_CODE}/")
    assert (await watcher.connect())[0]
    status, body = await post(Client(), f"/api/deals/{WINNING_CODE}/results",
                              {"log": text(padded(line, 30))}, **bearer(raw))
    assert status == 201, body
    pushed = await frames_until(watcher, "record")
    assert pushed["event"]["kind"] == "FIRST_WIN"
    await frames_until(watcher, "board")  # the board pushed after it
    assert await watcher.receive_nothing(0.3)

    # A live game over the WebSocket, half played while Redis is up.
    status, started = await post(session, "/api/games", {"code": WINNING_CODE})
    assert status == 201, started
    ws = socket(f"/ws/play/{started['id']}/", session)
    assert (await ws.connect())[0]
    assert (await ws.receive_json_from())["type"] == "state"
    for token in line[:half]:
        await ws.send_json_to({"action": token})
        assert (await ws.receive_json_from(5))["type"] == "state"

    on_doomed_redis.kill()

    # The rest of the game, with Redis gone: every action answered, the win stored.
    frame: dict[str, Any] = {}
    for token in line[half:]:
        await ws.send_json_to({"action": token})
        frame = await ws.receive_json_from(10)
        assert frame["type"] == "state", frame
    assert frame["game"]["status"] == "won" and frame["game"]["finished"]
    await ws.disconnect()

    # A new game with Redis gone: a new socket connects and plays, HTTP plays the rest.
    status, second = await post(session, "/api/games", {"code": WINNING_CODE})
    assert status == 201, second
    ws = socket(f"/ws/play/{second['id']}/", session)
    assert (await ws.connect())[0]
    assert (await ws.receive_json_from(10))["type"] == "state"
    for token in line[:half]:
        await ws.send_json_to({"action": token})
        assert (await ws.receive_json_from(10))["type"] == "state"
    await ws.disconnect()
    for token in line[half:]:
        status, body = await post(session, f"/api/games/{second['id']}/actions",
                                  {"action": token})
        assert status == 200, body
    assert body["status"] == "won"
    status, body = await post(Client(), f"/api/deals/{WINNING_CODE}/results",
                              {"log": text(line)}, **bearer(raw))
    assert status == 201, body

    # Redis comes back empty: the watcher that stayed connected gets pushes again, once its
    # receive() has retried (backing off up to MAX_BACKOFF_S) and re-added its groups.
    on_doomed_redis.start()
    deadline = asyncio.get_running_loop().time() + 4 * MAX_BACKOFF_S
    while True:
        status, body = await post(Client(), f"/api/deals/{WINNING_CODE}/results",
                                  {"log": text(padded(line, 1))}, **bearer(raw))
        assert status == 201, body
        try:
            assert (await frames_until(watcher, "board", timeout=2))["type"] == "board"
            break
        except TimeoutError:
            assert asyncio.get_running_loop().time() < deadline, "no push after Redis came back"
    await watcher.disconnect()

    games = await sync_to_async(list)(Game.objects.filter(player=player).order_by("started_at"))
    assert [g.status for g in games] == ["won", "won"]
    count = sync_to_async(lambda **kw: Result.objects.filter(**kw).count())
    assert await count(player=player, won=True) == 2
    assert await count(player=submitter, won=True) >= 3
    # The pushes that could not be sent were logged, and nothing answered 5xx.
    unsent = [r for r in caplog.records if r.name == "core.pushes"]
    assert unsent, "the lost live pushes must be logged"
    assert not [r for r in caplog.records if r.name == "django.request" and r.levelno >= 40]


async def test_an_idle_watcher_still_gets_pushes_after_redis_read_timeouts() -> None:
    """redis-py times reads out after 5 s; a watcher idle longer must still be served
    (the stock core layer blocked 5 s in BZPOPMIN and its consumers died: bench/fanout.py)."""
    _, raw, _ = await player_with_session("late")
    watcher = socket(f"/ws/deals/{WINNING_CODE}/")
    assert (await watcher.connect())[0]
    await asyncio.sleep(7)
    status, body = await post(Client(), f"/api/deals/{WINNING_CODE}/results",
                              {"log": text(winning_log(WINNING_CODE))}, **bearer(raw))
    assert status == 201, body
    assert (await frames_until(watcher, "record", timeout=10))["event"]["kind"] == "FIRST_WIN"
    await watcher.disconnect()
