"""What the leaderboards send over Channels, and how: every shape and group name in one
module (like lila-ws's ``ipc/``), so consumers and services cannot drift apart.

Group messages are ``{"type": "arena.event", "payload": {...}}``; consumers send the
payload as is. A payload is ``{"type": "record", "event": {...}}`` (a RecordEvent) or
``{"type": "board", ...}`` (a deal's best-ever top after a change).

Publishing happens in ``transaction.on_commit`` (zulip's ``send_event_on_commit``): an
event whose transaction rolls back is never sent, and one that commits is sent once.
A failing channel layer (Redis down) is logged and swallowed: the result is stored and
the request answers normally; only the live push is lost.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import partial
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.models import Deal

logger = logging.getLogger(__name__)

FEED_GROUP = "feed"
MESSAGE_TYPE = "arena.event"


def user_group(user_id: int) -> str:
    """A player's own notifications (joined by every socket of theirs, e.g. /ws/play/)."""
    return f"user.{user_id}"


def deal_group(deal: Deal) -> str:
    """Watchers of a deal. Sealed deals are named by id, never by their (secret) code."""
    return f"deal.sealed{deal.pk}" if deal.sealed else f"deal.{deal.code}"


def numbered_deal_group(code: str) -> str:
    """The group of a numbered deal known only by its canonical code (no row yet)."""
    return f"deal.{code}"


def arena_message(payload: dict[str, Any]) -> dict[str, Any]:
    return {"type": MESSAGE_TYPE, "payload": payload}


def record_payload(event: dict[str, Any]) -> dict[str, Any]:
    return {"type": "record", "event": event}


def board_payload(board: dict[str, Any]) -> dict[str, Any]:
    return {"type": "board", **board}


def send_now(groups: Iterable[str], message: dict[str, Any]) -> None:
    """Send ``message`` to each group; a layer failure is logged, never raised."""
    try:
        layer = get_channel_layer()
    except Exception:
        logger.exception("channel layer unavailable: %s not sent", message.get("type"))
        return
    if layer is None:
        return
    for group in groups:
        try:
            async_to_sync(layer.group_send)(group, message)
        except Exception:
            logger.exception("could not send %s to group %s", message.get("type"), group)


def publish_on_commit(groups: Iterable[str], payload: dict[str, Any]) -> None:
    """Send ``payload`` to ``groups`` once the current transaction commits (now if none)."""
    transaction.on_commit(partial(send_now, tuple(groups), arena_message(payload)))
