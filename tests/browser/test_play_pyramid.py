"""Pyramid in a real Chromium: pairs of 13 by two clicks, a King in one, the rule book's
wrong-sum behaviour (the second card stays selected), and the French words."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant, new_game
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import card, click_token, set_language, start_from_home, wait_moves

pytestmark = pytest.mark.browser

# PY1-N-AAAAAAB: bottom row 4S TS KS TD 9C 7S 6H, discard 2D (GEN 1).
DEAL = 1


def test_the_deal_is_what_the_engine_deals() -> None:
    view = new_game(DealCode(Variant.PY, DEAL).text).view()
    bottom = [entry["card"] for entry in view["tableau"][21:]]
    assert bottom == ["4S", "TS", "KS", "TD", "9C", "7S", "6H"]
    assert view["discard"] == "2D"


def pressed(locator: Any) -> Any:
    return expect(locator).to_have_attribute("aria-pressed", "true")


def not_pressed(locator: Any) -> Any:
    return expect(locator).to_have_attribute("aria-pressed", "false")


def test_pairs_and_a_king_by_clicking(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, DEAL, "PY")
    expect(page.locator("h1")).to_contain_text("Pyramid")
    expect(page.locator("#board .tableau .card.up")).to_have_count(28)  # 7 rows, all face up
    screenshot(page, "play-pyramid-desktop")

    # A King goes alone, on one click.
    card(page, "KS").click()
    wait_moves(page, 1)
    expect(card(page, "KS")).to_be_hidden()
    expect(page.locator("#hud-score")).to_have_text("10")

    # A pair: the first click selects, the second asks the server.
    card(page, "4S").click()
    pressed(card(page, "4S"))
    assert int(page.locator("#hud-moves").inner_text()) == 1  # a selection is not a move
    card(page, "9C").click()
    wait_moves(page, 2)
    expect(card(page, "4S")).to_be_hidden()
    expect(card(page, "9C")).to_be_hidden()
    expect(page.locator("#hud-score")).to_have_text("30")

    # Clicking a selected card again puts it down.
    card(page, "7S").click()
    pressed(card(page, "7S"))
    card(page, "7S").click()
    not_pressed(card(page, "7S"))
    click_token(page, "7S+6H")
    expect(page.locator("#hud-score")).to_have_text("50")

    # The draw, then undo: the points of the undone pair come back off.
    click_token(page, "D")
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock: 22 cards")
    page.locator("#btn-undo").click()
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock: 23 cards")
    page.locator("#btn-undo").click()
    expect(page.locator("#hud-score")).to_have_text("30")
    expect(card(page, "7S")).to_be_visible()
    assert page.js_errors == []


def test_wrong_sum_in_french_keeps_the_second_card(new_page: Any) -> None:
    page = new_page(PHONE)
    start_from_home(page, DEAL, "PY")
    set_language(page, "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#btn-new")).to_have_text("Nouvelle partie")
    expect(page.locator("#board .pile-label").first).to_have_text("Pioche")
    ten_spades, ten_diamonds = card(page, "TS", "fr"), card(page, "TD", "fr")
    expect(ten_spades).to_have_attribute("aria-label", "10 de pique")

    ten_spades.click()
    ten_diamonds.click()  # 10 + 10 = 20
    expect(page.locator("#help-line")).to_have_text("La somme doit être égale à 13")
    pressed(ten_diamonds)  # the second card stays selected (seed 002)
    not_pressed(ten_spades)
    expect(page.locator("#hud-moves")).to_have_text("0")
    screenshot(page, "play-pyramid-phone-fr")

    # A covered card: the Pyramid wording of "blocked". One of the lower rows: the first
    # game's rules sit over the pyramid's top, where their buttons take the clicks.
    page.locator("#board .tableau .card.covered").last.click(position={"x": 10, "y": 8})
    expect(page.locator("#help-line")).to_have_text("Cette carte est bloquée par une autre")

    # The King with the selection pending goes alone, and the selection is dropped.
    card(page, "KS", "fr").click()
    wait_moves(page, 1)
    expect(page.locator('#board [aria-pressed="true"]')).to_have_count(0)
