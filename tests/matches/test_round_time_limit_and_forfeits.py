"""A round's time limit (the server ends games still open as they stand), and leaving
(the rounds left count 0). The limit is the task's job with a worker; here the service
it calls runs at a frozen clock (tests/matches/test_round_ended_by_the_worker.py runs the
real worker)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from freezegun import freeze_time

from games.models import Game
from matches.models import Match, Round
from matches.services.rounds import do_end_round_if_over
from tests.matches.helpers import Player, players, started_match

pytestmark = pytest.mark.django_db(transaction=True)


def _draw_and_give_up(seat: Player, match_id: str) -> None:
    game_id = seat.open_round_game(match_id).json()["id"]
    assert seat.act(game_id, "D").status_code == 200
    assert seat.act(game_id, "abandon").status_code == 200


def test_the_time_limit_ends_open_games_as_they_stand_and_counts_them() -> None:
    alice, bob = players(2)
    match_id = started_match([alice, bob], rounds=2, time_limit_s=60)["match"]["id"]
    game = alice.open_round_game(match_id).json()
    alice.act(game["id"], "D")
    rnd = Round.objects.get(match_id=match_id, number=1)
    assert rnd.ends_at == rnd.starts_at + timedelta(seconds=60)

    with freeze_time(rnd.ends_at - timedelta(seconds=1)):
        assert do_end_round_if_over(match_id, 1) is False
    with freeze_time(rnd.ends_at + timedelta(seconds=1)):
        assert do_end_round_if_over(match_id, 1) is True
        assert do_end_round_if_over(match_id, 1) is False, "a round ends once"
        standings = alice.get(f"/api/matches/{match_id}").json()
    games = Game.objects.filter(match_entry__round=rnd)
    assert {g.status for g in games} == {"abandoned"} and all(g.finished_at for g in games)
    summary = {r["name"]: r for r in standings["rounds"][0]["results"]}
    assert summary[alice.name]["score"] == 499 and summary[alice.name]["moves"] == 1
    # Bob never moved: a game not played, 0 points (docs/matches.md), not the SPEC's 500.
    assert summary[bob.name]["score"] == 0 and summary[bob.name]["cards_left"] == 28
    assert summary[bob.name]["played"] is False and summary[alice.name]["played"] is True
    assert standings["round"]["number"] == 2, "the next round was dealt"


def test_an_action_after_the_limit_ends_the_game_instead_of_playing_it() -> None:
    alice, bob = players(2)
    match_id = started_match([alice, bob], time_limit_s=60)["match"]["id"]
    game = alice.open_round_game(match_id).json()
    rnd = Round.objects.get(match_id=match_id, number=1)
    with freeze_time(rnd.ends_at + timedelta(seconds=5)):
        late = alice.act(game["id"], "D")
    assert late.status_code == 200, late.content
    assert late.json()["finished"] and late.json()["moves"] == 0
    rnd.refresh_from_db()
    assert rnd.ended_at is not None, "the late action's listener ended the round"
    assert Match.objects.get(pk=match_id).status == "finished"


def test_leaving_forfeits_the_current_round_and_every_later_one() -> None:
    alice, bob, carol = players(3)
    match_id = started_match([alice, bob, carol], rounds=2)["match"]["id"]
    carol_game = carol.open_round_game(match_id).json()
    carol.act(carol_game["id"], "D")
    left = carol.post(f"/api/matches/{match_id}/leave")
    assert left.status_code == 200, left.content
    assert Game.objects.get(pk=carol_game["id"]).status == "abandoned"
    refused = carol.open_round_game(match_id)
    assert refused.status_code == 403 and refused.json()["error"]["reason"] == "left_match"

    for seat in (alice, bob):  # round 1 ends when both players still in have finished
        _draw_and_give_up(seat, match_id)
    round_two = Round.objects.get(match_id=match_id, number=2)
    assert not Game.objects.filter(match_entry__round=round_two, player=carol.user).exists()
    for seat in (alice, bob):
        _draw_and_give_up(seat, match_id)
    final = alice.get(f"/api/matches/{match_id}").json()
    assert final["match"]["status"] == "finished"
    row = next(p for p in final["players"] if p["name"] == carol.name)
    assert row["left"] and row["total"] == 0 and row["cards_left"] == 56 and row["rank"] == 3
    assert all(
        next(r for r in rnd["results"] if r["name"] == carol.name)["forfeit"]
        for rnd in final["rounds"]
    )


def test_when_one_player_is_left_the_match_ends_and_they_win() -> None:
    alice, bob = players(2)
    match_id = started_match([alice, bob], rounds=5)["match"]["id"]
    bob.post(f"/api/matches/{match_id}/leave")
    final = alice.get(f"/api/matches/{match_id}").json()
    assert final["match"]["status"] == "finished" and final["rounds_played"] == 1
    assert [p["name"] for p in final["podium"]] == [alice.name, bob.name]
    # Alice's untouched game, ended as it stood, counts as not played (0), like Bob's
    # forfeit: the forfeit is the last tie-break, so she stays first.
    assert [(p["rank"], p["total"]) for p in final["players"]] == [(1, 0), (2, 0)]


def test_the_creator_leaving_the_lobby_cancels_it_and_others_free_their_seat() -> None:
    alice, bob, carol = players(3)
    made = alice.post("/api/matches", {"variant": "TP-E", "rounds": 1}).json()
    match_id = made["match"]["id"]
    bob.post(f"/api/matches/{match_id}/join")
    carol.post(f"/api/matches/{match_id}/join")
    assert len(bob.post(f"/api/matches/{match_id}/leave").json()["players"]) == 2
    assert alice.post(f"/api/matches/{match_id}/leave").json()["match"]["status"] == "cancelled"
    refused = carol.post(f"/api/matches/{match_id}/start")
    assert refused.status_code in (403, 409)
