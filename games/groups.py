"""The Channels group of a deal's watchers (``/ws/deals/<ref>/``), named in one place.

Games publish a deal's solver facts there (games/facts_on_demand.py) and the leaderboards
its records and board (leaderboards/services, leaderboards/consumers.py); both sit above
games, so the name is games' to give.
"""

from __future__ import annotations

from games.models import Deal


def deal_group(deal: Deal) -> str:
    """Watchers of a deal. Sealed deals are named by id, never by their (secret) code."""
    return f"deal.sealed{deal.pk}" if deal.sealed else f"deal.{deal.code}"


def numbered_deal_group(code: str) -> str:
    """The group of a numbered deal known only by its canonical code (no row yet)."""
    return f"deal.{code}"
