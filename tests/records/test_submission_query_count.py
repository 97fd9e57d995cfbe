"""POST /api/deals/{code}/results costs a fixed number of SQL statements, however many
results the deal holds: pinned so that a slower submission (docs/performance.md §1)
cannot creep back in.

Counted on the test's connection (pytest-django wraps each test in a transaction, so the
submission's own transaction shows as a SAVEPOINT and its RELEASE): token (its
``last_used_at`` stamped at most once a minute), deal, lock, one read of the boards
before the new result (the record decision, the answer's ranks, whether the player
played the deal and whether it was ever won, and on PostgreSQL the new result's key),
the result's insert, its board rows, the deal's state, the event. On PostgreSQL the
result, its rows and the state go as one statement (core.fast_rows.together): two fewer.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from tests.platform.helpers import bearer, make_player
from tests.records.conftest import numbered
from tests.records.logs import greedy_log, padded, text, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"
#: The statements listed in the module's docstring, SAVEPOINT and RELEASE included.
MAX_QUERIES = 8 if connection.vendor == "postgresql" else 10


def submit(client: Client, token: str, log: list[str]) -> Any:
    response = client.post(
        f"/api/deals/{CODE}/results",
        {"log": text(log)},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 201, response.content
    return response.json()


@pytest.fixture
def busy_board(client: Client) -> None:
    numbered(CODE, par=40)
    win = winning_log(CODE)
    for n in range(8):
        _, token = make_player(f"p{n}")
        submit(client, token, padded(win, n))
        submit(client, token, greedy_log(CODE))


def test_a_personal_best_costs_a_fixed_number_of_queries(
    client: Client, busy_board: None, django_assert_max_num_queries: Any
) -> None:
    _, token = make_player("ann")
    submit(client, token, greedy_log(CODE))
    with django_assert_max_num_queries(MAX_QUERIES):
        answer = submit(client, token, padded(winning_log(CODE), 3))
    assert [e["kind"] for e in answer["events"]] == ["PERSONAL_BEST"]
    assert (answer["rank"], answer["first_try_rank"], answer["first_try"]) == (4, 9, False)


def test_a_first_try_costs_a_fixed_number_of_queries(
    client: Client, busy_board: None, django_assert_max_num_queries: Any
) -> None:
    _, token = make_player("ann")
    with django_assert_max_num_queries(MAX_QUERIES):
        answer = submit(client, token, padded(winning_log(CODE), 3))
    assert answer["events"] == []
    assert (answer["rank"], answer["first_try_rank"], answer["first_try"]) == (4, 4, True)
