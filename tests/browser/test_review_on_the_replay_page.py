"""The review on the replay page: the chart of "best still possible" is drawn, and the
marked move jumps the replay to the position before it, the better move shown."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.helpers import wait_ready
from tests.engine.test_review_marks_the_losing_moves import TP_THROWN_AWAY

pytestmark = pytest.mark.browser

CODE = "TP1-C-AAAAAAB"

#: A submitted result of the crafted log played out; the server reviews it (eager).
MAKE_RESULT = f"""
from django.contrib.auth import get_user_model
from games.engine import DRAW, replay
from games.services import deals
from leaderboards.models import Result
from leaderboards.services import do_submit_log
game = replay({CODE!r}, {TP_THROWN_AWAY!r}).game
while game.status == "playing":
    removals = [a for a in game.legal_actions() if a != DRAW]
    game.apply(removals[0] if removals else DRAW)
user = get_user_model().objects.create_user("reviewed", password="pw-123456789")
deal = deals.get_or_create_deal(deals.check_deal_request({CODE!r}))
do_submit_log(deal, user, " ".join(game.log))
result = Result.objects.get(player=user).pk
"""


def test_the_review_chart_jumps_to_the_first_losing_move(new_page: Any, arena_server: Any) -> None:
    result_id = arena_server.python(MAKE_RESULT)
    page = new_page(DESKTOP)
    page.goto(f"/deals/{CODE}/replay/{result_id}/")
    wait_ready(page)
    page.wait_for_function("document.getElementById('review').dataset.ready === '1'")
    expect(page.locator("#review svg.review-chart path.best-line")).to_have_count(1)
    first = page.locator("#review svg circle.mark.first")
    expect(first).to_have_count(1)
    first.click()
    expect(page.locator("#rp-label")).to_have_text(re.compile(r"Step 16 of"))
    expect(page.locator("#board .card.better")).to_have_count(1)
    expect(page.locator("#review-note")).to_contain_text("Better here")
    screenshot(page, "review-first-loss")
