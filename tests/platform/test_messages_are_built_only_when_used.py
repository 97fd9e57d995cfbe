"""Django's messages keep working while their storage is built only by the requests that
use it (core/lazy_messages.py): an API request pays for no cookie signer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core import signing
from django.test import Client

pytestmark = pytest.mark.django_db

EMPTY_LOOKUP_MESSAGE = "Give a deal number or a deal code."


@pytest.fixture
def storages_built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Each cookie signer built (the messages' cookie storage builds one; nothing else
    on these paths does), in order: Django's own MessageMiddleware builds one for every
    request."""
    built: list[Any] = []
    real = signing.get_cookie_signer

    def counting(*args: Any, **kwargs: Any) -> Any:
        signer = real(*args, **kwargs)
        built.append(signer)
        return signer

    monkeypatch.setattr(signing, "get_cookie_signer", counting)
    yield built


def test_a_message_added_before_a_redirect_shows_on_the_next_page(
    client: Client, storages_built: list[Any]
) -> None:
    response = client.get("/deals/?number=", HTTP_REFERER="/")
    assert response.status_code == 302
    assert "messages" in response.cookies  # stored for the next request
    page = client.get(response["Location"])
    assert EMPTY_LOOKUP_MESSAGE in page.content.decode()
    again = client.get("/")
    assert EMPTY_LOOKUP_MESSAGE not in again.content.decode()  # shown once, then gone
    assert storages_built  # built where used


def test_an_api_request_builds_no_message_storage(
    client: Client, storages_built: list[Any]
) -> None:
    response = client.get("/api/deals/TP1-E-AAAAAAB")
    assert response.status_code == 200
    assert storages_built == []
    assert "messages" not in response.cookies


def test_a_pending_message_survives_requests_that_do_not_read_it(
    client: Client, storages_built: list[Any]
) -> None:
    client.get("/deals/?number=", HTTP_REFERER="/")
    api = client.get("/api/deals/TP1-E-AAAAAAB")
    assert "messages" not in api.cookies  # the cookie is neither rewritten nor deleted
    page = client.get("/")
    assert EMPTY_LOOKUP_MESSAGE in page.content.decode()
