"""Fixtures and helpers of the records tests (results, boards, events, daily deals)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from channels.layers import channel_layers
from django.utils import timezone

import config.urls  # noqa: F401 - build the API's schemas before any test freezes time
from games.daily import is_closed
from games.engine import replay
from games.models import DailyDeal, Deal, Game, SolverFact
from games.services import deals
from leaderboards.services import record_game_result
from tests.platform.helpers import make_player


@pytest.fixture(autouse=True)
def _fresh_channel_layer(settings: Any) -> Iterator[None]:
    """A new in-memory layer per test (its queues belong to one event loop), and no
    rate limits: the suite posts many logs from one address."""
    settings.RATE_LIMITS_ENABLED = False
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def admin_client(client: Any) -> Any:
    """The test client logged in as a superuser (the admin pages)."""
    from django.contrib.auth import get_user_model

    boss = get_user_model().objects.create_superuser("boss", password="pw-123456789")
    client.force_login(boss)
    return client


def player(name: str) -> Any:
    user, _ = make_player(name)
    return user


def numbered(code: str, par: int | None = None) -> Deal:
    deal = deals.get_or_create_deal(deals.check_deal_request(code))
    if par is not None:
        SolverFact.objects.update_or_create(
            deal=deal, defaults={"winnable": True, "par_moves": par}
        )
    return deal


def finish(
    user: Any,
    deal: Deal,
    log: list[str],
    *,
    seconds: float = 60.0,
    finished_at: datetime | None = None,
    status: str | None = None,
    daily: DailyDeal | None = None,
    ranked: bool | None = None,
    timings: list[int] | None = None,
) -> dict[str, Any]:
    """End a live game the way games.services.play does (save, then record_game_result).

    ``ranked`` None: as games.services.opening would have opened it, the player's first
    game on a daily still open at the game's start is its ranked attempt."""
    end = finished_at or timezone.now()
    start = end - timedelta(seconds=seconds)
    if ranked is None:
        ranked = (
            daily is not None
            and not is_closed(daily, start)
            and not Game.objects.filter(player=user, daily=daily, ranked=True).exists()
        )
    replayed = replay(deal.code, log)
    game = Game.objects.create(
        deal=deal,
        player=user,
        daily=daily,
        log=" ".join(log),
        status=status or replayed.status,
        score=replayed.score,
        moves=replayed.moves,
        cards_left=replayed.cards_left,
        started_at=start,
        ranked=ranked,
        timings=timings or [],
        finished_at=end,
        duration_ms=int(seconds * 1000),
    )
    return record_game_result(game)
