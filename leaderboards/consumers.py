"""``/ws/deals/<ref>/`` (a deal's watchers) and ``/ws/feed/`` (the site's live feed).

Thin: a consumer resolves what to watch and joins its group through
leaderboards.watchers, which receives the group's ``{"type": "arena.event", "text": ...}``
messages once per process and writes their ``text`` (encoded once by the publisher,
core/pushes.py) to every local socket of the group. These consumers have no channel
of their own (``channel_layer_alias`` names no layer): an idle watcher costs no layer
receive. Payload shapes live in leaderboards.events, deals' group names in
games/groups.py. Watching is read-only: a client frame gets an error frame back, never a
crash; after ``ws_frames.MAX_BAD_FRAMES`` of them the socket is closed with
``ws_frames.CLOSE_TOO_MANY_BAD_FRAMES`` (core/ws_frames.py). An unknown deal is accepted
then closed with 4404, so that browsers see the code (a refused handshake shows none).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from core import ws_frames
from games.engine import DealCode
from games.groups import deal_group, numbered_deal_group
from games.models import Deal, numbered_label
from games.refs import resolve_deal_ref
from games.services.errors import GameServiceError
from leaderboards import events, watchers
from leaderboards.boards import board_view, empty_board

logger = logging.getLogger(__name__)

CLOSE_NOT_FOUND = 4404
READ_ONLY = {
    "type": "error",
    "reason": "read_only",
    "message": "This socket only sends; it reads nothing.",
}


class WatchConsumer(AsyncWebsocketConsumer):
    """Joins the groups ``resolve()`` names (leaderboards.watchers writes their events)."""

    #: No channel per socket: the process's watchers receive for every socket of a group.
    channel_layer_alias = "watchers have no channel of their own"
    joined: tuple[str, ...] = ()
    bad_frames: ws_frames.BadFrameCount | None = None

    async def resolve(self) -> tuple[str, ...] | None:
        """The groups to watch; None: nothing to watch here."""
        raise NotImplementedError

    async def first_frame(self) -> dict[str, Any] | None:
        """What the socket gets on opening (read once its groups are joined)."""
        return None

    async def connect(self) -> None:
        groups = await self.resolve()
        if groups is None:
            await self.accept()
            await self.send_json(
                {"type": "error", "reason": "not_found", "message": "Nothing to watch here."}
            )
            await self.close(code=CLOSE_NOT_FOUND)
            return
        # Joined before accepted: once the client sees its socket open, it gets every
        # event published from then on. The first frame is read after joining: a change
        # committed before the join is in it, one committed after is pushed (a board
        # push nobody listened to is not built, core.pushes).
        for group in groups:
            await watchers.join(group, self)
        self.joined = groups
        first = await self.first_frame()
        await self.accept()
        if first is not None:
            await self.send_json(first)

    async def disconnect(self, code: int) -> None:
        for group in self.joined:
            await watchers.leave(group, self)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send_json(READ_ONLY)
        self.bad_frames = self.bad_frames or ws_frames.BadFrameCount()
        if self.bad_frames.add():
            await self.close(code=ws_frames.CLOSE_TOO_MANY_BAD_FRAMES)

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(content, default=str))


def _deal_target(ref: str) -> tuple[str, Deal | DealCode] | None:
    """The deal's group, and its row (or, for a numbered deal nobody has played yet, its
    canonical code); None if there is no such deal."""
    try:
        deal, parsed = resolve_deal_ref(ref)
    except GameServiceError:
        return None
    if deal is None:  # a valid numbered deal nobody has played yet
        assert parsed is not None
        return numbered_deal_group(parsed.text), parsed
    return deal_group(deal), deal


def _deal_board(target: Deal | DealCode) -> dict[str, Any]:
    """The deal's current best-ever board, as its watchers get it."""
    if isinstance(target, DealCode):
        label = numbered_label(target.number, target.rule_set)
        board = empty_board(target.text, label, target.rule_set, "best")
    else:
        board = board_view(target, "best")
    board.pop("me", None)
    board.pop("around", None)
    return events.board_payload(board)


class DealConsumer(WatchConsumer):
    target: Deal | DealCode | None = None

    async def resolve(self) -> tuple[str, ...] | None:
        ref = str(self.scope["url_route"]["kwargs"]["ref"])[:80]
        found = await database_sync_to_async(_deal_target)(ref)
        if found is None:
            return None
        group, self.target = found
        return (group,)

    async def first_frame(self) -> dict[str, Any] | None:
        assert self.target is not None
        board: dict[str, Any] = await database_sync_to_async(_deal_board)(self.target)
        return board


class FeedConsumer(WatchConsumer):
    async def resolve(self) -> tuple[str, ...] | None:
        return (events.FEED_GROUP,)
