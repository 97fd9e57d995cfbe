"""The play page on four screens (1280x720, 1366x768, a phone in portrait and in
landscape): every control inside the viewport, nothing to scroll, cards and buttons big
enough for fingers, no keyboard hints on touch screens; whole games won with the mouse
and with touch events. Screenshots of each go to artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import DealCode, Variant
from tests.browser.conftest import DESKTOP, PHONE, PHONE_LANDSCAPE, SMALL_DESKTOP, screenshot
from tests.browser.helpers import click_token, start_from_home
from tests.support.winning import find_win

pytestmark = pytest.mark.browser

SCREENS = {
    "1280x720": (SMALL_DESKTOP, False),
    "1366x768": (DESKTOP, False),
    "phone": (PHONE, True),
    "phone-landscape": (PHONE_LANDSCAPE, True),
}

# Every visible thing a player uses or reads during play, with its bounding box.
BOXES_JS = """() => {
  const wanted = 'main button, main a, main label, main input, main dd, main h1, #help-line .msg';
  const out = [];
  for (const node of document.querySelectorAll(wanted)) {
    if (node.closest('dialog') || node.closest('.visually-hidden')) continue;
    const style = getComputedStyle(node);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const r = node.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    out.push({
      name: node.id || node.getAttribute('aria-label') || node.textContent.trim().slice(0, 30),
      tag: node.tagName, cls: node.className,
      left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
    });
  }
  return {
    boxes: out,
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    hints: [...document.querySelectorAll('kbd')].filter((k) => k.getClientRects().length).length,
  };
}"""


# The title's code line (the code, Copy, the deal page, How to play, the connection): each
# part whole inside every box around it that clips (landscape's line is one row, overflow
# hidden) and its text whole inside it (the code may give way to an ellipsis), named when
# cut.
CUT_JS = """() => {
  const cut = [];
  for (const node of document.querySelectorAll('.deal-title .code-line > *')) {
    const r = node.getBoundingClientRect();
    if (!r.width) continue;  // hidden parts (the label in landscape, an absent badge)
    if (node.scrollWidth > node.clientWidth + 1) cut.push(node.id || node.textContent.trim());
    for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const b = box.getBoundingClientRect();
      const out = r.left < b.left - 0.5 || r.right > b.right + 0.5;
      if (out) cut.push(node.id || node.textContent.trim());
    }
  }
  return cut;
}"""


def measure(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(BOXES_JS))


def assert_fits(page: Any, viewport: dict[str, int], touch: bool) -> list[dict[str, Any]]:
    width, height = viewport["width"], viewport["height"]
    found = measure(page)
    assert found["scrollWidth"] <= width and found["scrollHeight"] <= height, found
    outside = [
        box
        for box in found["boxes"]
        if box["left"] < -0.5
        or box["top"] < -0.5
        or box["right"] > width + 0.5
        or box["bottom"] > height + 0.5
    ]
    assert outside == [], outside
    buttons = [b for b in found["boxes"] if "btn" in str(b["cls"]) or "toggle" in str(b["cls"])]
    assert buttons and all(b["height"] >= 44 for b in buttons), buttons
    if touch:
        assert found["hints"] == 0, "keyboard hints shown on a touch screen"
    return list(found["boxes"])


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("variant", ["TP-E", "PY"])
def test_the_play_page_fits_without_scrolling(new_page: Any, screen: str, variant: str) -> None:
    viewport, touch = SCREENS[screen]
    page = new_page(viewport, touch=touch)
    start_from_home(page, 3, variant)
    boxes = assert_fits(page, viewport, touch)
    assert page.evaluate(CUT_JS) == []
    conn = page.locator("#conn")  # its word named, even where only its dot shows
    expect(conn).to_have_attribute("title", "Live")
    expect(conn).to_have_text("Live")
    cards = [b for b in boxes if b["tag"] == "BUTTON" and "card" in str(b["cls"])]
    assert len(cards) >= 30  # 28 on the table, the stock, the discard
    if variant == "TP-E" and screen == "phone":
        # The ten bottom cards use the whole width, each at least 36 CSS px wide.
        bottom = page.evaluate(
            """() => [...document.querySelectorAll('#board .slot')].slice(18)
                .map((s) => s.firstElementChild.getBoundingClientRect().width)"""
        )
        assert len(bottom) == 10 and min(bottom) >= 36, bottom
    # A refusal's message fits too: a face-down card (TriPeaks) or a covered one (Pyramid).
    covered = page.locator("#board .tableau .card.covered").last
    covered.tap(position={"x": 6, "y": 6}) if touch else covered.click(position={"x": 6, "y": 6})
    expect(page.locator("#help-line .msg")).to_be_visible()
    assert_fits(page, viewport, touch)
    screenshot(page, f"play-{variant.lower()}-{screen}")
    assert page.js_errors == []


def winning_line(number: int, variant: Variant) -> list[str]:
    line = find_win(DealCode(variant, number).text)
    assert line is not None
    return line


def test_win_a_whole_game_with_touch_events_on_a_phone(new_page: Any) -> None:
    page = new_page(PHONE, touch=True)
    start_from_home(page, 2, "TP-E")
    assert page.evaluate("matchMedia('(hover: none)').matches")
    for token in winning_line(2, Variant.TP_E):
        click_token(page, token, touch=True)
    expect(page.locator("#end-title")).to_have_text("You won!")
    expect(page.locator("#hud-left")).to_have_text("0")
    screenshot(page, "play-tp-e-won-phone")
    assert page.js_errors == []


def test_win_a_whole_game_with_the_mouse_at_1366x768(new_page: Any) -> None:
    page = new_page(DESKTOP)
    start_from_home(page, 4, "TP-C")
    for token in winning_line(4, Variant.TP_C):
        click_token(page, token)
    expect(page.locator("#end-title")).to_have_text("You won!")
    screenshot(page, "play-tp-c-won-1366x768")
    assert page.js_errors == []
