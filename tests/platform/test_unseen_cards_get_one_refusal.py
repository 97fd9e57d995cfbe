"""Every card the player cannot see gets the same refusal, word for word (SPEC §10).

The attack: naming each unseen TriPeaks card told face-down peak cards ("covered or face
down") from stock cards ("not a free card"), so 41 refused requests sorted the daily's
41 unseen cards without spending a move. Here every unseen card of a TriPeaks deal
(18 face down + 23 in the stock) and of a Pyramid deal (the 23 in the stock) is named
through the engine in fr/ro/en, over HTTP and over the WebSocket: each answer must be
byte-identical to the others, and nothing stored changes.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from games.engine import IllegalActionError, card_str, new_game
from games.services import deals, play
from tests.platform.helpers import bearer, make_player, stored_rows
from tests.platform.test_play_over_websocket import account_game

TRIPEAKS = "TP1-E-AAAAAAB"
PYRAMID = "PY1-N-AAAAAAS"


def unseen_cards(code: str) -> list[str]:
    """The cards of a fresh game of ``code`` that its player cannot see."""
    game = new_game(code)
    visible = {card_str(card) for card in game.visible_cards()}
    return sorted(card_str(card) for card in range(52) if card_str(card) not in visible)


def test_the_unseen_cards_are_the_face_down_and_the_stock_ones() -> None:
    assert len(unseen_cards(TRIPEAKS)) == 41  # 18 face down in the peaks + 23 in the stock
    assert len(unseen_cards(PYRAMID)) == 23  # the stock (the pyramid is all face up)


@pytest.mark.parametrize("code", [TRIPEAKS, PYRAMID])
@pytest.mark.parametrize("lang", ["fr", "ro", "en"])
def test_the_engine_refuses_every_unseen_card_in_the_same_words(code: str, lang: str) -> None:
    answers = set()
    for card in unseen_cards(code):
        game = new_game(code)
        with pytest.raises(IllegalActionError) as refused:
            game.apply(card)
        err = refused.value
        answers.add((type(err).__name__, err.reason, err.message(lang), err.detail, str(err)))
        assert game.log == [] and game.moves == 0  # nothing spent
    assert len(answers) == 1, answers


def test_pairs_naming_an_unseen_card_are_refused_alike() -> None:
    """In Pyramid a pair with a stock card, in either place, says what a stock card says."""
    game = new_game(PYRAMID)
    free = next(card_str(c) for c, _ in game.free_cards())
    answers = set()
    for card in unseen_cards(PYRAMID):
        for token in (f"{free}+{card}", f"{card}+{free}"):
            try:
                new_game(PYRAMID).apply(token)
            except IllegalActionError as err:
                answers.add((err.reason, err.message("en"), err.detail))
            else:  # pragma: no cover - the stock card is never free
                pytest.fail(f"{token} was accepted")
    assert len(answers) == 1, answers


@pytest.mark.django_db
@pytest.mark.parametrize("code", [TRIPEAKS, PYRAMID])
@pytest.mark.parametrize("lang", ["fr", "ro", "en"])
def test_http_answers_every_unseen_card_byte_for_byte_alike(code: str, lang: str) -> None:
    user, token = make_player("mallory")
    deal = deals.get_or_create_deal(deals.check_deal_request(code))
    game = play.do_start_game(deal, user)
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    before = stored_rows()
    bodies = set()
    for card in unseen_cards(code):
        response = client.post(
            f"/api/games/{game.id}/actions",
            {"action": card},
            content_type="application/json",
            **bearer(token),
        )
        bodies.add((response.status_code, response.content))
    assert len(bodies) == 1, bodies
    status, body = bodies.pop()
    assert status == 400 and json.loads(body)["error"]["reason"] == "blocked"
    assert stored_rows() == before


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("code", [TRIPEAKS, PYRAMID])
async def test_the_socket_answers_every_unseen_card_byte_for_byte_alike(code: str) -> None:
    game_id, cookie, _ = await account_game("mallory", code)
    ws = WebsocketCommunicator(
        application,
        f"/ws/play/{game_id}/",
        headers=[
            (b"origin", b"http://localhost"),
            (b"host", b"localhost"),
            (b"accept-language", b"ro"),
            (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        ],
    )
    connected, _ = await ws.connect()
    assert connected
    first = await ws.receive_from(timeout=10)
    assert json.loads(first)["type"] == "state"
    frames = set()
    for card in unseen_cards(code):
        await ws.send_to(text_data=json.dumps({"action": card}))
        frames.add(await ws.receive_from(timeout=10))
    await ws.disconnect()
    assert len(frames) == 1, frames
    frame: dict[str, Any] = json.loads(frames.pop())
    assert frame["type"] == "error" and frame["reason"] == "blocked"

