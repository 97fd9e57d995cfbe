"""Record events reach the player's, the deal's and the feed's sockets, once each, only
after the transaction commits; a rolled-back transaction sends nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import transaction

from config.asgi import application
from leaderboards.models import Result
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, winning_log

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "TP1-E-AAAAAAB"
HEADERS = [(b"origin", b"http://localhost"), (b"host", b"localhost")]


async def connect(path: str) -> WebsocketCommunicator:
    ws = WebsocketCommunicator(application, path, headers=HEADERS)
    connected, _ = await ws.connect()
    assert connected
    return ws


async def messages(ws: WebsocketCommunicator, kind: str) -> list[dict[str, Any]]:
    """Every message of ``kind`` waiting on the socket."""
    found = []
    while not await ws.receive_nothing(timeout=0.3):
        message = json.loads(await ws.receive_from())
        if message["type"] == kind:
            found.append(message)
    return found


class UserInbox:
    """The player's own group, joined the way /ws/play/ joins it."""

    def __init__(self, user_id: int) -> None:
        self.layer = get_channel_layer()
        self.group = f"user.{user_id}"

    async def __aenter__(self) -> UserInbox:
        self.channel = await self.layer.new_channel()
        await self.layer.group_add(self.group, self.channel)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.layer.group_discard(self.group, self.channel)

    async def drain(self) -> list[dict[str, Any]]:
        import asyncio

        out = []
        while True:
            try:
                out.append(await asyncio.wait_for(self.layer.receive(self.channel), 0.3))
            except TimeoutError:
                return out


async def test_a_first_win_reaches_the_player_the_deal_and_the_feed_once() -> None:
    deal = await sync_to_async(numbered)(CODE)
    ann = await sync_to_async(player)("ann")
    win = await sync_to_async(winning_log)(CODE)
    deal_ws = await connect(f"/ws/deals/{CODE}/")
    assert json.loads(await deal_ws.receive_from())["type"] == "board"  # the board on connect
    feed_ws = await connect("/ws/feed/")
    async with UserInbox(ann.pk) as inbox:
        answer = await sync_to_async(finish)(ann, deal, win)
        assert [e["kind"] for e in answer["events"]] == ["FIRST_WIN"]
        mine = await inbox.drain()
    on_deal = await messages(deal_ws, "record")
    on_feed = await messages(feed_ws, "record")
    assert len(mine) == 1 and len(on_deal) == 1 and len(on_feed) == 1
    # The group message carries its frame's text, encoded once by the publisher.
    text = json.dumps(on_deal[0])
    assert mine[0] == {"type": "arena.event", "payload": on_deal[0], "text": text}
    event = on_feed[0]["event"]
    assert event["kind"] == "FIRST_WIN" and event["player"] == "ann"
    assert event["deal"]["code"] == CODE and event["id"] == answer["events"][0]["id"]
    await deal_ws.disconnect()
    await feed_ws.disconnect()


async def test_the_deal_socket_gets_the_new_board_after_a_result() -> None:
    deal = await sync_to_async(numbered)(CODE)
    ann = await sync_to_async(player)("ann")
    deal_ws = await connect(f"/ws/deals/{CODE}/")
    first = json.loads(await deal_ws.receive_from())
    assert first["entries"] == []
    await sync_to_async(finish)(ann, deal, greedy_log(CODE))
    boards = await messages(deal_ws, "board")
    assert [e["player"] for e in boards[-1]["entries"]] == ["ann"]
    await deal_ws.disconnect()


async def test_nothing_is_sent_when_the_transaction_rolls_back() -> None:
    deal = await sync_to_async(numbered)(CODE)
    ann = await sync_to_async(player)("ann")
    win = await sync_to_async(winning_log)(CODE)
    feed_ws = await connect("/ws/feed/")

    def finish_then_fail() -> None:
        with transaction.atomic():
            finish(ann, deal, win)
            raise RuntimeError("the caller's transaction fails after recording")

    with pytest.raises(RuntimeError):
        await sync_to_async(finish_then_fail)()
    assert await messages(feed_ws, "record") == []
    assert await sync_to_async(Result.objects.count)() == 0
    await feed_ws.disconnect()


async def test_watch_sockets_are_read_only_and_unknown_deals_close_with_4404() -> None:
    feed_ws = await connect("/ws/feed/")
    await feed_ws.send_to(text_data="{not json")
    assert json.loads(await feed_ws.receive_from())["reason"] == "read_only"
    await feed_ws.send_to(text_data=json.dumps({"action": "KC"}))
    assert json.loads(await feed_ws.receive_from())["reason"] == "read_only"
    await feed_ws.disconnect()
    for ref in ("nonsense", "TP1-E-" + "C" * 28, "daily-2026-01-01-TP-E"):
        ws = await connect(f"/ws/deals/{ref}/")
        assert json.loads(await ws.receive_from())["type"] == "error"
        assert (await ws.receive_output())["code"] == 4404


async def test_a_watch_socket_still_takes_a_group_message_without_its_text() -> None:
    """The older shape ``{"type": "arena.event", "payload": {...}}`` is still sent as is."""
    ws = await connect("/ws/feed/")
    layer = get_channel_layer()
    payload = {"type": "record", "event": {"kind": "FIRST_WIN", "id": 1}}
    await layer.group_send("feed", {"type": "arena.event", "payload": payload})
    assert json.loads(await ws.receive_from()) == payload
    await layer.group_send("feed", {"type": "arena.event", "text": '{"type": "x"}'})
    assert json.loads(await ws.receive_from()) == {"type": "x"}
    await ws.disconnect()
