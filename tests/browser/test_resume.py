"""Nothing is lost by leaving: a game resumes after a reload and from the open-games
list (home page; a player's own profile), and two tabs on one game both follow it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import (
    abandon,
    click_token,
    moves,
    sign_up,
    start_from_home,
    wait_moves,
    wait_ready,
)

pytestmark = pytest.mark.browser


def first_legal(page: Any) -> str:
    """A token the page's current view (the server's) lists as legal, not a draw."""
    return str(
        page.evaluate(
            """async () => {
          const id = location.pathname.split('/')[2];
          const game = await (await fetch(`/api/games/${id}`)).json();
          return game.view.legal.find((t) => t !== 'D' && t !== 'U');
        }"""
        )
    )


def test_a_game_resumes_after_a_reload_and_from_the_home_page(new_page: Any) -> None:
    page = new_page(PHONE, touch=True)
    game_id = start_from_home(page, 2, "TP-E")
    click_token(page, first_legal(page), touch=True)
    click_token(page, "D", touch=True)
    discard = page.locator("#discard").get_attribute("data-card")
    page.reload()
    wait_ready(page)
    wait_moves(page, 2)
    expect(page.locator("#discard")).to_have_attribute("data-card", str(discard))

    page.goto("/")
    wait_ready(page)
    listed = page.locator(f'#open-games li[data-game="{game_id}"]')
    expect(listed).to_contain_text("#2 TriPeaks Easy")
    expect(listed).to_contain_text("2 moves")
    listed.get_by_role("link", name="Resume").tap()
    page.wait_for_url(re.compile(f"/play/{game_id}/$"))
    wait_ready(page)
    wait_moves(page, 2)
    assert page.js_errors == []


def test_an_ended_game_leaves_the_open_games(new_page: Any) -> None:
    page = new_page(DESKTOP)
    game_id = start_from_home(page, 3, "PY")
    abandon(page, game_id)
    other = start_from_home(page, 4, "PY")
    page.goto("/")
    wait_ready(page)
    expect(page.locator(f'#open-games li[data-game="{other}"]')).to_be_visible()
    expect(page.locator(f'#open-games li[data-game="{game_id}"]')).to_have_count(0)


def test_two_tabs_on_one_game_both_follow_it(new_page: Any) -> None:
    first = new_page(DESKTOP)
    game_id = start_from_home(first, 1, "TP-E")
    second = first.context.new_page()
    second.goto(f"/play/{game_id}/")
    wait_ready(second)
    expect(second.locator("#conn")).to_have_attribute("data-state", "live")

    token = first_legal(second)
    click_token(second, token)
    # The first tab follows without a reload: the count, the discard, the card gone.
    wait_moves(first, 1)
    expect(first.locator("#discard")).to_have_attribute("data-card", token)
    click_token(first, "D")
    wait_moves(second, 2)
    assert moves(first) == moves(second) == 2
    expect(second.locator("#discard")).to_have_attribute(
        "data-card", str(first.locator("#discard").get_attribute("data-card"))
    )


def test_a_players_own_profile_lists_their_open_games(new_page: Any) -> None:
    page = new_page(DESKTOP)
    sign_up(page, "resumer", "Resumer")
    game_id = start_from_home(page, 5, "TP-C")
    page.goto("/me/")
    wait_ready(page)
    expect(page.locator(f'#open-games li[data-game="{game_id}"]')).to_contain_text(
        "#5 TriPeaks Classic"
    )
    # Someone else's profile does not list them.
    visitor = new_page(DESKTOP)
    visitor.goto("/players/Resumer/")
    wait_ready(visitor)
    expect(visitor.locator("#open-games-panel")).to_have_count(0)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1366x768", "390x844"])
def test_a_game_ended_elsewhere_shows_over_in_every_tab(new_page: Any, size: Any) -> None:
    """A game ended outside a tab (an abandon over HTTP; the close/idle task pushes the
    same state: tests/platform/test_closed_games_reach_open_tabs.py) shows each tab the
    game over with its figures, and the page says so again when opened later."""
    first = new_page(size, touch=size is PHONE)
    sign_up(first, f"ender{size['width']}", f"Ender {size['width']}")
    game_id = start_from_home(first, 6, "TP-E")
    click_token(first, "D", touch=size is PHONE)
    second = first.context.new_page()
    second.goto(f"/play/{game_id}/")
    wait_ready(second)
    expect(second.locator("#conn")).to_have_attribute("data-state", "live")

    abandon(second, game_id)  # over HTTP: both tabs get the push
    for tab in (first, second):
        expect(tab.locator("#end-dialog")).to_be_visible()
        expect(tab.locator("#end-title")).to_have_text("Game ended")
        expect(tab.locator("#end-stats")).to_contain_text("Moves")
        expect(tab.locator("#end-stats")).to_contain_text("Cards left")
        expect(tab.locator("#end-undo")).to_be_hidden()
        expect(tab.locator("#btn-draw")).to_be_disabled()
    screenshot(first, f"play-ended-elsewhere-{size['width']}x{size['height']}")
    first.reload()
    wait_ready(first)
    expect(first.locator("#end-title")).to_have_text("Game ended")
    assert first.js_errors == []
