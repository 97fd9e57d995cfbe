"""A player's statistics page: games and win rate per rule, best score, the day played on
the calendar, recent scores as SVG bars (drawn by our code)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant
from tests.browser.conftest import PHONE, screenshot
from tests.browser.helpers import abandon, click_token, sign_up, start_from_home, wait_ready
from tests.support.winning import find_win

pytestmark = pytest.mark.browser


def test_the_statistics_of_a_player_who_won_one_and_abandoned_one(new_page: Any) -> None:
    page = new_page(PHONE, touch=True)
    sign_up(page, "statsy", "Statsy")
    start_from_home(page, 2, "TP-E")
    line = find_win(DealCode(Variant.TP_E, 2).text)
    assert line is not None
    for token in line:
        click_token(page, token, touch=True)
    expect(page.locator("#end-title")).to_have_text("You won!")
    score = int(page.locator("#hud-score").inner_text())
    game_id = start_from_home(page, 3, "PY")
    abandon(page, game_id)
    page.goto("/me/")
    wait_ready(page)
    page.locator("#stats-link").tap()
    wait_ready(page)
    tripeaks = page.locator('#stats-variants tr[data-variant="TP-E"] td')
    expect(tripeaks).to_have_text(["1", "1", "100 %", str(score), str(len(line))])
    pyramid = page.locator('#stats-variants tr[data-variant="PY"] td')
    expect(pyramid).to_have_text(["1", "0", "0 %", "0", "\u2013"])  # no win: a dash
    expect(page.locator('#stats-variants tr[data-variant="TP-C"] td').first).to_have_text("0")
    bars = page.locator("#stats-chart svg rect.bar")
    expect(bars).to_have_count(2)
    expect(page.locator("#stats-chart svg rect.bar.won")).to_have_attribute(
        "data-score", str(score)
    )
    played = page.locator("#stats-calendar .day:not(.level-0)")
    expect(played).to_have_count(1)
    assert "2 games, 1 won" in str(played.get_attribute("aria-label"))
    screenshot(page, "page-stats-phone")
    assert page.js_errors == []
