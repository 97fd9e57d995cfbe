"""Helpers of the platform tests: accounts with Bearer tokens, hidden-card scans, errors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.contrib.auth import get_user_model

from accounts.models import ApiToken
from games.engine import card_str, parse_code, replay
from games.models import Game

CARD_TEXTS = frozenset(card_str(card) for card in range(52))
WINNING_CODE = "TP1-E-AAAAAAB"  # tests/support/winning.py wins it in a few hundred nodes


def make_player(username: str) -> tuple[Any, str]:
    """An account and the raw Bearer token for it."""
    user = get_user_model().objects.create_user(username, password="pw-123456789")
    _, raw = ApiToken.issue(user, "tests")
    return user, raw


def bearer(raw: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def card_strings(value: Any) -> Iterator[str]:
    """Every card named anywhere in a payload (pairs like ``TC+3S`` count as two)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from card_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_strings(item)
    elif isinstance(value, str):
        for part in value.split("+"):
            if part in CARD_TEXTS:
                yield part


class HiddenCardScan:
    """Checks that each payload names only cards the player could see by then (SPEC §10)."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.seen: set[str] = set()
        self.payloads = 0

    def check(self, payload: Any, log: str) -> None:
        game = replay(self.code, log).game
        self.seen |= {card_str(card) for card in game.visible_cards()}
        leaked = set(card_strings(payload)) - self.seen
        assert not leaked, f"payload after {log!r} names hidden cards {sorted(leaked)}"
        self.payloads += 1


def stored_rows() -> list[tuple[Any, ...]]:
    """Everything stored about games, to assert that a refusal changed nothing."""
    return list(
        Game.objects.order_by("pk").values_list(
            "pk", "log", "status", "score", "moves", "cards_left", "finished_at"
        )
    )


def assert_error(response: Any, status: int, reason: str) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["reason"] == reason, error
    assert isinstance(error["message"], str) and error["message"]
    return dict(error)


def variant_of(code: str) -> str:
    return parse_code(code).variant.value
