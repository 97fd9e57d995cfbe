"""Naming a deal in a URL: its code, or ``daily-YYYY-MM-DD-<variant>`` for a daily deal.

A sealed daily deal has no public code until its day closes, yet its boards are live all
day: the daily reference names it without giving its cards away. Future daily deals are
"not found", exactly like deals that do not exist, so nothing leaks ahead of time.
"""

from __future__ import annotations

from games.daily import parse_daily_ref, today
from games.engine import DealCode
from games.models import DailyDeal, Deal
from games.services.deals import check_public_deal
from games.services.errors import DealRequestError


def resolve_deal_ref(text: str) -> tuple[Deal | None, DealCode | None]:
    """(the Deal row or None if nobody has played it yet, its parsed code or None for a
    daily reference). DealRequestError (400 bad code, 404 unknown) otherwise."""
    parsed = parse_daily_ref(text)
    if parsed is not None:
        day, variant = parsed
        daily = None
        if day <= today():
            daily = (
                DailyDeal.objects.select_related("deal").filter(date=day, variant=variant).first()
            )
        if daily is None:
            raise DealRequestError("deal_not_found", "no such daily deal", status=404)
        return daily.deal, None
    code, deal = check_public_deal(text)
    return deal, code
