"""On PostgreSQL the submission path's own statements are prepared once a connection has
run them a few times (``DATABASE_PREPARE_THRESHOLD``, config/settings.py): the board read
under the deal's lock cost PostgreSQL 0.6 ms of planning on every submission, more than
running it (docs/performance.md 0f). Django turns psycopg's preparing off unless told;
only core.fast_rows' server-binding cursors prepare, and the ORM's client-side binding
never does. Runs in CI's PostgreSQL pass; skipped on SQLite, which has no such thing."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from core import fast_rows
from games.models import Deal
from leaderboards import board_rows
from leaderboards.models import Result
from tests.platform.helpers import bearer, make_player
from tests.records.conftest import numbered
from tests.records.logs import text, winning_log

CODE = "TP1-E-AAAAAAB"

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="prepared statements are PostgreSQL's",
    ),
]


def _prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_the_board_read_and_the_row_lookups_are_prepared_after_a_few_runs(
    client: Client,
) -> None:
    numbered(CODE, par=40)
    _, token = make_player("ann")
    response = client.post(
        f"/api/deals/{CODE}/results",
        {"log": text(winning_log(CODE))},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 201, response.content
    result = Result.objects.get()
    # psycopg's own default when the settings leave it unset (then Django sets None).
    threshold = settings.DATABASES["default"].get("OPTIONS", {}).get("prepare_threshold") or 5
    for _ in range(threshold + 1):
        board_rows.read_before(result.deal_id, result.player_id, result)
        assert fast_rows.get(Deal, result.deal_id) is not None
    prepared = _prepared()
    assert any(text.startswith("SELECT 'top'") for text in prepared), prepared
    assert any('FROM "games_deal"' in text for text in prepared), prepared


def test_the_orms_own_queries_are_never_prepared() -> None:
    for _ in range(10):
        assert not Deal.objects.filter(code="no-such-deal").exists()
    assert not any("no-such-deal" in text or "LIMIT 1" in text for text in _prepared())
