"""This process's watch sockets, by group: one channel-layer receive per group and
process, fanning each message out to the process's own sockets of that group.

Why: with one channel per socket, a record on a deal watched by 1,000 sockets woke 1,000
consumers, each with its own layer receive, task and dispatch (36 % of the event loop in
py-spy, issue 13), and every idle socket kept a receive waiting on the layer. Here a
process joins a group once, on a channel of its own, the first time one of its sockets
watches it (and leaves it with its last one); lila-ws keeps one Redis subscription per
process for the same reason. With the ``pubsub`` layer that channel's group is one Redis
subscription per process; with ``core`` one entry in the group's sorted set, its
messages popped by the process's one blocking pop. Several processes (uvicorn workers,
replicas behind the proxy) each get one copy and write to their own sockets, so the
cost of a fan-out splits across processes.

A group message is the publisher's ``{"type": "arena.event", "text": ...}``
(core/pushes.py); each socket gets ``text`` as its frame, written by the group's one
task, in the order the messages came, with no task per socket. Under uvicorn the frame's
bytes are built once per message and written to each socket's transport
(leaderboards.frame_writes); elsewhere (tests' communicators, another server) each socket
is sent ``text`` through ASGI. A socket that cannot be written (closing, not yet
accepted) is skipped. Per-player messages (the play socket's ``user.<id>`` and
``game.<id>``) stay on their consumer's own channel.

State is per event loop (a server process has one; tests open one per test).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from channels.layers import get_channel_layer

from core import pushes
from leaderboards import frame_writes

logger = logging.getLogger(__name__)


class Socket(Protocol):
    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None: ...


#: A socket and its direct writer (None: it is sent through ASGI).
Member = tuple[Socket, frame_writes.Writer | None]


@dataclass
class _Group:
    channel: str
    task: asyncio.Task[None] | None = None
    sockets: dict[int, Member] = field(default_factory=dict)


@dataclass
class _LoopGroups:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    groups: dict[str, _Group] = field(default_factory=dict)
    refresher: asyncio.Task[None] | None = None


#: Seconds between two renewals of this process's group memberships: channels' layers
#: drop a membership ``group_expiry`` (a day) after it was added, and a process's channel
#: stays in a group for as long as any of its sockets watches it.
REFRESH_S = 3600.0


_BY_LOOP: dict[asyncio.AbstractEventLoop, _LoopGroups] = {}


def _here() -> _LoopGroups:
    loop = asyncio.get_running_loop()
    for stale in [other for other in _BY_LOOP if other.is_closed()]:
        del _BY_LOOP[stale]
    return _BY_LOOP.setdefault(loop, _LoopGroups())


async def deliver(sockets: Iterable[Member], message: dict[str, Any]) -> None:
    """Write one group message to each of ``sockets`` (bench/ wraps this to time it)."""
    text = pushes.frame_text(message)
    if text is None:
        return
    frame: bytes | None = None
    for socket, write in sockets:
        try:
            if write is None:
                await socket.send(text_data=text)
                continue
            if frame is None:
                frame = frame_writes.text_frame(text)
            write(frame)  # False: closing or not yet accepted, skipped
        except Exception:  # a socket closing under us: its disconnect removes it
            logger.debug("a watch socket could not be written", exc_info=True)


async def _receive(layer: Any, group: _Group) -> None:
    while True:
        message = await layer.receive(group.channel)
        if message.get("type") == pushes.MESSAGE_TYPE:
            await deliver(tuple(group.sockets.values()), message)


async def _refresh(here: _LoopGroups) -> None:
    while True:
        await asyncio.sleep(REFRESH_S)
        layer = get_channel_layer()
        if layer is None:
            continue
        for name, group in tuple(here.groups.items()):
            await layer.group_add(name, group.channel)


async def join(group_name: str, socket: Socket) -> None:
    """Add ``socket`` to the group; the process joins it on the layer on first use."""
    here = _here()
    async with here.lock:
        group = here.groups.get(group_name)
        if group is None:
            layer = get_channel_layer()
            if layer is None:
                return
            group = _Group(await layer.new_channel("watch."))
            await layer.group_add(group_name, group.channel)
            group.task = asyncio.create_task(_receive(layer, group))
            here.groups[group_name] = group
            if here.refresher is None or here.refresher.done():
                here.refresher = asyncio.create_task(_refresh(here))
        writer = frame_writes.writer_for(getattr(socket, "base_send", None))
        group.sockets[id(socket)] = (socket, writer)


async def leave(group_name: str, socket: Socket) -> None:
    """Take ``socket`` out; with the process's last socket of the group, leave it."""
    here = _here()
    async with here.lock:
        group = here.groups.get(group_name)
        if group is None or group.sockets.pop(id(socket), None) is None or group.sockets:
            return
        del here.groups[group_name]
        if not here.groups and here.refresher is not None:
            here.refresher.cancel()
        if group.task is not None:
            group.task.cancel()
            await asyncio.gather(group.task, return_exceptions=True)
        layer = get_channel_layer()
        if layer is not None:
            await layer.group_discard(group_name, group.channel)


def local_sockets(group_name: str) -> int:
    """How many of this loop's sockets watch the group (tests, bench)."""
    group = _here().groups.get(group_name)
    return len(group.sockets) if group is not None else 0
