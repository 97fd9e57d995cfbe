"""A whole game played over the HTTP API, by a guest and by an account with a token."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.engine import new_game, replay
from games.models import Deal, Game
from tests.platform.helpers import WINNING_CODE, HiddenCardScan, bearer
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db


def play_line(
    client: Client, game_id: str, line: list[str], scan: HiddenCardScan, **headers: str
) -> dict[str, Any]:
    payload: dict[str, Any] = {}
    for index, token in enumerate(line):
        response = client.post(
            f"/api/games/{game_id}/actions",
            {"action": token},
            content_type="application/json",
            **headers,
        )
        assert response.status_code == 200, response.content
        payload = response.json()
        scan.check(payload, " ".join(line[: index + 1]))
    return payload


def test_guest_wins_a_whole_game_and_the_stored_game_is_its_replay(
    client: Client, recorded: list[Game]
) -> None:
    line = find_win(WINNING_CODE)
    assert line is not None
    scan = HiddenCardScan(WINNING_CODE)

    started = client.post("/api/games", {"code": "tp1-e- aaaaaab"}, content_type="application/json")
    assert started.status_code == 201, started.content
    start = started.json()
    scan.check(start, "")
    assert start["deal"] == {
        "code": WINNING_CODE,
        "label": "#1 TriPeaks Easy",
        "variant": "TP-E",
        "number": 1,
    }
    assert start["status"] == "playing" and start["moves"] == 0 and start["revealed"] == []

    final = play_line(client, start["id"], line, scan)

    assert final["status"] == "won" and final["finished"] is True
    assert final["cards_left"] == 0
    assert final["result"] == {"rank": 1, "events": [], "ranked": False, "par": None}
    assert final["view"]["legal"] == []
    game = Game.objects.get(pk=start["id"])
    expected = replay(WINNING_CODE, game.log)
    assert game.log.split() == line
    assert (game.status, game.score, game.moves, game.cards_left) == (
        expected.status,
        expected.score,
        expected.moves,
        expected.cards_left,
    )
    assert (final["score"], final["moves"]) == (expected.score, expected.moves)
    assert game.finished_at is not None and game.duration_ms is not None
    assert game.player is None and game.guest_key
    assert recorded == [game]
    assert client.get(f"/api/games/{start['id']}").json()["status"] == "won"


def test_account_wins_with_a_bearer_token_and_position_clicks(
    client: Client, player: tuple[Any, str], recorded: list[Game]
) -> None:
    user, raw = player
    line = find_win(WINNING_CODE)
    assert line is not None
    started = client.post(
        "/api/games",
        {"number": 1, "variant": "tp-e"},
        content_type="application/json",
        **bearer(raw),
    )
    assert started.status_code == 201, started.content
    game_id = started.json()["id"]
    scan = HiddenCardScan(WINNING_CODE)
    view = started.json()["view"]
    for index, token in enumerate(line):
        cards = [slot["card"] if slot else None for slot in view["tableau"]]
        # Click cards by position when they are on the tableau, send D as a token.
        body: dict[str, Any] = (
            {"position": cards.index(token)} if token in cards else {"action": token}
        )
        response = client.post(
            f"/api/games/{game_id}/actions",
            body,
            content_type="application/json",
            **bearer(raw),
        )
        assert response.status_code == 200, response.content
        scan.check(response.json(), " ".join(line[: index + 1]))
        view = response.json()["view"]
    game = Game.objects.get(pk=game_id)
    assert game.player == user and game.status == "won" and game.log.split() == line
    assert len(recorded) == 1


def face_up(view: dict[str, Any]) -> dict[int, str]:
    return {pos: slot["card"] for pos, slot in enumerate(view["tableau"]) if slot and slot["card"]}


def test_each_action_reveals_exactly_the_cards_it_turned_face_up(client: Client) -> None:
    line = find_win(WINNING_CODE)
    assert line is not None
    line = [*line[:3], "D", "U", "U", *line[2:]]  # draws and undos on the way
    started = client.post("/api/games", {"code": WINNING_CODE}, content_type="application/json")
    before = started.json()["view"]
    turned_up = 0
    for token in line:
        response = client.post(
            f"/api/games/{started.json()['id']}/actions",
            {"action": token},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content
        after = response.json()
        expected = [
            card
            for pos, card in sorted(face_up(after["view"]).items())
            if pos not in face_up(before) and before["tableau"][pos] is not None
        ]
        if token == "D":
            expected.append(after["view"]["discard"])
        assert after["revealed"] == expected, token
        turned_up += len(expected)
        before = after["view"]
    assert turned_up >= 18  # every face-down card of the peaks came up on the way to the win


@pytest.mark.parametrize("code", ["TP1-E-AAAAAAC", "TP1-EH-AAAAAAC"], ids=["app", "hogue"])
def test_each_answer_says_the_bonus_of_the_peak_it_emptied(client: Client, code: str) -> None:
    """``peak_bonus``: the engine's step bonus on the three actions that empty a peak (under
    Hogue's scoring the peak's 15, 15, 30 plus the run's points), null on every other."""
    line = find_win(code)
    assert line is not None
    game = new_game(code)
    expected = [step.bonus if step.peak_cleared else None for step in map(game.apply, line)]
    assert sum(bonus is not None for bonus in expected) == 3
    started = client.post("/api/games", {"code": code}, content_type="application/json")
    assert started.json()["peak_bonus"] is None
    answered = [
        client.post(
            f"/api/games/{started.json()['id']}/actions",
            {"action": token},
            content_type="application/json",
        ).json()["peak_bonus"]
        for token in line
    ]
    assert answered == expected


def test_a_deal_played_twice_is_one_deal_row(client: Client) -> None:
    for body in ({"code": WINNING_CODE}, {"number": 1, "variant": "TP-E"}):
        assert client.post("/api/games", body, content_type="application/json").status_code == 201
    assert Deal.objects.filter(code=WINNING_CODE).count() == 1
    assert Game.objects.count() == 2
