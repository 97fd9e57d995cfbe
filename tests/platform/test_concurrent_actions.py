"""Actions sent at once on one game are applied one after the other, none lost."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connections
from django.test import Client

from games.engine import replay
from games.models import Game
from tests.platform.helpers import WINNING_CODE, bearer, make_player


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_simultaneous_draws_on_one_game_are_all_applied_in_turn() -> None:
    _, raw = make_player("racer")
    client = Client()
    game_id = client.post(
        "/api/games", {"code": WINNING_CODE}, content_type="application/json", **bearer(raw)
    ).json()["id"]
    statuses: list[int] = []
    barrier = threading.Barrier(8)

    def draw() -> None:
        try:
            barrier.wait()
            response: Any = Client().post(
                f"/api/games/{game_id}/actions", {"action": "D"},
                content_type="application/json", **bearer(raw),
            )  # fmt: skip
            statuses.append(response.status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=draw) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * 8
    game = Game.objects.get(pk=game_id)
    assert game.log == " ".join(["D"] * 8) and game.moves == 8
    assert game.score == replay(WINNING_CODE, game.log).score
