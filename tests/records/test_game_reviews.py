"""Post-game reviews: an ended game is reviewed by the solver (a Celery task, eager here),
stored per result, pushed to the player's sockets and served by the API; a sealed
daily's review only once its day has closed."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import channel_layers, get_channel_layer
from django.test import Client
from django.utils import timezone

from core import pushes
from games.engine import DRAW, replay
from games.models import DailyDeal, Deal
from leaderboards.models import Result, ResultReview
from tests.engine.test_review_marks_the_losing_moves import TP_THROWN_AWAY
from tests.records.conftest import finish, numbered, player

pytestmark = pytest.mark.django_db

#: TP1-C-AAAAAAB is won in 48; this follows a winning line, then draws at step 16.
THROWN_AWAY = TP_THROWN_AWAY.split()
SEALED_CODE = "TP1-C-" + "B" * 27 + "C"


def played_out(code: str, prefix: list[str]) -> list[str]:
    """``prefix``, then the first legal removal (else a draw) until the game ends."""
    game = replay(code, prefix).game
    while game.status == "playing":
        removals = [a for a in game.legal_actions() if a != DRAW]
        game.apply(removals[0] if removals else DRAW)
    return list(game.log)


@pytest.fixture
def reviews_on(settings: Any, celery_eager: Any) -> None:
    """Reviews on, their task run in-process (the real worker has its own test below)."""
    settings.GAME_REVIEWS_ENABLED = True


def finish_reviewed(user: Any, deal: Deal, log: list[str], capture: Any, **kw: Any) -> Result:
    with capture(execute=True):
        finish(user, deal, log, **kw)
    return Result.objects.get(player=user, deal=deal)


def test_an_ended_game_is_reviewed_and_serves_its_first_losing_move(
    client: Client, reviews_on: None, django_capture_on_commit_callbacks: Any
) -> None:
    log = played_out("TP1-C-AAAAAAB", THROWN_AWAY)
    result = finish_reviewed(
        player("ada"), numbered("TP1-C-AAAAAAB"), log, django_capture_on_commit_callbacks
    )
    response = client.get(f"/api/results/{result.pk}/review")
    assert response.status_code == 200, response.content
    review = response.json()["review"]
    assert review["first_loss"] == 16
    assert len(review["steps"]) == len(log)
    first = review["steps"][16]
    assert (first["token"], first["mark"], first["before"]["cards_left"]) == ("D", "first", 0)
    assert first["better"] not in (None, "D")
    assert ResultReview.objects.get(result=result).status == ResultReview.Status.DONE


def test_the_players_sockets_hear_that_the_review_is_ready(
    reviews_on: None, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    # One process's in-memory layer, whatever the pass configures: the push is the point.
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    channel_layers.backends.clear()
    ada = player("ada")
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(pushes.user_group(ada.pk), channel)
    log = played_out("TP1-C-AAAAAAB", THROWN_AWAY)
    result = finish_reviewed(
        ada, numbered("TP1-C-AAAAAAB"), log, django_capture_on_commit_callbacks
    )
    pushed = []
    while True:
        message = async_to_sync(asyncio.wait_for)(layer.receive(channel), 30)
        pushed.append(message["payload"])
        if message["payload"]["type"] == "review":
            break
    assert pushed[-1] == {"type": "review", "result_id": result.pk, "status": "done"}


def test_a_sealed_dailys_review_opens_only_when_its_day_closes(
    client: Client, reviews_on: None, django_capture_on_commit_callbacks: Any
) -> None:
    deal = Deal.objects.create(
        code=SEALED_CODE,
        variant="TP-C",
        sealed=True,
        reveal_after=timezone.now() + timedelta(days=1),
    )
    daily = DailyDeal.objects.create(date=timezone.localdate(), variant="TP-C", deal=deal)
    log = played_out(SEALED_CODE, [])
    result = finish_reviewed(
        player("ada"), deal, log, django_capture_on_commit_callbacks, daily=daily
    )
    refused = client.get(f"/api/results/{result.pk}/review")
    assert refused.status_code == 403
    assert refused.json()["error"]["reason"] == "review_sealed"
    assert SEALED_CODE.split("-")[-1] not in refused.content.decode()
    Deal.objects.filter(pk=deal.pk).update(reveal_after=timezone.now() - timedelta(seconds=1))
    opened = client.get(f"/api/results/{result.pk}/review")
    assert opened.status_code == 200 and len(opened.json()["review"]["steps"]) == len(log)


def test_a_game_ended_with_reviews_off_has_none(client: Client) -> None:
    finish(player("ada"), numbered("TP1-C-AAAAAAB"), played_out("TP1-C-AAAAAAB", []))
    result = Result.objects.get()
    response = client.get(f"/api/results/{result.pk}/review")
    assert response.status_code == 404 and response.json()["error"]["reason"] == "no_review"


@pytest.mark.parametrize("path", ["/api/results/999999/review", "/api/results/x/review"])
def test_an_unknown_result_is_a_clear_4xx(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code in (404, 422)
    assert "error" in response.json()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_review_task_runs_on_the_real_worker(client: Client, settings: Any) -> None:
    import time

    assert not settings.CELERY_TASK_ALWAYS_EAGER
    settings.GAME_REVIEWS_ENABLED = True
    log = played_out("TP1-C-AAAAAAB", THROWN_AWAY)
    finish(player("ada"), numbered("TP1-C-AAAAAAB"), log)  # commits: the task is sent
    result = Result.objects.get()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        response = client.get(f"/api/results/{result.pk}/review")
        if response.status_code == 200:
            break
        assert response.status_code == 202, response.content
        time.sleep(0.5)
    assert response.status_code == 200
    assert response.json()["review"]["first_loss"] == 16
