"""What the leaderboards send over Channels: the feed's group and the payloads of a record
event and of a deal's board. How it is sent (the group message shape, on commit, never
raising) is the platform's (core/pushes.py); deals' group names are games' own
(games/groups.py), since live play pushes a deal's facts to the same watchers.

A payload is ``{"type": "record", "event": {...}}`` (a RecordEvent) or ``{"type":
"board", ...}`` (a deal's best-ever top after a change).
"""

from __future__ import annotations

from typing import Any

from leaderboards.payloads import EventInfo

FEED_GROUP = "feed"


def record_payload(event: EventInfo) -> dict[str, Any]:
    return {"type": "record", "event": event}


def board_payload(board: dict[str, Any]) -> dict[str, Any]:
    return {"type": "board", **board}
