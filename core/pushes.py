"""Live pushes over Channels: the one group message shape, and sending it now or once
the transaction commits. Every app's events go through here (leaderboards/events.py,
games/game_sync.py, games/facts_on_demand.py, matches/events.py); what they send and to
which groups is theirs.

Group messages are ``{"type": "arena.event", "payload": {...}, "text": "<the payload as
JSON>"}``: the payload is encoded once, when it is published, not once per socket (1,000
watchers of a deal would each run ``json.dumps`` on the same event); consumers send
``text`` as their frame (:func:`frame_text`), and a message without ``text`` (the older
shape, or one built by hand) has its ``payload`` encoded by the consumer. Consumers handle
these messages without channels' per-message ``close_old_connections`` thread hop: they
touch no database.

Publishing happens in ``transaction.on_commit`` (zulip's ``send_event_on_commit``): an
event whose transaction rolls back is never sent, and one that commits is sent once.
A failing channel layer (Redis down) is logged and swallowed: the result is stored and
the request answers normally; only the live push is lost. Under the ASGI server a request
does not wait for its pushes (``send_now``).

Order: under the server, the pushes to one group go out in the order they were handed to
the server's loop (``_push_in_turn``); pushes to other groups do not wait for them (each
action's game-state push to ``game.<id>`` does not hold a match's standings). A push read
from the database (``build_on_commit``) is handed over once built, so it follows every
push published before its build ended.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import os
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from asgiref.sync import AsyncToSync, SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import close_old_connections, transaction

from core import channel_layers

logger = logging.getLogger(__name__)

MESSAGE_TYPE = "arena.event"


def user_group(user_id: int) -> str:
    """A player's own notifications (joined by every socket of theirs, e.g. /ws/play/)."""
    return f"user.{user_id}"


def encode(payload: dict[str, Any]) -> str:
    """A payload as the text of its WebSocket frame (what the consumers used to send)."""
    return json.dumps(payload, default=str)


def arena_message(payload: dict[str, Any]) -> dict[str, Any]:
    return {"type": MESSAGE_TYPE, "payload": payload, "text": encode(payload)}


def frame_text(message: dict[str, Any]) -> str | None:
    """The frame a consumer sends for a group message: its ``text``, else its encoded
    ``payload`` (a message of the older shape); None if it carries neither."""
    text = message.get("text")
    if isinstance(text, str):
        return text
    payload = message.get("payload")
    if isinstance(payload, dict):
        return encode(payload)
    return None


#: Per server loop, the last push handed to it for each group (see ``_push_in_turn``).
_LAST_PUSH: dict[asyncio.AbstractEventLoop, dict[str, asyncio.Task[Any]]] = {}


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The ASGI server's running event loop when this thread runs sync code for it
    (asgiref's SyncToAsync notes it per thread), else None (a Celery worker, a command,
    a test client on a thread of its own)."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop: asyncio.AbstractEventLoop | None = getattr(local, "main_event_loop", None)
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    if loop in AsyncToSync.loop_thread_executors:
        # A loop async_to_sync made for one call (a sync caller of an async view, such
        # as Django's test client): it ends with the call, and a push left on it is lost.
        return None
    return loop


async def _push(layer: Any, groups: tuple[str, ...], message: dict[str, Any]) -> None:
    """Send to every group at once (overlapping Redis round trips); log each failure."""
    outcomes = await asyncio.gather(
        *(layer.group_send(group, message) for group in groups), return_exceptions=True
    )
    for group, outcome in zip(groups, outcomes, strict=True):
        if isinstance(outcome, Exception):
            logger.error(
                "could not send %s to group %s",
                message.get("type"),
                group,
                exc_info=(type(outcome), outcome, outcome.__traceback__),
            )
        elif isinstance(outcome, BaseException):  # a cancellation: not ours to swallow
            raise outcome


async def _push_in_turn(layer: Any, groups: tuple[str, ...], message: dict[str, Any]) -> None:
    """``_push``, after the pushes handed to this loop before it for any of its groups: a
    deal's record event and then its new board reach watchers in that order, as they
    were published. Per group, not per loop: a push waits only for those its sockets
    would get before it (tasks start in the order they were handed over)."""
    loop = asyncio.get_running_loop()
    me = asyncio.current_task()
    assert me is not None
    last = _LAST_PUSH.setdefault(loop, {})
    before = {task for group in groups if (task := last.get(group)) is not None and not task.done()}
    for group in groups:
        last[group] = me
    try:
        if before:
            await asyncio.wait(before)
        await _push(layer, groups, message)
    finally:
        for group in groups:
            if last.get(group) is me:
                del last[group]
        if not last and _LAST_PUSH.get(loop) is last:  # a test's loop: forget it
            del _LAST_PUSH[loop]


def _report(future: concurrent.futures.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        logger.error("a live push failed", exc_info=future.exception())


def send_now(groups: Iterable[str], message: dict[str, Any]) -> None:
    """Send ``message`` to each group; a layer failure is logged, never raised.

    Under the ASGI server the request's thread does not wait for Redis: the push is
    handed to the server's event loop (in order, after the previous one) and the answer
    goes out at once. Django runs a process's sync views one at a time on one thread,
    so a view waiting on Redis round trips held up every other request. Elsewhere (a
    worker, a command) the push is sent before returning.
    """
    try:
        layer = get_channel_layer()
    except Exception:
        logger.exception("channel layer unavailable: %s not sent", message.get("type"))
        return
    if layer is None:
        return
    targets = tuple(groups)
    loop = _server_loop()
    if loop is None or not _hand_over(loop, layer, targets, message):
        _send_here(layer, targets, message)


def _hand_over(
    loop: asyncio.AbstractEventLoop, layer: Any, groups: tuple[str, ...], message: dict[str, Any]
) -> bool:
    """Queue the push on the server's loop (in turn); False if that loop has closed."""
    push = _push_in_turn(layer, groups, message)
    try:
        future = asyncio.run_coroutine_threadsafe(push, loop)
    except RuntimeError:  # the loop closed in between: the caller sends it itself
        push.close()
        return False
    future.add_done_callback(_report)
    return True


def _send_here(layer: Any, groups: tuple[str, ...], message: dict[str, Any]) -> None:
    """Send on this thread, waiting for Redis (no server loop: a worker, a command)."""
    try:
        async_to_sync(_push)(layer, groups, message)
    except Exception:
        logger.exception("could not send %s to groups %s", message.get("type"), groups)


def publish_on_commit(groups: Iterable[str], payload: dict[str, Any]) -> None:
    """Send ``payload`` to ``groups`` once the current transaction commits (now if none)."""
    transaction.on_commit(partial(send_now, tuple(groups), arena_message(payload)))


#: The one thread of this process that builds pushes read from the database after their
#: commit (a deal's board, a match's standings): off the request's thread, one database
#: connection, one build at a time.
_BUILDER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="push-build")


def _built(build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """On the builder thread: the payload built and encoded (off the loop too)."""
    try:
        return arena_message(build())
    finally:  # what the end of a request does for a request's thread
        close_old_connections()


async def _build_if_heard(
    layer: Any, groups: tuple[str, ...], build: Callable[[], dict[str, Any]]
) -> None:
    """On the server's loop: if anyone listens to ``groups``, build the push on the
    builder thread and push it in turn. A deal nobody watches costs one Redis round
    trip, not a board read from the database (bench/submissions.py: most numbered
    deals have no watcher). A socket that joins a group reads its first frame after
    joining (leaderboards.consumers), so it misses no change a skipped build held."""
    if not await channel_layers.has_members(layer, groups):
        return
    try:
        message = await asyncio.get_running_loop().run_in_executor(_BUILDER, _built, build)
    except Exception:
        logger.exception("could not build a live push for %s", groups)
        return
    await _push_in_turn(layer, groups, message)


def _build_and_send(groups: tuple[str, ...], build: Callable[[], dict[str, Any]]) -> None:
    loop = _server_loop()
    layer = get_channel_layer() if loop is not None else None
    if loop is not None and layer is not None:
        try:
            future = asyncio.run_coroutine_threadsafe(_build_if_heard(layer, groups, build), loop)
        except RuntimeError:  # the loop closed in between: build and send here
            pass
        else:
            future.add_done_callback(_report)
            return
    try:
        payload = build()
    except Exception:
        logger.exception("could not build a live push for %s", groups)
        return
    send_now(groups, arena_message(payload))


def build_on_commit(groups: Iterable[str], build: Callable[[], dict[str, Any]]) -> None:
    """Like ``publish_on_commit``, with the payload built by ``build()`` once the
    transaction has committed: a deal's board is read after the commit, out of the
    deal's lock; under the ASGI server on this process's builder thread, so that the
    request answers without waiting for it (and a failing read loses only that push),
    and only if some socket listens to ``groups`` (``_build_if_heard``). The push then
    goes out in turn (after the pushes to its groups handed over before it)."""
    transaction.on_commit(partial(_build_and_send, tuple(groups), build))
