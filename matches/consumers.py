"""``/ws/matches/<id>/``: the live standings of one match, for players and spectators.

Anyone with the link may watch (the standings name no card). Thin: it resolves the
match, joins ``match.<id hex>``, sends the current snapshot, then forwards the group's
frames as they are (leaderboards' ``WatchConsumer``). Read-only: a client frame gets an
error frame back; an unknown match is accepted then closed with 4404.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from leaderboards.consumers import WatchConsumer
from matches.errors import MatchError
from matches.services.loading import load_match
from matches.services.playing import do_end_round_if_due
from matches.standings import snapshot


def _match_watch(ref: str) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    try:
        match = load_match(ref)
    except MatchError:
        return None
    do_end_round_if_due(match)
    return (match.group,), snapshot(load_match(match.pk))


class MatchConsumer(WatchConsumer):
    async def resolve(self) -> tuple[tuple[str, ...], dict[str, Any] | None] | None:
        ref = str(self.scope["url_route"]["kwargs"]["match_id"])
        watch: tuple[tuple[str, ...], dict[str, Any]] | None
        watch = await database_sync_to_async(_match_watch)(ref)
        return watch
