"""Opens of one daily sent at once by one account give one ranked game, which all get
(PostgreSQL: the partial unique constraint game_one_ranked_attempt_per_daily decides)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connections
from django.test import Client
from django.utils import timezone

from games.daily import do_pick_daily_deal, today
from games.models import Deal, Game
from tests.platform.helpers import bearer, make_player

SEALED = "TP1-E-AAAAAAAAAAAAAAAAAAAABAAAALSP"


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_simultaneous_opens_of_a_daily_give_one_ranked_game() -> None:
    deal = Deal.objects.create(code=SEALED, variant="TP-E", sealed=True, created_at=timezone.now())
    do_pick_daily_deal(today(), "TP-E", deal)
    _, raw = make_player("racer")
    answers: list[tuple[int, str, bool]] = []
    barrier = threading.Barrier(6)

    def open_daily() -> None:
        try:
            barrier.wait()
            response: Any = Client().post(
                "/api/games", {"daily": "TP-E"}, content_type="application/json", **bearer(raw)
            )
            body = response.json()
            answers.append((response.status_code, body.get("id", ""), body.get("ranked", False)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=open_daily) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(status for status, _, _ in answers) == [200] * 5 + [201]
    assert len({game_id for _, game_id, _ in answers}) == 1
    assert all(ranked for _, _, ranked in answers)
    assert Game.objects.count() == 1
