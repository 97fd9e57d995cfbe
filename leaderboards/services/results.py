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
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists
from django.utils import timezone

from games.daily import daily_of_deal
from games.engine import WON, ReplayError, replay
from games.engine.play import ReplayResult
from games.models import DailyDeal, Deal, Game
from leaderboards import events
from leaderboards.boards import (
    best_ever_rank,
    board_order,
    board_results,
    board_view,
    current_best,
    on_boards,
    strictly_better,
)
from leaderboards.models import DealBoardState, RecordChange, RecordEvent, Result
from leaderboards.presenters import deal_info, event_info, par_of, result_info
from leaderboards.ranking import is_perfect, sort_key, tie_key
from leaderboards.records import Decision, decide
from leaderboards.speed import held_reason

logger = logging.getLogger(__name__)

#: Longest submitted log, in characters (a real game is a few hundred).
MAX_LOG_CHARS = 20_000
#: Rows of the best-ever board pushed to a deal's watchers after each change.
PUSHED_BOARD_ROWS = 10
FINISHED = ("won", "blocked")


class SubmissionRefused(ValueError):
    """A submitted log refused before replay: ``reason`` code and HTTP ``status``."""

    def __init__(self, reason: str, detail: str, status: int = 400) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.status = status


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
        # One read of the board under the lock, before the new result: the record
        # decision, the pushed board and the answer's ranks all come from it.
        rows = board_results(deal)
        previous_best = min(rows, key=sort_key, default=None)
        own_previous = min(
            (row for row in rows if row.player_id == player.pk), key=sort_key, default=None
        )
        played_before, ever_won = played_and_ever_won(deal, player.pk)
        first_try = not played_before
        ranked = played.ranked and daily is not None
        held = _held(played, source)
        result = Result.objects.create(
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
            first_try=first_try,
            daily=daily,
            ranked=ranked,
            timings=list(played.timings),
            held=held is not None,
            held_reason=(held or "")[:200],
        )
        decision = decide(result, previous_best, own_previous, ever_won)
        state.results_count += 1
        made = apply_decision(state, result, decision, rows)
        return _answer(result, made, rows)


def apply_decision(
    state: DealBoardState, result: Result, decision: Decision, rows: list[Result]
) -> list[RecordEvent]:
    """Write what ``decision`` says of ``result`` (its event, a change of the deal's #1)
    under the deal's lock, and queue the pushes for the commit. ``rows``: the deal's
    board results read under the lock before ``result`` joined them; ``result`` is
    appended when it is on the boards, so the caller's answer counts ranks from it."""
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
    state.updated_at = timezone.now()
    state.save()
    for event in made:
        publish_event(event)
    if result.on_boards:
        rows.append(result)  # the board as a fresh read would now find it
        publish_board(result.deal, rows)
    return made


def played_and_ever_won(deal: Deal, player_id: int) -> tuple[bool, bool]:
    """Whether the player has any result on the deal (abandoned ones too: then the new
    one is no first try), and whether a FIRST_WIN was ever given on it; one statement."""
    row = (
        Deal.objects.filter(pk=deal.pk)
        .values(
            played=Exists(Result.objects.filter(deal=deal, player_id=player_id)),
            ever_won=Exists(
                RecordEvent.objects.filter(deal=deal, kind=RecordEvent.Kind.FIRST_WIN)
            ),
        )
        .get()
    )
    return bool(row["played"]), bool(row["ever_won"])


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
    groups = [events.user_group(event.player_id), events.deal_group(event.deal)]
    if event.in_feed:
        groups.append(events.FEED_GROUP)
    return groups


def publish_event(event: RecordEvent) -> None:
    """Queue one push of ``event`` for when the transaction commits."""
    events.publish_on_commit(event_groups(event), events.record_payload(event_info(event)))


def publish_board(deal: Deal, results: list[Result] | None = None) -> None:
    """Queue the deal's best-ever top for its watchers (computed now, under the lock).
    ``results``: ``board_results(deal)`` when the caller already has them."""
    view = board_view(deal, "best", PUSHED_BOARD_ROWS, results=results)
    view.pop("me", None)
    view.pop("around", None)
    events.publish_on_commit([events.deal_group(deal)], events.board_payload(view))


def _answer(
    result: Result, made: list[RecordEvent], rows: list[Result] | None = None
) -> dict[str, Any]:
    """The answer to a stored result. ``rows``: the deal's board results with it stored
    (what ``board_results(deal)`` would read now); the ranks are then counted from them
    instead of queried."""
    par = par_of(result.deal)
    if rows is None:
        rank = best_ever_rank(_players_best(result))
        first_try_rank = _first_try_rank(result)
    else:
        rank, first_try_rank = _ranks_in(rows, result)
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


def _players_best(result: Result) -> Result:
    """The player's best result on the deal (their row on the best-ever board)."""
    best = (
        on_boards(result.deal).filter(player_id=result.player_id).order_by(*board_order()).first()
    )
    return best if best is not None else result


def _first_try_rank(result: Result) -> int | None:
    first = on_boards(result.deal).filter(player_id=result.player_id, first_try=True).first()
    if first is None:
        return None
    others = (
        on_boards(result.deal)
        .filter(first_try=True)
        .exclude(player_id=result.player_id)
        .filter(strictly_better(first))
        .count()
    )
    return others + 1


def _ranks_in(rows: list[Result], result: Result) -> tuple[int | None, int | None]:
    """``best_ever_rank(_players_best(result))`` and ``_first_try_rank(result)``, counted
    from the deal's board results (``rows``, which include ``result``'s player's)."""
    me = result.player_id
    mine = [r for r in rows if r.player_id == me]
    best = min(mine, key=sort_key) if mine else result
    rank: int | None = None
    if best.on_boards:
        key = tie_key(best)
        rank = 1 + len({r.player_id for r in rows if r.player_id != me and tie_key(r) < key})
    firsts = [r for r in mine if r.first_try]
    if not firsts:
        return rank, None
    # _first_try_rank's .first() follows Result's Meta ordering: the latest first.
    first_key = tie_key(max(firsts, key=lambda r: (r.created_at, r.pk)))
    others = sum(1 for r in rows if r.first_try and r.player_id != me and tie_key(r) < first_key)
    return rank, others + 1


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
