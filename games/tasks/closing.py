"""Celery task ending stale games (beat: every 5 minutes, config/settings.py).

Thin: ``games.services.closing.do_close_stale_games`` decides; running it late or twice
at once is harmless (each game is ended under its row lock, once).
"""

from __future__ import annotations

from celery import shared_task

from games.services.closing import do_close_stale_games

__all__ = ["close_stale_games_task"]


@shared_task(name="games.close_stale_games", ignore_result=True)
def close_stale_games_task() -> list[str]:
    """End open ranked attempts of closed days and idle games; their ids."""
    return do_close_stale_games()
