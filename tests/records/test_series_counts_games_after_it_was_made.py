"""A series' totals count the games finished after the series was made: a new series
starts empty even on deals its players have played before (issue 14)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.platform.helpers import bearer, make_player
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, winning_log

pytestmark = pytest.mark.django_db

CODES = ["TP1-E-AAAAAAB", "TP1-E-AAAAAAC"]


def test_a_new_series_counts_only_the_games_played_after_it(client: Client) -> None:
    ann = player("ann")
    before = finish(ann, numbered(CODES[0]), winning_log(CODES[0]))["score"]
    _, token = make_player("host")
    made = client.post(
        "/api/series", {"title": "Fresh", "deals": CODES}, content_type="application/json",
        **bearer(token),
    )  # fmt: skip
    assert made.status_code == 201, made.content
    slug = made.json()["slug"]
    assert client.get(f"/api/series/{slug}").json()["board"] == []

    after = finish(ann, numbered(CODES[0]), greedy_log(CODES[0]))["score"]
    finish(ann, numbered(CODES[0]), winning_log(CODES[0]))  # a retry: not counted
    board = client.get(f"/api/series/{slug}").json()["board"]
    assert [(r["player"], r["total"], r["played"]) for r in board] == [("ann", after, 1)]
    assert after != before
