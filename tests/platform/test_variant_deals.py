"""The literature's variants on the platform (issue 17): numbered deals of every variant
played and ranked over HTTP and the WebSocket, submitted, replayed, each variant with its
own deal, board and records; the dailies keep the app's three rule sets."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.engine import parse_code, replay
from games.engine.solver import solve
from games.models import Deal, Game
from tests.platform.helpers import HiddenCardScan, bearer, make_player
from tests.platform.test_play_over_websocket import account_game, play_line_over_socket
from tests.platform.test_whole_game_over_http import play_line
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db(transaction=True)


def start(client: Client, body: dict[str, Any], raw: str) -> dict[str, Any]:
    response = client.post("/api/games", body, content_type="application/json", **bearer(raw))
    assert response.status_code == 201, response.content
    return dict(response.json())


def board(client: Client, code: str) -> dict[str, Any]:
    response = client.get(f"/api/deals/{code}/leaderboard")
    assert response.status_code == 200, response.content
    return dict(response.json())


def test_a_variant_number_is_its_own_deal_played_and_ranked_over_http() -> None:
    client = Client()
    _, raw = make_player("alice")
    code = "TP1-EOH-AAAAAAB"
    line = find_win(code)
    assert line is not None
    game = start(client, {"number": 1, "variant": "tp-e+ho"}, raw)
    assert game["deal"] == {
        "code": code,
        "label": "#1 TriPeaks Easy + open peaks, Hogue scoring",
        "variant": "TP-E+OH",
        "number": 1,
    }
    view = game["view"]
    assert view["rules"] == "TP-E+OH" and view["score"] == 0  # Hogue starts at 0
    assert all(slot["face_up"] and slot["card"] for slot in view["tableau"])  # open peaks
    final = play_line(client, game["id"], line, HiddenCardScan(code), **bearer(raw))
    expected = replay(code, line)
    assert final["status"] == "won" and final["score"] == expected.score
    assert final["result"]["rank"] == 1

    variant_board = board(client, code)
    assert [e["player"] for e in variant_board["entries"]] == ["alice"]
    assert variant_board["entries"][0]["score"] == expected.score
    assert variant_board["deal"]["variant"] == "TP-E+OH"
    assert board(client, "TP1-E-AAAAAAB")["players"] == 0  # the app's deal #1: untouched
    assert Deal.objects.get(code=code).variant == "TP-E+OH"
    assert not Deal.objects.filter(code="TP1-E-AAAAAAB").exists()


async def play_over_socket(code: str, line: list[str], username: str) -> dict[str, Any]:
    game_id, key, _ = await account_game(username, code)
    final = await play_line_over_socket(game_id, key, code, line)
    stored = await sync_to_async(Game.objects.get)(pk=game_id)
    assert stored.log.split() == line
    return final


async def test_a_joker_deal_is_played_and_ranked_over_the_websocket() -> None:
    code = "TP1-EJ2-AAAAAAB"
    line = find_win(code)
    assert line is not None
    final = await play_over_socket(code, line, "carol")
    assert final["status"] == "won" and final["result"]["rank"] == 1
    assert final["deal"]["variant"] == "TP-E+J2"
    entries = (await sync_to_async(board)(Client(), code))["entries"]
    assert [(e["player"], e["moves"]) for e in entries] == [("carol", len(line))]


async def test_a_pyramid_variant_is_played_and_ranked_over_the_websocket() -> None:
    # Stock against discard and the last covering card only add pairs: a win under the
    # app's rules (the solver's, checked by replay) is a legal win of the variant too.
    solution = await sync_to_async(solve)("PY1-N-AAAAAAB", time_budget_s=20)
    assert solution.winnable and solution.solution
    code = "PY1-NDL-AAAAAAB"
    final = await play_over_socket(code, solution.solution, "dave")
    assert final["status"] == "won" and final["cards_left"] == 0
    assert final["deal"]["label"] == "#1 Pyramid + stock against discard, last covering card"
    entries = (await sync_to_async(board)(Client(), code))["entries"]
    assert [e["player"] for e in entries] == ["dave"]


def test_a_variant_log_is_submitted_ranked_and_replayed() -> None:
    client = Client()
    _, raw = make_player("erin")
    code = "TP1-CBT-AAAAAAC"  # Classic, empty discard, traditional draw
    game = replay(code, "").game
    while game.status == "playing":  # a whole game: the first legal action each time
        game.apply(game.legal_actions()[0])
    log = " ".join(game.log)
    answer = client.post(
        f"/api/deals/{code}/results",
        {"log": log},
        content_type="application/json",
        **bearer(raw),
    )
    assert answer.status_code == 201, answer.content
    entry = board(client, code)["entries"][0]
    assert (entry["player"], entry["cards_left"], entry["moves"]) == (
        "erin",
        game.cards_left,
        game.moves,
    )
    page = client.get(f"/deals/{code}/replay/{entry['result_id']}/")
    assert page.status_code == 200
    # The same log is not a legal game of the app's rules on that deal: the discard
    # started empty, so the first card played need not fit anything.
    wrong = client.post(
        "/api/deals/TP1-C-AAAAAAC/results",
        {"log": log},
        content_type="application/json",
        **bearer(raw),
    )
    assert wrong.status_code == 400


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"number": 1, "variant": "TP-E+Q"}, "bad_variant"),
        ({"number": 1, "variant": "PY+O"}, "bad_variant"),
        ({"number": 1, "variant": "TP-E+J1J2"}, "bad_variant"),
        ({"code": "TP1-EZ-AAAAAAB"}, "bad_code"),
        ({"code": "TP1-EO-AAAAAAB", "variant": "TP-E"}, "bad_request"),
        ({"daily": "TP-E+O"}, "bad_variant"),
    ],
)
def test_a_bad_rule_part_is_refused_and_stores_nothing(body: dict[str, Any], reason: str) -> None:
    client = Client()
    _, raw = make_player("frank")
    answer = client.post("/api/games", body, content_type="application/json", **bearer(raw))
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"]["reason"] == reason
    assert not Deal.objects.exists() and not Game.objects.exists()


def test_the_home_and_deal_pages_offer_the_variants() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    home = client.get("/").content.decode()
    assert 'name="options"' in home and "Variantes" in home and "pics découverts" in home
    page = client.get("/deals/PY1-NR1-AAAAAAB/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Pyramide + une redonne" in text and 'id="variant-form"' in text
    lookup = client.get("/deals/", {"number": "1", "variant": "PY", "options": "S"})
    assert lookup.status_code == 302 and lookup["Location"] == "/deals/PY1-NS-AAAAAAB/"


def test_a_variant_started_from_the_home_form_opens_its_game() -> None:
    client = Client()
    user, _ = make_player("gina")
    client.force_login(user)
    answer = client.post("/play/new/", {"number": "7", "variant": "TP-C", "options": "TH"})
    assert answer.status_code == 302
    game = Game.objects.get()
    assert game.deal.code == parse_code("TP1-CTH-AAAAAAH").text
    assert game.deal.label == "#7 TriPeaks Classic + traditional draw, Hogue scoring"


@pytest.mark.usefixtures("celery_eager")
def test_a_variant_deal_gets_its_facts_under_its_own_rules() -> None:
    # The empty starting discard lets deal 1 start on any bottom-row card: par 40, where
    # the app's Easy rules need 48 (a fact solved under the base rules would say 48).
    from games.models import SolverFact

    code = "TP1-EB-AAAAAAB"
    facts = Client().get(f"/api/deals/{code}").json()  # the first request solves it
    assert (facts["solved"], facts["winnable"], facts["par"]) == (True, True, 40)
    assert solve("TP1-E-AAAAAAB").moves == 48
    fact = SolverFact.objects.get(deal__code=code)
    assert Deal.objects.get(code=code).variant == "TP-E+B"
    line = replay(code, fact.solution)
    assert (line.status, line.moves) == ("won", 40)
    page = Client().get(f"/deals/{code}/")
    assert page.status_code == 200 and 'id="fact-par"' in page.content.decode()
