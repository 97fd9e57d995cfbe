"""Series (ordered deals shared by link) with their totals board, player profiles, and
the daily streak."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from freezegun import freeze_time

from games.daily import Vetting, daily_deals_on, ensure_daily_deals
from leaderboards.sessions import streak
from tests.platform.helpers import assert_error, bearer, make_player
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, padded, winning_log

pytestmark = pytest.mark.django_db

CODES = ["TP1-E-AAAAAAB", "TP1-E-AAAAAAC", "TP1-C-AAAAAAD"]


def test_a_player_makes_a_series_and_its_board_sums_first_tries(client: Client) -> None:
    _, token = make_player("host")
    made = client.post(
        "/api/series",
        {"title": "Friday five", "deals": [c.lower() for c in CODES]},
        content_type="application/json",
        **bearer(token),
    )
    assert made.status_code == 201, made.content
    series = made.json()
    assert series["slug"].startswith("friday-five-") and series["owner"] == "host"
    assert [d["deal"]["code"] for d in series["deals"]] == CODES
    ann, bob = player("ann"), player("bob")
    expected = {"ann": 0, "bob": 0}
    for code in CODES[:2]:
        deal = numbered(code)
        expected["ann"] += finish(ann, deal, greedy_log(code))["score"]
        finish(ann, deal, winning_log(code))  # a retry: the series counts first tries
    expected["bob"] += finish(bob, numbered(CODES[2]), greedy_log(CODES[2]))["score"]
    board = client.get(f"/api/series/{series['slug']}").json()["board"]
    assert [(r["player"], r["total"], r["played"]) for r in board] == [
        ("ann", expected["ann"], 2),
        ("bob", expected["bob"], 1),
    ]
    assert board[0]["scores"].keys() == {"1", "2"}
    # shared by link: listed for its owner, not for everyone
    assert [s["slug"] for s in client.get("/api/series", **bearer(token)).json()] == [
        series["slug"]
    ]
    assert client.get("/api/series").json() == []


def test_series_refuse_sealed_deals_duplicates_and_guests(client: Client) -> None:
    _, token = make_player("host")

    def make(deals: list[str], **headers: str) -> Any:
        return client.post(
            "/api/series",
            {"title": "x", "deals": deals},
            content_type="application/json",
            **headers,
        )

    assert_error(make(CODES, **{}), 401, "unauthorized")
    assert_error(make(["TP1-E-" + "B" * 28], **bearer(token)), 400, "sealed_code")
    assert_error(make([CODES[0], CODES[0].lower()], **bearer(token)), 400, "bad_series")
    assert_error(make([], **bearer(token)), 400, "bad_series")
    assert client.get("/api/series/nope").status_code == 404


def test_a_profile_shows_results_personal_bests_and_records(client: Client) -> None:
    ann = player("ann")
    deal = numbered(CODES[0])
    win = winning_log(CODES[0])
    finish(ann, deal, padded(win, 3))
    finish(ann, deal, win)
    finish(player("bob"), deal, padded(win, 1))
    profile = client.get("/api/players/ANN").json()  # any case
    assert profile["display_name"] == "ann" and profile["results_count"] == 2
    assert profile["wins"] == 2 and profile["records_held"] == 1
    best = profile["personal_bests"][0]
    assert best["rank"] == 1 and best["holds_record"] and best["result"]["moves"] == len(win)
    assert "log" not in profile["results"][0]
    bob = client.get("/api/players/bob").json()
    assert bob["personal_bests"][0]["rank"] == 2 and not bob["personal_bests"][0]["holds_record"]
    assert client.get("/api/players/nobody").status_code == 404


def test_the_streak_counts_consecutive_days_with_a_finished_ranked_daily(settings: Any) -> None:
    settings.PLATFORM_TIME_ZONE = settings.TIME_ZONE = "UTC"
    start = date(2026, 11, 20)
    with freeze_time("2026-11-20 08:00:00"):
        ensure_daily_deals(days=7, vet=lambda code: Vetting(winnable=True, par_moves=40))
    ann = player("ann")
    played_days = [0, 1, 2, 4, 5]  # a gap on day 3
    for offset in played_days:
        day = start + timedelta(days=offset)
        with freeze_time(f"{day.isoformat()} 12:00:00"):
            d = daily_deals_on(day)[0]
            assert finish(ann, d.deal, greedy_log(d.deal.code), daily=d)["ranked"]
    assert (
        streak(ann.pk, start + timedelta(days=5)) == (2, 3, start + timedelta(days=5))[:0] or True
    )
    s = streak(ann.pk, start + timedelta(days=5))
    assert (s.current, s.best) == (2, 3)
    s = streak(ann.pk, start + timedelta(days=6))  # today not played yet: still alive
    assert s.current == 2
    s = streak(ann.pk, start + timedelta(days=7))  # a whole day missed: broken
    assert s.current == 0 and s.best == 3
