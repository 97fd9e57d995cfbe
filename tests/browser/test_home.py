"""The home page: today's daily deals with the countdown, the day's totals, the live feed,
and the box that opens a numbered deal by number or by code."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import SEALED_MIN, DealCode, Variant
from tests.browser.conftest import DESKTOP, PHONE, Server, screenshot
from tests.browser.helpers import click_token, sign_up, wait_ready

pytestmark = pytest.mark.browser


def test_todays_deals_countdown_totals_and_feed(new_page: Any, todays_dailies: Any) -> None:
    page = new_page(DESKTOP)
    sign_up(page, "bob", "Bob")
    page.goto("/")
    wait_ready(page)
    cards = page.locator(".daily-card")
    expect(cards).to_have_count(3)
    expect(cards.first).to_contain_text("TriPeaks Easy")
    expect(cards.first.locator("[data-role=meta]")).to_contain_text("Ranked attempt available")
    countdown = page.locator("#countdown")
    expect(countdown).to_have_text(re.compile(r"^\d+:\d\d:\d\d$"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first, timeout=3000)  # it counts down to midnight
    expect(page.locator("#totals")).to_contain_text("Nobody has finished today's deals yet")
    screenshot(page, "home-desktop")

    # Play today's TriPeaks Easy from its card: a sealed deal, named by its day only.
    code, line = todays_dailies["TP-E"]
    cards.first.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    expect(page.locator("h1")).to_contain_text("Daily TriPeaks Easy")
    expect(page.locator(".code-line")).to_contain_text("Sealed deal")
    assert code not in page.content()
    for token in line:
        click_token(page, token)
    expect(page.locator("#end-title")).to_have_text("You won!")

    page.goto("/")
    wait_ready(page)
    expect(page.locator("#totals")).to_contain_text("Bob")
    expect(page.locator("#feed")).to_contain_text("Bob is the first to win Daily TriPeaks Easy")
    expect(cards.first.locator("[data-role=meta]")).to_contain_text("Won in")

    # The archive lists the day with its totals.
    page.goto("/daily/")
    wait_ready(page)
    expect(page.locator("#day-deals .daily-card")).to_have_count(3)
    expect(page.locator("#day-totals")).to_contain_text("Bob")


def test_a_watcher_on_the_home_page_gets_the_feed_live(new_page: Any, todays_dailies: Any) -> None:
    watcher = new_page(PHONE)
    watcher.goto("/")
    wait_ready(watcher)
    expect(watcher.locator("#feed-conn")).to_have_attribute("data-state", "live")
    screenshot(watcher, "home-phone")

    player = new_page(DESKTOP)
    sign_up(player, "carol", "Carol")
    player.goto("/")
    wait_ready(player)
    _code, line = todays_dailies["TP-C"]
    player.locator('.daily-card[data-variant="TP-C"] button[type=submit]').click()
    player.wait_for_url(re.compile(r"/play/"))
    wait_ready(player)
    for token in line:
        click_token(player, token)
    expect(watcher.locator("#feed li").first).to_contain_text("Carol")
    expect(watcher.locator("#toasts .toast").first).to_contain_text("Carol")


def test_open_a_numbered_deal_by_number_or_code(new_page: Any) -> None:
    page = new_page(DESKTOP)
    page.goto("/")
    wait_ready(page)
    box = page.locator("#open-form")
    box.locator('input[name=variant][value="PY"]').check(force=True)
    box.locator("input[name=number]").fill("12")
    box.locator('button[value="deal"]').click()
    page.wait_for_url(re.compile(r"/deals/PY1-N-AAAAAAM/$"))
    wait_ready(page)
    expect(page.locator("h1")).to_contain_text("Pyramid")
    expect(page.locator("h1")).to_contain_text("#12")
    # Play it from its page.
    page.locator("#play-form button").click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    expect(page.locator("#deal-code")).to_have_text("PY1-N-AAAAAAM")
    # A number out of range: the server's words, no game.
    page.goto("/")
    wait_ready(page)
    page.locator("#open-form input[name=number]").fill("999999")
    page.locator('#open-form button[value="play"]').click()
    expect(page.locator("#open-error")).to_have_text(
        "No deal has this number: deals go from 1 to 50000"
    )
    # A malformed code: the message names the part that is wrong.
    page.locator("#open-form input[name=number]").fill("")
    page.locator("#open-form input[name=code]").fill("TP1-Q-AAAAAAB")
    page.locator('#open-form button[value="play"]').click()
    expect(page.locator("#open-error")).to_have_text(
        "Invalid deal code: the rule is E (Easy) or C (Classic) for TP, N for PY"
    )


def test_a_closed_days_deal_shows_its_code_and_is_playable_as_practice(
    new_page: Any, arena_server: Server
) -> None:
    code = DealCode(Variant.TP_C, SEALED_MIN + 4242).text
    day = arena_server.python(
        "from datetime import timedelta\n"
        "from games.daily import do_pick_daily_deal, today\n"
        "from games.engine import parse_code\n"
        "from games.models import DailyDeal\n"
        "from games.services.deals import get_or_create_deal\n"
        "day = today() - timedelta(days=3)\n"
        "if not DailyDeal.objects.filter(date=day, variant='TP-C').exists():\n"
        f"    do_pick_daily_deal(day, 'TP-C', get_or_create_deal(parse_code({code!r})))\n"
        "result = day.isoformat()\n"
    )
    page = new_page(DESKTOP)
    page.goto(f"/daily/{day}/")
    wait_ready(page)
    card = page.locator("#day-deals .daily-card", has_text="TriPeaks Classic")
    expect(card).to_contain_text(code)
    card.get_by_role("button", name="Play (practice)").click()
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    expect(page.locator(".code-line")).to_contain_text(code)
