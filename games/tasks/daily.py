"""Celery task keeping the daily deals filled ahead (beat: hourly, config/settings.py).

Thin: it calls games.daily.ensure_daily_deals, which only fills empty (date, variant)
slots, so running it often, late, or twice at once is harmless.
"""

from __future__ import annotations

from celery import shared_task

from games.daily import DEFAULT_DAYS_AHEAD, ensure_daily_deals

__all__ = ["ensure_daily_deals_task"]


@shared_task(name="games.ensure_daily_deals", ignore_result=True)
def ensure_daily_deals_task(days: int = DEFAULT_DAYS_AHEAD) -> list[str]:
    """Fill the next ``days`` days' empty daily slots; the created slots, as text."""
    return [f"{d.date} {d.variant}" for d in ensure_daily_deals(days)]
