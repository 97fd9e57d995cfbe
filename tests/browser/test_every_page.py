"""Every page at 1366x768 and on a phone (390x844, touch): axe-core finds no serious or
critical accessibility violation, nothing is wider than the screen, and a screenshot
of each goes to artifacts/screenshots/page-<name>-<size>.png.

axe-core comes from npm (``npm install axe-core@4.14.1``), vendored in
tests/browser/vendor/axe-core/ with its licence: no CDN, nothing fetched by the tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.helpers import sign_up, start_from_home, wait_ready

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
# Every rule on; "label-content-name-mismatch" (WCAG 2.5.3), once turned off here, named so
# that it stays on. A card's name is the engine's localised one ("jack of spades") and its
# glyphs are drawn by CSS (board.js), so no visible text disagrees with the name.
RULES = {"label-content-name-mismatch": {"enabled": True}}
SIZES = {"1366x768": (DESKTOP, False), "phone": (PHONE, True)}


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async (rules) => {
          const result = await axe.run(document, { resultTypes: ['violations'], rules });
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
          }));
        }""",
        RULES,
    )
    return [v for v in found if v["impact"] in ("serious", "critical")]


def check(page: Any, name: str, size: str) -> None:
    # Pages with a script of their own say when they are ready; the others are at load.
    if page.locator('script[type=module]:not([src*="common.js"])').count():
        wait_ready(page)
    page.wait_for_timeout(300)  # let the page's first answers arrive
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    screenshot(page, f"page-{name}-{size}")
    assert axe_violations(page) == [], name
    assert page.js_errors == [], name


@pytest.mark.parametrize("size", SIZES)
def test_every_page_is_accessible_and_fits(new_page: Any, size: str) -> None:
    viewport, touch = SIZES[size]
    page = new_page(viewport, touch=touch)
    for name, path in [
        ("home", "/"),
        ("deal", "/deals/TP1-E-AAAAAAB/"),
        ("daily", "/daily/"),
        ("series", "/series/"),
        ("how-to-play-tripeaks", "/how-to-play/tripeaks/"),
        ("how-to-play-pyramid", "/how-to-play/pyramid/"),
        ("login", "/accounts/login/"),
        ("signup", "/accounts/signup/"),
        ("password-reset", "/accounts/password-reset/"),
    ]:
        page.goto(path)
        check(page, name, size)
    for variant in ("TP-E", "PY"):
        start_from_home(page, 9, variant)
        check(page, f"play-{variant.lower()}", size)
        # The end of a game: its dialog too.
        page.locator("#btn-new").click()
        expect(page.locator("#new-dialog")).to_be_visible()
        check(page, f"play-{variant.lower()}-new-game", size)
        page.locator("#new-close").click()
    sign_up(page, f"axe{size.replace('x', '')}", f"Axe {size}")
    start_from_home(page, 10, "TP-C")
    page.goto("/me/")
    check(page, "player", size)
    page.locator("#stats-link").click()
    check(page, "stats", size)
    page.goto("/accounts/tokens/")
    check(page, "tokens", size)
    page.goto("/accounts/settings/")
    check(page, "settings", size)
