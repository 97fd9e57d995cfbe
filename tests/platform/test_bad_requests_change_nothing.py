"""Bad input gets a clear 4xx JSON error, never a 500, and leaves every stored row as it was."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from games.engine import SEALED_MIN, UNSEEN_DETAIL, DealCode, Variant
from games.models import Deal, Game
from games.services import play
from tests.platform.helpers import WINNING_CODE, assert_error, bearer, stored_rows

pytestmark = pytest.mark.django_db

SEALED_CODE = DealCode(Variant.TP_E, SEALED_MIN + 123_456_789).text


def post(client: Client, path: str, body: Any, **headers: str) -> Any:
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(path, data, content_type="application/json", **headers)


@pytest.fixture
def game(client: Client) -> dict[str, Any]:
    response = post(client, "/api/games", {"code": WINNING_CODE})
    assert response.status_code == 201
    return dict(response.json())


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({"code": "XX1-E-AAAAAAB"}, 400, "bad_code"),
        ({"code": "TP1-E-AAAA"}, 400, "bad_code"),
        ({"code": ""}, 400, "bad_code"),
        ({"code": "TP1-E-ZZZZZZZ"}, 400, "out_of_range"),
        ({"code": "TP1-E-AAAAAAA"}, 400, "out_of_range"),
        ({"number": 0, "variant": "TP-E"}, 400, "out_of_range"),
        ({"number": 10**12, "variant": "TP-E"}, 400, "out_of_range"),
        ({"number": 12}, 400, "variant_required"),
        ({"number": 12, "variant": "TP-X"}, 400, "bad_variant"),
        ({"code": "#12"}, 400, "variant_required"),
        ({"code": "PY1-N-AAAAAAB", "variant": "TP-E"}, 400, "bad_request"),
        ({"code": WINNING_CODE, "number": 1, "variant": "TP-E"}, 400, "bad_request"),
        ({}, 400, "bad_request"),
        ({"daily": "TP-E"}, 404, "no_daily"),
        ({"daily": "golf"}, 400, "bad_variant"),
        ({"number": "twelve", "variant": "TP-E"}, 422, "invalid"),
        ({"number": True, "variant": "TP-E"}, 422, "invalid"),
        ({"code": WINNING_CODE, "extra": 1}, 422, "invalid"),
        ({"code": "A" * 65}, 422, "invalid"),
        ("not json", 400, "bad_request"),
        ("[1, 2]", 422, "invalid"),
    ],
)
def test_a_bad_deal_request_starts_nothing(
    client: Client, body: Any, status: int, reason: str
) -> None:
    response = post(client, "/api/games", body)
    assert_error(response, status, reason)
    assert Game.objects.count() == 0 and Deal.objects.count() == 0


def test_a_sealed_code_is_refused_and_never_echoed(client: Client) -> None:
    Deal.objects.create(code=SEALED_CODE, variant="TP-E", sealed=True)
    for text in (SEALED_CODE, SEALED_CODE.lower(), f"  {SEALED_CODE} "):
        response = post(client, "/api/games", {"code": text})
        assert_error(response, 400, "sealed_code")
        assert SEALED_CODE.split("-")[-1] not in response.content.decode().upper()
    assert Game.objects.count() == 0


def test_deal_requests_accept_any_case_spacing_and_numbers(client: Client) -> None:
    for body in (
        {"code": " tp1-e-aaaaaab "},
        {"code": "#1", "variant": "tp-e"},
        {"code": "# 1", "variant": "TP-E"},
        {"code": "1", "variant": "TP-E"},
        {"number": 1, "variant": "TP-E"},
    ):
        response = post(client, "/api/games", body)
        assert response.status_code == 201, (body, response.content)
        assert response.json()["deal"]["code"] == WINNING_CODE
    assert Deal.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        ({"action": "ZZ"}, 400, "bad_token"),
        ({"action": "KC+QD+JS"}, 400, "bad_token"),
        ({"action": "TC+3S"}, 400, "bad_token"),  # TriPeaks has no pairs
        ({"action": "finish"}, 409, "not_blocked"),
        ({"action": ""}, 400, "bad_action"),
        ({"action": "x" * 17}, 422, "invalid"),
        ({"position": 28}, 422, "invalid"),
        ({"position": -1}, 422, "invalid"),
        ({"position": "3"}, 422, "invalid"),
        ({"action": "D", "position": 20}, 400, "bad_action"),
        ({}, 400, "bad_action"),
        ({"action": "D", "score": 9999}, 422, "invalid"),
        ("{", 400, "bad_request"),
    ],
)
def test_a_malformed_action_changes_nothing(
    client: Client, game: dict[str, Any], body: Any, status: int, reason: str
) -> None:
    before = stored_rows()
    assert_error(post(client, f"/api/games/{game['id']}/actions", body), status, reason)
    assert stored_rows() == before


def test_a_refused_move_names_its_reason_index_and_language(
    client: Client, game: dict[str, Any]
) -> None:
    assert post(client, f"/api/games/{game['id']}/actions", {"action": "D"}).status_code == 200
    before = stored_rows()
    view = client.get(f"/api/games/{game['id']}").json()["view"]
    top = view["discard"]
    misfit = next(
        slot["card"]
        for slot in view["tableau"]
        if slot and slot["free"] and slot["card"] not in view["legal"]
    )
    response = post(
        client,
        f"/api/games/{game['id']}/actions",
        {"action": misfit},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    error = assert_error(response, 400, "not_adjacent")
    assert error["message"] == "Doit être d'un rang supérieur ou inférieur"
    assert error["index"] == 1 and top in error["detail"]
    assert stored_rows() == before


def test_a_hidden_card_is_refused_without_revealing_anything(
    client: Client, game: dict[str, Any]
) -> None:
    before = stored_rows()
    by_position = post(client, f"/api/games/{game['id']}/actions", {"position": 0})
    error = assert_error(by_position, 400, "blocked")
    assert error["detail"] == UNSEEN_DETAIL  # as for naming the card there (SPEC §10)
    assert stored_rows() == before


def test_someone_elses_game_is_forbidden(
    client: Client, game: dict[str, Any], player: tuple[Any, str]
) -> None:
    before = stored_rows()
    _, raw = player
    path = f"/api/games/{game['id']}"
    assert_error(post(client, f"{path}/actions", {"action": "D"}, **bearer(raw)), 403, "forbidden")
    assert_error(client.get(path, **bearer(raw)), 403, "forbidden")
    stranger = Client()
    assert_error(post(stranger, f"{path}/actions", {"action": "D"}), 403, "forbidden")
    assert_error(stranger.get(path), 403, "forbidden")
    assert stored_rows() == before


def test_an_accounts_game_is_forbidden_to_other_accounts(
    client: Client, player: tuple[Any, str], other_player: tuple[Any, str]
) -> None:
    _, mine = player
    _, theirs = other_player
    game_id = post(client, "/api/games", {"code": WINNING_CODE}, **bearer(mine)).json()["id"]
    before = stored_rows()
    response = post(Client(), f"/api/games/{game_id}/actions", {"action": "D"}, **bearer(theirs))
    assert_error(response, 403, "forbidden")
    assert stored_rows() == before


def test_a_wrong_bearer_token_is_refused(client: Client) -> None:
    response = post(client, "/api/games", {"code": WINNING_CODE}, **bearer("nope"))
    assert_error(response, 401, "unauthorized")
    assert Game.objects.count() == 0


@pytest.mark.parametrize("game_id", ["abc", "00000000-0000-0000-0000-000000000000"])
def test_an_unknown_game_is_not_found(client: Client, game_id: str) -> None:
    assert_error(post(client, f"/api/games/{game_id}/actions", {"action": "D"}), 404, "not_found")
    assert_error(client.get(f"/api/games/{game_id}"), 404, "not_found")


def test_an_action_on_a_finished_game_is_a_conflict(client: Client, game: dict[str, Any]) -> None:
    path = f"/api/games/{game['id']}/actions"
    assert post(client, path, {"action": "abandon"}).status_code == 200
    before = stored_rows()
    for action in ("D", "U", "abandon", "finish"):
        assert_error(post(client, path, {"action": action}), 409, "game_over")
    assert stored_rows() == before


def test_an_oversized_body_is_refused_as_json(client: Client, game: dict[str, Any]) -> None:
    before = stored_rows()
    huge = json.dumps({"action": "D", "pad": "x" * 3_000_000})
    assert_error(post(client, f"/api/games/{game['id']}/actions", huge), 413, "too_large")
    assert_error(post(client, "/api/games", huge), 413, "too_large")
    assert stored_rows() == before


def test_a_game_cannot_grow_past_its_action_cap(client: Client, game: dict[str, Any]) -> None:
    Game.objects.filter(pk=game["id"]).update(log=" ".join(["D", "U"] * (play.MAX_ACTIONS // 2)))
    before = stored_rows()
    response = post(client, f"/api/games/{game['id']}/actions", {"action": "D"})
    assert_error(response, 400, "too_many_actions")
    assert stored_rows() == before


def test_a_guest_starting_a_game_gets_a_session(client: Client) -> None:
    response = post(client, "/api/games", {"code": WINNING_CODE})
    assert response.status_code == 201
    key = client.session.session_key
    assert key and Game.objects.get(pk=response.json()["id"]).guest_key == key


def test_a_sealed_deal_started_from_the_daily_never_shows_its_code(
    client: Client, player: tuple[Any, str]
) -> None:
    from games.models import DailyDeal

    auth = bearer(player[1])  # today's dailies are played by accounts (SPEC §8)
    deal = Deal.objects.create(
        code=SEALED_CODE,
        variant="TP-E",
        sealed=True,
        reveal_after=timezone.now() + timedelta(days=1),
    )
    DailyDeal.objects.create(date=timezone.localdate(), variant="TP-E", deal=deal)
    response = post(client, "/api/games", {"daily": "tp-e"}, **auth)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["deal"]["code"] is None and body["deal"]["number"] is None
    assert body["deal"]["label"] == f"Daily TriPeaks Easy {timezone.localdate().isoformat()}"
    assert body["daily"] is not None
    letters = SEALED_CODE.split("-")[-1]
    game_id = body["id"]
    for token in ("D", "U", "D"):
        answer = post(client, f"/api/games/{game_id}/actions", {"action": token}, **auth)
        assert letters not in answer.content.decode()
    assert letters not in client.get(f"/api/games/{game_id}", **auth).content.decode()
