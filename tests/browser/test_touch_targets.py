"""What a finger aims at on a phone (portrait and landscape): every control outside
running text is at least 24x24 CSS px (WCAG 2.5.8), buttons and text fields at least
44 px high. Links inside a sentence are exempt (WCAG's inline exception); cards are
measured by test_play_fits_the_screen.py (the phone's ten bottom cards share its width).

The player's own results are stored first (today's daily attempt, a numbered deal's
result), so the tables' links (players, deals, replays) are there to measure whatever
ran before."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, PHONE_LANDSCAPE, Server
from tests.browser.helpers import sign_up, start_from_home, wait_ready
from tests.support.winning import find_win

pytestmark = pytest.mark.browser

TARGETS_JS = """() => {
  const inText = (node) => [...node.parentElement.childNodes]
    .some((c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
  const out = [];
  const wanted = 'a[href], button, select, input:not([type=hidden]), summary';
  for (let node of document.querySelectorAll(wanted)) {
    if (node.closest('dialog:not([open]), [hidden], .visually-hidden, .card, .skip-link')) continue;
    if (node.matches('a') && inText(node)) continue;  // a link in a sentence
    const kind = node.matches('input[type=checkbox], input[type=radio]') ? 'choice'
      : node.matches('.btn, input') ? 'big' : 'small';
    if (kind === 'choice') node = node.closest('label') || node;  // the label takes the tap
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(node).visibility === 'hidden') continue;
    const name = node.id || node.getAttribute('aria-label') || node.textContent.trim();
    out.push({ name: name.slice(0, 30), kind,
               width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 });
  }
  return out;
}"""


DEAL = "TP1-E-AAAAAAB"

#: The player's ranked attempt at today's TriPeaks Easy daily, abandoned (it counts on the
#: day's totals, home and daily pages), and a submitted win of DEAL (its board, the
#: player's page and statistics).
SEED_RESULTS = """
from django.contrib.auth import get_user_model
from games.daily import today
from games.models import DailyDeal
from games.services.deals import check_deal_request, get_or_create_deal
from games.services.opening import do_open_game
from games.services.play import Actor, do_abandon
from leaderboards.services import do_submit_log
user = get_user_model().objects.get(username={username!r})
daily = DailyDeal.objects.get(date=today(), variant="TP-E")
do_abandon(do_open_game(daily.deal, Actor(user=user), daily).game)
do_submit_log(get_or_create_deal(check_deal_request({deal!r})), user, {log!r})
result = True
"""


def too_small(page: Any) -> list[dict[str, Any]]:
    return [
        t
        for t in page.evaluate(TARGETS_JS)
        if min(t["width"], t["height"]) < 24 or (t["kind"] == "big" and t["height"] < 44)
    ]


@pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["390x844", "844x390"])
def test_every_control_is_big_enough_for_a_finger(
    new_page: Any, viewport: Any, arena_server: Server, todays_dailies: Any
) -> None:
    page = new_page(viewport, touch=True)
    found: dict[str, list[dict[str, Any]]] = {}
    for name, path in [("login", "/accounts/login/"), ("signup", "/accounts/signup/"),
                       ("reset", "/accounts/password-reset/")]:  # fmt: skip
        page.goto(path)
        found[name] = too_small(page)
    username, shown = f"finger{viewport['width']}", f"Finger {viewport['width']}"
    sign_up(page, username, shown)
    line = find_win(DEAL)
    assert line is not None
    arena_server.python(SEED_RESULTS.format(username=username, deal=DEAL, log=" ".join(line)))
    for name, path in [("home", "/"), ("how-to-play", "/how-to-play/tripeaks/"),
                       ("deal", f"/deals/{DEAL}/"), ("daily", "/daily/"),
                       ("series", "/series/"), ("settings", "/accounts/settings/"),
                       ("me", "/me/")]:  # fmt: skip
        page.goto(path)
        if name in ("home", "me", "deal", "daily", "series"):
            wait_ready(page)
        if name in ("home", "daily"):  # the day's totals, the player on them
            expect(page.locator("td a", has_text=shown)).not_to_have_count(0)
        if name in ("deal", "me"):  # the deal's board (player, replay), the player's results
            expect(page.locator("td a").first).to_be_visible()
        found[name] = too_small(page)
    page.locator("#stats-link").tap()
    wait_ready(page)
    found["stats"] = too_small(page)
    for variant in ("TP-C", "PY"):
        start_from_home(page, 7, variant)
        found[f"play-{variant}"] = too_small(page)
    bad = {name: small for name, small in found.items() if small}
    assert bad == {}, bad
    assert page.js_errors == []
