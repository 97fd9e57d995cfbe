"""Recording results and deciding records (zulip's check_* / do_* split).

``check_*`` validate without writing; ``do_*`` write. Every figure of a result (won,
cards left, score, moves) comes from replaying its log through the engine; the
duration comes from the server's clock (a live game's start and finish) and is None
for a submitted log, which the server did not see played.

Every record decision on a deal runs in one transaction holding the deal's
``DealBoardState`` row lock (``select_for_update``): concurrent finishes on a deal are
decided one after the other, so FIRST_WIN is given exactly once (the partial unique
constraint on RecordEvent is the backstop). Events are published with
``transaction.on_commit``: nothing is sent for a rolled-back transaction.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from core import pushes
from games.daily import daily_of_deal
from games.engine import WON, ReplayError, replay
from games.engine.play import ReplayResult
from games.groups import deal_group
from games.models import DailyDeal, Deal, Game
from leaderboards import board_rows, events
from leaderboards.boards import board_view, current_best
from leaderboards.errors import LeaderboardsRefusal
from leaderboards.models import DealBoardState, RecordChange, RecordEvent, Result
from leaderboards.presenters import deal_info, event_info, par_of, result_info
from leaderboards.ranking import is_perfect
from leaderboards.records import Decision, decide
from leaderboards.reviews import schedule_review
from leaderboards.speed import held_reason

logger = logging.getLogger(__name__)

#: Longest submitted log, in characters (a real game is a few hundred).
MAX_LOG_CHARS = 20_000
#: Rows of the best-ever board pushed to a deal's watchers after each change.
PUSHED_BOARD_ROWS = 10
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


def _facts(replayed: ReplayResult) -> tuple[bool, int, int, int, str]:
    game = replayed.game
    return (
        replayed.status == WON,
        replayed.cards_left,
        replayed.score,
        replayed.moves,
        " ".join(game.log),
    )


# -- checks -------------------------------------------------------------------------------


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


# -- doing --------------------------------------------------------------------------------


def guest_answer(deal: Deal) -> dict[str, Any]:
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


def record_game_result(game: Game) -> dict[str, Any]:
    """Store a finished live game's result and decide its records (called by live play
    once per ended game, inside its transaction). Guests' games are not stored.

    Idempotent: a game already recorded returns its result without new events.
    """
    if game.player_id is None:
        return guest_answer(game.deal)
    won, cards_left, score, moves, log = _facts(replay(game.deal.code, game.log))
    played = Played(
        won=won,
        cards_left=cards_left,
        score=score,
        moves=moves,
        log=log,
        duration_ms=live_duration_ms(game),
        abandoned=game.status == Game.Status.ABANDONED,
        finished_at=game.finished_at or timezone.now(),
        ranked=game.ranked,
        timings=tuple(game.timings or ()),
        assisted=game.assisted,
    )
    daily = game.daily if game.daily_id is not None else daily_of_deal(game.deal)
    return _do_record(game.deal, game.player, played, Result.Source.LIVE, game, daily)


def do_submit_log(deal: Deal, player: Any, log_text: str) -> dict[str, Any]:
    """Store a result from a log the player played elsewhere (numbered deals only).

    An illegal log raises ReplayError and stores nothing. The result's duration is None
    (no trustworthy time): it ranks behind any timed result with equal cards and moves.
    """
    replayed = check_submission(deal, log_text)
    won, cards_left, score, moves, log = _facts(replayed)
    played = Played(
        won=won,
        cards_left=cards_left,
        score=score,
        moves=moves,
        log=log,
        duration_ms=None,
        abandoned=False,
        finished_at=timezone.now(),
    )
    return _do_record(deal, player, played, Result.Source.SUBMITTED, None, None)


def lock_board(deal: Deal) -> DealBoardState:
    """Take the deal's record lock for the rest of the transaction (row created once)."""
    state, _ = DealBoardState.objects.select_for_update().get_or_create(deal=deal)
    return state


def _held(played: Played, source: str) -> str | None:
    """Why a live result is held for bot-speed review, or None (leaderboards.speed)."""
    if source != Result.Source.LIVE or played.abandoned:
        return None
    if not settings.SPEED_REVIEW_ENABLED:
        return None
    return held_reason(played.timings)


def _do_record(
    deal: Deal,
    player: Any,
    played: Played,
    source: str,
    game: Game | None,
    daily: DailyDeal | None,
) -> dict[str, Any]:
    with transaction.atomic():
        state = lock_board(deal)
        if game is not None:
            existing = Result.objects.filter(game=game).first()
            if existing is not None:
                return _answer(existing, [])
        ranked = played.ranked and daily is not None
        held = _held(played, source)
        result = Result(
            deal=deal,
            player=player,
            game=game,
            source=source,
            won=played.won,
            abandoned=played.abandoned,
            cards_left=played.cards_left,
            score=played.score,
            moves=played.moves,
            duration_ms=played.duration_ms,
            log=played.log,
            # The decision time, under the lock: "earlier" on ties (SPEC §7) then means
            # "recorded first", the same order the record decisions were made in.
            created_at=timezone.now(),
            daily=daily,
            ranked=ranked,
            timings=list(played.timings),
            held=held is not None,
            held_reason=(held or "")[:200],
            assisted=played.assisted,
        )
        # One read of the boards under the lock, before the new result: the record
        # decision and the answer's ranks come from it (leaderboards.board_rows).
        before = board_rows.read_before(
            deal.pk, player.pk, result if result.on_boards else None
        )
        result.first_try = not before.played
        result.save(force_insert=True)
        schedule_review(result)  # the solver's post-game review, after the commit
        decision = decide(result, before.top, before.own_best, before.ever_won)
        state.results_count += 1
        made = apply_decision(state, result, decision, before)
        return _answer(result, made, before.ranks(result))


def apply_decision(
    state: DealBoardState, result: Result, decision: Decision, before: board_rows.Before
) -> list[RecordEvent]:
    """Write what ``decision`` says of ``result`` (its event, a change of the deal's #1,
    its board rows) under the deal's lock, and queue the pushes for the commit.
    ``before``: the boards as read under the lock before ``result`` joined them."""
    made: list[RecordEvent] = []
    if decision.kind is not None:
        made.append(_make_event(result, decision.kind, decision.previous_holder_id))
    if decision.change_reason is not None:
        RecordChange.objects.create(
            deal=result.deal,
            result=result,
            holder=result.player,
            previous_holder_id=decision.previous_holder_id,
            reason=decision.change_reason,
            created_at=result.created_at,
        )
        state.record = result
    board_rows.add(state, result, before)
    state.updated_at = timezone.now()
    state.save()
    for event in made:
        publish_event(event)
    if result.on_boards:
        publish_board(result.deal)
    return made


def _make_event(result: Result, kind: str, previous_holder_id: int | None) -> RecordEvent:
    """Create the event; a FIRST_WIN refused by the unique constraint (a code path that
    skipped the lock) becomes a NEW_RECORD instead of failing the whole result."""
    par = par_of(result.deal)
    fields: dict[str, Any] = {
        "deal": result.deal,
        "result": result,
        "player": result.player,
        "previous_holder_id": previous_holder_id,
        "created_at": result.created_at,
        "payload": {"result": result_info(result, par), "par": par},
    }
    if kind == RecordEvent.Kind.FIRST_WIN:
        try:
            with transaction.atomic():
                return RecordEvent.objects.create(kind=kind, **fields)
        except IntegrityError:
            logger.warning("FIRST_WIN already given on %s: recording NEW_RECORD", result.deal)
            kind = RecordEvent.Kind.NEW_RECORD
    return RecordEvent.objects.create(kind=kind, **fields)


def event_groups(event: RecordEvent) -> list[str]:
    """Who hears of an event: the player, the deal's watchers, and (record news only)
    the site feed. RECORD_INHERITED goes to its new holder, who is ``event.player``."""
    groups = [pushes.user_group(event.player_id), deal_group(event.deal)]
    if event.in_feed:
        groups.append(events.FEED_GROUP)
    return groups


def publish_event(event: RecordEvent) -> None:
    """Queue one push of ``event`` for when the transaction commits."""
    pushes.publish_on_commit(event_groups(event), events.record_payload(event_info(event)))


def pushed_board(deal: Deal) -> dict[str, Any]:
    """The deal's best-ever top as its watchers get it (no player's own row)."""
    view = board_view(deal, "best", PUSHED_BOARD_ROWS)
    view.pop("me", None)
    view.pop("around", None)
    return events.board_payload(view)


def publish_board(deal: Deal) -> None:
    """Queue the deal's best-ever top for its watchers, read once the transaction has
    committed: out of the deal's lock, which the next result on the deal is waiting for."""
    pushes.build_on_commit([deal_group(deal)], partial(pushed_board, deal))


def _answer(
    result: Result, made: list[RecordEvent], ranks: tuple[int | None, int | None] | None = None
) -> dict[str, Any]:
    """The answer to a stored result. ``ranks``: its ``rank`` and ``first_try_rank`` when
    the caller has them (counted under the lock before it was stored); else queried."""
    par = par_of(result.deal)
    rank, first_try_rank = ranks if ranks is not None else _ranks_of(result)
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


def _ranks_of(result: Result) -> tuple[int | None, int | None]:
    """The player's ranks on the deal's two boards as they stand (a result recorded
    before: the same game answered again)."""
    rank: int | None = None
    first: int | None = None
    for row, ahead in board_rows.player_rows(result.deal_id, result.player_id):
        if row == board_rows.BEST:
            rank = ahead + 1
        else:
            first = ahead + 1
    return rank, first


# -- disqualification ---------------------------------------------------------------------


def do_disqualify_result(result_id: int, reason: str, by: Any = None) -> RecordEvent | None:
    """Take a result off the boards. If it held the deal's record, the next best
    inherits it: a RecordChange is written and its player gets RECORD_INHERITED.
    Returns that event (None otherwise). Disqualifying twice changes nothing."""
    with transaction.atomic():
        deal = Result.objects.select_related("deal").get(pk=result_id).deal
        state = lock_board(deal)
        result = Result.objects.select_for_update().get(pk=result_id)
        if result.disqualified:
            return None
        old_best = current_best(deal)
        result.disqualified = True
        who = f" by {by.get_username()}" if by is not None else ""
        result.disqualified_reason = (reason or "disqualified")[:180] + who
        result.disqualified_at = timezone.now()
        result.save(update_fields=["disqualified", "disqualified_reason", "disqualified_at"])
        board_rows.remove(state, result)
        event: RecordEvent | None = None
        if old_best is not None and old_best.pk == result.pk:
            new_best = current_best(deal)
            RecordChange.objects.create(
                deal=deal,
                result=new_best,
                holder=new_best.player if new_best is not None else None,
                previous_holder=result.player,
                reason=RecordChange.Reason.DISQUALIFICATION,
            )
            state.record = new_best
            state.updated_at = timezone.now()
            state.save()
            if new_best is not None:
                event = _inherit_event(new_best, result)
                publish_event(event)
        publish_board(deal)
        return event


def _inherit_event(new_best: Result, lost: Result) -> RecordEvent:
    par = par_of(new_best.deal)
    return RecordEvent.objects.create(
        kind=RecordEvent.Kind.RECORD_INHERITED,
        deal=new_best.deal,
        result=new_best,
        player=new_best.player,
        previous_holder=lost.player,
        payload={"result": result_info(new_best, par), "par": par},
    )


__all__ = [
    "MAX_LOG_CHARS",
    "ReplayError",
    "SubmissionRefused",
    "check_submission",
    "do_disqualify_result",
    "do_submit_log",
    "lock_board",
    "record_game_result",
]
