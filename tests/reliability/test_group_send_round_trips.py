"""Our core layer's ``group_send`` (core/channel_layers.py) stores what channels-redis'
stock one stores, in two Redis round trips instead of four: one message per Redis key
(two channels of one process share one key and both get it), a channel over its capacity
skipped, and an empty group costs one round trip."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels_redis.core import RedisChannelLayer
from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection

from core.channel_layers import ResilientRedisChannelLayer
from tests.reliability.redis_server import RedisServer

pytestmark = pytest.mark.services

#: The process's watch channels hold one message at most; the other channel two.
CAPACITIES: dict[str, Any] = {"capacity": 2, "channel_capacity": {"watch.*": 1}}


class RoundTrips:
    """Counts what redis-py writes to Redis: one write per command or pipeline."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = AbstractConnection.send_packed_command

        async def counted(connection: AbstractConnection, *args: Any, **kwargs: Any) -> None:
            self.count += 1
            await real(connection, *args, **kwargs)

        monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)


async def _stored(layer: RedisChannelLayer, url: str) -> list[tuple[int, list[int]]]:
    """Per channel key of the layer: how many names each message is for, and its n."""
    client = Redis.from_url(url)
    try:
        stored = []
        for key in await client.keys(f"{layer.prefix}*"):
            if key.decode().startswith(f"{layer.prefix}:group:"):
                continue
            messages = [layer.deserialize(raw) for raw in await client.zrange(key, 0, -1)]
            names = {len(m.get("__asgi_channel__", [key])) for m in messages}
            stored.append((names.pop(), sorted(m["n"] for m in messages)))
        return sorted(stored)
    finally:
        await client.aclose()


async def _send_twice(layer: RedisChannelLayer) -> list[str]:
    """Two channels of this process and one of no process in a group, sent to twice."""
    members = [await layer.new_channel("watch."), await layer.new_channel("watch."), "plain.x"]
    for channel in members:
        await layer.group_add("match.x", channel)
    for n in (1, 2):
        await layer.group_send("match.x", {"type": "arena.event", "n": n})
    return members


async def test_group_send_stores_what_the_stock_layer_stores_in_two_round_trips(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    trips = RoundTrips(monkeypatch)
    stock = RedisChannelLayer(hosts=[redis_server.url], prefix="stock", **CAPACITIES)
    ours = ResilientRedisChannelLayer(hosts=[redis_server.url], prefix="ours", **CAPACITIES)
    try:
        await _send_twice(stock)
        # A first call opens the connection (its handshake counts): counted from the next.
        await ours.group_send("match.nobody", {"type": "arena.event", "n": 0})
        before = trips.count
        await ours.group_send("match.nobody", {"type": "arena.event", "n": 0})
        assert trips.count - before == 1, "an empty group: its members read, no more"
        await ours.group_add("match.one", "plain.y")
        before = trips.count
        await ours.group_send("match.one", {"type": "arena.event", "n": 0})
        assert trips.count - before == 2
        await ours.group_discard("match.one", "plain.y")
        await ours.flush()

        members = await _send_twice(ours)
        # The process's key: one message for both channels (the second was over its
        # capacity); the other channel's key: both.
        assert await _stored(ours, redis_server.url) == [(1, [1, 2]), (2, [1])]
        assert await _stored(ours, redis_server.url) == await _stored(stock, redis_server.url)
        got = [await asyncio.wait_for(ours.receive(channel), 5) for channel in members]
        assert [m["n"] for m in got] == [1, 1, 1]
    finally:
        await stock.flush()
        await ours.flush()
        await stock.close_pools()
        await ours.close_pools()
