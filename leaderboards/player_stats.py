"""A player's statistics page: games and win rate per variant, best scores, the calendar
of days played, recent scores. Read-only figures over the player's stored results.

Counted: every result of the player (live games and submitted logs, practice included)
that is neither disqualified nor held for the bot-speed review; an abandoned game counts
as a game not won. Days are the platform's days (``PLATFORM_TIME_ZONE``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Max, Min, Q
from django.db.models.functions import TruncDate
from django.utils import timezone

from games.daily import today
from leaderboards.models import Result
from leaderboards.profiles import profile_named

VARIANTS = ("TP-E", "TP-C", "PY")
CALENDAR_WEEKS = 12
RECENT = 30


def player_statistics(display_name: str, on: date | None = None) -> dict[str, Any] | None:
    """The figures of the player named ``display_name`` (any case), or None."""
    profile = profile_named(display_name)
    if profile is None:
        return None
    counted = Result.objects.filter(player=profile.user, disqualified=False, held=False)
    rows = {
        row["deal__variant"]: row
        for row in counted.values("deal__variant").annotate(
            games=Count("id"),
            wins=Count("id", filter=Q(won=True)),
            best_score=Max("score"),
            fewest_moves=Min("moves", filter=Q(won=True)),
        )
    }
    variants = []
    for variant in VARIANTS:
        row: Mapping[str, Any] = rows.get(variant, {})
        games, wins = row.get("games", 0), row.get("wins", 0)
        variants.append(
            {
                "variant": variant,
                "games": games,
                "wins": wins,
                "win_rate": round(100 * wins / games, 1) if games else None,
                "best_score": row.get("best_score"),
                "fewest_moves": row.get("fewest_moves"),
            }
        )
    last = on or today()
    first = last - timedelta(days=7 * CALENDAR_WEEKS - 1)
    zone = timezone.get_default_timezone()
    per_day = (
        counted.filter(created_at__gte=timezone.make_aware(datetime.combine(first, time.min), zone))
        .annotate(day=TruncDate("created_at", tzinfo=zone))
        .values("day")
        .annotate(games=Count("id"), wins=Count("id", filter=Q(won=True)))
    )
    recent = counted.select_related("deal").order_by("-created_at", "-id")[:RECENT]
    return {
        "name": profile.display_name,
        "variants": variants,
        "calendar": {
            "first": first.isoformat(),
            "last": last.isoformat(),
            "days": {
                row["day"].isoformat(): {"games": row["games"], "wins": row["wins"]}
                for row in per_day
                if row["day"] is not None and first <= row["day"] <= last
            },
        },
        "recent": [
            {
                "variant": r.deal.variant,
                "score": r.score,
                "won": r.won,
                "cards_left": r.cards_left,
                "at": r.created_at.isoformat(),
            }
            for r in reversed(list(recent))
        ],
    }
