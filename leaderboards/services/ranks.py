"""A player's ranks on a deal's two boards (best-ever and first-try), one way.

Competition ranks: one plus the other players' rows ahead, counted on BoardRow's
ranking index (leaderboards.board_rows). A fresh result's ranks are counted under the
deal's lock from the boards as read before it joined them (``board_rows.Before``), in
the same statement that read them; a result answered again (the same game recorded
twice) has its rows stored, so they are counted as they stand.
"""

from __future__ import annotations

from leaderboards import board_rows
from leaderboards.models import Result

#: ``(rank, first_try_rank)``; None where the player has no row on that board.
Ranks = tuple[int | None, int | None]


def ranks_of(result: Result, before: board_rows.Before | None = None) -> Ranks:
    """``result``'s player's ranks once ``result`` is stored. ``before``: the boards read
    under the lock before ``result`` was stored (a new result); None: as they stand."""
    if before is not None:
        return before.ranks(result)
    rank: int | None = None
    first: int | None = None
    for row, ahead in board_rows.player_rows(result.deal_id, result.player_id):
        if row == board_rows.BEST:
            rank = ahead + 1
        else:
            first = ahead + 1
    return rank, first
