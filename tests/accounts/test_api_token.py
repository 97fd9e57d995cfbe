"""Personal API tokens: shown once, stored hashed, accepted as Bearer, refused once revoked."""

from __future__ import annotations

import hashlib
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import ApiToken

# Throwaway endpoints exercising the auth class live in tests/accounts/auth_urls.py.
pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.accounts.auth_urls")]


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", password="tripeaks-Sunrise-42")


def issue_via_page(client: Client, name: str = "laptop") -> str:
    response = client.post("/accounts/tokens/", {"name": name})
    assert response.status_code == 200
    match = re.search(r'<pre id="raw-token">([^<]+)</pre>', response.content.decode())
    assert match, "the raw token is shown on the creation response"
    return match.group(1)


def test_token_page_shows_the_raw_token_once_and_stores_only_its_hash(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    raw = issue_via_page(client)
    token = ApiToken.objects.get(user=alice)
    assert token.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert token.prefix == raw[:8]
    assert raw not in client.get("/accounts/tokens/").content.decode()
    assert token.prefix in client.get("/accounts/tokens/").content.decode()


def test_token_page_needs_login() -> None:
    response = Client().get("/accounts/tokens/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_bearer_token_authenticates_and_stamps_last_used(alice: User) -> None:
    token, raw = ApiToken.issue(alice, "cli")
    assert token.last_used_at is None
    response = Client().get("/api/_test_auth/whoami", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code == 200
    assert response.json() == {"user": "alice", "same": True}
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_revoked_token_gets_401_json(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    raw = issue_via_page(client)
    token = ApiToken.objects.get(user=alice)
    assert client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 302
    assert not ApiToken.objects.filter(pk=token.pk).exists()

    response = Client().get("/api/_test_auth/whoami", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code == 401
    assert response.json()["error"]["reason"] == "unauthorized"


@pytest.mark.parametrize("header", ["Bearer garbage", "Bearer ", "Token abc", "Basic YTpi"])
def test_garbage_authorization_gets_401_json(header: str) -> None:
    response = Client().get("/api/_test_auth/whoami", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["reason"] == "unauthorized"


def test_a_bad_token_is_refused_even_with_a_valid_session(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    assert client.get("/api/_test_auth/whoami").status_code == 200
    response = client.get("/api/_test_auth/whoami", HTTP_AUTHORIZATION="Bearer garbage")
    assert response.status_code == 401


def test_nobody_gets_401_where_guests_are_not_allowed() -> None:
    assert Client().get("/api/_test_auth/whoami").status_code == 401


def test_token_of_a_deactivated_user_is_refused(alice: User) -> None:
    _token, raw = ApiToken.issue(alice, "cli")
    alice.is_active = False
    alice.save()
    response = Client().get("/api/_test_auth/whoami", HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert response.status_code == 401


def test_session_post_needs_csrf_but_bearer_post_does_not(alice: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post("/api/_test_auth/poke").status_code == 403
    client.get("/accounts/tokens/")  # sets the CSRF cookie
    csrf = client.cookies["csrftoken"].value
    response = client.post("/api/_test_auth/poke", HTTP_X_CSRFTOKEN=csrf)
    assert response.status_code == 200 and response.json() == {"authenticated": True}

    _token, raw = ApiToken.issue(alice, "cli")
    response = Client(enforce_csrf_checks=True).post(
        "/api/_test_auth/poke", HTTP_AUTHORIZATION=f"Bearer {raw}"
    )
    assert response.status_code == 200


def test_guests_pass_where_the_endpoint_allows_them() -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")  # sets the CSRF cookie
    csrf = client.cookies["csrftoken"].value
    response = client.post("/api/_test_auth/poke", HTTP_X_CSRFTOKEN=csrf)
    assert response.status_code == 200
    assert response.json() == {"authenticated": False}


def test_someone_elses_token_cannot_be_revoked(alice: User) -> None:
    token, _raw = ApiToken.issue(alice, "cli")
    mallory = User.objects.create_user("mallory", password="tripeaks-Sunrise-42")
    client = Client()
    client.force_login(mallory)
    assert client.post(f"/accounts/tokens/{token.pk}/revoke/").status_code == 404
    assert ApiToken.objects.filter(pk=token.pk).exists()
