"""The HTTP API's platform endpoints and its JSON error shape."""

from __future__ import annotations

import json

import pytest
from django.test import Client, RequestFactory
from ninja.errors import ValidationError

from config.api import _on_validation_error, _on_value_error
from games.engine.errors import DealCodeError


# On PostgreSQL every request takes its connection first (config/db_pool.py).
@pytest.mark.django_db
def test_health_answers_ok(client: Client) -> None:
    response = client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


# On PostgreSQL every request takes its connection first (config/db_pool.py).
@pytest.mark.django_db
def test_api_docs_render(client: Client) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
    schema = client.get("/api/openapi.json")
    assert schema.status_code == 200
    assert schema.json()["info"]["title"] == "Solitaire Arena API"


# On PostgreSQL every request takes its connection first (config/db_pool.py).
@pytest.mark.django_db
def test_unknown_api_path_is_a_json_404(client: Client) -> None:
    response = client.get("/api/no-such-endpoint")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["reason"] == "not_found"


@pytest.mark.django_db
def test_unknown_page_outside_the_api_stays_html(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert not response["Content-Type"].startswith("application/json")


def test_engine_error_becomes_400_with_reason_and_localised_message() -> None:
    request = RequestFactory().get("/api/anything")
    request.LANGUAGE_CODE = "fr"
    response = _on_value_error(request, DealCodeError("bad prefix 'ZZ'"))
    assert response.status_code == 400
    body = json.loads(response.content)
    assert body == {"error": {"reason": "bad_code", "message": "Code de partie invalide"}}


def test_a_plain_value_error_is_not_hidden_as_a_400() -> None:
    request = RequestFactory().get("/api/anything")
    with pytest.raises(ValueError, match="bug"):
        _on_value_error(request, ValueError("bug"))


def test_validation_error_is_a_422_naming_the_field() -> None:
    request = RequestFactory().post("/api/anything")
    exc = ValidationError(
        [{"loc": ("body", "payload", "display_name"), "msg": "Field required", "type": "missing"}]
    )
    response = _on_validation_error(request, exc)
    assert response.status_code == 422
    body = json.loads(response.content)
    assert body["error"]["reason"] == "invalid"
    assert body["error"]["fields"] == {"display_name": "Field required"}
    assert "display_name" in body["error"]["message"]
