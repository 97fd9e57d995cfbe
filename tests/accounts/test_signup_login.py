"""Sign up, log in, log out; every user has a profile with a unique display name."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Profile

pytestmark = pytest.mark.django_db

PASSWORD = "tripeaks-Sunrise-42"


def signup(client: Client, username: str = "alice", display_name: str = "Alice L.", **extra: str):
    data = {
        "username": username,
        "display_name": display_name,
        "email": f"{username}@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **extra,
    }
    return client.post("/accounts/signup/", data)


def test_sign_up_then_log_out_then_log_in_again() -> None:
    client = Client(enforce_csrf_checks=False)
    response = signup(client)
    assert response.status_code == 302
    user = User.objects.get(username="alice")
    assert user.profile.display_name == "Alice L."
    assert client.get("/").context["user"] == user  # logged in right after sign-up

    assert client.post("/accounts/logout/").status_code == 302
    assert not client.get("/").context["user"].is_authenticated

    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/").context["user"] == user


def test_log_out_refuses_get() -> None:
    client = Client()
    signup(client)
    assert client.get("/accounts/logout/").status_code == 405
    assert client.get("/").context["user"].is_authenticated


def test_log_out_needs_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    user = User.objects.create_user("bob", password=PASSWORD)
    client.force_login(user)
    assert client.post("/accounts/logout/").status_code == 403
    assert client.get("/").context["user"].is_authenticated


def test_wrong_password_does_not_log_in() -> None:
    User.objects.create_user("carol", password=PASSWORD)
    client = Client()
    response = client.post("/accounts/login/", {"username": "carol", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated


def test_weak_password_is_refused_by_django_validators() -> None:
    client = Client()
    data = {"username": "dave", "display_name": "Dave", "email": "dave@example.com",
            "password1": "12345678",
            "password2": "12345678"}  # fmt: skip
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 400
    assert "password2" in response.context["form"].errors
    assert not User.objects.filter(username="dave").exists()


@pytest.mark.parametrize("name", ["A", "x" * 31, "a/b", "<script>", "ab\u0000", ".dot"])
def test_display_name_must_be_2_to_30_plain_characters(name: str) -> None:
    response = signup(Client(), display_name=name)
    assert response.status_code == 400
    assert "display_name" in response.context["form"].errors


def test_display_name_is_unique_ignoring_case() -> None:
    assert signup(Client(), "erin", "Champion").status_code == 302
    response = signup(Client(), "frank", "CHAMPION")
    assert response.status_code == 400
    assert "display_name" in response.context["form"].errors


def test_users_created_elsewhere_get_a_free_display_name() -> None:
    signup(Client(), "gina", "admin")
    admin = User.objects.create_superuser("admin", password=PASSWORD)
    assert admin.profile.display_name != "admin"
    assert Profile.objects.filter(display_name__iexact="admin").count() == 1
    short = User.objects.create_user("x", password=PASSWORD)
    assert 2 <= len(short.profile.display_name) <= 30


def test_sign_up_redirects_only_to_local_next() -> None:
    response = signup(Client(), next="https://evil.example.com/")
    assert response["Location"] == "/"
    response = signup(Client(), "hugo", "Hugo", next="/accounts/tokens/")
    assert response["Location"] == "/accounts/tokens/"
