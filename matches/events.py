"""Pushing standings to ``match.<id hex>`` (players and spectators of one match).

A frame is the snapshot of ``matches.standings`` at the moment it is built: once a lobby
or round change commits (``publish_on_commit``), and after committed actions of the
round games (``publish_change``, called by live play's listener after the commit). The
platform's publisher sends it (``core.pushes``: encoded once, pushed on the server's
loop in publishing order per group, a failing channel layer logged and never raised),
as an ``arena.event`` the consumer forwards as is.

Actions are coalesced while a frame is being built: 8 players acting every 200 ms are
40 actions a second, and a frame per action, built on the request's thread and queued
behind every push before it, fell seconds behind (bench/match.py: the queue before the
push grew to 6 s while the fan-out itself took 5 ms). A change marks its match *pending*
and queues one build (``core.pushes.build_on_commit``: on the process's builder thread,
out of the request, started at once unless an earlier build is running); changes
arriving while that build has not started only mark it, and the build, when it starts,
clears the mark *before* it reads the database, so every committed change is in a frame
built after it. The build reads one query while the rest of the match stands
(``matches.standings.changed_snapshot``). (On SQLite the build runs at once on the
listener's thread: ``_queue_build``.) A frame built for changes carries ``changed_at``:
the instant of the oldest change it is the first to show (what its latency is measured
from).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from core import pushes
from matches.models import Match, match_group
from matches.standings import changed_snapshot, snapshot

#: Matches with a change no build has started to read yet -> the oldest such change.
_pending: dict[str, datetime] = {}
_pending_lock = threading.Lock()
#: A mark this old is taken for a build that was lost (a server loop closing under it):
#: the next change queues a build again rather than waiting on it for ever.
STALE_MARK = timedelta(seconds=5)


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


def publish_change(match_id: uuid.UUID | str) -> None:
    """A round game's change has committed: a standings frame will show it, built after
    now, together with any other change made before that build starts."""
    key = str(match_id)
    now = timezone.now()
    with _pending_lock:
        marked = _pending.get(key)
        if marked is not None and now - marked < STALE_MARK:
            return
        _pending[key] = marked or now
    _queue_build((match_group(key),), partial(_changed_frame, key))


def _queue_build(groups: tuple[str, ...], build: Callable[[], dict[str, Any]]) -> None:
    """On the publisher's builder thread (``core.pushes.build_on_commit``), but
    on SQLite, which takes one writer at a time: a second thread reading while the
    request writes fails with "database table is locked" and the frame is lost, so
    there (development, the first pass of the tests) it is built here and now."""
    if connection.vendor == "sqlite":
        pushes.send_now(groups, pushes.arena_message(build()))
        return
    pushes.build_on_commit(groups, build)


def _changed_frame(key: str) -> dict[str, Any]:
    with _pending_lock:  # from here on a new change queues a build of its own
        changed_at = _pending.pop(key, None)
    frame = changed_snapshot(key)
    if frame is None:
        raise LookupError(f"match {key} is gone")  # logged by the publisher; nothing sent
    if changed_at is not None:
        frame["changed_at"] = changed_at.isoformat()
    return frame
