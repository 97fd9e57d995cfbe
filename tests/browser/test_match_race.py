"""Two browsers race a one-round match from the lobby to the podium: create, join by
code, ready, the countdown, the round game on the play page with the standings panel
beside the board (1366x768 and a phone), the podium, the match on the player's page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import replay
from tests.browser.conftest import PHONE, PHONE_LANDSCAPE, Server, screenshot
from tests.browser.helpers import click_token, sign_up, wait_ready

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1366, "height": 768}


def _fits(page: Any) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the window"


# Which parts of the play page cover the table, and what a click at the stock's centre
# reaches. The table's grid row must not be shorter than the table: the message line and
# the buttons after it were once drawn over the stock on a phone, which a click on the
# stock hit only while Undo was disabled (its opacity paints it over the table), so only
# when the round's random deal began with a draw.
OVER_THE_TABLE_JS = """() => {
  const box = (node) => node.getBoundingClientRect();
  const felt = box(document.querySelector('.table-felt'));
  const over = [];
  const parts = ['.play-top', '#help-line', '.play-controls', '.kbd-hint', '#match-panel'];
  for (const selector of parts) {
    const node = document.querySelector(selector);
    const r = node && box(node);
    if (!r || !r.width || !r.height) continue;
    const dx = Math.min(r.right, felt.right) - Math.max(r.left, felt.left);
    const dy = Math.min(r.bottom, felt.bottom) - Math.max(r.top, felt.top);
    if (dx > 0.5 && dy > 0.5) over.push(selector);
  }
  const stock = box(document.getElementById('stock'));
  const hit = document.elementFromPoint(stock.left + stock.width / 2, stock.top + stock.height / 2);
  return { over, stockHit: hit && hit.id };
}"""


def _table_clear(page: Any) -> None:
    page.locator("#stock").scroll_into_view_if_needed()
    assert page.evaluate(OVER_THE_TABLE_JS) == {"over": [], "stockHit": "stock"}


def test_two_browsers_race_a_one_round_match_to_the_podium(
    new_page: Any, arena_server: Server
) -> None:
    alice, bob = new_page(LAPTOP), new_page(PHONE)
    sign_up(alice, "racer_a", "Zephyrine")
    sign_up(bob, "racer_b", "Quillon")

    alice.goto("/matches/")
    wait_ready(alice)
    alice.select_option("#m-variant", "TP-E")
    alice.fill("#m-count", "1")
    alice.fill("#m-limit", "0")
    alice.locator("#match-form button[type=submit]").click()
    alice.wait_for_url(re.compile(r"/matches/[0-9a-f-]{36}/$"))
    match_id = alice.url.rstrip("/").rsplit("/", 1)[-1]
    expect(alice.locator("#match-code")).not_to_have_text("······")
    code = alice.locator("#match-code").inner_text()

    bob.goto("/matches/")
    wait_ready(bob)
    bob.fill("#j-code", code.lower())
    bob.locator("#join-form button[type=submit]").click()
    bob.wait_for_url(f"**/matches/{match_id}/")
    expect(alice.locator("#standings tbody tr")).to_have_count(2)  # pushed live

    alice.locator("#btn-ready").click()
    expect(bob.locator('#standings tr[data-player="Zephyrine"]')).to_contain_text("Ready")
    bob.locator("#btn-ready").click()
    for page in (alice, bob):
        expect(page.locator("#btn-play")).to_be_visible()
    expect(alice.locator("#countdown")).to_be_visible()  # the 3-2-1 to the server's instant
    for page in (alice, bob):
        expect(page.locator("#btn-play")).to_be_enabled(timeout=10_000)
        page.locator("#btn-play").click()
        page.wait_for_url(re.compile(rf"/play/[0-9a-f-]{{36}}/\?match={match_id}$"))
        wait_ready(page)
        expect(page.locator("#match-panel")).to_be_visible()
        expect(page.locator("#match-standings tbody tr")).to_have_count(2)
    _fits(alice)
    _fits(bob)
    _table_clear(alice)
    _table_clear(bob)
    bob.set_viewport_size(PHONE_LANDSCAPE)  # the buttons beside the table, the standings under
    _table_clear(bob)
    bob.set_viewport_size(PHONE)
    screenshot(alice, "match-play-1366x768")
    screenshot(bob, "match-play-phone")

    # The server's own knowledge of the sealed deal: its code and the solver's winning
    # line found when the round was dealt (vetted winnable, as dailies are).
    deal, solution = arena_server.python(
        f"from matches.models import Round\n"
        f"deal = Round.objects.get(match_id='{match_id}', number=1).deal\n"
        f"result = [deal.code, deal.solver_fact.solution]"
    )
    line = solution.split()
    assert line and replay(deal, solution).status == "won"
    for token in line[:3]:
        click_token(alice, token)
    expect(bob.locator('#match-standings tr[data-player="Zephyrine"] td').nth(4)).to_have_text("3")
    for token in line[3:]:
        click_token(alice, token)
    for token in line:
        click_token(bob, token)

    for page in (alice, bob):
        # The end-of-game dialog opens after the win's shower: close it once it is open.
        expect(page.locator("#end-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        expect(page.locator("#match-back")).to_have_text("See the podium")
    bob.locator("#match-back").click()
    bob.wait_for_url(f"**/matches/{match_id}/")
    wait_ready(bob)
    expect(bob.locator("#podium .place")).to_have_count(2)
    expect(bob.locator("#podium .place-1 .place-name")).to_have_text("Zephyrine")
    expect(bob.locator(".round-summary .round-code")).to_have_text(deal)
    screenshot(bob, "match-podium-phone")

    # Every player's timed replay of the round side by side, on one clock.
    bob.locator(".round-summary .replays-link").click()
    bob.wait_for_url(f"**/matches/{match_id}/rounds/1/replays/")
    alice.goto(f"/matches/{match_id}/rounds/1/replays/")
    for page, size in ((alice, "1366x768"), (bob, "phone")):
        wait_ready(page)
        expect(page.locator("#mr-code")).to_have_text(deal)
        boxes = page.locator(".side-player")
        expect(boxes).to_have_count(2)
        expect(boxes.nth(0)).to_have_attribute("data-player", "Zephyrine")
        expect(boxes.nth(1)).to_have_attribute("data-player", "Quillon")
        for box in (boxes.nth(0), boxes.nth(1)):
            expect(box.locator(".tableau .slot")).to_have_count(28)
            expect(box.locator(".side-hud")).to_have_attribute("data-step", "0")
        page.locator("#mr-last").click()  # the end of the clock: both games as they ended
        for box in (boxes.nth(0), boxes.nth(1)):
            expect(box.locator(".side-hud")).to_have_attribute("data-step", str(len(line)))
        page.locator("#mr-first").click()
        for box in (boxes.nth(0), boxes.nth(1)):
            expect(box.locator(".side-hud")).to_have_attribute("data-step", "0")
        page.locator("#mr-play").click()  # the one clock runs (the first action may be far)
        expect(page.locator("body")).not_to_have_attribute("data-clock", "0")
        page.locator("#mr-play").click()
        _fits(page)
        screenshot(page, f"match-replays-{size}")
    if alice.viewport_size["width"] >= 1000:  # side by side on a laptop, stacked on a phone
        first, second = (alice.locator(".side-player").nth(i).bounding_box() for i in (0, 1))
        assert first and second and abs(first["y"] - second["y"]) < 2
    bob.goto("/players/Quillon/")
    expect(bob.locator("#player-matches")).to_contain_text("Rank 2 of 2")
    assert not alice.js_errors and not bob.js_errors
