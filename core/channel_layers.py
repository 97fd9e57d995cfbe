"""channels-redis layers that ride out a Redis outage instead of killing every socket.

With the stock ``RedisChannelLayer`` every consumer runs a ``receive()`` on its channel
next to the client's frames; when Redis goes away that ``receive()`` raises, the error
ends the consumer, and the player's socket dies in the middle of a game although play
itself needs only PostgreSQL. Same for ``group_add`` while connecting. Here:

* ``receive()`` waits through the outage (backing off up to 5 s), then re-adds the
  channel's groups (a Redis restarted empty has forgotten them) and goes on;
* ``group_add`` / ``group_discard`` log and return: the socket works, it only misses live
  pushes until Redis is back (the groups are remembered and re-added then);
* ``group_send`` / ``send`` still raise: their callers (core.pushes) log each lost
  push, which is how an outage shows in the logs.

Two more things the stock core layer gets wrong with redis-py 8 (found by bench/fanout.py):

* redis-py's connections time out reads after 5 s, and the layer blocks in ``BZPOPMIN``
  for 5 s: an idle socket's ``receive()`` fails with TimeoutError every few seconds (with
  the stock layer that ends the consumer: idle sockets die). Here it blocks 2 s;
* its pool refuses a 101st connection (MaxConnectionsError) instead of waiting, so a
  burst of sockets joining or leaving groups fails some of them; here those retry.

And one with Python 3.11: a consumer that ends cancels its ``receive()``; when that
cancellation lands as redis-py's read timeout expires, ``asyncio.timeout`` turns it into
a TimeoutError, redis-py retries the read, channels-redis loops on the empty pop, and the
task never ends: the consumer hangs, and so does an event loop closing over it (seen as a
CI run stuck in a test's teardown). Here a receive whose task has a cancellation pending
raises CancelledError after each pop (tests/reliability/test_channel_layer_cancel.py).

One warning per outage and process, not one per socket: 1,000 sockets must not write
1,000 lines a second.

And one for speed: the stock core layer's ``group_send`` makes four Redis round trips one
after the other (drop the group's expired members, read its members, drop each
channel's expired messages, add the message); every live push pays them, each one more
turn of a busy event loop (bench/match.py: 40 pushes a second). Here the same commands
go in two pipelines: the group's, then each Redis host's channels'.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer
from redis.exceptions import MaxConnectionsError

logger = logging.getLogger(__name__)

MAX_BACKOFF_S = 5.0
FIRST_BACKOFF_S = 0.2
#: Seconds one BZPOPMIN blocks: well under redis-py's 5-s socket read timeout.
BLOCKING_POP_S = 2
#: A pool that is momentarily full is waited for, this many times 50 ms.
POOL_RETRIES = 40


def _cancel_requested() -> bool:
    """True once someone called ``cancel()`` on this task, even if the CancelledError
    was swallowed on its way up (asyncio.timeout on 3.11, then redis-py's retry)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


async def _with_pool_retries(call: Any, *args: Any) -> Any:
    for _ in range(POOL_RETRIES):
        try:
            return await call(*args)
        except MaxConnectionsError:
            await asyncio.sleep(0.05)
    return await call(*args)


class _OutageLog:
    """Says "Redis is down" once, and "Redis is back" once, per layer and process."""

    def __init__(self) -> None:
        self.down = False

    def failed(self, what: str, error: BaseException) -> None:
        if not self.down:
            self.down = True
            logger.warning(
                "channel layer: Redis unavailable (%s: %r); sockets stay open, "
                "live pushes are lost until it is back",
                what,
                error,
            )

    def recovered(self) -> None:
        if self.down:
            self.down = False
            logger.warning("channel layer: Redis is back; groups re-added")


#: channels-redis' script of ``group_send`` (4.3): the message goes to each channel
#: under its capacity; the count of channels over it is returned.
_GROUP_SEND_LUA = """
    local over_capacity = 0
    local current_time = ARGV[#ARGV - 1]
    local expiry = ARGV[#ARGV]
    for i=1,#KEYS do
        if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
            redis.call('ZADD', KEYS[i], current_time, ARGV[i])
            redis.call('EXPIRE', KEYS[i], expiry)
        else
            over_capacity = over_capacity + 1
        end
    end
    return over_capacity
"""


class ResilientRedisChannelLayer(RedisChannelLayer):
    """``channels_redis.core.RedisChannelLayer`` that survives Redis going away."""

    brpop_timeout = BLOCKING_POP_S

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._joined: defaultdict[str, set[str]] = defaultdict(set)
        self._outage = _OutageLog()

    async def receive(self, channel: str) -> dict[str, Any]:
        delay = FIRST_BACKOFF_S
        failed = False
        while True:
            if failed:
                try:
                    for group in tuple(self._joined.get(channel, ())):
                        await _with_pool_retries(super().group_add, group, channel)
                except Exception as error:
                    self._outage.failed("group_add", error)
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, MAX_BACKOFF_S)
                    continue
                self._outage.recovered()
                failed, delay = False, FIRST_BACKOFF_S
            try:
                message: dict[str, Any] = await super().receive(channel)
                return message
            except Exception as error:  # CancelledError is a BaseException: it passes
                if _cancel_requested():
                    raise asyncio.CancelledError from error
                if isinstance(error, MaxConnectionsError):  # a burst of joins: no outage
                    await asyncio.sleep(0.05)
                    continue
                self._outage.failed("receive", error)
                failed = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, MAX_BACKOFF_S)

    async def _brpop_with_clean(self, index: int, channel: str, timeout: float) -> Any:
        # channels-redis pops until a message comes: a cancellation lost below would
        # leave it popping for ever. A message popped here stays in the channel's
        # backup queue, which the next pop puts back first: nothing is lost.
        member = await super()._brpop_with_clean(index, channel, timeout)
        if _cancel_requested():
            raise asyncio.CancelledError
        return member

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """The stock ``group_send``'s commands in two round trips instead of four."""
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        pipe = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _, members = await pipe.execute()
        names = [member.decode("utf8") for member in members]
        by_host, messages, capacities = self._map_channel_keys_to_connection(names, message)
        for index, keys in by_host.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for channel_key in keys:
                pipe.zremrangebyscore(channel_key, min=0, max=int(time.time()) - int(self.expiry))
            pipe.eval(
                _GROUP_SEND_LUA,
                len(keys),
                *keys,
                *(messages[channel_key] for channel_key in keys),
                *(capacities[channel_key] for channel_key in keys),
                time.time(),
                self.expiry,
            )
            over = (await pipe.execute())[-1]
            if over > 0:
                logger.info("%s of %s channels over capacity in group %s", over, len(names), group)

    async def group_has_members(self, group: str) -> bool:
        """Does any channel (a process's watchers, a socket's own) belong to ``group``?
        One round trip: its unexpired members counted (core.pushes skips building a
        push nobody would get)."""
        key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        since = int(time.time()) - self.group_expiry
        return bool(await connection.zcount(key, since, "+inf"))

    async def group_add(self, group: str, channel: str) -> None:
        self._joined[channel].add(group)
        try:
            await _with_pool_retries(super().group_add, group, channel)
        except Exception as error:
            self._outage.failed("group_add", error)

    async def group_discard(self, group: str, channel: str) -> None:
        groups = self._joined.get(channel)
        if groups is not None:
            groups.discard(group)
            if not groups:
                del self._joined[channel]
        try:
            await _with_pool_retries(super().group_discard, group, channel)
        except Exception as error:
            self._outage.failed("group_discard", error)


class ResilientRedisPubSubChannelLayer(RedisPubSubChannelLayer):
    """``RedisPubSubChannelLayer`` whose subscriptions fail soft while Redis is down.

    Its receive task already reconnects (redis-py re-subscribes on reconnection); what
    raised was subscribing: ``new_channel`` and ``group_add`` when a socket connects.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._outage = _OutageLog()

    async def new_channel(self, prefix: str = "specific.") -> str:
        layer = self._get_layer()
        name = f"{layer.prefix}{prefix}{uuid.uuid4().hex}"
        layer.channels[name] = asyncio.Queue()
        try:
            await layer._get_shard(name).subscribe(name)
        except Exception as error:
            self._outage.failed("subscribe", error)
        return name

    async def group_has_members(self, group: str) -> bool:
        """Is any connection (one per process that watches it) subscribed to ``group``?
        One round trip: Redis' PUBSUB NUMSUB on the group's channel."""
        layer = self._get_layer()
        name = layer._get_group_channel_name(group)
        shard = layer._get_shard(name)
        shard._ensure_redis()
        counts = await shard._redis.pubsub_numsub(name)
        return any(count for _, count in counts)

    async def group_add(self, group: str, channel: str) -> None:
        try:
            await _with_pool_retries(self._get_layer().group_add, group, channel)
        except Exception as error:
            self._outage.failed("group_add", error)

    async def group_discard(self, group: str, channel: str) -> None:
        try:
            await _with_pool_retries(self._get_layer().group_discard, group, channel)
        except Exception as error:
            self._outage.failed("group_discard", error)


async def has_members(layer: Any, groups: Iterable[str]) -> bool:
    """Would a message to any of ``groups`` reach anyone? Our Redis layers ask Redis
    (``group_has_members``); channels' in-memory layer is read; any other layer, or a
    failing Redis, answers True (the push is then built and sent as ever, and a failed
    send is logged where it fails)."""
    names = tuple(groups)
    check = getattr(layer, "group_has_members", None)
    if check is not None:
        try:
            return any(await asyncio.gather(*(check(name) for name in names)))
        except Exception:
            return True
    in_memory = getattr(layer, "groups", None)  # channels.layers.InMemoryChannelLayer
    if isinstance(in_memory, dict):
        return any(in_memory.get(name) for name in names)
    return True
