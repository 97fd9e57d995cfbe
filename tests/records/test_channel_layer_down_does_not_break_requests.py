"""With Redis down the result is stored and the request answers normally: the live push
fails in ``on_commit``, is logged, and nothing else."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client

from leaderboards.models import RecordEvent, Result
from tests.platform.helpers import bearer, make_player
from tests.records.logs import text, winning_log

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "TP1-E-AAAAAAB"


def test_a_submission_succeeds_while_the_channel_layer_is_unreachable(
    client: Client, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},  # nothing listens there
        }
    }
    _, token = make_player("ann")
    with caplog.at_level(logging.ERROR, logger="core.pushes"):
        response = client.post(
            f"/api/deals/{CODE}/results",
            {"log": text(winning_log(CODE))},
            content_type="application/json",
            **bearer(token),
        )
    assert response.status_code == 201, response.content
    assert [e["kind"] for e in response.json()["events"]] == ["FIRST_WIN"]
    assert Result.objects.count() == 1 and RecordEvent.objects.count() == 1
    assert any("could not send" in r.getMessage() for r in caplog.records)
