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
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import os
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from typing import Any

from asgiref.sync import AsyncToSync, SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import close_old_connections, transaction

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


#: Per server loop, the last push handed to it (see ``_push_in_turn``).
_LAST_PUSH: dict[asyncio.AbstractEventLoop, asyncio.Task[Any]] = {}


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


async def _push_in_turn(
    layer: Any, groups: tuple[str, ...], message: dict[str, Any] | Callable[[], Awaitable[None]]
) -> None:
    """``_push``, after the push handed to this loop before it: a deal's record event and
    then its new board reach watchers in that order, as they were published. ``message``
    may be a coroutine function that does the push itself (``_push_built``)."""
    loop = asyncio.get_running_loop()
    me = asyncio.current_task()
    assert me is not None
    before = _LAST_PUSH.get(loop)
    _LAST_PUSH[loop] = me
    try:
        if before is not None and not before.done():
            await asyncio.wait([before])
        if callable(message):
            await message()
        else:
            await _push(layer, groups, message)
    finally:
        if _LAST_PUSH.get(loop) is me:
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
    if loop is not None:
        push = _push_in_turn(layer, targets, message)
        try:
            future = asyncio.run_coroutine_threadsafe(push, loop)
        except RuntimeError:  # the loop closed in between: send it here instead
            push.close()
        else:
            future.add_done_callback(_report)
            return
    try:
        async_to_sync(_push)(layer, targets, message)
    except Exception:
        logger.exception("could not send %s to groups %s", message.get("type"), targets)


def publish_on_commit(groups: Iterable[str], payload: dict[str, Any]) -> None:
    """Send ``payload`` to ``groups`` once the current transaction commits (now if none)."""
    transaction.on_commit(partial(send_now, tuple(groups), arena_message(payload)))


#: The one thread of this process that builds pushes read from the database after their
#: commit (a deal's board): off the request's thread, one database connection.
_BUILDER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="push-build")


def _build(build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return build()
    finally:  # what the end of a request does for a request's thread
        close_old_connections()


async def _push_built(
    layer: Any, groups: tuple[str, ...], build: Callable[[], dict[str, Any]]
) -> None:
    """Build the payload on the builder thread, then send it in publishing order."""
    loop = asyncio.get_running_loop()
    payload = await loop.run_in_executor(_BUILDER, _build, build)
    await _push(layer, groups, arena_message(payload))


def _build_and_send(groups: tuple[str, ...], build: Callable[[], dict[str, Any]]) -> None:
    loop = _server_loop()
    layer = get_channel_layer() if loop is not None else None
    if loop is not None and layer is not None:
        push = _push_in_turn(layer, groups, partial(_push_built, layer, groups, build))
        try:
            asyncio.run_coroutine_threadsafe(push, loop).add_done_callback(_report)
            return
        except RuntimeError:  # the loop closed in between: build and send it here
            push.close()
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
    request answers without waiting for it (and a failing read loses only that push)."""
    transaction.on_commit(partial(_build_and_send, tuple(groups), build))
