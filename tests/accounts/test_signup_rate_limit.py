"""Sign-ups are rate-limited per address and per submitted user name
(``RATE_LIMIT_SIGNUPS``, core/ratelimit.py): past the limit, 429 and no account."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "tripeaks-Sunrise-42"


def signup(username: str, address: str = "198.51.100.1") -> Any:
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", {
        "username": username, "display_name": username, "email": f"{username}@example.com",
        "password1": PASSWORD, "password2": PASSWORD,
    })  # fmt: skip


def test_sign_ups_past_the_per_address_limit_are_refused_and_create_nothing(
    settings: Any,
) -> None:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_SIGNUPS = (5, 3, 3600)
    assert [signup(f"bot{i}").status_code for i in range(3)] == [302, 302, 302]
    refused = signup("bot3")
    assert refused.status_code == 429
    assert refused.json()["error"]["reason"] == "rate_limited"
    assert int(refused["Retry-After"]) > 0
    assert not User.objects.filter(username="bot3").exists()
    assert User.objects.count() == 3
    assert signup("human", address="203.0.113.5").status_code == 302  # another address


def test_one_user_name_tried_too_often_is_refused(settings: Any) -> None:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_SIGNUPS = (2, 100, 3600)
    statuses = [signup("same", address=f"203.0.113.{i}").status_code for i in range(3)]
    assert statuses == [302, 400, 429]  # made, then taken, then refused before the form
    assert User.objects.filter(username="same").count() == 1
