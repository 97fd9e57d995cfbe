"""A player's first game started on a daily deal is ranked; later ones are practice;
games started after the day closed are unranked (SPEC §8). Played through the real
live-play API (games.services.play calls leaderboards.services.record_game_result)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.test import Client
from freezegun import freeze_time

from games.daily import Vetting, daily_deals_on, ensure_daily_deals
from games.models import DailyDeal
from leaderboards.models import Result
from tests.platform.helpers import bearer, make_player
from tests.records.conftest import finish
from tests.records.logs import greedy_log

pytestmark = pytest.mark.django_db

ZONE = "Europe/Bucharest"
NOON = "2026-11-30 10:00:00"  # 12:00 in Bucharest
DAY = date(2026, 11, 30)


@pytest.fixture(autouse=True)
def days(settings: Any) -> None:
    settings.PLATFORM_TIME_ZONE = ZONE
    settings.TIME_ZONE = ZONE
    with freeze_time(NOON):
        ensure_daily_deals(days=2, vet=lambda code: Vetting(winnable=True, par_moves=40))


def daily(variant: str = "TP-E", day: date = DAY) -> DailyDeal:
    return next(d for d in daily_deals_on(day) if d.variant == variant)


def play_daily(client: Client, token: str, variant: str = "TP-E") -> dict[str, Any]:
    """Start today's daily deal over HTTP and play it to its end (won or blocked)."""
    started = client.post(
        "/api/games", {"daily": variant}, content_type="application/json", **bearer(token)
    )
    assert started.status_code == 201, started.content
    game_id = started.json()["id"]
    payload: dict[str, Any] = {}
    for action in [*greedy_log(daily(variant).deal.code), "finish"]:
        response = client.post(
            f"/api/games/{game_id}/actions",
            {"action": action},
            content_type="application/json",
            **bearer(token),
        )
        assert response.status_code == 200, response.content
        payload = response.json()
        if payload["finished"]:
            break
    assert payload["finished"], payload
    return dict(payload["result"])


def test_the_first_daily_game_is_ranked_and_the_next_is_practice(client: Client) -> None:
    _, token = make_player("ann")
    with freeze_time(NOON):
        first = play_daily(client, token)
        again = play_daily(client, token)
        assert first["ranked"] is True and first["first_try"] is True
        assert again["ranked"] is False and again["first_try"] is False
        ref = "daily-2026-11-30-TP-E"
        board = client.get(f"/api/deals/{ref}/leaderboard?board=first").json()
        assert [e["result_id"] for e in board["entries"]] == [first["result_id"]]
        assert board["deal"]["code"] is None  # still sealed
        today = client.get("/api/daily", **bearer(token)).json()
        tpe = next(d for d in today["deals"] if d["variant"] == "TP-E")
        assert tpe["my_attempt"]["result_id"] == first["result_id"] and tpe["ranked"] is False


def test_abandoning_the_first_attempt_uses_up_the_ranked_attempt(client: Client) -> None:
    user, token = make_player("ann")
    with freeze_time(NOON):
        started = client.post(
            "/api/games", {"daily": "PY"}, content_type="application/json", **bearer(token)
        ).json()
        ended = client.post(
            f"/api/games/{started['id']}/actions",
            {"action": "abandon"},
            content_type="application/json",
            **bearer(token),
        ).json()
        assert ended["status"] == "abandoned" and ended["result"]["ranked"] is True
        later = finish(user, daily("PY").deal, greedy_log(daily("PY").deal.code), daily=daily("PY"))
        assert later["ranked"] is False
        totals = client.get("/api/daily/2026-11-30/totals").json()["entries"]
        assert totals == [
            {"rank": 1, "player": "ann", "total": 0, "played": 1, "scores": {"PY": None}}
        ]


def test_a_game_started_after_the_day_closed_is_not_ranked() -> None:
    user, _ = make_player("ann")
    late = daily("TP-C")
    with freeze_time("2026-11-30 22:00:01"):  # 00:00:01 on 1 December in Bucharest
        answer = finish(user, late.deal, greedy_log(late.deal.code), daily=late, seconds=0.5)
    assert answer["ranked"] is False and answer["first_try"] is True
    assert Result.objects.get(pk=answer["result_id"]).daily == late


def test_archive_games_are_unranked_even_without_the_daily_link() -> None:
    user, _ = make_player("ann")
    old = daily("TP-E")
    with freeze_time("2026-12-01 10:00:00"):
        assert old.deal.public_code == old.deal.code  # revealed: playable from the archive
        answer = finish(user, old.deal, greedy_log(old.deal.code))
    assert answer["ranked"] is False
    assert Result.objects.get(pk=answer["result_id"]).daily == old


def test_daily_totals_add_each_players_ranked_scores(client: Client) -> None:
    ann, _ = make_player("ann")
    bob, _ = make_player("bob")
    cid, _ = make_player("cid")
    with freeze_time(NOON):
        scores: dict[str, int] = {}
        for user in (ann, bob):
            for variant in ("TP-E", "TP-C"):
                d = daily(variant)
                answer = finish(user, d.deal, greedy_log(d.deal.code), daily=d)
                scores[user.username] = scores.get(user.username, 0) + answer["score"]
        d = daily("TP-E")
        finish(ann, d.deal, greedy_log(d.deal.code), daily=d)  # practice: not counted
        finish(cid, d.deal, greedy_log(d.deal.code), daily=d)
        totals = client.get("/api/daily/2026-11-30/totals").json()["entries"]
    assert [(t["rank"], t["player"], t["total"]) for t in totals] == [
        (1, "ann", scores["ann"]),
        (1, "bob", scores["bob"]),
        (3, "cid", totals[2]["total"]),
    ]
    assert scores["ann"] == scores["bob"]  # same deals, same greedy play
    assert totals[0]["played"] == 2 and set(totals[0]["scores"]) == {"TP-E", "TP-C"}
