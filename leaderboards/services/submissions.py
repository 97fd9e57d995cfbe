"""What a finished game or a submitted log is, before anything is written.

Every figure of a result (won, cards left, score, moves) comes from replaying its log
through the engine; the duration comes from the server's clock (a live game's start
and finish) and is None for a submitted log, which the server did not see played.
``check_*`` validate without writing; ``record_game_result`` and ``do_submit_log``
hand a ``Played`` to leaderboards.services.recording, which writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from games.daily import daily_of_deal
from games.engine import WON, replay
from games.engine.play import ReplayResult
from games.models import Deal, Game
from leaderboards.errors import LeaderboardsRefusal
from leaderboards.models import Result
from leaderboards.payloads import Answer
from leaderboards.services.answers import guest_answer
from leaderboards.services.recording import do_record

#: Longest submitted log, in characters (a real game is a few hundred).
MAX_LOG_CHARS = 20_000
FINISHED = ("won", "blocked")


class SubmissionRefused(LeaderboardsRefusal):
    """A submitted log refused before replay: ``reason`` code and HTTP ``status``."""

    def __init__(self, reason: str, detail: str, status: int = 400) -> None:
        super().__init__(reason, detail, status)


@dataclass(frozen=True, slots=True)
class Played:
    """What the engine says a log did, plus what the server measured."""

    won: bool
    cards_left: int
    score: int
    moves: int
    log: str
    duration_ms: int | None
    abandoned: bool
    finished_at: datetime
    # The ranked attempt of a daily deal (the game's own flag, SPEC §8).
    ranked: bool = False
    # Server-measured ms from the game's start to each action (live games only).
    timings: tuple[int, ...] = ()
    # A hint was used (games.Game.assisted): the result is on no board.
    assisted: bool = False


def _played(replayed: ReplayResult, **measured: Any) -> Played:
    """The engine's figures of ``replayed`` with what the server ``measured``."""
    return Played(
        won=replayed.status == WON,
        cards_left=replayed.cards_left,
        score=replayed.score,
        moves=replayed.moves,
        log=" ".join(replayed.game.log),
        **measured,
    )


def check_submission(deal: Deal, log_text: str) -> ReplayResult:
    """A submitted log: not on a sealed deal, not oversized, legal, and finished.

    Raises SubmissionRefused, or the engine's ReplayError (with ``index``, ``token``,
    ``reason``) at the first illegal token.
    """
    if deal.sealed:
        raise SubmissionRefused(
            "sealed", "sealed (daily) deals take live games only, not submitted logs", 403
        )
    if len(log_text) > MAX_LOG_CHARS:
        raise SubmissionRefused(
            "log_too_long", f"a log has at most {MAX_LOG_CHARS} characters", 413
        )
    replayed = replay(deal.code, log_text)
    if replayed.status not in FINISHED:
        raise SubmissionRefused(
            "unfinished", "the log does not finish the game: it must end won or blocked"
        )
    return replayed


def live_duration_ms(game: Game) -> int:
    """The server's measure of a live game: its start to its finish."""
    finished = game.finished_at or timezone.now()
    return max(0, int((finished - game.started_at).total_seconds() * 1000))


def record_game_result(game: Game) -> Answer:
    """Store a finished live game's result and decide its records (called by live play
    once per ended game, inside its transaction). Guests' games are not stored.

    Idempotent: a game already recorded returns its result without new events.
    """
    if game.player_id is None:
        return guest_answer(game.deal)
    played = _played(
        replay(game.deal.code, game.log),
        duration_ms=live_duration_ms(game),
        abandoned=game.status == Game.Status.ABANDONED,
        finished_at=game.finished_at or timezone.now(),
        ranked=game.ranked,
        timings=tuple(game.timings or ()),
        assisted=game.assisted,
    )
    daily = game.daily if game.daily_id is not None else daily_of_deal(game.deal)
    return do_record(game.deal, game.player, played, Result.Source.LIVE, game, daily)


def do_submit_log(deal: Deal, player: Any, log_text: str) -> Answer:
    """Store a result from a log the player played elsewhere (numbered deals only).

    An illegal log raises ReplayError and stores nothing. The result's duration is None
    (no trustworthy time): it ranks behind any timed result with equal cards and moves.
    """
    played = _played(
        check_submission(deal, log_text),
        duration_ms=None,
        abandoned=False,
        finished_at=timezone.now(),
    )
    return do_record(deal, player, played, Result.Source.SUBMITTED, None, None)
