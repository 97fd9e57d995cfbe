"""A forgotten password is reset by email: the console mail backend (development) prints
the message on the server's output, the link in it sets a new password once. At
1366x768 with the mouse (asked by user name) and 390x844 with touch (asked by address)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, Server, screenshot
from tests.browser.helpers import sign_up

pytestmark = pytest.mark.browser


def reset_link(server: Server, after: int) -> str:
    """The first reset link the server printed after byte ``after`` of its output."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        text = server.log.read_text(errors="replace")[after:]
        found = re.search(r"https?://\S+/accounts/password-reset/[\w-]+/[\w-]+/", text)
        if found:
            return found.group(0)
        time.sleep(0.2)
    raise AssertionError("no reset mail on the server's output")


@pytest.mark.parametrize(
    ("size", "touch", "username", "asked_by"),
    [(DESKTOP, False, "forgetful", "username"), (PHONE, True, "absent", "email")],
    ids=["1366x768", "390x844"],
)
def test_a_password_is_reset_through_the_mail(
    new_page: Any, arena_server: Server, size: dict[str, int], touch: bool, username: str,
    asked_by: str,
) -> None:
    """Sign up (the form asks the address), change it on the settings page behind the
    password, forget the password, get it back by user name or by the new address."""
    page = new_page(size, touch=touch)
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    sign_up(page, username, username.title(), password="the-first-Passw0rd!")
    page.goto("/accounts/settings/")
    expect(page.get_by_test_id("current-email")).to_contain_text(f"{username}@example.com")
    page.fill("input[name=email]", f"{username}.new@example.com")
    page.fill("input[name=password]", "the-first-Passw0rd!")
    press(page.get_by_role("button", name="Save the email"))
    expect(page.get_by_test_id("current-email")).to_contain_text(f"{username}.new@example.com")
    screenshot(page, f"account-settings-{size['width']}x{size['height']}")
    with page.expect_navigation():
        page.locator("form[action$='/logout/'] button").dispatch_event("click")

    page.goto("/accounts/login/")
    press(page.get_by_role("link", name="Forgot your password?"))
    offset = len(arena_server.log.read_text(errors="replace"))
    login = username if asked_by == "username" else f"{username.upper()}.new@example.com"
    page.get_by_label("Username or email").fill(login)
    press(page.get_by_role("button", name="Send the link"))
    expect(page.locator("h1")).to_have_text("Check your email")
    screenshot(page, f"password-reset-sent-{size['width']}x{size['height']}")

    link = reset_link(arena_server, offset)
    page.goto(link)
    page.fill("input[name=new_password1]", "a-second-Passw0rd!")
    page.fill("input[name=new_password2]", "a-second-Passw0rd!")
    press(page.get_by_role("button", name="Save the new password"))
    expect(page.locator("h1")).to_have_text("Password changed")

    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "a-second-Passw0rd!")
    press(page.locator("form button[type=submit]"))
    expect(page.locator("[data-testid=who]")).to_have_text(username.title())
    # The link works once.
    page.goto(link)
    expect(page.locator(".form-error")).to_contain_text("no longer valid")
    assert page.js_errors == []
