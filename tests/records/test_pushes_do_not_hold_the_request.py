"""Under the ASGI server a request hands its live pushes to the event loop and answers at
once (Django runs sync views one at a time per process: a view waiting on Redis held up
every other request); the pushes to a group still go out in the order they were
published, and a push to other groups does not wait for them. A push built from the
database is built at once, not after the pushes queued before it. Outside the server (a
worker, a command) a push is sent before the call returns."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from core import pushes


class GatedLayer:
    """A channel layer whose sends wait for ``gate`` (those to ``gated`` groups only,
    when given) and are recorded in order."""

    def __init__(self) -> None:
        self.gate: asyncio.Event | None = None
        self.gated: set[str] | None = None
        self.sent: list[tuple[str, str]] = []

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        if self.gate is not None and (self.gated is None or group in self.gated):
            await self.gate.wait()
        self.sent.append((group, message["payload"]["type"]))


async def eventually(check: Callable[[], bool]) -> None:
    """Let the loop run until ``check()`` holds (1 s at most)."""
    for _ in range(100):
        if check():
            return
        await asyncio.sleep(0.01)


@pytest.fixture
def layer(monkeypatch: pytest.MonkeyPatch) -> GatedLayer:
    fake = GatedLayer()
    monkeypatch.setattr(pushes, "get_channel_layer", lambda: fake)
    return fake


@pytest.mark.timeout(30)  # a view that waits for its pushes would wait for ever here
async def test_a_view_thread_returns_before_its_pushes_and_they_keep_their_order(
    layer: GatedLayer,
) -> None:
    layer.gate = asyncio.Event()

    def view() -> None:  # what a sync view's on_commit hooks do
        pushes.send_now(["deal.X", "feed"], pushes.arena_message({"type": "record"}))
        pushes.send_now(["deal.X"], pushes.arena_message({"type": "board"}))

    await sync_to_async(view)()
    assert layer.sent == [], "the view's thread waited for the layer"
    layer.gate.set()
    await eventually(lambda: len(layer.sent) == 3)
    assert layer.sent[-1] == ("deal.X", "board")
    assert sorted(layer.sent[:2]) == [("deal.X", "record"), ("feed", "record")]


@pytest.mark.timeout(30)
async def test_a_push_waits_only_for_the_earlier_pushes_to_its_groups(layer: GatedLayer) -> None:
    layer.gate, layer.gated = asyncio.Event(), {"deal.X"}

    def view() -> None:
        pushes.send_now(["deal.X"], pushes.arena_message({"type": "record"}))
        pushes.send_now(["game.Y"], pushes.arena_message({"type": "state"}))
        pushes.send_now(["deal.X", "feed"], pushes.arena_message({"type": "board"}))

    await sync_to_async(view)()
    await eventually(lambda: ("game.Y", "state") in layer.sent)
    # The board waits for the record (its deal's sockets get them in that order), and so
    # does its copy to the feed; the game's push went out meanwhile.
    assert layer.sent == [("game.Y", "state")]
    layer.gate.set()
    await eventually(lambda: len(layer.sent) == 4)
    assert layer.sent[1] == ("deal.X", "record")
    assert sorted(layer.sent[2:]) == [("deal.X", "board"), ("feed", "board")]


@pytest.mark.timeout(30)
@pytest.mark.django_db(transaction=True)
async def test_a_built_push_is_built_at_once_and_sent_after_the_earlier_ones(
    layer: GatedLayer,
) -> None:
    layer.gate, layer.gated = asyncio.Event(), {"deal.X"}
    built = threading.Event()

    def board() -> dict[str, Any]:
        built.set()
        return {"type": "board"}

    def view() -> None:
        pushes.send_now(["deal.X"], pushes.arena_message({"type": "record"}))
        pushes.build_on_commit(["deal.X"], board)

    await sync_to_async(view)()
    # Built while the record's push is still held: the build does not queue behind it.
    assert await asyncio.to_thread(built.wait, 10)
    assert layer.sent == []
    layer.gate.set()
    await eventually(lambda: len(layer.sent) == 2)
    assert layer.sent == [("deal.X", "record"), ("deal.X", "board")]


def test_outside_the_server_a_push_is_sent_before_returning(layer: GatedLayer) -> None:
    pushes.send_now(["deal.X", "feed"], pushes.arena_message({"type": "record"}))
    assert sorted(layer.sent) == [("deal.X", "record"), ("feed", "record")]


async def test_a_failed_push_is_logged(
    layer: GatedLayer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def refuse(group: str, message: dict[str, Any]) -> None:
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(layer, "group_send", refuse)
    await sync_to_async(pushes.send_now)(["feed"], pushes.arena_message({"type": "record"}))
    await eventually(lambda: any("could not send" in r.getMessage() for r in caplog.records))
    assert any("could not send arena.event to group feed" in r.getMessage() for r in caplog.records)


@pytest.mark.timeout(30)
@pytest.mark.django_db(transaction=True)
async def test_a_built_push_nobody_listens_to_is_not_built(layer: GatedLayer) -> None:
    listened = {"deal.heard"}
    built: list[str] = []

    async def group_has_members(group: str) -> bool:
        return group in listened

    layer.group_has_members = group_has_members  # type: ignore[attr-defined]

    def board(name: str) -> Callable[[], dict[str, Any]]:
        def build() -> dict[str, Any]:
            built.append(name)
            return {"type": "board"}

        return build

    def view() -> None:
        pushes.build_on_commit(["deal.unheard"], board("unheard"))
        pushes.build_on_commit(["deal.heard"], board("heard"))

    await sync_to_async(view)()
    await eventually(lambda: len(layer.sent) == 1)
    await asyncio.sleep(0.05)
    assert built == ["heard"], "a push nobody listens to was built"
    assert layer.sent == [("deal.heard", "board")]


async def test_the_in_memory_layer_says_which_groups_have_members() -> None:
    from channels.layers import InMemoryChannelLayer

    from core.channel_layers import has_members

    memory = InMemoryChannelLayer()
    await memory.group_add("deal.watched", await memory.new_channel())
    assert await has_members(memory, ["deal.other", "deal.watched"])
    assert not await has_members(memory, ["deal.other"])
    await memory.group_discard("deal.watched", next(iter(memory.groups["deal.watched"])))
    assert not await has_members(memory, ["deal.watched"])
