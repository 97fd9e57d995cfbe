"""The account pages under attack, through the test client: a reset flood mails nobody
past its limit (per name or address typed, and per client address), a stolen session
cannot guess the password on the settings page, and an address taken between the form's
check and its write is refused by the database with 409, the account unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "tripeaks-Sunrise-42"


@pytest.fixture
def limits(settings: Any) -> Any:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_RESETS = (2, 3, 3600)
    settings.RATE_LIMIT_SETTINGS = (2, 3, 600)
    return settings


def refused(response: Any) -> bool:
    return response.status_code == 429 and response.json()["error"]["reason"] == "rate_limited"


def test_resets_of_one_name_stop_mailing_at_the_limit_whatever_the_address(limits: Any) -> None:
    User.objects.create_user("ivy", "ivy@example.com", PASSWORD)
    answers = [
        Client(REMOTE_ADDR=f"10.0.0.{n}").post("/accounts/password-reset/", {"email": login})
        for n, login in enumerate(["ivy", "IVY ", "ivy"], start=1)
    ]
    assert [a.status_code for a in answers[:2]] == [302, 302]
    assert refused(answers[2])
    assert len(mail.outbox) == 2


def test_one_address_asking_resets_for_many_names_is_stopped(limits: Any) -> None:
    for name in ("jo", "kay", "lou", "max"):
        User.objects.create_user(name, f"{name}@example.com", PASSWORD)
    client = Client(REMOTE_ADDR="10.0.1.1")
    answers = [client.post("/accounts/password-reset/", {"email": n})
               for n in ("jo", "kay", "lou", "max")]  # fmt: skip
    assert [a.status_code for a in answers[:3]] == [302, 302, 302]
    assert refused(answers[3])
    assert len(mail.outbox) == 3


def test_a_stolen_session_cannot_guess_the_password_on_the_settings_page(limits: Any) -> None:
    user = User.objects.create_user("nina", "nina@example.com", PASSWORD)
    thief = Client(REMOTE_ADDR="10.0.2.1")
    thief.force_login(user)
    guesses = [thief.post("/accounts/settings/", {"email": "thief@example.com", "password": p})
               for p in ("guess-1", "guess-2", PASSWORD)]  # fmt: skip
    assert [g.status_code for g in guesses[:2]] == [400, 400]
    assert refused(guesses[2])  # even the right password, past the limit
    user.refresh_from_db()
    assert user.email == "nina@example.com"
    # Another account's settings are not counted against this one's.
    other = User.objects.create_user("omar", "omar@example.com", PASSWORD)
    own = Client(REMOTE_ADDR="10.0.2.2")
    own.force_login(other)
    assert own.post("/accounts/settings/", {"email": "omar2@example.com",
                                            "password": PASSWORD}).status_code == 302


@pytest.mark.parametrize("header", ["Basic eDp5", "Bearer not-a-token", "Bearer <own token>"])
def test_an_authorization_header_does_not_lift_the_sessions_account_limit(
    limits: Any, header: str
) -> None:
    """The settings page acts for the session's account, whatever Authorization header
    the request carries (a wrong one, or each time a valid token of another account the
    thief owns): the guesses count against the session's account, from any address."""
    from tests.platform.helpers import make_player

    user = User.objects.create_user("rita", "rita@example.com", PASSWORD)
    guesses = []
    for n, password in enumerate(("guess-1", "guess-2", PASSWORD), start=1):
        sent = header
        if header == "Bearer <own token>":
            sent = f"Bearer {make_player(f'thiefs-own-{n}')[1]}"
        thief = Client(REMOTE_ADDR=f"10.0.3.{n}", HTTP_AUTHORIZATION=sent)
        thief.force_login(user)
        guesses.append(thief.post("/accounts/settings/",
                                  {"email": "thief@example.com", "password": password}))
    assert [g.status_code for g in guesses[:2]] == [400, 400]
    assert refused(guesses[2])
    user.refresh_from_db()
    assert user.email == "rita@example.com"


def test_an_address_taken_between_check_and_write_is_refused_with_409(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    User.objects.create_user("pia", "shared@example.com", PASSWORD)
    user = User.objects.create_user("quin", "quin@example.com", PASSWORD)
    client = Client()
    client.force_login(user)
    # The form's check runs before the other account's write lands: it sees no owner.
    monkeypatch.setattr("accounts.forms.email_taken", lambda *a, **k: False)
    response = client.post("/accounts/settings/", {"email": "SHARED@example.com",
                                                  "password": PASSWORD})  # fmt: skip
    assert response.status_code == 409
    assert response.context["form"].errors["email"] == [
        "Another account already uses this email address."
    ]
    user.refresh_from_db()
    assert user.email == "quin@example.com"
