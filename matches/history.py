"""A player's match history (their profile's "Matches"): the matches they finished in,
newest first, with their rank and total among the players of each."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.users import Account
from matches import scoring
from matches.models import Match
from matches.standings import Table

#: Matches listed on a profile.
HISTORY_LENGTH = 20


def match_history(user: Account) -> list[dict[str, Any]]:
    """The ``user``'s finished matches: rank, total, players, rounds (three queries
    per match: fine for a profile's 20)."""
    matches = Match.objects.filter(seats__player=user, status=Match.Status.FINISHED).order_by(
        "-finished_at"
    )[:HISTORY_LENGTH]
    now = timezone.now()
    rows = []
    for match in matches:
        table = Table.load(match)
        standing = scoring.ranked(table.totals(now))
        seat = next(s for s in table.seats if s.player_id == user.pk)
        rank, mine = next((rank, entry) for rank, entry in standing if entry.key == seat.pk)
        rows.append(
            {
                "id": str(match.pk),
                "url": f"/matches/{match.pk}/",
                "variant": match.variant,
                "finished_at": match.finished_at.isoformat() if match.finished_at else None,
                "players": len(table.seats),
                "rounds": len(table.started(now)),
                "rank": rank,
                "total": mine.score,
            }
        )
    return rows
