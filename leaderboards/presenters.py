"""How players, deals, results and events are shown in answers and pushed messages.

One place decides what may leave the server: a sealed deal is named by its daily
reference (``daily-2026-11-30-TP-E``) and label until its day closes, never by its code,
and no result carries its move log (a log of a sealed deal would give its cards away).
"""

from __future__ import annotations

from accounts.users import Account
from games.daily import daily_of_deal, daily_ref
from games.models import Deal, SolverFact
from leaderboards.models import RecordEvent, Result
from leaderboards.payloads import DealInfo, EventInfo, ResultInfo
from leaderboards.ranking import is_perfect


def player_name(user: Account | None) -> str | None:
    """The public display name (accounts.Profile), else the username."""
    if user is None:
        return None
    profile = getattr(user, "profile", None)
    name = getattr(profile, "display_name", None)
    return str(name) if name else str(user.get_username())


def deal_ref(deal: Deal) -> str:
    """How URLs name a deal: its code once public, else its daily reference."""
    code = deal.public_code
    if code is not None:
        return code
    daily = daily_of_deal(deal)
    return daily_ref(daily) if daily is not None else f"sealed{deal.pk}"


def deal_info(deal: Deal) -> DealInfo:
    return {
        "ref": deal_ref(deal),
        "code": deal.public_code,
        "label": deal.label,
        "variant": deal.variant,
        "sealed": deal.sealed,
    }


def par_of(deal: Deal) -> int | None:
    """The solver's par for the deal, when it has been solved and is winnable."""
    try:
        fact = deal.solver_fact
    except SolverFact.DoesNotExist:
        return None
    return fact.par_moves if fact.winnable else None


def result_info(result: Result, par: int | None) -> ResultInfo:
    return {
        "result_id": result.pk,
        "player": player_name(result.player),
        "won": result.won,
        "cards_left": result.cards_left,
        "moves": result.moves,
        "score": result.score,
        "duration_ms": result.duration_ms,
        "source": result.source,
        "perfect": is_perfect(result.won, result.moves, par),
        "first_try": result.first_try,
        "created_at": result.created_at.isoformat(),
    }


def event_info(event: RecordEvent) -> EventInfo:
    """The event as sent over WebSockets and listed by GET /api/events."""
    return {
        "id": event.pk,
        "kind": event.kind,
        "deal": deal_info(event.deal),
        "player": player_name(event.player),
        "previous_holder": player_name(event.previous_holder),
        "result": event.payload.get("result"),
        "par": event.payload.get("par"),
        "created_at": event.created_at.isoformat(),
    }
