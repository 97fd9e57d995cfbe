"""Series (made from the page, played deal by deal, totals) and the player's page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant
from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.helpers import click_token, sign_up, wait_ready
from tests.support.winning import find_win

pytestmark = pytest.mark.browser


def test_make_a_series_play_it_and_see_the_totals(new_page: Any) -> None:
    first, second = DealCode(Variant.TP_E, 8).text, DealCode(Variant.PY, 12).text
    page = new_page(DESKTOP)
    sign_up(page, "dora", "Dora")
    page.goto("/series/")
    wait_ready(page)
    page.fill("#s-title", "Friday two")
    page.fill("#s-deals", f"{first}\n{second}")
    page.locator("#series-form button").click()
    page.wait_for_url(re.compile(r"/series/friday-two-[0-9a-f]+/$"))
    wait_ready(page)
    series_url = page.url
    expect(page.locator("#series-title")).to_have_text("Friday two")
    expect(page.locator("#series-meta")).to_contain_text("by Dora")
    rows = page.locator("#series-deals tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("#8 TriPeaks Easy")
    expect(rows.last).to_contain_text("#12 Pyramid")

    # Play the first deal from the series and win it.
    rows.first.locator("button", has_text="Play").click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    expect(page.locator("#deal-code")).to_have_text(first)
    line = find_win(first)
    assert line is not None
    for token in line:
        click_token(page, token)
    expect(page.locator("#end-title")).to_have_text("You won!")
    score = int(page.locator("#hud-score").inner_text())

    page.goto(series_url)
    wait_ready(page)
    totals = page.locator("#series-totals")
    expect(totals).to_contain_text("Dora")
    expect(totals).to_contain_text(str(score))
    screenshot(page, "series-desktop")

    # The profile: results, personal bests with the record, streak figures.
    page.locator(".site-nav a", has_text="My results").click()
    wait_ready(page)
    expect(page.locator("h1")).to_have_text("Dora")
    expect(page.locator("#player-stats")).to_contain_text("Wins")
    expect(page.locator("#player-stats")).to_contain_text("Daily streak")
    expect(page.locator("#player-bests")).to_contain_text("#8 TriPeaks Easy")
    expect(page.locator("#player-bests")).to_contain_text("Record")
    expect(page.locator("#player-results tbody tr")).to_have_count(1)
    screenshot(page, "profile-desktop")

    # Logging out from the header.
    page.locator(".site-user button", has_text="Log out").click()
    expect(page.locator(".site-user")).to_contain_text("Log in")
