"""A consumer that ends cancels its channel-layer ``receive()``; that receive must end.

With channels-redis' stock layer on redis-py 8 and Python 3.11, a cancellation that lands
in redis-py's read is sometimes turned into a read timeout and retried, and the receive
pops for ever: the consumer never finishes, and a closing event loop waits on it (a CI
run hung so in a test's teardown). Stock layer: stuck within a few dozen cancellations
here; ours (core/channel_layers.py) must end every one.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from core.channel_layers import ResilientRedisChannelLayer
from tests.reliability.redis_server import RedisServer

pytestmark = pytest.mark.services

CANCELLATIONS = 150
#: A cancelled receive ends at once, or after the pop it is in (2 s) and one retry.
ENDS_WITHIN_S = 6.0


async def test_every_cancelled_receive_ends(redis_server: RedisServer) -> None:
    layer = ResilientRedisChannelLayer(hosts=[redis_server.url])
    pick = random.Random(7)
    try:
        for attempt in range(CANCELLATIONS):
            channel = await layer.new_channel()
            receiving = asyncio.ensure_future(layer.receive(channel))
            await asyncio.sleep(pick.uniform(0, 0.05))
            receiving.cancel()
            done, _ = await asyncio.wait([receiving], timeout=ENDS_WITHIN_S)
            assert done, f"cancellation {attempt}: the receive is still running"
            assert receiving.cancelled(), receiving
    finally:
        await layer.flush()


async def test_a_message_sent_after_a_cancelled_receive_is_still_delivered(
    redis_server: RedisServer,
) -> None:
    layer = ResilientRedisChannelLayer(hosts=[redis_server.url])
    try:
        channel = await layer.new_channel()
        for _ in range(20):
            receiving = asyncio.ensure_future(layer.receive(channel))
            await asyncio.sleep(0.01)
            receiving.cancel()
            await asyncio.wait([receiving], timeout=ENDS_WITHIN_S)
        await layer.send(channel, {"type": "arena.event", "n": 1})
        message = await asyncio.wait_for(layer.receive(channel), ENDS_WITHIN_S)
        assert message == {"type": "arena.event", "n": 1}
    finally:
        await layer.flush()
