"""A player's public page: recent results, personal bests per deal, streak."""

from __future__ import annotations

from typing import Any

from django.db.models.functions import Lower

from accounts.models import Profile
from leaderboards.boards import best_ever_rank, board_order, on_boards
from leaderboards.models import DealBoardState, Result
from leaderboards.presenters import deal_info, par_of, result_info
from leaderboards.sessions import streak

RECENT_RESULTS = 20
PERSONAL_BESTS = 20


def _streak(player_id: int) -> dict[str, Any]:
    s = streak(player_id)
    return {"current": s.current, "best": s.best, "last_day": s.last_day}


def profile_named(display_name: str) -> Profile | None:
    """The profile whose display name is ``display_name`` (any case), or None."""
    # Lower() = lower() matches the case-insensitive unique index, and unlike iexact (LIKE
    # on SQLite) it cannot fail on a long or wildcard-laden name from the URL.
    return (
        Profile.objects.select_related("user")
        .annotate(name_lower=Lower("display_name"))
        .filter(name_lower=display_name.lower())
        .first()
    )


def player_profile(display_name: str) -> dict[str, Any] | None:
    """The profile of the player with ``display_name`` (any case), or None."""
    profile = profile_named(display_name)
    if profile is None:
        return None
    user = profile.user
    mine = Result.objects.filter(player=user)
    recent = mine.select_related("deal", "deal__solver_fact", "player__profile").order_by(
        "-created_at", "-id"
    )[:RECENT_RESULTS]
    results = [
        {
            **result_info(r, par_of(r.deal)),
            "deal": deal_info(r.deal),
            "ranked": r.ranked,
            "disqualified": r.disqualified,
        }
        for r in recent
    ]
    deal_ids: list[int] = []
    for deal_id in mine.order_by("-created_at").values_list("deal_id", flat=True):
        if deal_id not in deal_ids:
            deal_ids.append(deal_id)
        if len(deal_ids) >= PERSONAL_BESTS:
            break
    holders = dict(
        DealBoardState.objects.filter(deal_id__in=deal_ids).values_list(
            "deal_id", "record__player_id"
        )
    )
    bests = []
    for deal_id in deal_ids:
        best = (
            on_boards_of(deal_id)
            .filter(player=user)
            .select_related("deal", "deal__solver_fact", "player__profile")
            .order_by(*board_order())
            .first()
        )
        if best is None:
            continue
        bests.append(
            {
                "deal": deal_info(best.deal),
                "rank": best_ever_rank(best),
                "holds_record": holders.get(deal_id) == user.pk,
                "result": result_info(best, par_of(best.deal)),
            }
        )
    return {
        "display_name": profile.display_name,
        "results_count": mine.count(),
        "wins": mine.filter(won=True, disqualified=False).count(),
        "records_held": DealBoardState.objects.filter(record__player=user).count(),
        "streak": _streak(user.pk),
        "results": results,
        "personal_bests": bests,
    }


def on_boards_of(deal_id: int) -> Any:
    return on_boards(deal_id)
