"""The ghost race: a deal's record holder's run, to race live beside one's own game.

The ghost is the record (the deal's best result, ``leaderboards.boards.current_best``)
replayed through the engine, one point per action at the time the server measured it
(``Result.timings``): ``[ms, score, cards_left]``. Only figures, never a card: the
ghost's log stays on the server. Only deals whose code is public (numbered deals, past
dailies, revealed match deals) have a ghost: a sealed deal's run would still tell its
players how it goes. A record without timings (a submitted log) has no ghost.
"""

from __future__ import annotations

from typing import Any

from games.engine import new_game, parse_log
from games.models import Deal
from leaderboards.boards import current_best
from leaderboards.models import Result
from leaderboards.presenters import player_name
from matches.errors import MatchError


def _no_ghost(detail: str) -> MatchError:
    return MatchError("no_ghost", detail, 404)


def check_ghost(deal: Deal | None) -> Result:
    """The record to race on ``deal``; MatchError 404 ``no_ghost`` when there is none."""
    if deal is None or deal.public_code is None:
        raise _no_ghost("this deal has no public record to race yet")
    record = current_best(deal)
    if record is None:
        raise _no_ghost("nobody has played this deal yet")
    tokens = parse_log(record.log)
    if not record.timings or len(record.timings) != len(tokens):
        raise _no_ghost("the record was not played live: it has no timings")
    return record


def ghost_run(record: Result) -> dict[str, Any]:
    """The record's progress over time, from its log and its server-measured timings."""
    game = new_game(record.deal.code)
    points = [[0, game.score, game.cards_left]]
    for token, at_ms in zip(parse_log(record.log), record.timings, strict=True):
        game.apply(token)
        points.append([int(at_ms), game.score, game.cards_left])
    return {
        "player": player_name(record.player),
        "result_id": record.pk,
        "won": record.won,
        "score": record.score,
        "cards_left": record.cards_left,
        "moves": record.moves,
        "duration_ms": record.duration_ms,
        "points": points,
    }
