"""Sessions (SPEC §8): daily totals, series totals and daily streaks.

Decisions (docs/records.md):

* Daily total: the sum of a player's *ranked* daily results of a date (their first
  finished game on each of the day's deals, finished before the day closed). An
  abandoned ranked attempt counts 0; disqualified results count nothing.
* Series total: the sum of each player's *first* result on each deal of the series
  among those finished after the series was made, the competition reading of "a
  session is a series of games": a best of unlimited retries would reward grinding,
  not play, and games played before the series existed were not played for it (issue
  14: a new series must not show totals at once). Abandoned first games count 0.
* Streak: consecutive days, up to today, on which the player finished (won or
  blocked) at least one of the day's deals as its ranked attempt. Today not being
  played yet does not break the streak (it is still alive until midnight).

Totals rank high to low with competition ranks (equal totals share a rank).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from accounts.users import Account
from games.daily import today
from leaderboards.models import Result, Series
from leaderboards.presenters import player_name
from leaderboards.ranking import competition_ranks_desc


@dataclass
class Total:
    player: Account
    total: int = 0
    played: int = 0
    scores: dict[str, int | None] = field(default_factory=dict)


def _board(totals: dict[int, Total], limit: int | None = None) -> list[dict[str, Any]]:
    rows = sorted(totals.values(), key=lambda t: (-t.total, -t.played, player_name(t.player) or ""))
    ranks = competition_ranks_desc([t.total for t in rows])
    out = [
        {
            "rank": rank,
            "player": player_name(t.player),
            "total": t.total,
            "played": t.played,
            "scores": t.scores,
        }
        for rank, t in zip(ranks, rows, strict=True)
    ]
    return out[:limit] if limit is not None else out


def daily_totals(day: date, limit: int | None = None) -> list[dict[str, Any]]:
    """The daily totals board of ``day``; ``scores`` maps variant -> score (None when
    the attempt was abandoned)."""
    results = Result.objects.filter(
        daily__date=day, ranked=True, disqualified=False, held=False
    ).select_related("player__profile", "daily")
    totals: dict[int, Total] = {}
    for result in results:
        entry = totals.setdefault(result.player_id, Total(result.player))
        entry.played += 1
        variant = result.daily.variant if result.daily is not None else "?"
        if result.abandoned:
            entry.scores[variant] = None
        else:
            entry.total += result.score
            entry.scores[variant] = result.score
    return _board(totals, limit)


def series_totals(series: Series, limit: int | None = None) -> list[dict[str, Any]]:
    """Each player's total over the series' deals (their first result on each deal since
    the series was made); ``scores`` maps the deal's position -> score."""
    positions = dict(series.items.values_list("deal_id", "position"))
    results = (
        Result.objects.filter(
            deal_id__in=positions, disqualified=False, created_at__gte=series.created_at
        )
        .order_by("created_at", "id")
        .select_related("player__profile")
    )
    totals: dict[int, Total] = {}
    counted: set[tuple[int, int]] = set()
    for result in results:
        if (result.player_id, result.deal_id) in counted:
            continue
        counted.add((result.player_id, result.deal_id))
        entry = totals.setdefault(result.player_id, Total(result.player))
        entry.played += 1
        score = None if result.abandoned else result.score
        entry.scores[str(positions[result.deal_id])] = score
        entry.total += score or 0
    return _board(totals, limit)


@dataclass(frozen=True, slots=True)
class Streak:
    current: int
    best: int
    last_day: date | None


def streak(player_id: int, on: date | None = None) -> Streak:
    """The player's daily streak as of ``on`` (default: the platform's today)."""
    day = on or today()
    days = set(
        Result.objects.filter(
            player_id=player_id,
            ranked=True,
            abandoned=False,
            disqualified=False,
            daily__date__lte=day,
        ).values_list("daily__date", flat=True)
    )
    if not days:
        return Streak(0, 0, None)
    cursor = day if day in days else day - timedelta(days=1)
    current = 0
    while cursor in days:
        current += 1
        cursor -= timedelta(days=1)
    best = run = 0
    previous: date | None = None
    for d in sorted(days):
        run = run + 1 if previous is not None and d - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = d
    return Streak(current, best, max(days))


def played_by_day(player_id: int, day: date) -> dict[str, dict[str, Any]]:
    """The player's ranked attempts of ``day`` by variant (for GET /api/daily)."""
    rows = defaultdict(dict)  # type: dict[str, dict[str, Any]]
    for result in Result.objects.filter(
        player_id=player_id, daily__date=day, ranked=True
    ).select_related("daily"):
        assert result.daily is not None
        rows[result.daily.variant] = {
            "result_id": result.pk,
            "won": result.won,
            "cards_left": result.cards_left,
            "moves": result.moves,
            "score": None if result.abandoned else result.score,
            "abandoned": result.abandoned,
            "disqualified": result.disqualified,
        }
    return dict(rows)
