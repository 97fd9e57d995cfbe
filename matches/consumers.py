"""``/ws/matches/<id>/``: the live standings of one match, for players and spectators.

Anyone with the link may watch (the standings name no card). Thin: it resolves the
match, joins ``match.<id hex>``, then sends the current snapshot and forwards the group's
frames as they are (leaderboards' ``WatchConsumer``). Read-only: a client frame gets an
error frame back; an unknown match is accepted then closed with 4404.
"""

from __future__ import annotations

import uuid
from typing import Any

from channels.db import database_sync_to_async

from leaderboards.consumers import WatchConsumer
from matches.errors import MatchError
from matches.services.loading import load_match
from matches.services.playing import do_end_round_if_due
from matches.standings import snapshot


def _match_group(ref: str) -> tuple[str, uuid.UUID] | None:
    """The match's group and id (its round ended first if due); None: no such match."""
    try:
        match = load_match(ref)
    except MatchError:
        return None
    do_end_round_if_due(match)
    return match.group, match.pk


def _match_snapshot(match_id: uuid.UUID) -> dict[str, Any]:
    return snapshot(load_match(match_id))


class MatchConsumer(WatchConsumer):
    match_id: uuid.UUID | None = None

    async def resolve(self) -> tuple[str, ...] | None:
        ref = str(self.scope["url_route"]["kwargs"]["match_id"])
        found = await database_sync_to_async(_match_group)(ref)
        if found is None:
            return None
        group, self.match_id = found
        return (group,)

    async def first_frame(self) -> dict[str, Any] | None:
        assert self.match_id is not None
        standings: dict[str, Any] = await database_sync_to_async(_match_snapshot)(self.match_id)
        return standings
