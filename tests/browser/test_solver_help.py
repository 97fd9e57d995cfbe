"""The solver's help on the play page (issue 15), in a real Chromium: the Hint button shows
the hinted card and it can be played; the par pacer (a toggle, off by default,
remembered) follows each action over the play socket; a ranked daily attempt has
neither."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import (
    click_token,
    set_language,
    sign_up,
    start_from_home,
    wait_moves,
    wait_ready,
)

pytestmark = pytest.mark.browser

PACE = re.compile(r"^(on par|\+\d+ (moves|cards)) · (win in \d+|\d+ left at best)$")


def test_a_hint_shows_the_card_and_it_can_be_played(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 4, "TP-E")
    expect(page.locator("#assisted-badge")).to_be_hidden()
    with page.expect_response(lambda r: r.url.endswith("/hint")) as answer:
        page.locator("#btn-hint").click()
    action = answer.value.json()["action"]
    assert action
    expect(page.locator("#help-line")).to_contain_text("Hint:")
    hinted = "#stock" if action == "D" else f'#board .card[data-card="{action}"]'
    expect(page.locator(hinted)).to_have_class(re.compile(r"\bbetter\b"))
    expect(page.locator("#assisted-badge")).to_be_visible()
    screenshot(page, "play-hint-desktop")
    click_token(page, action)
    wait_moves(page, 1)
    assert page.js_errors == []


def test_the_par_pacer_follows_each_action_and_is_remembered(new_page: Any) -> None:
    page = new_page(PHONE)
    start_from_home(page, 5, "TP-E")
    box, value = page.locator("#hud-pace-box"), page.locator("#hud-pace")
    expect(box).to_be_hidden()  # off by default
    page.locator("#pace-toggle").check()
    expect(value).to_have_attribute("data-step", "0")
    expect(value).to_have_text(PACE)
    expect(page.locator("#assisted-badge")).to_be_visible()
    inside = box.bounding_box()
    assert inside and inside["x"] >= 0 and inside["x"] + inside["width"] <= PHONE["width"]
    click_token(page, "D")
    expect(value).to_have_attribute("data-step", "1")
    expect(value).to_have_text(PACE)
    screenshot(page, "play-pacer-phone")
    page.reload()
    wait_ready(page)
    expect(page.locator("#pace-toggle")).to_be_checked()
    expect(value).to_have_attribute("data-step", "1")
    set_language(page, "fr")
    expect(page.locator("label.toggle", has=page.locator("#pace-toggle"))).to_contain_text(
        "Par en direct"
    )
    expect(value).to_have_text(re.compile(r"(dans le par|\+\d+ (coups|cartes)) · "))
    page.locator("#pace-toggle").uncheck()
    expect(box).to_be_hidden()
    assert page.js_errors == []


def test_a_ranked_daily_attempt_has_no_hint_and_no_pacer(
    new_page: Any, todays_dailies: Any
) -> None:
    page = new_page(DESKTOP)
    sign_up(page, "rankedhelp", "Ranked Help")
    page.evaluate("localStorage.setItem('arena.pace', '1')")  # remembered from practice
    page.goto("/")
    wait_ready(page)
    page.locator('.daily-card[data-variant="PY"] button[type=submit]').click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    expect(page.locator("#ranked-badge")).to_have_text("Ranked")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator("#btn-hint")).to_have_count(0)
    expect(page.locator("#pace-toggle")).to_have_count(0)
    expect(page.locator("#hud-pace-box")).to_be_hidden()
    expect(page.locator("#assisted-badge")).to_be_hidden()
    # The API refuses a hint to a page that asks anyway.
    status = page.evaluate(
        """async () => {
          const token = document.cookie.match(/csrftoken=([^;]+)/)[1];
          const id = location.pathname.split('/').filter(Boolean).pop();
          const r = await fetch(`/api/games/${id}/hint`, { method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token }, body: '{}' });
          return [r.status, (await r.json()).error.reason];
        }"""
    )
    assert status == [403, "hint_ranked"]
    assert page.js_errors == []
