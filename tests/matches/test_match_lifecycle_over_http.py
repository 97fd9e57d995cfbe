"""A match from the lobby to the podium over the HTTP API: join by code, ready, rounds
played as ordinary live games, the round end, totals, the reveal at the end (codes and
each round game's timed replay)."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from freezegun import freeze_time

from games.models import Game
from leaderboards.models import Result
from matches.models import Match
from tests.matches.helpers import Player, assert_no_card, players, started_match
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db(transaction=True)


def _play_to_the_end(player: Player, match_id: str) -> dict[str, Any]:
    """Open the round game, win it (the deal was vetted winnable), answer the last
    payload."""
    opened = player.open_round_game(match_id)
    assert opened.status_code == 201, opened.content
    game = opened.json()
    code = Game.objects.get(pk=game["id"]).deal.code
    line = find_win(code, max_nodes=30_000)
    assert line is not None
    for token in line:
        answer = player.act(game["id"], token)
        assert answer.status_code == 200, answer.content
    payload: dict[str, Any] = answer.json()
    assert payload["status"] == "won" and payload["finished"]
    return payload


def test_two_players_play_two_rounds_to_the_podium() -> None:
    alice, bob = players(2)
    standings = started_match([alice, bob], rounds=2)
    match_id = standings["match"]["id"]
    assert standings["round"]["number"] == 1
    assert [p["name"] for p in standings["players"]] == ["player0", "player1"]

    won = _play_to_the_end(alice, match_id)
    bob_game = bob.open_round_game(match_id).json()
    assert bob_game["deal"]["code"] is None, "a round's code is secret during the match"
    assert bob_game["view"]["tableau"] != [] and won["id"] != bob_game["id"]
    assert Game.objects.get(pk=bob_game["id"]).deal_id == Game.objects.get(pk=won["id"]).deal_id
    bob.act(bob_game["id"], "abandon")

    after_one = alice.get(f"/api/matches/{match_id}").json()
    assert after_one["rounds_played"] == 2 and after_one["round"]["number"] == 2
    summary = after_one["rounds"][0]
    assert [r["name"] for r in summary["results"]] == ["player0", "player1"]
    assert summary["results"][0]["score"] == won["score"]
    assert summary["deal"] is None and summary["replays"] is None
    assert {r["replay"] for r in summary["results"]} == {None}, "no replay before the reveal"
    side_by_side = f"/matches/{match_id}/rounds/1/replays/"
    assert alice.client.get(side_by_side).status_code == 404, "not before the match is over"
    assert_no_card(after_one)

    second_alice = _play_to_the_end(alice, match_id)
    second_bob = _play_to_the_end(bob, match_id)
    final = bob.get(f"/api/matches/{match_id}").json()
    assert final["type"] == "standings" and final["match"]["status"] == "finished"
    assert [p["name"] for p in final["podium"]] == ["player0", "player1"]
    assert final["players"][0]["total"] == won["score"] + second_alice["score"]
    # Bob gave up round 1 without a move: a game not played counts 0 (docs/matches.md).
    assert final["players"][1]["total"] == 0 + second_bob["score"]
    assert all(r["deal"] and r["deal"].startswith("TP1-E-") for r in final["rounds"])
    assert Result.objects.filter(game__match_entry__round__match_id=match_id).count() == 4
    replays = [r["replay"] for rnd in final["rounds"] for r in rnd["results"]]
    assert len(replays) == 4 and all(replays)
    assert alice.client.get(replays[0]).status_code == 200  # played at its recorded pace
    assert [r["replays"] for r in final["rounds"]] == [
        side_by_side,
        f"/matches/{match_id}/rounds/2/replays/",
    ]
    page = Client().get(side_by_side, HTTP_ACCEPT_LANGUAGE="fr")  # anyone, in French
    assert page.status_code == 200
    assert "Manche 1" in page.content.decode()
    boot = json.loads(re.search(
        r'<script id="arena-match-replays" type="application/json">(.*?)</script>',
        page.content.decode(), re.S,
    ).group(1))  # fmt: skip
    assert boot["code"] == final["rounds"][0]["deal"]
    shown = [(p["name"], p["replay_steps"]["result"]["player"]) for p in boot["players"]]
    assert shown == [("player0", "player0"), ("player1", "player1")]
    steps = boot["players"][0]["replay_steps"]
    assert len(steps["steps"]) == won["moves"] == len(steps["result"]["timings"])

    history = bob.get("/api/players/PLAYER1/matches").json()  # any case, anyone may look
    assert [(h["id"], h["rank"], h["players"], h["rounds"]) for h in history] == [
        (match_id, 2, 2, 2)
    ]
    assert history[0]["total"] == final["players"][1]["total"]


def test_a_player_without_matches_has_an_empty_history_and_a_stranger_none() -> None:
    (alice,) = players(1)
    assert alice.get("/api/players/player0/matches").json() == []
    missing = alice.get("/api/players/nobody-here/matches")
    assert missing.status_code == 404
    assert missing.json()["error"]["reason"] == "player_not_found"


def test_opening_the_round_game_again_resumes_it() -> None:
    alice, bob = players(2)
    match_id = started_match([alice, bob])["match"]["id"]
    first = alice.open_round_game(match_id)
    assert first.status_code == 201
    alice.act(first.json()["id"], "D")
    again = alice.open_round_game(match_id)
    assert again.status_code == 200
    assert again.json()["id"] == first.json()["id"] and again.json()["moves"] == 1


def test_a_round_starts_after_the_countdown_for_everyone_at_once(settings: Any) -> None:
    settings.MATCH_COUNTDOWN_S = 3
    alice, bob = players(2)
    standings = started_match([alice, bob])
    match_id = standings["match"]["id"]
    starts_at = standings["round"]["starts_at"]
    assert bob.get(f"/api/matches/{match_id}").json()["round"]["starts_at"] == starts_at
    early = alice.open_round_game(match_id)
    assert early.status_code == 409, early.content
    assert early.json()["error"]["reason"] == "round_not_started"
    assert early.json()["error"]["starts_at"] == starts_at
    with freeze_time(timezone.now() + timedelta(seconds=3.5)):
        opened = alice.open_round_game(match_id)
        assert opened.status_code == 201, opened.content
        game = Game.objects.get(pk=opened.json()["id"])
        assert game.started_at.isoformat() == starts_at  # the clock runs from the instant


def test_the_creator_starts_the_match_before_everyone_is_ready() -> None:
    alice, bob = players(2)
    made = alice.post("/api/matches", {"variant": "PY", "target_score": 100}).json()
    bob.post(f"/api/matches/{made['match']['id']}/join")
    assert bob.post(f"/api/matches/{made['match']['id']}/start").status_code == 403
    started = alice.post(f"/api/matches/{made['match']['code'].lower()}/start")
    assert started.status_code == 200, started.content
    body = started.json()
    assert body["match"]["mode"] == "target" and body["match"]["time_limit_s"] == 300
    assert body["round"]["ends_at"] is not None


def test_a_lobby_nobody_started_expires_after_thirty_minutes() -> None:
    from matches.services.lobby import do_expire_lobbies

    alice, bob = players(2)
    made = alice.post("/api/matches", {"variant": "TP-C", "rounds": 1}).json()
    assert do_expire_lobbies(timezone.now() + timedelta(minutes=29)) == []
    assert do_expire_lobbies(timezone.now() + timedelta(minutes=31)) == [made["match"]["id"]]
    refused = bob.post(f"/api/matches/{made['match']['code']}/join")
    assert refused.status_code == 409 and refused.json()["error"]["reason"] == "match_closed"
    assert Match.objects.get(pk=made["match"]["id"]).status == "expired"


def test_my_matches_lists_the_matches_i_sit_in() -> None:
    alice, bob, carol = players(3)
    made = alice.post("/api/matches", {"variant": "TP-E", "rounds": 3}).json()
    bob.post(f"/api/matches/{made['match']['id']}/join")
    assert [m["id"] for m in bob.get("/api/matches").json()] == [made["match"]["id"]]
    assert carol.get("/api/matches").json() == []
