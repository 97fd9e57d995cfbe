"""What a finger aims at on a phone (portrait and landscape): every control outside
running text is at least 24x24 CSS px (WCAG 2.5.8), buttons and text fields at least
44 px high. Links inside a sentence are exempt (WCAG's inline exception); cards are
measured by test_play_fits_the_screen.py (the phone's ten bottom cards share its width)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import PHONE, PHONE_LANDSCAPE
from tests.browser.helpers import sign_up, start_from_home, wait_ready

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


def too_small(page: Any) -> list[dict[str, Any]]:
    return [
        t
        for t in page.evaluate(TARGETS_JS)
        if min(t["width"], t["height"]) < 24 or (t["kind"] == "big" and t["height"] < 44)
    ]


@pytest.mark.parametrize("viewport", [PHONE, PHONE_LANDSCAPE], ids=["390x844", "844x390"])
def test_every_control_is_big_enough_for_a_finger(new_page: Any, viewport: Any) -> None:
    page = new_page(viewport, touch=True)
    found: dict[str, list[dict[str, Any]]] = {}
    for name, path in [("login", "/accounts/login/"), ("signup", "/accounts/signup/"),
                       ("reset", "/accounts/password-reset/")]:  # fmt: skip
        page.goto(path)
        found[name] = too_small(page)
    sign_up(page, f"finger{viewport['width']}", f"Finger {viewport['width']}")
    for name, path in [("home", "/"), ("how-to-play", "/how-to-play/tripeaks/"),
                       ("deal", "/deals/TP1-E-AAAAAAB/"), ("daily", "/daily/"),
                       ("series", "/series/"), ("settings", "/accounts/settings/"),
                       ("me", "/me/")]:  # fmt: skip
        page.goto(path)
        if name in ("home", "me", "deal", "daily", "series"):
            wait_ready(page)
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
