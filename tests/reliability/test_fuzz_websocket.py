"""Fuzzed WebSocket frames (hypothesis): the play socket answers every frame with a state
or an error frame, stays open, and a refused frame changes nothing stored; the read-only
deal socket answers an error frame; fuzzed deal paths are answered, never crash.

Each example opens a socket on the real ASGI application (origin check, sessions, router).
``async_to_sync`` runs the consumer's database calls back in this test's thread; Channels
closes that connection around them (``close_old_connections``), which would end a test
transaction on PostgreSQL, so these tests commit (``transaction=True``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from hypothesis import given
from hypothesis import strategies as st

from config.asgi import application
from games.models import Game
from games.services import deals, play
from tests.platform.helpers import WINNING_CODE
from tests.reliability.fuzz import (
    FUZZ,
    assert_unchanged,
    bodies,
    codes,
    json_values,
    snapshot,
    tokens,
)

pytestmark = pytest.mark.django_db(transaction=True)

frames = st.one_of(
    bodies(
        {
            "action": st.one_of(tokens, json_values),
            "position": st.one_of(st.integers(-5, 40), json_values),
        }
    ).map(lambda raw: raw.decode("utf-8", "replace")),
    st.text(max_size=100),
    st.binary(max_size=100),
    st.integers(2000, 200_000).map(lambda n: '{"action": "' + "D" * n + '"}'),
)


def headers(session_key: str | None = None) -> list[tuple[bytes, bytes]]:
    found = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    if session_key:
        found.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
    return found


@pytest.fixture
def guest() -> dict[str, str]:
    session = SessionStore()
    session["guest"] = True
    session.create()
    return {"key": str(session.session_key)}


def live_game(guest: dict[str, str]) -> Game:
    game = Game.objects.filter(guest_key=guest["key"], finished_at__isnull=True).first()
    if game is None:  # the last example abandoned it
        deal = deals.get_or_create_deal(deals.check_deal_request(WINNING_CODE))
        game = play.do_start_game(deal, None, guest["key"])
    return game


#: Seconds to wait for a frame. Generous: a fuzzed frame is answered in milliseconds, but
#: on a loaded 2-core CI machine a slow answer must not read as a missing one.
ANSWER_TIMEOUT = 30

async def exchange(path: str, session_key: str | None, frame: str | bytes) -> dict[str, Any]:
    """Connect, send one frame, return the answer; the socket must still be open after."""
    ws = WebsocketCommunicator(application, path, headers=headers(session_key))
    connected, _ = await ws.connect(timeout=ANSWER_TIMEOUT)
    assert connected
    first = await ws.receive_json_from(ANSWER_TIMEOUT)
    # send_input, not send_to: the communicator refuses empty frames, a client may not.
    key = "bytes" if isinstance(frame, bytes) else "text"
    await ws.send_input({"type": "websocket.receive", key: frame})
    answer: dict[str, Any] = await ws.receive_json_from(ANSWER_TIMEOUT)
    assert await ws.receive_nothing(0.02), "one frame in, one frame out"
    await ws.disconnect()
    answer["_first"] = first
    return answer


@FUZZ
@given(frame=frames)
def test_fuzzed_play_frames_get_a_state_or_an_error_frame(
    frame: str | bytes, guest: dict[str, str]
) -> None:
    game = live_game(guest)
    before = snapshot()
    answer = async_to_sync(exchange)(f"/ws/play/{game.pk}/", guest["key"], frame)
    assert answer["_first"]["type"] == "state"
    assert answer["type"] in ("state", "error"), answer
    if answer["type"] == "error":
        assert isinstance(answer["reason"], str) and isinstance(answer["message"], str)
        assert answer["reason"] != "server_error", answer
        assert_unchanged(before)


@FUZZ
@given(frame=frames)
def test_fuzzed_frames_to_a_watched_deal_get_an_error_frame(frame: str | bytes) -> None:
    before = snapshot()
    answer = async_to_sync(exchange)(f"/ws/deals/{WINNING_CODE}/", None, frame)
    assert answer["type"] == "error" and answer["reason"] == "read_only", answer
    assert_unchanged(before)


async def watch(path: str) -> list[dict[str, Any]]:
    """Everything a deal socket says before it settles (closes or goes quiet)."""
    ws = WebsocketCommunicator(application, path, headers=headers())
    connected, code = await ws.connect(timeout=ANSWER_TIMEOUT)
    if not connected:
        return [{"type": "refused", "code": code}]
    said: list[dict[str, Any]] = []
    while True:
        if await ws.receive_nothing(0.05):
            break
        message = await ws.receive_output(5)
        if message["type"] == "websocket.close":
            said.append({"type": "closed", "code": message.get("code")})
            break
        said.append(message)
    await ws.disconnect()
    return said


@FUZZ
@given(code=codes)
def test_fuzzed_deal_paths_are_watched_or_closed_cleanly(code: str) -> None:
    before = snapshot()
    said = async_to_sync(watch)(f"/ws/deals/{quote(code, safe='')}/")
    kinds = [frame["type"] for frame in said]
    assert kinds, "the socket must say something: a board, or not-found then a close"
    if "closed" in kinds:
        assert said[-1]["code"] == 4404, said
    assert_unchanged(before)
