"""Bad match requests get a clear 4xx JSON error, never a 500, and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game
from matches.models import Match, MatchPlayer, Round, RoundGame
from tests.matches.helpers import Player, players, started_match

pytestmark = pytest.mark.django_db(transaction=True)


def stored() -> list[Any]:
    return [
        list(Match.objects.order_by("pk").values_list("pk", "status", "started_at")),
        list(MatchPlayer.objects.order_by("pk").values_list("pk", "ready", "left_at")),
        list(Round.objects.order_by("pk").values_list("pk", "ended_at")),
        list(RoundGame.objects.order_by("pk").values_list("pk", "opened_at")),
        list(Game.objects.order_by("pk").values_list("pk", "log", "finished_at")),
    ]


def refused(answer: Any, status: int, reason: str) -> None:
    assert answer.status_code == status, answer.content
    assert answer["Content-Type"].startswith("application/json")
    error = answer.json()["error"]
    assert error["reason"] == reason, error
    assert isinstance(error["message"], str) and error["message"]


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({"variant": "FreeCell", "rounds": 3}, 400, "bad_match"),
        ({"variant": "TP-E"}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": 3, "target_score": 900}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": 0}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": 11}, 400, "bad_match"),
        ({"variant": "TP-E", "target_score": 0}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": 2, "time_limit_s": 5}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": 2, "max_players": 9}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": 2, "max_players": 1}, 400, "bad_match"),
        ({"variant": "TP-E", "rounds": "3"}, 422, "invalid"),
        ({"variant": "TP-E", "rounds": True}, 422, "invalid"),
        ({"variant": "TP-E", "rounds": 3, "cheat": 1}, 422, "invalid"),
        ({"variant": ["TP-E"], "rounds": 3}, 422, "invalid"),
    ],
)
def test_bad_match_settings_are_refused(body: dict[str, Any], status: int, reason: str) -> None:
    alice = Player("alice")
    before = stored()
    refused(alice.post("/api/matches", body), status, reason)
    assert stored() == before


def test_guests_cannot_create_or_join_but_may_watch() -> None:
    alice = Player("alice")
    made = alice.post("/api/matches", {"variant": "TP-E", "rounds": 1}).json()
    guest = Client()
    before = stored()
    path = "/api/matches"
    refused(
        guest.post(path, {"variant": "TP-E", "rounds": 1}, "application/json"), 401, "unauthorized"
    )
    join = f"/api/matches/{made['match']['id']}/join"
    refused(guest.post(join, {}, "application/json"), 401, "unauthorized")
    refused(
        guest.post("/api/games", {"match": made["match"]["id"]}, "application/json"),
        403,
        "not_in_match",
    )
    assert guest.get(f"/api/matches/{made['match']['code']}").status_code == 200
    assert stored() == before


@pytest.mark.parametrize(
    "ref", ["nope", "00000000-0000-0000-0000-000000000000", "ZZZZZZ", "x" * 300, "%00"]
)
def test_an_unknown_match_is_404_everywhere(ref: str) -> None:
    alice = Player("alice")
    before = stored()
    for answer in (
        alice.get(f"/api/matches/{ref}"),
        alice.post(f"/api/matches/{ref}/join"),
        alice.post(f"/api/matches/{ref}/ready", {"ready": True}),
        alice.post(f"/api/matches/{ref}/start"),
        alice.post(f"/api/matches/{ref}/leave"),
        alice.open_round_game(ref[:64]),
    ):
        assert answer.status_code in (400, 404), answer.content
        assert answer.json()["error"]["reason"] in ("match_not_found", "not_found", "bad_request")
    assert stored() == before


def test_refusals_of_the_lobby_change_nothing() -> None:
    alice, bob, carol = players(3)
    made = alice.post("/api/matches", {"variant": "TP-E", "rounds": 1, "max_players": 2})
    match_id = made.json()["match"]["id"]
    before = stored()
    refused(alice.post(f"/api/matches/{match_id}/start"), 409, "not_enough_players")
    refused(bob.post(f"/api/matches/{match_id}/ready", {"ready": True}), 403, "not_in_match")
    refused(bob.post(f"/api/matches/{match_id}/leave"), 403, "not_in_match")
    refused(alice.post(f"/api/matches/{match_id}/ready", {"ready": "yes"}), 422, "invalid")
    refused(alice.open_round_game(match_id), 409, "round_not_started")
    assert stored() == before
    bob.post(f"/api/matches/{match_id}/join")
    before = stored()
    refused(carol.post(f"/api/matches/{match_id}/join"), 409, "match_full")
    refused(bob.post(f"/api/matches/{match_id}/start"), 403, "not_creator")
    assert stored() == before


def test_refusals_of_a_match_under_way_change_nothing() -> None:
    alice, bob, carol = players(3)
    match_id = started_match([alice, bob])["match"]["id"]
    before = stored()
    refused(carol.post(f"/api/matches/{match_id}/join"), 409, "match_started")
    refused(alice.post(f"/api/matches/{match_id}/start"), 409, "match_started")
    refused(carol.open_round_game(match_id), 403, "not_in_match")
    both = alice.post("/api/games", {"match": match_id, "code": "TP1-E-AAAAAAB"})
    refused(both, 400, "bad_request")
    refused(alice.post("/api/games", {"match": 5}), 422, "invalid")
    assert stored() == before
    game = alice.open_round_game(match_id).json()
    refused(bob.act(game["id"], "D"), 403, "forbidden")  # someone else's round game
    alice.post(f"/api/matches/{match_id}/leave")
    before = stored()
    refused(alice.post(f"/api/matches/{match_id}/leave"), 409, "match_closed")
    assert stored() == before
