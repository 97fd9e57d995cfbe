"""Two browsers race a one-round match from the lobby to the podium: create, join by
code, ready, the countdown, the round game on the play page with the standings panel
beside the board (1366x768 and a phone), the podium, the match on the player's page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import replay
from tests.browser.conftest import PHONE, Server, screenshot
from tests.browser.helpers import click_token, sign_up, wait_ready

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1366, "height": 768}


def _fits(page: Any) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the window"


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
    bob.goto("/players/Quillon/")
    expect(bob.locator("#player-matches")).to_contain_text("Rank 2 of 2")
    assert not alice.js_errors and not bob.js_errors
