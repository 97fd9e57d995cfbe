"""The floor view (config/bench_views.py, bench/submissions.py ``--floor``) costs what its
figure claims: K statements in one transaction, so K + 2 trips to the database with BEGIN
and COMMIT, and the live push's watcher check after the commit (none without it); a K it
does not serve gets a 400 with a message and runs nothing. Mounted here by URLconf, as
BENCH_VIEWS=1 mounts it."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from config import bench_views
from core import pushes

urlpatterns = bench_views.urlpatterns
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The groups of each push the view asked to build after its commit."""
    asked: list[tuple[str, ...]] = []
    monkeypatch.setattr(pushes, "_build_and_send", lambda groups, build: asked.append(groups))
    return asked


def floor(client: Client, query: str) -> Any:
    with override_settings(ROOT_URLCONF=__name__):
        return client.post(f"/bench/floor?{query}", "{}", content_type="application/json")


@pytest.mark.parametrize("statements", [1, 3, 5])
def test_the_floor_runs_its_statements_in_one_transaction(
    client: Client, built: list[tuple[str, ...]], statements: int
) -> None:
    with CaptureQueriesContext(connection) as ran:
        answer = floor(client, f"statements={statements}")
    assert answer.status_code == 200
    selects = [q["sql"] for q in ran.captured_queries if q["sql"].startswith("SELECT")]
    assert [q["sql"] for q in ran.captured_queries] == ["BEGIN", *selects, "COMMIT"]
    assert len(selects) == statements
    assert built == [("deal.bench-floor",)]


def test_the_floor_without_its_push_asks_no_watcher_check(
    client: Client, built: list[tuple[str, ...]]
) -> None:
    assert floor(client, "statements=1&push=0").status_code == 200
    assert built == []


@pytest.mark.parametrize(
    "query", ["statements=0", "statements=11", "statements=x", "statements=", "statements=%C2%B2"]
)
def test_a_floor_it_does_not_serve_is_refused(
    client: Client, built: list[tuple[str, ...]], query: str
) -> None:
    with CaptureQueriesContext(connection) as ran:
        answer = floor(client, query)
    assert answer.status_code == 400
    assert "statements" in answer.json()["error"]
    assert ran.captured_queries == [] and built == []
