"""POST /api/deals/{code}/results: the server replays the log; an illegal log is a 400
naming the token, and nothing is stored."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.engine import replay
from games.models import Deal
from leaderboards.models import Result
from tests.platform.helpers import assert_error, bearer, make_player
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, text, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"


def submit(client: Client, token: str | None, log: str, code: str = CODE) -> object:
    headers = bearer(token) if token else {}
    return client.post(
        f"/api/deals/{code}/results", {"log": log}, content_type="application/json", **headers
    )


def test_a_submitted_win_is_replayed_and_ranked_with_server_figures(client: Client) -> None:
    _, token = make_player("ann")
    log = winning_log(CODE)
    response = submit(client, token, text(log).lower())  # any spelling the engine reads
    assert response.status_code == 201, response.content
    answer = response.json()
    expected = replay(CODE, log)
    assert (answer["won"], answer["moves"], answer["score"]) == (
        True,
        expected.moves,
        expected.score,
    )
    assert answer["duration_ms"] is None and answer["rank"] == 1
    assert [e["kind"] for e in answer["events"]] == ["FIRST_WIN"]
    stored = Result.objects.get(pk=answer["result_id"])
    assert stored.source == "submitted" and stored.log == text(log)  # canonical spelling


def test_an_illegal_log_is_a_400_with_the_token_and_stores_nothing(client: Client) -> None:
    _, token = make_player("ann")
    log = winning_log(CODE)
    bad = [*log[:3], "QH", *log[3:]]  # QH is not a free card there
    error = assert_error(submit(client, token, text(bad)), 400, "blocked")
    assert error["index"] == 3 and error["token"] == "QH"
    error = assert_error(submit(client, token, "D ZZ"), 400, "bad_token")
    assert error["index"] == 1 and error["token"] == "ZZ"
    assert not Result.objects.exists()


def test_a_refused_log_on_a_deal_nobody_played_leaves_no_deal_row(client: Client) -> None:
    _, token = make_player("ann")
    fresh = "TP1-C-AAAAAQZ"
    assert not Deal.objects.filter(code=fresh).exists()
    assert_error(submit(client, token, "D ZZ", code=fresh), 400, "bad_token")
    assert_error(submit(client, token, "D D", code=fresh), 400, "unfinished")
    assert not Deal.objects.filter(code=fresh).exists()
    assert not Result.objects.exists()


def test_guests_cannot_submit(client: Client) -> None:
    assert_error(submit(client, None, text(winning_log(CODE))), 401, "unauthorized")


def test_an_oversized_log_is_refused_before_replay(client: Client) -> None:
    _, token = make_player("ann")
    assert_error(submit(client, token, "D " * 10_001), 413, "log_too_long")


def test_an_unfinished_log_is_refused(client: Client) -> None:
    _, token = make_player("ann")
    assert_error(submit(client, token, "D D"), 400, "unfinished")
    assert not Result.objects.exists()


def test_sealed_deals_refuse_submitted_logs(client: Client) -> None:
    _, token = make_player("ann")
    sealed = Deal.objects.create(code="TP1-E-" + "B" * 28, variant="TP-E", sealed=True)
    # unrevealed: not even confirmed to exist
    assert_error(submit(client, token, "D", code=sealed.code), 404, "deal_not_found")
    sealed.reveal_after = timezone.now() - timedelta(seconds=1)
    sealed.save()
    assert_error(submit(client, token, "D", code=sealed.code), 403, "sealed")
    assert not Result.objects.exists()


def test_a_submitted_log_ranks_behind_an_equal_live_result(client: Client) -> None:
    deal = numbered(CODE)
    log = greedy_log(CODE)
    _, token = make_player("ann")
    assert submit(client, token, text(log)).status_code == 201
    finish(player("bob"), deal, log, seconds=3600)  # slow, but timed
    board = client.get(f"/api/deals/{CODE}/leaderboard").json()["entries"]
    assert [(e["rank"], e["player"]) for e in board] == [(1, "bob"), (2, "ann")]
