"""Games the platform ends itself, as abandoned (SPEC §8; the fairness rules).

* A daily's ranked attempt still open when its day closes: from the close its deal's
  code is public, so the attempt ends as it stands (live play also ends it, before any
  further action, should the player act between the close and this task's run).
* Any other open game with no action for ``settings.IDLE_GAME_HOURS``: open games are
  not kept for ever (each is a row replayed on every action, and a cap counts them).

Each is ended through ``play.do_abandon``, like a player's own abandon: its result is
recorded once (an account's), under the game's row lock, so a player's last action
racing this task either lands first or finds the game over. The ended game's state then
goes to every open socket of the game (``games.game_sync.publish_state``, after the
commit), so a tab left open shows the game over with its result rather than going stale.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.daily import today
from games.game_sync import publish_state
from games.models import Game
from games.services.errors import GameOver
from games.services.play import do_abandon

logger = logging.getLogger(__name__)


def closed_ranked_attempts(now: datetime | None = None) -> QuerySet[Game]:
    """Open ranked attempts whose daily's day has closed by ``now``."""
    return Game.objects.filter(
        finished_at__isnull=True, ranked=True, daily__date__lt=today(now)
    ).select_related("deal", "daily")


def idle_games(now: datetime | None = None) -> QuerySet[Game]:
    """Open games other than ranked attempts with no action for IDLE_GAME_HOURS."""
    cutoff = (now or timezone.now()) - timedelta(hours=settings.IDLE_GAME_HOURS)
    return Game.objects.filter(
        finished_at__isnull=True, ranked=False, last_action_at__lt=cutoff
    ).select_related("deal")


def do_close_stale_games(now: datetime | None = None) -> list[str]:
    """End both kinds; the ids of the games ended (a game ended meanwhile is skipped)."""
    ended: list[str] = []
    for queryset in (closed_ranked_attempts(now), idle_games(now)):
        for game in queryset.order_by("started_at")[:1000]:
            try:
                payload = do_abandon(game)
            except GameOver:
                continue
            # Once committed (at once outside a transaction); never raises: a lost push
            # is logged.
            transaction.on_commit(partial(publish_state, payload))
            ended.append(str(game.pk))
    if ended:
        logger.info("ended %d stale games", len(ended))
    return ended


__all__ = ["closed_ranked_attempts", "do_close_stale_games", "idle_games"]
