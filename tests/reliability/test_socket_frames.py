"""Frames a socket cannot read get an error frame and the socket stays open; a client that
keeps sending them is closed with 4400 (core/ws_frames.py).

The attack (issue 12): ``"[" * 1024 + "]" * 1024`` raised RecursionError in the play
consumer and the socket dropped with no close code.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from core import ws_frames
from games.services import deals, play
from tests.platform.helpers import WINNING_CODE, make_player

pytestmark = pytest.mark.django_db(transaction=True)

UNREADABLE: list[dict[str, Any]] = [
    {"text_data": "[" * 1024 + "]" * 1024},  # the attack: 2,048 characters, 1,024 deep
    {"text_data": '{"action": ' * 9 + "1" + "}" * 9},  # 9 deep, well under the size
    {"text_data": '{"action": "' + "D" * 5000 + '"}'},  # too long
    {"text_data": "not json"},
    {"text_data": '{"action": "D"'},  # cut short
    {"bytes_data": b"\xff\xfe\x00garbage"},  # binary, not UTF-8
    {"bytes_data": b'{"action": "D"}'},  # binary, even if it is JSON
]


def _player_socket() -> tuple[str, str]:
    user, _ = make_player("framer")
    client = Client()
    client.force_login(user)
    deal = deals.get_or_create_deal(deals.check_deal_request(WINNING_CODE))
    game = play.do_start_game(deal, user)
    return f"/ws/play/{game.pk}/", client.cookies[settings.SESSION_COOKIE_NAME].value


def _communicator(path: str, cookie: str | None = None) -> WebsocketCommunicator:
    headers = [(b"host", b"localhost"), (b"origin", b"http://localhost")]
    if cookie:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def _each_unreadable_frame_then_an_action(path: str, cookie: str) -> list[Any]:
    ws = _communicator(path, cookie)
    assert (await ws.connect(timeout=5))[0]
    assert (await ws.receive_json_from(5))["type"] == "state"
    answers = []
    for frame in UNREADABLE:
        await ws.send_to(**frame)
        answers.append(await ws.receive_json_from(5))
    await ws.send_json_to({"action": "D"})
    answers.append(await ws.receive_json_from(5))
    await ws.disconnect()
    return answers


def test_unreadable_frames_get_an_error_frame_and_the_socket_stays_open() -> None:
    path, cookie = _player_socket()
    answers = async_to_sync(_each_unreadable_frame_then_an_action)(path, cookie)
    for frame, answer in zip(UNREADABLE, answers, strict=False):
        assert answer["type"] == "error" and answer["reason"] == "bad_frame", (frame, answer)
        assert answer["message"] and answer["detail"]
    assert answers[-1]["type"] == "state"  # still open, still playing
    assert answers[-1]["game"]["moves"] == 1


async def _burst(path: str, cookie: str | None, skip_first: bool) -> tuple[list[Any], Any]:
    ws = _communicator(path, cookie)
    assert (await ws.connect(timeout=5))[0]
    if skip_first:
        await ws.receive_json_from(5)
    errors = []
    for _ in range(ws_frames.MAX_BAD_FRAMES):
        await ws.send_to(text_data="[" * 1024 + "]" * 1024)
        errors.append(await ws.receive_json_from(5))
    closed = await ws.receive_output(5)
    await ws.disconnect()
    return errors, closed


def test_a_burst_of_bad_frames_on_the_play_socket_closes_it_with_4400() -> None:
    path, cookie = _player_socket()
    errors, closed = async_to_sync(_burst)(path, cookie, True)
    assert [e["reason"] for e in errors] == ["bad_frame"] * ws_frames.MAX_BAD_FRAMES
    assert closed == {"type": "websocket.close", "code": ws_frames.CLOSE_TOO_MANY_BAD_FRAMES}


def test_a_burst_of_frames_on_a_read_only_socket_closes_it_with_4400() -> None:
    errors, closed = async_to_sync(_burst)("/ws/feed/", None, False)
    assert [e["reason"] for e in errors] == ["read_only"] * ws_frames.MAX_BAD_FRAMES
    assert closed == {"type": "websocket.close", "code": ws_frames.CLOSE_TOO_MANY_BAD_FRAMES}


@pytest.mark.parametrize(
    ("text", "depth"),
    [("{}", 1), ('{"a": [1, {"b": []}]}', 4), ('{"a": "[[[[{{{{"}', 1),
     ('{"a": "\\"[[["}', 1), ("[" * 30, 30), ("1", 0)],
)  # fmt: skip
def test_nesting_depth_ignores_brackets_inside_strings(text: str, depth: int) -> None:
    assert ws_frames.nesting_depth(text) == depth


def test_uvicorn_closes_a_socket_on_a_message_over_its_limit(tmp_path: Any) -> None:
    """Through a real uvicorn (config/serve.py): a frame over the consumer's limit but
    under uvicorn's gets an error frame; one over ``WS_MAX_BYTES`` closes with 1009."""
    import json

    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from config.serve import WS_MAX_BYTES
    from tests.reliability.live_server import live_server

    with live_server(tmp_path) as server:
        origin = f"http://127.0.0.1:{server.port}"
        uri = f"ws://127.0.0.1:{server.port}/ws/feed/"
        with connect(uri, origin=origin, open_timeout=10) as ws:
            ws.send("x" * 5000)
            assert json.loads(ws.recv(timeout=10))["reason"] == "read_only"
            ws.send("x" * (WS_MAX_BYTES + 1))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
