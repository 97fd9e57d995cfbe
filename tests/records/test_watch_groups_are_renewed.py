"""A process's watch-group memberships are renewed while its sockets watch
(leaderboards.watchers.REFRESH_S, hourly): channels' layers drop a membership
``group_expiry`` after it was added, and without the renewal a socket open longer
than that would stop getting its deal's events. Here the expiry is 1 to 2 s and the
renewal 0.2 s; the control without renewal shows the membership really expires."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from typing import Any

import pytest
from channels.layers import channel_layers, get_channel_layer
from channels.testing import WebsocketCommunicator

from config.asgi import application
from core import pushes
from leaderboards import events, watchers

pytestmark = pytest.mark.django_db(transaction=True)

IN_MEMORY = {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"group_expiry": 1}}
REDIS_CORE = {
    "BACKEND": "core.channel_layers.ResilientRedisChannelLayer",
    "CONFIG": {"hosts": [os.environ.get("REDIS_URL", "")], "group_expiry": 1},
}
LAYERS = [
    pytest.param(IN_MEMORY, id="in-memory"),
    pytest.param(REDIS_CORE, id="redis-core", marks=pytest.mark.services),
]
#: Longer than the layers' expiry (a membership older than ``int(now) - 1`` is dropped).
OUTLIVE_S = 3.2


@pytest.fixture
def layer_config(request: pytest.FixtureRequest, settings: Any) -> Iterator[None]:
    settings.CHANNEL_LAYERS = {"default": request.param}
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


async def watch_past_the_expiry() -> WebsocketCommunicator:
    """A feed watcher, connected, after its process's membership would have expired."""
    headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    socket = WebsocketCommunicator(application, "/ws/feed/", headers=headers)
    connected, _ = await socket.connect()
    assert connected and watchers.local_sockets(events.FEED_GROUP) == 1
    await asyncio.sleep(OUTLIVE_S)
    await get_channel_layer().group_send(
        events.FEED_GROUP, pushes.arena_message({"type": "record", "n": 1})
    )
    return socket


@pytest.mark.parametrize("layer_config", LAYERS, indirect=True)
@pytest.mark.parametrize(
    ("refresh_s", "delivered"),
    [pytest.param(0.2, True, id="renewed"), pytest.param(3600.0, False, id="not-renewed")],
)
@pytest.mark.usefixtures("layer_config")
async def test_a_watcher_open_past_the_group_expiry_gets_events_only_if_renewed(
    monkeypatch: pytest.MonkeyPatch, refresh_s: float, delivered: bool
) -> None:
    monkeypatch.setattr(watchers, "REFRESH_S", refresh_s)
    socket = await watch_past_the_expiry()
    try:
        if delivered:
            assert await socket.receive_json_from(timeout=5) == {"type": "record", "n": 1}
        else:  # the control: the membership really expired
            assert await socket.receive_nothing(timeout=1.0)
    finally:
        await socket.disconnect()
    assert watchers.local_sockets(events.FEED_GROUP) == 0
