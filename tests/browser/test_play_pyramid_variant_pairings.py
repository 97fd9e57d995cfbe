"""The literature's two new Pyramid pairings by clicking, in a real Chromium, on a
variant code (issue 17): a card with its last covering card (« carte et carte
recouvrante ») and the drawn card with the discard card under it (« pioche contre
défausse »). The page takes what it may pick from the server's legal actions; the
pairs and the deal's cards are asked of the engine here, never written out by hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import new_game
from games.engine.cards import card_str, parse_card
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import card, click_token, wait_moves, wait_ready

pytestmark = pytest.mark.browser

CODE = "PY1-NDL-AAAAAAS"
OPENING = "5D+8H"  # a pair that leaves a card with its last covering card


def pairings() -> tuple[str, str, str, str]:
    """The last-cover pair after OPENING (the covered card first, then its cover), then
    after a draw the discard's top and the card under it, from the engine."""
    game = new_game(CODE)
    game.apply(OPENING)

    def covered(token: str) -> bool:
        pos = game.pos_of.get(parse_card(token), -1)
        return pos >= 0 and not game.is_free(pos)

    pairs = [a for a in game.legal_actions() if "+" in a and any(map(covered, a.split("+")))]
    assert pairs, "the deal no longer has a last-cover pair after the opening"
    first, second = sorted(pairs[0].split("+"), key=covered, reverse=True)
    game.apply(pairs[0])
    game.apply("D")
    top, under = card_str(game.discard[-1]), card_str(game.discard[-2])
    assert {f"{top}+{under}", f"{under}+{top}"} & set(game.legal_actions())
    return first, second, top, under


def play_the_deal(page: Any) -> None:
    """Open CODE from its deal page and wait for the live game."""
    page.goto(f"/deals/{CODE}/")
    wait_ready(page)
    page.get_by_role("button", name="Play this deal").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    wait_ready(page)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "390x844"])
def test_the_two_new_pairings_by_clicking(new_page: Any, size: dict[str, int]) -> None:
    covered, cover, top, under = pairings()
    page = new_page(size)
    play_the_deal(page)
    expect(page.locator("#discard-under")).to_be_visible()  # the rule shows the card under

    click_token(page, OPENING)
    # A covered card is picked because the server lists a pair with it, then its cover.
    card(page, covered).click()
    expect(card(page, covered)).to_have_attribute("aria-pressed", "true")
    card(page, cover).click()
    wait_moves(page, 2)
    expect(card(page, covered)).to_be_hidden()
    expect(card(page, cover)).to_be_hidden()

    click_token(page, "D")
    expect(page.locator("#discard")).to_have_attribute("data-card", top)
    expect(page.locator("#discard-under")).to_have_attribute("data-card", under)
    screenshot(page, f"pyramid-stock-against-discard-{size['width']}")
    page.locator("#discard").click()
    page.locator("#discard-under").click()
    wait_moves(page, 4)
    expect(page.locator("#discard")).not_to_have_attribute("data-card", top)
    assert page.js_errors == []


def _arrow_to(page: Any, token: str, tries: int = 40) -> None:
    """Walk the board with the arrow keys (as a keyboard player does) until ``token``
    has the focus; fail if the walk never reaches it."""
    for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp") * (tries // 4):
        if page.evaluate("document.activeElement && document.activeElement.dataset.card") == token:
            return
        page.keyboard.press(key)
    raise AssertionError(f"the arrow keys never reached {token}")


def test_a_covered_card_a_legal_pair_takes_is_reached_by_keyboard(new_page: Any) -> None:
    covered, cover, _top, _under = pairings()
    page = new_page(DESKTOP)
    play_the_deal(page)
    click_token(page, OPENING)
    wait_moves(page, 1)
    expect(card(page, covered)).to_have_attribute("tabindex", "0")

    _arrow_to(page, covered)
    page.keyboard.press("Enter")
    expect(card(page, covered)).to_have_attribute("aria-pressed", "true")
    _arrow_to(page, cover)
    page.keyboard.press("Enter")
    wait_moves(page, 2)
    expect(card(page, covered)).to_be_hidden()
    expect(card(page, cover)).to_be_hidden()
    assert page.js_errors == []
