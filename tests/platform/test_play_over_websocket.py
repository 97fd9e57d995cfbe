"""Playing over ``/ws/play/<game id>/`` with the real ASGI application (config.asgi)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from config.asgi import application
from games.engine import UNSEEN_DETAIL, replay
from games.models import Game
from games.services import deals, play
from tests.platform.helpers import WINNING_CODE, HiddenCardScan, make_player, stored_rows
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db(transaction=True)


def _guest_game(code: str = WINNING_CODE) -> tuple[str, str]:
    session = SessionStore()
    session["guest"] = True
    session.create()
    deal = deals.get_or_create_deal(deals.check_deal_request(code))
    game = play.do_start_game(deal, None, session.session_key)
    return str(game.id), str(session.session_key)


def _account_game(username: str, code: str = WINNING_CODE) -> tuple[str, str, int]:
    """A new account's game on ``code``: (game id, its session cookie, user id)."""
    user, _ = make_player(username)
    client = Client()
    client.force_login(user)
    deal = deals.get_or_create_deal(deals.check_deal_request(code))
    game = play.do_start_game(deal, user, "")
    return str(game.id), client.cookies[settings.SESSION_COOKIE_NAME].value, user.pk


guest_game = sync_to_async(_guest_game)
account_game = sync_to_async(_account_game)


def socket(game_id: str, session_key: str | None, lang: str = "en") -> WebsocketCommunicator:
    headers = [
        (b"origin", b"http://localhost"),
        (b"host", b"localhost"),
        (b"accept-language", lang.encode()),
    ]
    if session_key:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    return WebsocketCommunicator(application, f"/ws/play/{game_id}/", headers=headers)


async def connected(game_id: str, session_key: str | None, lang: str = "en") -> Any:
    ws = socket(game_id, session_key, lang)
    ok, _ = await ws.connect()
    assert ok
    first = await ws.receive_json_from()
    assert first["type"] == "state", first
    return ws, first["game"]


async def play_line_over_socket(
    game_id: str, session_key: str, code: str, line: list[str]
) -> dict[str, Any]:
    """Play ``line`` over the socket, each answer scanned for hidden cards; the last
    game payload."""
    ws, start = await connected(game_id, session_key)
    scan = HiddenCardScan(code)
    scan.check(start, "")
    frame: dict[str, Any] = {}
    for index, token in enumerate(line):
        await ws.send_json_to({"action": token})
        frame = await ws.receive_json_from()
        assert frame["type"] == "state", frame
        scan.check(frame, " ".join(line[: index + 1]))
    await ws.disconnect()
    return dict(frame["game"])


async def test_guest_wins_a_whole_game_over_the_websocket(recorded: list[Game]) -> None:
    line = find_win(WINNING_CODE)
    assert line is not None
    game_id, key = await guest_game()
    final = await play_line_over_socket(game_id, key, WINNING_CODE, line)
    assert final["status"] == "won" and final["finished"] and final["cards_left"] == 0
    stored = await sync_to_async(Game.objects.get)(pk=game_id)
    expected = replay(WINNING_CODE, stored.log)
    assert stored.log.split() == line
    assert (stored.status, stored.score, stored.moves, stored.cards_left) == (
        expected.status,
        expected.score,
        expected.moves,
        expected.cards_left,
    )
    assert len(recorded) == 1


async def test_the_websocket_answer_is_the_http_payload() -> None:
    game_id, key = await guest_game()
    ws, _ = await connected(game_id, key)
    await ws.send_json_to({"action": "D"})
    over_ws = (await ws.receive_json_from())["game"]
    await ws.disconnect()

    def http_get() -> dict[str, Any]:
        client = Client()
        client.cookies[settings.SESSION_COOKIE_NAME] = key
        return dict(client.get(f"/api/games/{game_id}").json())

    over_http = await sync_to_async(http_get)()
    assert over_ws == {**over_http, "revealed": over_ws["revealed"]}
    assert over_ws["revealed"] == [over_ws["view"]["discard"]]


async def test_an_account_plays_over_its_session_and_gets_its_user_group_events() -> None:
    game_id, session_key, user_id = await account_game("carol")
    ws, start = await connected(game_id, session_key)
    assert start["id"] == game_id
    event = {"type": "record", "event": {"kind": "FIRST_WIN"}}
    layer = get_channel_layer()
    await layer.group_send(f"user.{user_id}", {"type": "arena.event", "payload": event})
    assert await ws.receive_json_from() == event
    await layer.group_send(
        f"game.{game_id.replace('-', '')}", {"type": "arena.event", "payload": {"type": "x"}}
    )
    assert await ws.receive_json_from() == {"type": "x"}
    await ws.disconnect()


async def test_someone_else_is_refused_and_the_socket_closes() -> None:
    game_id, _ = await guest_game()
    other_key = (await guest_game())[1]
    for key in (other_key, None):
        ws = socket(game_id, key)
        ok, _ = await ws.connect()
        assert ok
        frame = await ws.receive_json_from()
        assert frame["type"] == "error" and frame["reason"] == "forbidden"
        assert "view" not in json.dumps(frame)
        closed = await ws.receive_output()
        assert closed == {"type": "websocket.close", "code": 4403}


async def test_an_unknown_game_answers_not_found() -> None:
    ws = socket("00000000-0000-0000-0000-000000000000", None)
    ok, _ = await ws.connect()
    assert ok
    frame = await ws.receive_json_from()
    assert frame["reason"] == "not_found"
    assert (await ws.receive_output())["code"] == 4404


GARBAGE = [
    ("text", "not json"),
    ("text", "[1, 2, 3]"),
    ("text", '"KC"'),
    ("text", "null"),
    ("text", json.dumps({"action": 5})),
    ("text", json.dumps({"action": "ZZ"})),
    ("text", json.dumps({"position": "3"})),
    ("text", json.dumps({"position": 99})),
    ("text", json.dumps({"action": "D", "position": 3})),
    ("text", json.dumps({"action": "x" * 100_000})),
    ("text", "{" * 50_000),
    ("bytes", b"\x00\xff binary"),
]


async def test_garbage_frames_get_error_frames_and_the_game_goes_on() -> None:
    game_id, key = await guest_game()
    ws, _ = await connected(game_id, key, lang="fr-FR,fr;q=0.9")
    before = await sync_to_async(stored_rows)()
    for kind, data in GARBAGE:
        if kind == "text":
            await ws.send_to(text_data=data)
        else:
            await ws.send_to(bytes_data=data)
        frame = await ws.receive_json_from()
        assert frame["type"] == "error", (data, frame)
        assert frame["reason"] and frame["message"], frame
    assert await sync_to_async(stored_rows)() == before
    await ws.send_json_to({"action": "d"})
    frame = await ws.receive_json_from()
    assert frame["type"] == "state" and frame["game"]["moves"] == 1
    await ws.disconnect()


async def test_a_refused_move_is_worded_in_the_players_language() -> None:
    game_id, key = await guest_game()
    ws, start = await connected(game_id, key, lang="fr")
    face_down = start["view"]["tableau"].index(
        next(slot for slot in start["view"]["tableau"] if not slot["face_up"])
    )
    await ws.send_json_to({"position": face_down})
    frame = await ws.receive_json_from()
    assert frame == {
        "type": "error",
        "reason": "blocked",
        "message": "Cette carte est bloquée",
        "detail": UNSEEN_DETAIL,  # as for naming the card there (SPEC §10)
        "index": 0,
    }
    await ws.disconnect()


async def test_action_frames_share_the_actions_rate_limit(settings: Any) -> None:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_ACTIONS = (2, 100, 60)
    game_id, key = await guest_game()
    ws, _ = await connected(game_id, key, lang="ro")
    for _ in range(2):
        await ws.send_json_to({"action": "D"})
        assert (await ws.receive_json_from())["type"] == "state"
    await ws.send_json_to({"action": "D"})
    frame = await ws.receive_json_from()
    assert frame["type"] == "error" and frame["reason"] == "rate_limited"
    assert frame["message"].startswith("Prea multe cereri")
    stored = await sync_to_async(Game.objects.get)(pk=game_id)
    assert stored.moves == 2
    await ws.disconnect()
