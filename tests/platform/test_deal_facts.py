"""``GET /api/deals/{code}``: public facts of a deal, never its solution or a secret code."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from games.engine import SEALED_MIN, DealCode, Variant
from games.models import Deal, SolverFact
from tests.platform.helpers import assert_error

pytestmark = pytest.mark.django_db

SEALED_CODE = DealCode(Variant.PY, SEALED_MIN + 987_654_321).text


def test_a_numbered_deal_nobody_played_is_solved_when_first_asked(
    client: Client, celery_eager: Any
) -> None:
    # Issue 14: facts for every numbered deal, solved when first needed (Celery is eager
    # in these settings, so the answer is there at once; games/facts_on_demand.py).
    response = client.get("/api/deals/tp1-c-aaaaabc")
    assert response.status_code == 200
    body = response.json()
    fact = SolverFact.objects.get(deal__code="TP1-C-AAAAABC")
    assert body == {
        "code": "TP1-C-AAAAABC", "label": "#28 TriPeaks Classic", "variant": "TP-C",
        "number": 28, "sealed": False, "winnable": fact.winnable, "par": fact.par_moves,
        "solved": True,
    }  # fmt: skip
    assert fact.winnable is not None
    assert Deal.objects.count() == 1


def test_a_solved_deal_shows_par_and_winnable_but_not_the_solution(client: Client) -> None:
    deal = Deal.objects.create(code="TP1-E-AAAAAAB", variant="TP-E", number=1)
    SolverFact.objects.create(deal=deal, winnable=True, par_moves=44, solution="KC QD JS D",
                              best_cards_left=0, best_moves=44)  # fmt: skip
    body = client.get("/api/deals/TP1-E-AAAAAAB").json()
    assert (body["winnable"], body["par"], body["solved"]) == (True, 44, True)
    assert "KC QD JS" not in str(body) and "solution" not in body


def test_a_sealed_deal_is_not_found_until_its_code_is_revealed(client: Client) -> None:
    assert_error(client.get(f"/api/deals/{SEALED_CODE}"), 404, "deal_not_found")
    deal = Deal.objects.create(
        code=SEALED_CODE, variant="PY", sealed=True,
        reveal_after=timezone.now() + timedelta(hours=1),
    )  # fmt: skip
    assert_error(client.get(f"/api/deals/{SEALED_CODE}"), 404, "deal_not_found")
    deal.reveal_after = timezone.now() - timedelta(seconds=1)
    deal.save()
    body = client.get(f"/api/deals/{SEALED_CODE.lower()}").json()
    assert body["code"] == SEALED_CODE and body["sealed"] is True and body["number"] is None


@pytest.mark.parametrize(
    ("code", "status", "reason"),
    [
        ("nope", 400, "bad_code"),
        ("TP1-E-ZZZZZZZ", 400, "out_of_range"),
        ("X" * 80, 400, "bad_code"),
    ],
)
def test_a_bad_code_is_a_clear_error(client: Client, code: str, status: int, reason: str) -> None:
    assert_error(client.get(f"/api/deals/{code}"), status, reason)


def test_the_api_docs_describe_the_games_endpoints(client: Client) -> None:
    schema = client.get("/api/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions",
                 "/api/deals/{code}"):  # fmt: skip
        assert path in schema["paths"], path
    names = set(schema["components"]["schemas"])
    assert {"GameOut", "GameCreateIn", "ActionIn", "ErrorOut", "DealFactsOut"} <= names


def test_a_revealed_sealed_deal_can_be_played_from_its_code_and_not_before(client: Client) -> None:
    deal = Deal.objects.create(
        code=SEALED_CODE, variant="PY", sealed=True,
        reveal_after=timezone.now() + timedelta(hours=1),
    )  # fmt: skip
    refused = client.post("/api/games", {"code": SEALED_CODE}, content_type="application/json")
    assert_error(refused, 400, "sealed_code")
    assert SEALED_CODE not in refused.content.decode()
    deal.reveal_after = timezone.now() - timedelta(seconds=1)
    deal.save()
    started = client.post("/api/games", {"code": SEALED_CODE}, content_type="application/json")
    assert started.status_code == 201, started.content
    assert started.json()["deal"]["code"] == SEALED_CODE
