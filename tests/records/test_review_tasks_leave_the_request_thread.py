"""A stored result's review task is sent after the commit by the process's one sender
thread, not by the request's thread (leaderboards.reviews: Celery's send built a Redis
result backend per request thread, docs/performance.md §0a); the results stored while a
send waits go in the same message; a send the broker refuses is logged on that thread,
never raised (the review rows stay pending)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from config.celery import app
from leaderboards import reviews, tasks
from leaderboards.review_model import ResultReview
from tests.platform.helpers import make_player
from tests.records.conftest import numbered
from tests.records.logs import winning_log
from tests.records.test_submission_query_count import CODE, submit

pytestmark = pytest.mark.django_db


#: What each send carried (the ``queued`` fixture's ``delay``).
messages: list[list[int]] = []


@pytest.fixture
def queued(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Reviews on, a broker (not eager), and ``delay`` noting the thread that sends."""
    settings.GAME_REVIEWS_ENABLED = True
    senders: list[str] = []
    sent = threading.Event()

    def delay(result_ids: list[int]) -> None:
        senders.append(threading.current_thread().name)
        messages.append(list(result_ids))
        sent.set()
        if min(result_ids) < 0:  # the broker refusing
            raise ConnectionError("no broker")

    monkeypatch.setattr(tasks.review_results, "delay", delay)
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield senders
    finally:
        app.conf.task_always_eager = saved
    assert sent.wait(5)


def test_the_review_is_sent_by_the_sender_thread_after_the_commit(
    client: Client, queued: list[str], django_capture_on_commit_callbacks: Any
) -> None:
    numbered(CODE)
    _, token = make_player("reviewed")
    with django_capture_on_commit_callbacks(execute=True):
        answer = submit(client, token, winning_log(CODE))
    review = ResultReview.objects.get(result_id=answer["result_id"])
    assert review.status == ResultReview.Status.PENDING
    for _ in range(50):
        if queued:
            break
        threading.Event().wait(0.1)
    assert queued and queued[0].startswith("review-sender")
    assert queued[0] != threading.current_thread().name


def test_a_refused_send_is_logged_not_raised(
    queued: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    reviews._SENDER.submit(reviews._send, [-1]).result(timeout=5)  # raises nothing
    assert queued and "was not queued" in caplog.text


def test_results_stored_while_a_send_waits_share_its_message(queued: list[str]) -> None:
    messages.clear()
    for result_id in (11, 12, 13):
        reviews._queue(result_id)  # as three commits in a row do
    reviews._SENDER.submit(lambda: None).result(timeout=5)  # the sender has sent
    assert messages == [[11, 12, 13]]
    reviews._queue(14)
    reviews._SENDER.submit(lambda: None).result(timeout=5)
    assert messages == [[11, 12, 13], [14]]
