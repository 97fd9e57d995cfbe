"""Records pushed live: a second browser watching a deal's page gets the toast and the
new board when a player wins it, and can replay the winning game step by step."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import click_token, sign_up, start_from_home, wait_ready
from tests.support.winning import find_win

pytestmark = pytest.mark.browser

NUMBER = 6  # TP1-E-AAAAAAG: find_win wins it at once


def test_a_watcher_sees_the_record_toast_when_a_player_wins(new_page: Any) -> None:
    code = DealCode(Variant.TP_E, NUMBER).text
    line = find_win(code)
    assert line is not None

    player = new_page(DESKTOP)
    sign_up(player, "alice", "Alice L.")

    watcher = new_page(PHONE)
    watcher.goto(f"/deals/{code}/")
    wait_ready(watcher)
    expect(watcher.locator("#deal-conn")).to_have_attribute("data-state", "live")
    expect(watcher.locator("#board-best")).to_contain_text("Nobody has played this deal yet.")
    expect(watcher.locator("#start-board .tableau .card")).to_have_count(28)

    start_from_home(player, NUMBER, "TP-E")
    for token in line:
        click_token(player, token)

    # The winner: the dialog shows the rank and the news.
    expect(player.locator("#end-title")).to_have_text("You won!")
    expect(player.locator("#end-stats")).to_contain_text("Rank")
    expect(player.locator("#end-stats")).to_contain_text("#1")
    expect(player.locator("#end-events")).to_contain_text("Alice L. is the first to win #6")

    # The watcher: a toast, and the boards and history refreshed without a reload.
    toast = watcher.locator("#toasts .toast").first
    expect(toast).to_contain_text("First win!")
    expect(toast).to_contain_text("Alice L.")
    expect(watcher.locator("#board-best")).to_contain_text("Alice L.")
    expect(watcher.locator("#board-first")).to_contain_text("Alice L.")
    expect(watcher.locator("#history")).to_contain_text("Alice L.")
    screenshot(watcher, "deal-page-phone")

    # Replay the winning game from the board, step by step (views computed by the server).
    watcher.locator("#board-best a", has_text="Replay").click()
    watcher.wait_for_url(re.compile(rf"/deals/{code}/replay/\d+/$"))
    wait_ready(watcher)
    expect(watcher.locator("#rp-label")).to_have_text("The deal")
    expect(watcher.locator("#hud-left")).to_have_text("28")
    watcher.locator("#rp-next").click()
    expect(watcher.locator("#rp-label")).to_contain_text(f"Step 1 of {len(line)}")
    watcher.locator("#rp-last").click()
    expect(watcher.locator("#hud-left")).to_have_text("0")
    expect(watcher.locator("#board .slot.gone")).to_have_count(28)
    screenshot(watcher, "replay-phone")

    # The player's profile lists the win and the record.
    player.goto("/players/Alice L./")
    wait_ready(player)
    expect(player.locator("#player-stats")).to_contain_text("Records held")
    expect(player.locator("#player-bests")).to_contain_text("#6 TriPeaks Easy")
    expect(player.locator("#player-results")).to_contain_text("Won")
    assert player.js_errors == [] and watcher.js_errors == []
