"""Fixtures of the platform tests (helpers live in tests/platform/helpers.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper

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
    from games.services import recording

    calls: list[Game] = []

    def record_game_result(game: Game) -> dict[str, Any]:
        calls.append(game)
        return {"rank": 1, "events": [], "ranked": False, "par": None}

    monkeypatch.setattr(recording, "_recorder", record_game_result)
    return calls


def _close_thread_connections() -> None:
    """Close this thread's database connections, in-memory SQLite included (Django's
    ``close()`` ignores those; the test thread still holds the database open)."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None:
            BaseDatabaseWrapper.close(connection)


@pytest.fixture(autouse=True)
async def _no_connection_left_in_asgirefs_thread() -> AsyncIterator[None]:
    """Consumers' database calls run in asgiref's shared thread. A connection left open
    there by a transactional test (of any app) would be touched, and refused, by a later
    test without database access (channels closes old connections on each message)."""
    await sync_to_async(_close_thread_connections)()
    yield
    await sync_to_async(_close_thread_connections)()
