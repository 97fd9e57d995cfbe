"""Race the record: the record holder's run (from its per-action timings) runs beside
the player's game on the play page, and a chart of both runs over time ends it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import Variant, parse_code
from tests.browser.conftest import Server, screenshot
from tests.browser.helpers import click_token, start_from_home
from tests.support.winning import winnable_deal

pytestmark = pytest.mark.browser

RECORD = """
from datetime import timedelta
from django.contrib.auth import get_user_model
from django.utils import timezone
from games.engine import replay
from games.models import Game
from games.services import deals
from leaderboards.services import record_game_result
deal = deals.get_or_create_deal(deals.check_deal_request(CODE))
user = get_user_model().objects.create_user("ghost_holder", password="x-long-Passw0rd!")
played = replay(CODE, LOG)
end = timezone.now()
game = Game.objects.create(
    deal=deal, player=user, log=LOG, status=played.status, score=played.score,
    moves=played.moves, cards_left=played.cards_left, started_at=end - timedelta(seconds=60),
    finished_at=end, duration_ms=60000, timings=TIMINGS,
)
record_game_result(game)
result = deal.code
"""


def test_a_ghost_race_ends_with_the_chart_of_both_runs(new_page: Any, arena_server: Server) -> None:
    code, line = winnable_deal(Variant.TP_E, start=400)
    # The ghost runs on the player's game clock (from the game's start): its first action
    # comes late enough that a loaded machine still shows the ghost's starting figures.
    timings = [10000 + 1000 * index for index in range(len(line))]
    script = (
        RECORD.replace("CODE", repr(code))
        .replace("LOG", repr(" ".join(line)))
        .replace("TIMINGS", repr(timings))
    )
    assert arena_server.python(script) == code

    page = new_page()
    start_from_home(page, parse_code(code).number, "TP-E")
    start = page.locator("#ghost-start")
    expect(start).to_contain_text("ghost_holder")
    start.click()
    expect(page.locator("#ghost-figures")).to_contain_text(
        "ghost_holder: 500 points, 28 cards left"
    )
    for token in line:
        click_token(page, token)
    panel = page.locator("#ghost-panel")
    expect(panel).to_have_attribute("data-state", "done")
    expect(panel.locator("svg polyline[data-run=ghost]")).to_have_count(1)
    expect(panel.locator("svg polyline[data-run=me]")).to_have_count(1)
    mine = panel.locator("svg polyline[data-run=me]").get_attribute("points") or ""
    assert len(mine.split()) >= 2 * len(line) - 1, "one step per action of the player"
    page.keyboard.press("Escape")
    screenshot(page, "ghost-race-chart")
    assert not page.js_errors
