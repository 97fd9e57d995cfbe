"""A forgotten password is reset by email: the console mail backend (development) prints
the message on the server's output, the link in it sets a new password once."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, Server
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


def test_a_password_is_reset_through_the_mail(new_page: Any, arena_server: Server) -> None:
    page = new_page(PHONE, touch=True)
    sign_up(page, "forgetful", "Forgetful", password="the-first-Passw0rd!")
    arena_server.python(
        "from django.contrib.auth import get_user_model\n"
        "user = get_user_model().objects.get(username='forgetful')\n"
        "user.email = 'forgetful@example.com'\nuser.save()"
    )
    with page.expect_navigation():
        page.locator("form[action$='/logout/'] button").tap()
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").tap()
    offset = len(arena_server.log.read_text(errors="replace"))
    page.fill("input[name=email]", "forgetful@example.com")
    page.get_by_role("button", name="Send the link").tap()
    expect(page.locator("h1")).to_have_text("Check your email")

    link = reset_link(arena_server, offset)
    page.goto(link)
    page.fill("input[name=new_password1]", "a-second-Passw0rd!")
    page.fill("input[name=new_password2]", "a-second-Passw0rd!")
    page.get_by_role("button", name="Save the new password").tap()
    expect(page.locator("h1")).to_have_text("Password changed")

    page.goto("/accounts/login/")
    page.fill("input[name=username]", "forgetful")
    page.fill("input[name=password]", "a-second-Passw0rd!")
    page.locator("form button[type=submit]").tap()
    expect(page.locator("[data-testid=who]")).to_have_text("Forgetful")
    # The link works once.
    page.goto(link)
    expect(page.locator(".form-error")).to_contain_text("no longer valid")
    assert page.js_errors == []
