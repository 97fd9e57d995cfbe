"""What a player is told of a stored result (the submission's and live play's answer).

The ranks come from leaderboards.services.ranks; the shape is ``Answer``
(leaderboards.payloads): the API's ``SubmitOut`` and the play socket's result frame.
"""

from __future__ import annotations

from games.models import Deal
from leaderboards.models import RecordEvent, Result
from leaderboards.payloads import Answer
from leaderboards.presenters import deal_info, event_info, par_of
from leaderboards.ranking import is_perfect
from leaderboards.services.ranks import Ranks, ranks_of


def guest_answer(deal: Deal) -> Answer:
    """A guest's finished game: stored nowhere, so no id, rank or events."""
    par = par_of(deal)
    return {
        "result_id": None,
        "rank": None,
        "first_try_rank": None,
        "first_try": False,
        "ranked": False,
        "review": None,
        "events": [],
        "par": par,
        "perfect": False,
    }


def answer(result: Result, made: list[RecordEvent], ranks: Ranks | None = None) -> Answer:
    """The answer to a stored result. ``ranks``: its ``rank`` and ``first_try_rank`` when
    the caller counted them under the lock before storing it; else counted now."""
    par = par_of(result.deal)
    rank, first_try_rank = ranks if ranks is not None else ranks_of(result)
    return {
        "result_id": result.pk,
        "deal": deal_info(result.deal),
        "rank": rank,
        "first_try_rank": first_try_rank,
        "first_try": result.first_try,
        "ranked": result.ranked,
        # "held": kept off the boards for an admin's bot-speed review (leaderboards.speed).
        "review": "held" if result.held else None,
        "events": [event_info(e) for e in made],
        "par": par,
        "perfect": is_perfect(result.won, result.moves, par),
        "won": result.won,
        "cards_left": result.cards_left,
        "moves": result.moves,
        "score": result.score,
        "duration_ms": result.duration_ms,
    }
