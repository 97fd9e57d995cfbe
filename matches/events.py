"""Pushing standings to ``match.<id hex>`` (players and spectators of one match).

A frame is the snapshot of ``matches.standings`` at the moment it is sent: after a
committed action (live play's listener runs after the commit), or once a lobby or
round change commits (``publish_on_commit``). The platform's publisher sends it
(``core.pushes``: encoded once, pushed on the server's loop, a failing channel
layer logged and never raised), as an ``arena.event`` the consumer forwards as is.
"""

from __future__ import annotations

import uuid
from functools import partial

from django.db import transaction

from core import pushes
from matches.models import Match
from matches.standings import snapshot


def publish(match_id: uuid.UUID | str, kind: str = "standings", match: Match | None = None) -> None:
    """Send the match's snapshot now (a match deleted meanwhile is skipped). ``match``:
    the row already loaded by the caller, with its creator (one query fewer)."""
    if match is None:
        match = Match.objects.select_related("creator__profile").filter(pk=match_id).first()
    if match is None:
        return
    pushes.send_now((match.group,), pushes.arena_message(snapshot(match, kind)))


def publish_on_commit(match_id: uuid.UUID | str, kind: str = "standings") -> None:
    """``publish`` once the current transaction commits (its snapshot is then current)."""
    transaction.on_commit(partial(publish, match_id, kind), robust=True)
