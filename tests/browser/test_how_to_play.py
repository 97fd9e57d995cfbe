"""How to play: the rules pages in French, Romanian and English, linked from the play
page, whose French and Romanian are the rule books' words; the first game's short
overlay, shown once and out of the way of the cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import click_token, start_from_home, wait_moves

pytestmark = pytest.mark.browser

# Copies of the rule books (the project's seeds), as they were written.
SEEDS = Path(__file__).resolve().parents[1] / "data" / "rule_books"
RULE_BOOKS = {
    ("tripeaks", "fr"): "000_8ecc5636d57faadb.txt",
    ("tripeaks", "ro"): "003_9eefa1467e96b220.txt",
    ("pyramid", "fr"): "002_e730833bedaa7493.txt",
}


def page_texts(page: Any) -> list[str]:
    return [
        " ".join(text.split())
        for text in page.locator(".rules-page h2, .rules-page p, .rules-page li").all_inner_texts()
    ]


@pytest.mark.parametrize(("game", "lang"), sorted(RULE_BOOKS))
def test_the_rules_pages_quote_the_rule_books(new_page: Any, game: str, lang: str) -> None:
    book = SEEDS / RULE_BOOKS[(game, lang)]
    words = " ".join(book.read_text().split())
    page = new_page(DESKTOP, locale={"fr": "fr-FR", "ro": "ro-RO"}[lang])
    page.goto(f"/how-to-play/{game}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    texts = page_texts(page)
    assert len(texts) >= 15
    # Every heading, paragraph and list item is the rule book's, word for word.
    assert [text for text in texts if text not in words] == []
    screenshot(page, f"how-to-play-{game}-{lang}-1366x768")


def test_english_rules_pages_and_the_links_to_them(new_page: Any) -> None:
    page = new_page(PHONE, touch=True)
    start_from_home(page, 1, "TP-C")
    page.locator("#how-to-play").click()
    expect(page.locator(".rules-page h1")).to_have_text("The rules of TriPeaks")
    expect(page.locator("#easy-classic")).to_contain_text("In Classic (King and Ace apart)")
    expect(page.locator("#scoring")).to_contain_text("772 points at best")
    screenshot(page, "how-to-play-tripeaks-en-phone")
    page.locator(".rules-links a", has_text="The rules of Pyramid").click()
    expect(page.locator(".rules-page h1")).to_have_text("The rules of Pyramid")
    expect(page.locator("#in-short")).to_contain_text("the King is removed alone")
    screenshot(page, "how-to-play-pyramid-en-phone")
    assert page.js_errors == []


def test_the_first_game_shows_the_rules_in_short_once(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 18, "PY")
    overlay = page.locator("#first-game")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text("Two free cards whose values make 13")
    screenshot(page, "play-py-first-game-1366x768")
    # Out of the way: the cards under it take clicks; the first move puts it away.
    page.locator("#stock").click()
    wait_moves(page, 1)
    expect(overlay).to_be_hidden()
    start_from_home(page, 19, "PY")
    page.wait_for_timeout(300)
    expect(page.locator("#first-game")).to_be_hidden()
    # TriPeaks has its own once; "Got it" puts it away too.
    start_from_home(page, 2, "TP-E")
    expect(page.locator("#first-game")).to_contain_text("Three peaks of 28 cards")
    page.locator("#first-game-ok").click()
    expect(page.locator("#first-game")).to_be_hidden()
    click_token(page, "D")
    assert page.js_errors == []
