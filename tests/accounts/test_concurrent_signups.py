"""Concurrent sign-ups with one display name on real PostgreSQL: one account, and a 4xx
for every other request, never a 500 (the unique constraints decide; accounts/views.py).

The attack (issue 12): 6 concurrent sign-ups with the same name on 3 workers gave 5
IntegrityError 500s. Threads here stand for the workers; each has its own connection.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client

from accounts.models import Profile

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

PASSWORD = "tripeaks-Sunrise-42"
THREADS = 8


def _race(names: list[tuple[str, str, str]]) -> list[int]:
    barrier = threading.Barrier(len(names))

    def attempt(triple: tuple[str, str, str]) -> int:
        username, display_name, email = triple
        client = Client()
        try:
            barrier.wait(timeout=30)
            answer = client.post("/accounts/signup/", {
                "username": username, "display_name": display_name, "email": email,
                "password1": PASSWORD, "password2": PASSWORD,
            })  # fmt: skip
            return int(answer.status_code)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(len(names)) as pool:
        return list(pool.map(attempt, names))


@pytest.mark.parametrize(
    "names",
    [
        [(f"user{i}", "Champion", f"{i}@example.com") for i in range(THREADS)],  # display name
        [(f"user{i}", n, f"{i}@example.com") for i, n in enumerate(
            ["Champion", "CHAMPION", "Ch\u0430mpion", "\uff23hampion"] * 2)],  # look-alikes
        [("sameuser", f"Name{i}", f"{i}@example.com") for i in range(THREADS)],  # user name
        [(f"user{i}", f"Name{i}", e) for i, e in enumerate(
            ["same@example.com", "SAME@example.com", "Same@Example.COM", "same@EXAMPLE.com"]
            * 2)],  # one e-mail address, whatever its case
    ],
)
def test_concurrent_same_name_sign_ups_make_one_account_and_4xx(
    names: list[tuple[str, str, str]], settings: Any
) -> None:
    assert connection.vendor == "postgresql"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    statuses = _race(names)
    assert statuses.count(302) == 1, statuses
    assert all(400 <= status < 500 for status in statuses if status != 302), statuses
    assert User.objects.count() == 1 and Profile.objects.count() == 1
