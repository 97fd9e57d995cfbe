"""Fixtures of the platform tests (helpers live in tests/platform/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Game
from tests.platform.helpers import make_player


@pytest.fixture
def player() -> tuple[Any, str]:
    return make_player("alice")


@pytest.fixture
def other_player() -> tuple[Any, str]:
    return make_player("bob")


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """Stands in for leaderboards' ``record_game_result``: lists the games it was given."""
    from games.services import play

    calls: list[Game] = []

    def record_game_result(game: Game) -> dict[str, Any]:
        calls.append(game)
        return {"rank": 1, "events": [], "ranked": False, "par": None}

    monkeypatch.setattr(play, "_recorder", lambda: record_game_result)
    return calls
