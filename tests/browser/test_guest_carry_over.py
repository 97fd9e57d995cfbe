"""A guest's games carry over to the account made from that session: the open game is
listed for Resume, the won game is on the new account's results."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant
from tests.browser.conftest import DESKTOP
from tests.browser.helpers import click_token, sign_up, start_from_home, wait_ready
from tests.support.winning import find_win

pytestmark = pytest.mark.browser


def test_a_guests_games_carry_over_at_sign_up(new_page: Any) -> None:
    page = new_page(DESKTOP)
    won_id = start_from_home(page, 2, "TP-E")
    line = find_win(DealCode(Variant.TP_E, 2).text)
    assert line is not None
    for token in line:
        click_token(page, token)
    expect(page.locator("#end-title")).to_have_text("You won!")
    # A guest is told the result is not kept.
    expect(page.locator("#end-events")).to_contain_text("Sign up or log in")
    open_id = start_from_home(page, 6, "TP-C")
    click_token(page, "D")

    sign_up(page, "carrier", "Carrier")
    page.goto("/me/")
    wait_ready(page)
    expect(page.locator(f'#open-games li[data-game="{open_id}"]')).to_contain_text("1 move")
    expect(page.locator(f'#open-games li[data-game="{won_id}"]')).to_have_count(0)
    expect(page.locator("#player-results")).to_contain_text("#2")
    # The carried games are the account's now: the open one plays on under it.
    page.goto(f"/play/{open_id}/")
    wait_ready(page)
    click_token(page, "D")
    assert page.js_errors == []
