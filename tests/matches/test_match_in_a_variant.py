"""A match in one of the literature's variants (issue 17): its rounds deal sealed codes of
that rule set, the round games play by its rules (Hogue's scoring counts a draw -5, not
-1), the revealed codes name it; options whose solver cannot vet a round in time are
(Pyramid's) refused when the match is made, by name, and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import parse_code
from games.models import Game
from matches.models import Match, Round
from tests.matches.helpers import players, started_match
from tests.matches.test_match_lifecycle_over_http import _play_to_the_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hogue_scoring_match_deals_and_scores_by_its_rules() -> None:
    alice, bob = players(2)
    standings = started_match([alice, bob], rounds=1, variant="tp-e+h")
    match_id = standings["match"]["id"]
    assert standings["match"]["variant"] == "TP-E+H", "stored canonical"

    deal = Round.objects.get(match_id=match_id, number=1).deal
    code = parse_code(deal.code)
    assert deal.variant == "TP-E+H" and code.options == "H" and deal.sealed

    bob_game = bob.open_round_game(match_id).json()
    assert bob_game["deal"]["code"] is None, "the round's code stays secret"
    drawn = bob.act(bob_game["id"], "D").json()
    assert drawn["score"] == -5, "Hogue's scoring: 0 at the start, -5 per draw"
    line = alice.get(f"/api/matches/{match_id}").json()
    assert [p["current"]["score"] for p in line["players"] if p["name"] == bob.name] == [-5]

    won = _play_to_the_end(alice, match_id)
    bob.act(bob_game["id"], "abandon")
    final: dict[str, Any] = alice.get(f"/api/matches/{match_id}").json()
    assert final["match"]["status"] == "finished"
    assert final["rounds"][0]["deal"] == deal.code and deal.code.startswith("TP1-EH-")
    assert final["players"][0]["total"] == won["score"]
    assert Game.objects.get(pk=won["id"]).deal.variant == "TP-E+H"


@pytest.mark.parametrize(
    ("asked", "stored"), [("TP-C+HO", "TP-C+OH"), ("tp-e+j2b", "TP-E+BJ2"), ("TP-E+T", "TP-E+T")]
)
def test_options_are_put_in_their_canonical_order(asked: str, stored: str) -> None:
    alice = players(1)[0]
    made = alice.post("/api/matches", {"variant": asked, "rounds": 1})
    assert made.status_code == 201, made.content
    assert made.json()["match"]["variant"] == stored


@pytest.mark.parametrize(
    ("variant", "named"),
    [
        ("PY+R0", "R0"),  # Pyramid's options: the solver takes too long to vet a round
        ("PY+S", "S"),
        ("PY+DL", "D, L"),  # every refused option named
    ],
)
def test_options_matches_do_not_take_are_refused_by_name(variant: str, named: str) -> None:
    alice = players(1)[0]
    answer = alice.post("/api/matches", {"variant": variant, "rounds": 1})
    assert answer.status_code == 400, answer.content
    error = answer.json()["error"]
    assert error["reason"] == "bad_match" and f"option {named} " in error["detail"], error
    assert not Match.objects.exists()


@pytest.mark.parametrize("variant", ["TP-E+Q", "PY+O", "TP-X", "", "TP-E+HH"])
def test_a_rule_set_the_engine_does_not_know_is_refused(variant: str) -> None:
    alice = players(1)[0]
    answer = alice.post("/api/matches", {"variant": variant, "rounds": 1})
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["reason"] == "bad_match"
    assert not Match.objects.exists()


def test_the_match_form_offers_the_variants_matches_take() -> None:
    alice = players(1)[0]
    alice.client.force_login(alice.user)
    page = alice.client.get("/matches/").content.decode()
    for base in ("TP-E", "TP-C"):
        for option in ("O", "B", "J1", "J2", "T", "H"):
            assert f'<option value="{base}+{option}">' in page, (base, option)
    assert 'value="PY+' not in page
