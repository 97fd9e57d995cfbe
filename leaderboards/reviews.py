"""Post-game reviews (issue 15): the solver judges every action of a stored result.

``schedule_review`` is called once when a result is stored; after the commit it queues
the result for the ``leaderboards.review_results`` task (one message for the results a
process stored within ``BATCH_WAIT_S``; ``review_result`` when eager, in development),
which calls ``do_review_result``: the engine's ``review_game`` over the result's log, stored in a
``ResultReview`` row, then a ``{"type": "review"}`` push to the player's sockets (their
open play page) saying it is ready. The push carries no card: the review itself is read
through ``review_view``, which refuses a sealed daily's review until its day closes.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core import fast_rows, pushes
from games.engine.solver import SOLVER_VERSION
from games.engine.solver.review import review_game
from leaderboards.errors import LeaderboardsRefusal
from leaderboards.models import Result
from leaderboards.review_model import ResultReview

logger = logging.getLogger(__name__)


class ReviewUnavailable(LeaderboardsRefusal):
    """No review to show: ``reason`` and ``status`` are the API's answer."""

    def __init__(self, reason: str, detail: str, status: int) -> None:
        super().__init__(reason, detail, status)


#: Sends the review tasks of this process, one after the other, off the request's thread.
_SENDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review-sender")
#: Stored results whose review the sender has not sent yet: its next send takes them all.
_PENDING: list[int] = []
_PENDING_LOCK = threading.Lock()
#: How long the sender waits for more results before a send: one Celery message per
#: send, not per result (Celery's publish, with kombu's declare-with-retry, was about a
#: tenth of a submission's CPU in py-spy at 20 ms, with two or three results a send;
#: issue 13); a review waits this much longer, beside the solver's 0.1 s or more.
BATCH_WAIT_S = 0.1


def schedule_review(result: Result) -> None:
    """Note a pending review of a just-stored result and queue its task once the result
    is committed (``create``: a new result has no review yet)."""
    if not settings.GAME_REVIEWS_ENABLED or not result.log:
        return
    # Its key is never read: inside the caller's ``fast_rows.together`` block it waits.
    fast_rows.insert(ResultReview(result=result), read_key=False)
    result_id = result.pk
    transaction.on_commit(lambda: _queue(result_id))


def _queue(result_id: int) -> None:
    """Eager (development, tests): run it now. Else leave it to this process's one
    sender thread: Celery's publish is a Redis round trip, and its result backend is
    per thread, so each request thread (Django's own ASGI handler gave every request a
    new one) built a new Redis backend (profiled: about 45 % of a submission, issue 13)."""
    from leaderboards.tasks import review_result

    if review_result.app.conf.task_always_eager:  # in this thread, on its connection
        review_result.delay(result_id)
        return
    with _PENDING_LOCK:
        _PENDING.append(result_id)
        first = len(_PENDING) == 1
    if first:  # else a send is already on its way to the sender and will take it
        _SENDER.submit(_send_pending)


def _send_pending() -> None:
    time.sleep(BATCH_WAIT_S)
    with _PENDING_LOCK:
        result_ids = _PENDING[:]
        _PENDING.clear()
    _send(result_ids)


def _send(result_ids: list[int]) -> None:
    from leaderboards.tasks import review_results

    try:
        review_results.delay(result_ids)
    except Exception:  # the broker down: the reviews stay pending, the results are stored
        logger.exception("review_results: the task of results %s was not queued", result_ids)


def do_review_result(result_id: int) -> ResultReview | None:
    """Compute and store the review of one result, then tell the player it is ready."""
    result = Result.objects.select_related("deal").filter(pk=result_id).first()
    if result is None:
        logger.warning("review_result: result %s does not exist (deleted?)", result_id)
        return None
    started = time.perf_counter()
    review, _ = ResultReview.objects.get_or_create(result=result)
    try:
        data = review_game(result.deal.code, result.log).as_dict()
    except ValueError:
        logger.exception("review_result: the log of result %s does not review", result_id)
        review.status = ResultReview.Status.FAILED
        review.save(update_fields=["status"])
        return review
    review.data = data
    review.status = ResultReview.Status.DONE
    review.solver_version = SOLVER_VERSION
    review.ms = int((time.perf_counter() - started) * 1000)
    review.computed_at = timezone.now()
    review.save()
    payload = {"type": "review", "result_id": result.pk, "status": review.status}
    pushes.publish_on_commit([pushes.user_group(result.player_id)], payload)
    return review


def review_view(result_id: int, staff: bool = False) -> dict[str, Any]:
    """The review of a public result, as the API and the replay page show it."""
    result = Result.objects.select_related("deal").filter(pk=result_id).first()
    if result is None or result.disqualified or (result.held and not staff):
        raise ReviewUnavailable("not_found", "No such result.", 404)
    if result.deal.public_code is None:
        raise ReviewUnavailable(
            "review_sealed", "This daily deal is sealed: its reviews open when its day closes.", 403
        )
    review = ResultReview.objects.filter(result=result).first()
    if review is None:
        raise ReviewUnavailable("no_review", "This result has no review.", 404)
    answer: dict[str, Any] = {"result_id": result.pk, "status": review.status}
    if review.status == ResultReview.Status.DONE:
        answer["review"] = review.data
        answer["ms"] = review.ms
    return answer
