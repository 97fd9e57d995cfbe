"""Celery tasks of matches: thin, each takes ids and calls one service.

Running any of them early, late or twice is harmless: the services check the match's
state under its lock (a round not yet due is left alone, a round ended once stays so).
"""

from __future__ import annotations

from celery import shared_task

from matches.services.lobby import do_expire_lobbies
from matches.services.rounds import do_end_round_if_over, do_next_round

__all__ = ["end_round_task", "expire_lobbies_task", "next_round_task"]


@shared_task(name="matches.end_round", ignore_result=True)
def end_round_task(match_id: str, number: int) -> bool:
    """Queued with eta = the round's end: ends round ``number`` if it is over by now."""
    return do_end_round_if_over(match_id, number)


@shared_task(name="matches.next_round", ignore_result=True)
def next_round_task(match_id: str, number: int) -> int | None:
    """Draw and set up round ``number`` (the solver's vetting runs here, not in a request)."""
    rnd = do_next_round(match_id, number)
    return rnd.number if rnd is not None else None


@shared_task(name="matches.expire_lobbies", ignore_result=True)
def expire_lobbies_task() -> list[str]:
    """Beat, every minute: lobbies nobody started in 30 minutes expire."""
    return do_expire_lobbies()
