"""Celery tasks of the leaderboards app. Thin (STYLE.md §8): ids in, a service call."""

from __future__ import annotations

from celery import shared_task

__all__ = ["review_result"]


# typing=False: no signature check of the arguments on each send (the sender thread
# ran ``inspect.Signature.bind`` for every result, issue 13).
@shared_task(name="leaderboards.review_result", ignore_result=True, typing=False)
def review_result(result_id: int) -> None:
    """Review every action of result ``result_id`` with the solver and store it."""
    from leaderboards.reviews import do_review_result

    do_review_result(result_id)
