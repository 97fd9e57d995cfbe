"""A guest's games carry over to the account logged into from that session: open games
go on under the account, ended ones are recorded for it; a game on a daily whose day is
still open never moves (games/guest_carry_over.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone
from freezegun import freeze_time

from games.daily import Vetting, daily_deals_on, ensure_daily_deals
from games.guest_carry_over import do_carry_over
from games.models import Game
from leaderboards.models import Result
from tests.platform.helpers import make_player
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db


def start(client: Client, number: int, variant: str = "TP-E") -> str:
    answer = client.post(
        "/api/games", {"number": number, "variant": variant}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    return str(answer.json()["id"])


def act(client: Client, game_id: str, action: str) -> dict[str, Any]:
    answer = client.post(
        f"/api/games/{game_id}/actions", {"action": action}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def test_a_guests_games_follow_them_into_the_account_they_log_into() -> None:
    user, _ = make_player("alice")
    client = Client()
    open_id = start(client, 3)
    act(client, open_id, "D")
    won_id = start(client, 1)
    line = find_win("TP1-E-AAAAAAB")
    assert line is not None
    for token in line:
        payload = act(client, won_id, token)
    assert payload["status"] == "won" and payload["result"]["rank"] is None  # a guest's
    assert not Result.objects.exists()

    logged_in = client.post("/accounts/login/", {"username": "alice", "password": "pw-123456789"})
    assert logged_in.status_code == 302

    assert set(Game.objects.filter(player=user).values_list("id", flat=True)) == {
        Game.objects.get(pk=open_id).pk,
        Game.objects.get(pk=won_id).pk,
    }
    result = Result.objects.get(player=user)
    assert (result.game_id, result.won, result.moves) == (
        Game.objects.get(pk=won_id).pk,
        True,
        len(line),
    )
    listed = client.get("/api/games").json()
    assert [game["id"] for game in listed] == [open_id]
    assert act(client, open_id, "D")["moves"] == 2  # it plays on under the account


def test_another_session_logging_in_takes_nothing() -> None:
    make_player("bob")
    guest = Client()
    game_id = start(guest, 4)
    other = Client()
    other.post("/accounts/login/", {"username": "bob", "password": "pw-123456789"})
    assert Game.objects.get(pk=game_id).player is None


def test_a_game_on_a_daily_whose_day_is_open_never_moves() -> None:
    user, _ = make_player("carol")
    with freeze_time("2026-11-30 10:00:00"):
        ensure_daily_deals(days=1, vet=lambda code: Vetting(winnable=True, par_moves=40))
        daily = next(iter(daily_deals_on(timezone.localdate())))
        game = Game.objects.create(
            deal=daily.deal, daily=daily, guest_key="k" * 32, started_at=timezone.now()
        )
        assert do_carry_over("k" * 32, user) == 0
        game.refresh_from_db()
        assert game.player is None
