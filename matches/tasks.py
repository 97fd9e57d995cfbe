"""Celery tasks of matches: thin, each takes ids and calls one service.

Running any of them early, late or twice is harmless: the services check the match's
state under its lock (a round not yet due is left alone, a round ended once stays so).
A match deleted meanwhile is logged and skipped.
"""

from __future__ import annotations

import logging

from celery import shared_task

from matches.errors import MatchError
from matches.services.lobby import do_expire_lobbies
from matches.services.rounds import do_end_round_if_over, do_next_round

logger = logging.getLogger(__name__)

__all__ = ["end_round_task", "expire_lobbies_task", "next_round_task"]


@shared_task(name="matches.end_round", ignore_result=True)
def end_round_task(match_id: str, number: int) -> bool:
    """Queued with eta = the round's end: ends round ``number`` if it is over by now."""
    try:
        return do_end_round_if_over(match_id, number)
    except MatchError:  # the match was deleted meanwhile (an admin, a test's teardown)
        logger.warning("end_round: match %s is gone", match_id)
        return False


@shared_task(name="matches.next_round", ignore_result=True)
def next_round_task(match_id: str, number: int) -> int | None:
    """Draw and set up round ``number`` (the solver's vetting runs here, not in a request)."""
    try:
        rnd = do_next_round(match_id, number)
    except MatchError as err:  # gone, or no winnable deal found (logged; players wait)
        logger.warning("next_round: match %s round %s: %s", match_id, number, err.reason)
        return None
    return rnd.number if rnd is not None else None


@shared_task(name="matches.expire_lobbies", ignore_result=True)
def expire_lobbies_task() -> list[str]:
    """Beat, every minute: lobbies nobody started in 30 minutes expire."""
    return do_expire_lobbies()
