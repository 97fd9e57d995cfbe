"""What a record event or a board change pushes, to whom, and when.

Pushes are queued with ``transaction.on_commit`` (core.pushes): nothing is sent
for a rolled-back transaction. The pushed board is read once the transaction has
committed, out of the deal's lock that the next result on the deal waits for.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from core import pushes
from games.groups import deal_group
from games.models import Deal
from leaderboards import events
from leaderboards.boards import board_view
from leaderboards.models import RecordEvent
from leaderboards.presenters import event_info

#: Rows of the best-ever board pushed to a deal's watchers after each change.
PUSHED_BOARD_ROWS = 10


def event_groups(event: RecordEvent) -> list[str]:
    """Who hears of an event: the player, the deal's watchers, and (record news only)
    the site feed. RECORD_INHERITED goes to its new holder, who is ``event.player``."""
    groups = [pushes.user_group(event.player_id), deal_group(event.deal)]
    if event.in_feed:
        groups.append(events.FEED_GROUP)
    return groups


def publish_event(event: RecordEvent) -> None:
    """Queue one push of ``event`` for when the transaction commits."""
    pushes.publish_on_commit(event_groups(event), events.record_payload(event_info(event)))


def pushed_board(deal: Deal) -> dict[str, Any]:
    """The deal's best-ever top as its watchers get it (no player's own row)."""
    view = board_view(deal, "best", PUSHED_BOARD_ROWS)
    view.pop("me", None)
    view.pop("around", None)
    return events.board_payload(view)


def publish_board(deal: Deal) -> None:
    """Queue the deal's best-ever top for its watchers, read once the transaction has
    committed: out of the deal's lock, which the next result on the deal is waiting for."""
    pushes.build_on_commit([deal_group(deal)], partial(pushed_board, deal))
