"""A bad deal code is refused with a message naming the part that is wrong (SPEC §2), in
the asker's language; a number out of range is told the range."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

CASES = {
    "XX1-E-AAAAAAB": "le jeu est TP (TriPeaks) ou PY (Pyramide)",
    "TP2-E-AAAAAAB": "seul le générateur 1 existe",
    "TP1-Q-AAAAAAB": "la règle est E (Facile) ou C (Classique) pour TP, N pour PY",
    "PY1-E-AAAAAAB": "la règle est E (Facile) ou C (Classique) pour TP, N pour PY",
    "TP1-E-AAAA": "il faut 7 lettres après la règle",
    "bonjour": "il s'écrit <JEU><GÉN>-<RÈGLE>-<LETTRES>",
}


@pytest.mark.parametrize("code", CASES)
def test_the_message_names_the_wrong_part(code: str) -> None:
    answer = Client().post(
        "/api/games", {"code": code}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["reason"] == "bad_code"
    assert error["message"].startswith("Code de partie invalide : ")
    assert CASES[code] in error["message"]


@pytest.mark.parametrize("number", [0, 60000])
def test_a_number_out_of_range_is_told_the_range(number: int, settings: Any) -> None:
    settings.NUMBERED_DEALS = 50000
    answer = Client().post(
        "/api/games",
        {"number": number, "variant": "TP-E"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ro",
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["reason"], error["message"]) == (
        "out_of_range",
        "Acest număr de partidă nu există: partidele sunt numerotate de la 1 la 50000",
    )
