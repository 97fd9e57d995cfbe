"""Where `manage.py setup_site` (and anything under games.services) finds the daily deals.

The daily-deal services live in ``games/daily.py``; this module is their stable import
path in the games services package.
"""

from games.daily import (
    daily_deals_on,
    daily_ref,
    day_end,
    day_start,
    do_pick_daily_deal,
    ensure_daily_deals,
    is_closed,
    next_change_at,
    platform_zone,
    today,
)

__all__ = [
    "daily_deals_on",
    "daily_ref",
    "day_end",
    "day_start",
    "do_pick_daily_deal",
    "ensure_daily_deals",
    "is_closed",
    "next_change_at",
    "platform_zone",
    "today",
]
