"""How games end: won at once; blocked only when the player finishes; abandoned."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game
from tests.platform.helpers import assert_error, bearer

pytestmark = pytest.mark.django_db

BLOCKED_AFTER_ALL_DRAWS = "TP1-C-AAAAAAD"  # 23 draws and nothing fits: blocked


def start(client: Client, code: str, **headers: str) -> str:
    response = client.post("/api/games", {"code": code}, content_type="application/json", **headers)
    assert response.status_code == 201, response.content
    return str(response.json()["id"])


def act(client: Client, game_id: str, action: str, **headers: str) -> Any:
    return client.post(
        f"/api/games/{game_id}/actions",
        {"action": action},
        content_type="application/json",
        **headers,
    )


def test_a_blocked_game_stays_open_for_undo_until_the_player_finishes_it(
    client: Client, recorded: list[Game]
) -> None:
    game_id = start(client, BLOCKED_AFTER_ALL_DRAWS)
    for _ in range(23):
        last = act(client, game_id, "D").json()
    assert last["status"] == "blocked" and last["finished"] is False
    assert last["view"]["can_undo"] is True and last["result"] is None
    assert recorded == []

    undone = act(client, game_id, "U").json()
    assert undone["status"] == "playing"
    assert_error(act(client, game_id, "finish"), 409, "not_blocked")

    assert act(client, game_id, "D").json()["status"] == "blocked"
    finished = act(client, game_id, "finish")
    assert finished.status_code == 200
    body = finished.json()
    assert body["status"] == "blocked" and body["finished"] is True
    assert body["result"] is not None and body["duration_ms"] is not None
    assert body["view"]["legal"] == [] and body["view"]["can_undo"] is False
    game = Game.objects.get(pk=game_id)
    assert recorded == [game] and game.status == "blocked" and game.cards_left == 28
    assert_error(act(client, game_id, "U"), 409, "game_over")


def test_abandoning_a_blocked_game_records_its_blocked_result(
    client: Client, recorded: list[Game]
) -> None:
    game_id = start(client, BLOCKED_AFTER_ALL_DRAWS)
    for _ in range(23):
        act(client, game_id, "D")
    body = act(client, game_id, "abandon").json()
    assert body["status"] == "blocked" and body["finished"] is True
    assert [game.status for game in recorded] == ["blocked"]


def test_an_abandoned_game_is_over_and_recorded_once(
    client: Client, player: tuple[Any, str], recorded: list[Game]
) -> None:
    _, raw = player
    game_id = start(client, "TP1-E-AAAAAAC", **bearer(raw))
    assert act(client, game_id, "D", **bearer(raw)).status_code == 200
    body = act(client, game_id, "ABANDON", **bearer(raw)).json()
    assert body["status"] == "abandoned" and body["finished"] is True
    assert_error(act(client, game_id, "abandon", **bearer(raw)), 409, "game_over")
    assert_error(act(client, game_id, "D", **bearer(raw)), 409, "game_over")
    assert len(recorded) == 1 and recorded[0].status == "abandoned"


def test_without_a_registered_recorder_the_system_check_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    from games.services import recording

    call_command("check")  # the leaderboards registered theirs at start-up
    monkeypatch.setattr(recording, "_recorder", None)
    with pytest.raises(SystemCheckError, match=r"games\.E001"):
        call_command("check")


def test_a_won_game_of_an_account_is_recorded_by_the_leaderboards(
    client: Client, player: tuple[Any, str]
) -> None:
    from games.services import recording
    from leaderboards.services import record_game_result

    assert recording.registered_recorder() is record_game_result
    from tests.platform.helpers import WINNING_CODE
    from tests.support.winning import find_win

    _, raw = player
    line = find_win(WINNING_CODE)
    assert line is not None
    game_id = start(client, WINNING_CODE, **bearer(raw))
    for token in line:
        body = act(client, game_id, token, **bearer(raw)).json()
    assert body["status"] == "won" and isinstance(body["result"], dict)
    assert "events" in body["result"]
