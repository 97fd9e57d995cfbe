"""Celery tasks of the leaderboards app. Thin (STYLE.md §8): ids in, a service call."""

from __future__ import annotations

from celery import shared_task

__all__ = ["review_result", "review_results"]


# typing=False: no signature check of the arguments on each send (the sender thread
# ran ``inspect.Signature.bind`` for every result, issue 13).
@shared_task(name="leaderboards.review_result", ignore_result=True, typing=False)
def review_result(result_id: int) -> None:
    """Review every action of result ``result_id`` with the solver and store it (eager
    runs, and messages an earlier release queued)."""
    from leaderboards.reviews import do_review_result

    do_review_result(result_id)


@shared_task(name="leaderboards.review_results", ignore_result=True, typing=False)
def review_results(result_ids: list[int]) -> None:
    """Review each of ``result_ids`` in turn: the results a web process stored within one
    send of its review sender (leaderboards.reviews), in one message."""
    from leaderboards.reviews import do_review_result

    for result_id in result_ids:
        do_review_result(result_id)
