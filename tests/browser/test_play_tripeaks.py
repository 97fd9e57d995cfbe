"""TriPeaks in a real Chromium: a whole game won by clicking, and by keyboard only."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import (
    card,
    click_token,
    focus_card_by_keyboard,
    moves,
    name_of,
    start_from_home,
    wait_moves,
)
from tests.support.winning import find_win

pytestmark = pytest.mark.browser


def winning_line(number: int, variant: Variant = Variant.TP_E) -> list[str]:
    line = find_win(DealCode(variant, number).text)
    assert line is not None, f"deal {number} should be winnable"
    return line


def test_win_a_tripeaks_deal_by_clicking(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 2, "TP-E")
    expect(page.locator("h1")).to_contain_text("TriPeaks Easy")
    expect(page.locator("#deal-code")).to_have_text("TP1-E-AAAAAAC")
    # Three peaks of 4 rows: 28 cards, only the bottom 10 face up; 18 face-down backs.
    expect(page.locator("#board .tableau .card")).to_have_count(28)
    expect(page.locator('#board .tableau .card[aria-label="face-down card"]')).to_have_count(18)
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock: 23 cards")
    screenshot(page, "play-tripeaks-desktop")

    line = winning_line(2)
    for token in line:
        click_token(page, token)
    dialog = page.locator("#end-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#end-stats")).to_contain_text(str(len(line)))
    expect(page.locator("#hud-left")).to_have_text("0")
    screenshot(page, "play-tripeaks-won-desktop")
    assert page.js_errors == []


def test_a_refused_card_changes_nothing_and_says_why(new_page: Any) -> None:
    page = new_page(PHONE)
    start_from_home(page, 1, "TP-E")
    screenshot(page, "play-tripeaks-phone")
    # A face-down card is blocked (the server answers, the page shows its words).
    page.locator('#board .tableau .card[aria-label="face-down card"]').first.click(
        position={"x": 12, "y": 6}
    )
    expect(page.locator("#help-line")).to_have_text("This card is blocked")
    assert moves(page) == 0
    # Error help off: the same refusal is silent, and the choice survives a reload.
    page.locator("#error-help").uncheck()
    page.reload()
    expect(page.locator("#error-help")).not_to_be_checked()
    page.locator('#board .tableau .card[aria-label="face-down card"]').first.click(
        position={"x": 12, "y": 6}
    )
    page.wait_for_timeout(400)
    expect(page.locator("#help-line")).to_have_text("")
    page.locator("#error-help").check()


def test_play_a_whole_game_with_the_keyboard_only(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 5, "TP-E")
    line = winning_line(5)
    page.locator("body").click(position={"x": 5, "y": 300})  # nothing focused

    # Arrows move among the playable cards only.
    page.keyboard.press("Tab")
    focus_card_by_keyboard(page, name_of(line[0]) if line[0] != "D" else "Stock: 23 cards")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.className")
    assert "free" in focused or "back" in focused or "empty-pile" in focused

    # D draws, U undoes, Ctrl+Z undoes too; the move counter never goes down.
    page.keyboard.press("d")
    wait_moves(page, 1)
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock: 22 cards")
    page.keyboard.press("u")
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock: 23 cards")
    page.keyboard.press("d")
    wait_moves(page, 2)
    page.keyboard.press("Control+z")
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock: 23 cards")
    count = 2

    for token in line:
        if token == "D":
            page.keyboard.press("d")
        else:
            focus_card_by_keyboard(page, name_of(token))
            page.keyboard.press("Enter")
        count += 1
        wait_moves(page, count)
    expect(page.locator("#end-title")).to_have_text("You won!")
    # The dialog took the focus: Enter on "New game" opens the new game window.
    page.keyboard.press("Enter")
    expect(page.locator("#new-dialog")).to_be_visible()


def test_cards_are_drawn_with_rank_suit_and_colour(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 1, "TP-C")
    expect(page.locator("h1")).to_contain_text("TriPeaks Classic")
    first = page.locator("#board .tableau .card.up").first
    token = first.get_attribute("data-card")
    assert token
    assert first.get_attribute("aria-label") == name_of(token)
    # The glyphs are drawn by CSS (board.js): the card's only text is its name.
    assert first.inner_text().strip() == ""
    glyphs = first.evaluate(
        "node => [...node.querySelectorAll('[data-glyph]')]"
        ".map((g) => getComputedStyle(g, '::before').content.replace(/\"/g, ''))"
    )
    assert glyphs[0] in {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
    assert any(symbol in "".join(glyphs) for symbol in "♣♦♥♠")
    red = token[1] in "DH"
    colour = first.evaluate("node => getComputedStyle(node).color")
    assert (colour == "rgb(192, 38, 45)") == red
    expect(card(page, token)).to_have_count(1)


def test_blocked_game_in_french_undo_or_end_it(new_page: Any) -> None:
    from games.engine import new_game

    engine = new_game(DealCode(Variant.TP_E, 3).text)
    for _ in range(23):
        engine.apply("D")
    assert engine.status == "blocked"  # TP1-E-AAAAAAD: nothing fits once the stock is gone

    page = new_page(PHONE, locale="fr-FR")
    start_from_home(page, 3, "TP-E")
    for count in range(1, 24):
        page.keyboard.press("d")
        wait_moves(page, count)
    dialog = page.locator("#end-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#end-title")).to_have_text("Plus aucun coup possible")
    screenshot(page, "play-tripeaks-blocked-phone-fr")
    # Undo is offered (SPEC §4): the game goes on.
    page.locator("#end-undo").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Pioche : 1 carte")
    page.keyboard.press("d")
    wait_moves(page, 24)
    expect(page.locator("#end-title")).to_have_text("Plus aucun coup possible")
    # Ending it records the blocked result; nothing more can be played.
    page.locator("#end-finish").click()
    expect(page.locator("#end-subtitle")).to_contain_text("28 cartes restent dans les pics")
    expect(page.locator("#end-finish")).to_be_hidden()
    expect(page.locator("#end-undo")).to_be_hidden()


def test_without_websockets_the_page_plays_over_http(new_page: Any) -> None:
    import re

    page = new_page(DESKTOP)
    page.route_web_socket(re.compile(r"/ws/play/"), lambda ws: ws.close())
    page.goto("/")
    box = page.locator("#open-form")
    box.locator("input[name=number]").fill("11")
    box.locator('button[value="play"]').click()
    page.wait_for_url(re.compile(r"/play/"))
    line = winning_line(11)
    for token in line[:6]:
        click_token(page, token)
    expect(page.locator("#conn")).to_have_attribute("data-state", "http")
    # A refusal over HTTP still shows the server's words.
    page.locator('#board .tableau .card[aria-label="face-down card"]').last.click(
        position={"x": 12, "y": 6}
    )
    expect(page.locator("#help-line")).to_have_text("This card is blocked")
    # A reload shows the same game, as the server holds it.
    page.reload()
    wait_moves(page, 6)
