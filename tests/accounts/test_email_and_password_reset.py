"""Every account can get its password back: sign-up asks an e-mail address (one account
per address, whatever its case), the settings page adds or changes it behind the
password, and a reset is asked by user name or address. The reset page answers the same
whether or not an account matched; the mail goes out through Django's mail backend
(locmem here, the console in development, SMTP with EMAIL_HOST)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import IntegrityError, transaction
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "tripeaks-Sunrise-42"


def signup(username: str, email: str, client: Client | None = None) -> object:
    return (client or Client()).post("/accounts/signup/", {
        "username": username, "display_name": username.title(), "email": email,
        "password1": PASSWORD, "password2": PASSWORD,
    })  # fmt: skip


def test_sign_up_asks_an_email_and_stores_it_normalised() -> None:
    assert "email" in Client().get("/accounts/signup/").context["form"].fields
    response = signup("alice", "  Alice.L@Example.COM ")
    assert response.status_code == 302
    assert User.objects.get(username="alice").email == "Alice.L@example.com"


def test_sign_up_without_an_email_is_refused_with_the_reason() -> None:
    response = signup("bob", "")
    assert response.status_code == 400
    assert response.context["form"].errors["email"] == ["This field is required."]
    assert not User.objects.filter(username="bob").exists()


@pytest.mark.parametrize("other", ["alice@example.com", "ALICE@EXAMPLE.COM", "Alice@example.com"])
def test_an_address_already_used_is_refused_whatever_its_case(other: str) -> None:
    assert signup("alice", "alice@example.com").status_code == 302
    response = signup("carol", other)
    assert response.status_code == 400
    assert response.context["form"].errors["email"] == [
        "Another account already uses this email address."
    ]
    assert not User.objects.filter(username="carol").exists()


def test_the_database_refuses_a_second_account_with_one_address_in_any_case() -> None:
    User.objects.create_user("dora", "dora@example.com", PASSWORD)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("dora2", "DORA@example.com", PASSWORD)
    User.objects.create_user("old1", "", PASSWORD)  # older accounts without an address
    User.objects.create_user("old2", "", PASSWORD)


def _logged_in(username: str, email: str = "") -> tuple[Client, User]:
    user = User.objects.create_user(username, email, PASSWORD)
    client = Client()
    client.force_login(user)
    return client, user


def test_the_settings_page_adds_an_address_behind_the_password() -> None:
    client, user = _logged_in("erin")
    page = client.get("/accounts/settings/")
    assert page.status_code == 200
    assert "cannot be reset" in page.content.decode()
    response = client.post("/accounts/settings/", {"email": "erin@example.com",
                                                  "password": PASSWORD})  # fmt: skip
    assert response.status_code == 302 and response["Location"] == "/accounts/settings/"
    user.refresh_from_db()
    assert user.email == "erin@example.com"
    assert "erin@example.com" in client.get("/accounts/settings/").content.decode()


def test_a_wrong_password_changes_nothing() -> None:
    client, user = _logged_in("frank", "frank@example.com")
    response = client.post("/accounts/settings/", {"email": "evil@example.com",
                                                  "password": "not-it"})  # fmt: skip
    assert response.status_code == 400
    assert response.context["form"].errors["password"] == ["This is not your password."]
    user.refresh_from_db()
    assert user.email == "frank@example.com"


def test_an_address_of_another_account_is_refused_on_the_settings_page() -> None:
    User.objects.create_user("gina", "gina@example.com", PASSWORD)
    client, user = _logged_in("hugo", "hugo@example.com")
    response = client.post("/accounts/settings/", {"email": "GINA@example.com",
                                                  "password": PASSWORD})  # fmt: skip
    assert response.status_code == 400
    assert response.context["form"].errors["email"] == [
        "Another account already uses this email address."
    ]
    user.refresh_from_db()
    assert user.email == "hugo@example.com"
    # One's own address in another case is not "another account's".
    response = client.post("/accounts/settings/", {"email": "HUGO@example.com",
                                                  "password": PASSWORD})  # fmt: skip
    assert response.status_code == 302


def test_the_settings_page_needs_a_login() -> None:
    response = Client().get("/accounts/settings/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def _ask_reset(login: str) -> object:
    return Client().post("/accounts/password-reset/", {"email": login})


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/password-reset/[\w-]+/[\w-]+/)", message.body)
    assert found, message.body
    return found.group(1)


@pytest.mark.parametrize("login", ["ivy", "IVY", "ivy@example.com", " Ivy@Example.com "])
def test_a_reset_is_asked_by_username_or_address_and_mailed_to_the_address(login: str) -> None:
    User.objects.create_user("ivy", "ivy@example.com", PASSWORD)
    response = _ask_reset(login)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/password-reset/sent/"
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["ivy@example.com"]

    client = Client()
    form_page = client.get(_link(mail.outbox[0]), follow=True)
    assert form_page.context["validlink"]
    done = client.post(form_page.redirect_chain[-1][0], {
        "new_password1": "a-second-Passw0rd!", "new_password2": "a-second-Passw0rd!",
    })  # fmt: skip
    assert done.status_code == 302 and done["Location"] == "/accounts/password-reset/done/"
    assert Client().login(username="ivy", password="a-second-Passw0rd!")


def _page(path: str) -> str:
    """The page without its per-request CSRF token."""
    html = Client().get(path).content.decode()
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


@pytest.mark.parametrize("login", ["nobody", "nobody@example.com", "noemail"])
def test_the_reset_page_answers_the_same_when_nothing_matches(login: str) -> None:
    User.objects.create_user("ivy", "ivy@example.com", PASSWORD)
    User.objects.create_user("noemail", "", PASSWORD)  # an older account without an address
    matched, unmatched = _ask_reset("ivy"), _ask_reset(login)
    assert (unmatched.status_code, unmatched["Location"]) == (
        matched.status_code, matched["Location"])  # fmt: skip
    assert _page(unmatched["Location"]) == _page(matched["Location"])
    assert len(mail.outbox) == 1  # only ivy's


def test_an_inactive_account_gets_no_mail() -> None:
    User.objects.create_user("jo", "jo@example.com", PASSWORD, is_active=False)
    assert _ask_reset("jo").status_code == 302
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", "Seulement pour vous envoyer un lien"), ("ro", "Doar ca să-ți trimitem un link")],
)
def test_the_email_field_says_why_in_the_players_language(lang: str, words: str) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE=lang).get("/accounts/signup/")
    assert words in page.content.decode()


def test_the_admin_refuses_another_accounts_address_with_a_message() -> None:
    User.objects.create_user("kim", "kim@example.com", PASSWORD)
    lee = User.objects.create_user("lee", "lee@example.com", PASSWORD)
    admin = User.objects.create_superuser("boss", "boss@example.com", PASSWORD)
    client = Client()
    client.force_login(admin)
    page = client.get(f"/admin/auth/user/{lee.pk}/change/")
    assert page.status_code == 200
    data = {key: value for key, value in page.context["adminform"].form.initial.items()
            if value is not None and not isinstance(value, list)}  # fmt: skip
    data.update({"username": "lee", "email": "KIM@example.com", "date_joined_0": "2026-12-01",
                 "date_joined_1": "10:00:00", "is_active": "on"})  # fmt: skip
    answer = client.post(f"/admin/auth/user/{lee.pk}/change/", data)
    assert answer.status_code == 200  # the form again, not a 500
    assert answer.context["adminform"].form.errors["email"] == [
        "Another account already uses this email address."
    ]
    lee.refresh_from_db()
    assert lee.email == "lee@example.com"
