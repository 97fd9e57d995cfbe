"""The ranked daily attempt is the first game started, and nothing else takes a daily's
news (SPEC §8): the scouting attack of the fairness issue, tried through the real API.

The attack was: open today's daily with an account, draw the whole stock (its order)
and leave that game open; turn up the face-down cards with guest games; then play the
solver's line in a fresh "first finished" game, ranked, #1, FIRST_WIN. Now the first
game started is the ranked one (reopening resumes it), guests cannot open today's
dailies, and practice results make no news. The clock is frozen in a non-UTC zone.
"""

from __future__ import annotations

from datetime import date, timedelta
from functools import cache
from typing import Any

import pytest
from django.test import Client
from freezegun import freeze_time

from games.daily import daily_deals_on, do_pick_daily_deal
from games.engine.solver import solve
from games.models import DailyDeal, Deal, Game
from games.services.closing import do_close_stale_games
from leaderboards.models import DealBoardState, RecordEvent, Result
from tests.platform.helpers import assert_error, bearer, make_player

pytestmark = pytest.mark.django_db

ZONE = "Europe/Bucharest"  # UTC+2 in winter
NOON = "2026-11-30 10:00:00"  # 12:00 in Bucharest
LAST_SECOND = "2026-11-30 21:59:59"  # 23:59:59 in Bucharest: the day is still open
AFTER_CLOSE = "2026-11-30 22:00:01"  # 00:00:01 on 1 December in Bucharest
DAY = date(2026, 11, 30)


#: Sealed deals the solver wins (checked once: 44, 50 and 54 moves), so the tests never
#: depend on a random draw being winnable.
SEALED = {
    "TP-E": "TP1-E-AAAAAAAAAAAAAAAAAAAABAAAALSP",
    "TP-C": "TP1-C-AAAAAAAAAAAAAAAAAAAABAAAALSP",
    "PY": "PY1-N-AAAAAAAAAAAAAAAAAAAABAAAALSP",
}


@pytest.fixture(autouse=True)
def days(settings: Any) -> None:
    settings.PLATFORM_TIME_ZONE = ZONE
    settings.TIME_ZONE = ZONE
    with freeze_time(NOON):
        for variant, code in SEALED.items():
            deal = Deal.objects.create(code=code, variant=variant, sealed=True)
            do_pick_daily_deal(DAY, variant, deal)


def daily(variant: str = "TP-E") -> DailyDeal:
    return next(d for d in daily_deals_on(DAY) if d.variant == variant)


@cache
def winning_log(code: str) -> tuple[str, ...]:
    solution = solve(code)
    assert solution.winnable and solution.solution
    return tuple(solution.solution)


def post(client: Client, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = bearer(token) if token else {}
    return client.post(path, body, content_type="application/json", **headers)


def act(client: Client, game_id: str, action: str, token: str | None = None) -> dict[str, Any]:
    response = post(client, f"/api/games/{game_id}/actions", {"action": action}, token)
    assert response.status_code == 200, response.content
    return dict(response.json())


def test_reopening_the_daily_resumes_the_same_game_and_its_clock(client: Client) -> None:
    _, token = make_player("ann")
    with freeze_time(NOON) as clock:
        first = post(client, "/api/games", {"daily": "TP-E"}, token)
        assert first.status_code == 201 and first.json()["ranked"] is True
        game_id = first.json()["id"]
        act(client, game_id, "D", token)
        clock.tick(300)
        again = post(client, "/api/games", {"daily": "TP-E"}, token)
        assert again.status_code == 200, again.content
        body = again.json()
        assert body["id"] == game_id and body["ranked"] is True and body["moves"] == 1
        ended = act(client, game_id, "abandon", token)
    assert ended["duration_ms"] == 300_000  # from the first start, not the reopening
    assert Game.objects.filter(daily=daily()).count() == 1


def test_the_scouting_attack_finds_nothing_to_take(client: Client) -> None:
    ann, token = make_player("ann")
    target = daily("TP-E")
    with freeze_time(NOON):
        # 1. Open the ranked attempt and draw the whole stock, leaving the game open.
        scout = post(client, "/api/games", {"daily": "TP-E"}, token).json()
        for _ in range(23):
            act(client, scout["id"], "D", token)
        # 2. Guests cannot open today's daily to turn up the face-down cards.
        guest = Client()
        refused = post(guest, "/api/games", {"daily": "TP-E"})
        error = assert_error(refused, 403, "account_required")
        assert "account" in error["message"].lower() and error["signup_url"]
        # 3. A "fresh" ranked game is the scouting game itself.
        again = post(client, "/api/games", {"daily": "TP-E"}, token).json()
        assert again["id"] == scout["id"] and again["view"]["stock"] == 0
        ranked = act(client, scout["id"], "abandon", token)["result"]
        assert ranked["ranked"] is True  # the stock drawn out: it ends as it stands
        # 4. The winning line, played now, is practice and takes nothing.
        practice = post(client, "/api/games", {"daily": "TP-E"}, token)
        assert practice.status_code == 201 and practice.json()["ranked"] is False
        answer: dict[str, Any] = {}
        for token_ in winning_log(target.deal.code):
            answer = act(client, practice.json()["id"], token_, token)
        assert answer["status"] == "won"
        result = answer["result"]
        assert result["ranked"] is False and result["events"] == []
        ref = "daily-2026-11-30-TP-E"
        for board in ("best", "first"):
            entries = client.get(f"/api/deals/{ref}/leaderboard?board={board}").json()["entries"]
            assert [e["result_id"] for e in entries] == [ranked["result_id"]]
            assert entries[0]["won"] is False
        feed = client.get("/api/events").json()
        assert [e["result"]["result_id"] for e in feed] == [ranked["result_id"]]
        totals = client.get("/api/daily/2026-11-30/totals").json()["entries"]
        assert [(t["player"], t["total"]) for t in totals] == [("ann", ranked["score"])]
    assert not RecordEvent.objects.filter(kind=RecordEvent.Kind.FIRST_WIN).exists()
    assert DealBoardState.objects.get(deal=target.deal).record_id == ranked["result_id"]
    mine = Result.objects.filter(player=ann).order_by("created_at")
    assert [(r.ranked, r.won) for r in mine] == [(True, False), (False, True)]


def test_practice_never_takes_a_record_from_a_ranked_result(client: Client) -> None:
    _, ann_token = make_player("ann")
    _, bob_token = make_player("bob")
    code = daily("PY").deal.code
    with freeze_time(NOON):
        ranked = post(client, "/api/games", {"daily": "PY"}, bob_token).json()
        act(client, ranked["id"], "D", bob_token)
        bob = act(client, ranked["id"], "abandon", bob_token)["result"]
        assert bob["ranked"] is True
        # ann's ranked attempt is a win; bob's practice win afterwards takes nothing
        ann = post(client, "/api/games", {"daily": "PY"}, ann_token).json()
        for token_ in winning_log(code):
            won = act(client, ann["id"], token_, ann_token)
        assert [e["kind"] for e in won["result"]["events"]] == ["FIRST_WIN"]
        again = post(client, "/api/games", {"daily": "PY"}, bob_token).json()
        assert again["ranked"] is False
        for token_ in winning_log(code):
            late = act(client, again["id"], token_, bob_token)
        assert late["result"]["events"] == [] and late["result"]["ranked"] is False
        board = client.get("/api/deals/daily-2026-11-30-PY/leaderboard").json()
    assert [e["player"] for e in board["entries"]] == ["ann"]
    assert RecordEvent.objects.count() == 1


def test_guests_play_numbered_deals_and_closed_dailies_as_practice(client: Client) -> None:
    guest = Client()
    with freeze_time(NOON):
        assert post(guest, "/api/games", {"code": "TP1-E-AAAAAAB"}).status_code == 201
        form = guest.post("/play/new/", {"daily": "PY"})
        assert form.status_code == 302 and form["Location"].startswith("/accounts/signup/")
        assert not Game.objects.filter(daily__isnull=False).exists()
    with freeze_time(AFTER_CLOSE):
        code = daily("TP-C").deal.code  # revealed at the close
        archive = post(guest, "/api/games", {"code": code})
        assert archive.status_code == 201 and archive.json()["ranked"] is False


def test_the_beat_task_ends_open_ranked_attempts_at_the_close(client: Client) -> None:
    _, token = make_player("ann")
    with freeze_time(NOON):
        ranked = post(client, "/api/games", {"daily": "TP-C"}, token).json()
        act(client, ranked["id"], "D", token)
        numbered = post(client, "/api/games", {"code": "TP1-C-AAAAAAB"}, token).json()
    with freeze_time(LAST_SECOND):
        assert do_close_stale_games() == []
    with freeze_time(AFTER_CLOSE):
        assert do_close_stale_games() == [ranked["id"]]
        assert do_close_stale_games() == []  # once
    game = Game.objects.get(pk=ranked["id"])
    assert game.status == "abandoned" and game.finished_at is not None
    result = Result.objects.get(game=game)
    assert result.ranked and result.abandoned and result.log == "D"
    assert Game.objects.get(pk=numbered["id"]).finished_at is None  # idle 12 h only


def test_an_action_after_the_close_ends_the_attempt_without_playing_it(client: Client) -> None:
    _, token = make_player("ann")
    with freeze_time(NOON):
        ranked = post(client, "/api/games", {"daily": "TP-E"}, token).json()
    with freeze_time(AFTER_CLOSE):
        ended = act(client, ranked["id"], "D", token)
    assert ended["status"] == "abandoned" and ended["finished"] is True
    assert ended["moves"] == 0 and ended["result"]["ranked"] is True


def test_an_idle_game_is_closed_after_a_day_and_not_before(client: Client) -> None:
    guest = Client()
    with freeze_time(NOON):
        game_id = post(guest, "/api/games", {"code": "TP1-E-AAAAAAB"}).json()["id"]
    with freeze_time("2026-12-01 09:59:00"):
        assert do_close_stale_games() == []
    with freeze_time("2026-12-01 10:00:01"):
        assert do_close_stale_games() == [game_id]
    assert Game.objects.get(pk=game_id).status == "abandoned"


def test_the_sixth_open_game_is_refused_listing_the_open_ones(client: Client) -> None:
    _, token = make_player("ann")
    with freeze_time(NOON):
        ids = [
            post(client, "/api/games", {"number": n, "variant": "TP-E"}, token).json()["id"]
            for n in range(1, 6)
        ]
        count = Game.objects.count()
        refused = post(client, "/api/games", {"daily": "TP-E"}, token)
        error = assert_error(refused, 409, "too_many_open_games")
        assert {g["id"] for g in error["open_games"]} == set(ids) and error["limit"] == 5
        assert Game.objects.count() == count
        act(client, ids[0], "abandon", token)
        assert post(client, "/api/games", {"daily": "TP-E"}, token).status_code == 201


def test_a_resumed_attempt_is_never_refused_by_the_cap(client: Client, settings: Any) -> None:
    settings.MAX_OPEN_GAMES = 1
    _, token = make_player("ann")
    with freeze_time(NOON):
        first = post(client, "/api/games", {"daily": "TP-E"}, token)
        assert first.status_code == 201
        assert post(client, "/api/games", {"daily": "TP-E"}, token).status_code == 200
        assert_error(
            post(client, "/api/games", {"code": "TP1-E-AAAAAAB"}, token), 409, "too_many_open_games"
        )


def test_starting_games_is_rate_limited_per_account_and_per_address(settings: Any) -> None:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_STARTS = (2, 4, 600)
    _, token = make_player("ann")
    client = Client()
    with freeze_time(NOON):
        for n in (1, 2):
            assert (
                post(client, "/api/games", {"number": n, "variant": "PY"}, token).status_code == 201
            )
        count = Game.objects.count()
        refused = post(client, "/api/games", {"number": 3, "variant": "PY"}, token)
        assert refused.status_code == 429 and refused["Retry-After"]
        assert refused.json()["error"]["reason"] == "rate_limited"
        # a refused start still counts for the address (3 of 4): one more guest start
        assert post(Client(), "/api/games", {"number": 4, "variant": "PY"}).status_code == 201
        assert post(Client(), "/api/games", {"number": 5, "variant": "PY"}).status_code == 429
    assert Game.objects.count() == count + 1


def test_action_times_are_the_servers_and_shown_once_the_game_is_over(client: Client) -> None:
    _, token = make_player("ann")
    with freeze_time(NOON) as clock:
        game = post(client, "/api/games", {"code": "TP1-E-AAAAAAB"}, token).json()
        assert game["timings"] is None and game["ranked"] is False
        for _ in range(3):
            clock.tick(timedelta(milliseconds=700))
            open_game = act(client, game["id"], "D", token)
            assert open_game["timings"] is None
        clock.tick(1)
        ended = act(client, game["id"], "abandon", token)
    assert ended["timings"] == [700, 1400, 2100]
    shown = client.get(f"/api/games/{game['id']}", **bearer(token)).json()
    assert shown["timings"] == [700, 1400, 2100]
    assert Result.objects.get(game_id=game["id"]).timings == [700, 1400, 2100]
