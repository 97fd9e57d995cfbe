"""Helpers of the matches tests: players with tokens, a match made over HTTP, the
standings scan for cards."""

from __future__ import annotations

from typing import Any

from django.test import Client

from tests.platform.helpers import bearer, card_strings, make_player


class Player:
    """An account and its API calls (Bearer token: no CSRF)."""

    def __init__(self, name: str) -> None:
        self.user, self.token = make_player(name)
        self.name = name
        self.client = Client()

    def post(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return self.client.post(
            path, body or {}, content_type="application/json", **bearer(self.token)
        )

    def get(self, path: str) -> Any:
        return self.client.get(path, **bearer(self.token))

    def open_round_game(self, match_id: str) -> Any:
        return self.post("/api/games", {"match": match_id})

    def act(self, game_id: str, action: str) -> Any:
        return self.post(f"/api/games/{game_id}/actions", {"action": action})


def players(count: int, prefix: str = "player") -> list[Player]:
    return [Player(f"{prefix}{index}") for index in range(count)]


def started_match(
    seats: list[Player], rounds: int = 1, time_limit_s: int = 0, **extra: Any
) -> dict[str, Any]:
    """A match created by ``seats[0]``, joined by the others by code, all ready."""
    creator = seats[0]
    made = creator.post(
        "/api/matches",
        {"variant": "TP-E", "rounds": rounds, "time_limit_s": time_limit_s, **extra},
    )
    assert made.status_code == 201, made.content
    code = made.json()["match"]["code"]
    for seat in seats[1:]:
        joined = seat.post(f"/api/matches/{code}/join")
        assert joined.status_code == 200, joined.content
    answer: Any = None
    for seat in seats:
        answer = seat.post(f"/api/matches/{code}/ready", {"ready": True})
        assert answer.status_code == 200, answer.content
    standings: dict[str, Any] = answer.json()
    assert standings["match"]["status"] == "playing", standings
    return standings


def assert_no_card(frame: Any) -> None:
    """No string anywhere in ``frame`` names a card (every card is in every deal, so
    this is the scan against the deal's cards: 52 of 52)."""
    named = set(card_strings(frame))
    assert not named, f"a standings frame names cards {sorted(named)}: {frame}"
