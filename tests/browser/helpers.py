"""Steps the browser tests share: start a game from the home page, play a log token by
clicking (or by keyboard), sign up. Cards are found by their accessible names, which
come from the engine (``card_name``) in the page's language."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from games.engine import card_name, parse_card

VARIANT_LABELS = {"TP-E": "TriPeaks Easy", "TP-C": "TriPeaks Classic", "PY": "Pyramid"}


def name_of(token: str, lang: str = "en") -> str:
    return card_name(parse_card(token), lang)


def card(page: Any, token: str, lang: str = "en") -> Any:
    """The board's button for a card (tableau or discard), by its accessible name."""
    return page.locator(f'#board .tableau button[aria-label="{name_of(token, lang)}"]')


def wait_ready(page: Any) -> None:
    """The page's script has run (``data-ready``); while a navigation is under way the
    new document may have no body yet, which is "not ready", not an error."""
    page.wait_for_function("!!document.body && document.body.dataset.ready === '1'")


def start_from_home(page: Any, number: int, variant: str) -> str:
    """Open a numbered deal from the home page's box; returns the game's id."""
    page.goto("/")
    wait_ready(page)
    box = page.locator("#open-form")
    box.locator(f'input[name=variant][value="{variant}"]').check(force=True)
    box.locator("input[name=number]").fill(str(number))
    box.locator('button[value="play"]').click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    wait_ready(page)
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    return str(page.url.rstrip("/").rsplit("/", 1)[-1])


def moves(page: Any) -> int:
    return int(page.locator("#hud-moves").inner_text())


def wait_moves(page: Any, count: int) -> None:
    expect(page.locator("#hud-moves")).to_have_text(str(count))


def click_token(page: Any, token: str, lang: str = "en", touch: bool = False) -> None:
    """Play one log token with the mouse (or a finger: ``touch``, real touch events):
    a card, a pair (two clicks), D or U."""
    before = moves(page)

    def press(target: Any) -> None:
        target.tap() if touch else target.click()

    if token == "D":
        press(page.locator("#stock"))
    elif token == "U":
        press(page.locator("#btn-undo"))
    elif "+" in token:
        for part in token.split("+"):
            press(page.locator("#discard") if _is_discard(page, part) else card(page, part, lang))
    elif _is_discard(page, token):
        press(page.locator("#discard"))
    else:
        press(card(page, token, lang))
    if token != "U":
        wait_moves(page, before + 1)


def _is_discard(page: Any, token: str) -> bool:
    return bool(page.locator(f'#discard[data-card="{token}"]').count())


def focus_card_by_keyboard(page: Any, label: str, limit: int = 80) -> None:
    """Press Tab until the focused element is named ``label`` (cards or the stock)."""
    for _ in range(limit):
        if (
            page.evaluate(
                "document.activeElement && document.activeElement.getAttribute('aria-label')"
            )
            == label
        ):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {label!r}")


def sign_up(
    page: Any, username: str, display_name: str, password: str = "a-long-Passw0rd!"
) -> None:
    page.goto("/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=display_name]", display_name)
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.locator("form button[type=submit]", has_text="Create my account").click()
    expect(page.locator("[data-testid=who]")).to_have_text(display_name)


def set_language(page: Any, code: str) -> None:
    """Use the header's language picker (Django's set_language view)."""
    with page.expect_navigation():
        page.select_option("#lang-select", code)
    wait_ready(page)


def abandon(page: Any, game_id: str) -> None:
    """End a game as abandoned, the way the API's ``abandon`` action does (page's session)."""
    page.evaluate(
        """async (id) => {
          const token = document.cookie.match(/csrftoken=([^;]+)/)[1];
          await fetch(`/api/games/${id}/actions`, { method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
            body: JSON.stringify({ action: 'abandon' }) });
        }""",
        game_id,
    )
