"""A deal's boards over the API: best ever vs first tries, ties, par, the player's row."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.platform.helpers import bearer, make_player
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, padded, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"


def board(client: Client, kind: str = "best", **headers: str) -> dict:
    response = client.get(f"/api/deals/{CODE}/leaderboard?board={kind}&limit=10", **headers)
    assert response.status_code == 200, response.content
    return response.json()


def test_best_ever_keeps_each_players_best_and_first_tries_their_first(client: Client) -> None:
    deal = numbered(CODE)
    win = winning_log(CODE)
    ann, bob = player("ann"), player("bob")
    finish(ann, deal, greedy_log(CODE))  # ann's first try: blocked
    finish(ann, deal, padded(win, 2))  # ann's best: a win
    finish(bob, deal, padded(win, 1))  # bob's only (so first) try: a shorter win

    best = board(client)
    assert [(e["rank"], e["player"], e["moves"]) for e in best["entries"]] == [
        (1, "bob", len(win) + 1),
        (2, "ann", len(win) + 2),
    ]
    first = board(client, "first")
    assert [(e["player"], e["won"]) for e in first["entries"]] == [("bob", True), ("ann", False)]
    assert all(e["first_try"] for e in first["entries"])


def test_equal_results_share_a_rank_and_the_earlier_is_listed_first(client: Client) -> None:
    deal = numbered(CODE)
    log = winning_log(CODE)
    for name in ("ann", "bob"):
        finish(player(name), deal, log, seconds=30)
    finish(player("cid"), deal, padded(log, 1), seconds=1)
    entries = board(client)["entries"]
    assert [(e["rank"], e["player"]) for e in entries] == [(1, "ann"), (1, "bob"), (3, "cid")]


def test_a_win_in_par_is_marked_perfect_and_par_is_shown(client: Client) -> None:
    log = winning_log(CODE)
    deal = numbered(CODE, par=len(log))
    answer = finish(player("ann"), deal, log)
    assert answer["perfect"] is True and answer["par"] == len(log)
    finish(player("bob"), deal, padded(log, 3))
    best = board(client)
    assert best["par"] == len(log)
    assert [e["perfect"] for e in best["entries"]] == [True, False]


def test_the_signed_in_player_gets_their_row_and_the_rows_around_it(client: Client) -> None:
    deal = numbered(CODE)
    log = winning_log(CODE)
    for extra in range(8):
        finish(player(f"p{extra}"), deal, padded(log, extra))
    me, token = make_player("me")
    finish(me, deal, padded(log, 20))
    answer = client.get(f"/api/deals/{CODE}/leaderboard?limit=3", **bearer(token)).json()
    assert [e["rank"] for e in answer["entries"]] == [1, 2, 3]
    assert answer["me"]["player"] == "me" and answer["me"]["rank"] == 9
    assert [e["rank"] for e in answer["around"]] == [7, 8, 9]
    assert answer["players"] == 9


def test_abandoned_games_are_stored_but_never_on_a_board(client: Client) -> None:
    deal = numbered(CODE)
    answer = finish(player("ann"), deal, ["D"], status="abandoned")
    assert answer["result_id"] is not None and answer["rank"] is None
    assert board(client)["entries"] == [] and board(client, "first")["entries"] == []


def test_a_deal_nobody_played_has_an_empty_board(client: Client) -> None:
    answer = client.get("/api/deals/TP1-C-AAAABCD/leaderboard").json()
    assert answer["entries"] == [] and answer["deal"]["code"] == "TP1-C-AAAABCD"


def test_unknown_or_malformed_deals_are_refused(client: Client) -> None:
    assert client.get("/api/deals/XX1-E-AAAAAAB/leaderboard").status_code == 400
    sealed = "TP1-E-" + "B" * 28
    assert client.get(f"/api/deals/{sealed}/leaderboard").status_code == 404
    assert client.get("/api/deals/daily-2026-01-01-TP-E/leaderboard").status_code == 404
