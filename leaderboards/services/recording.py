"""Storing a result and deciding its records, under the deal's lock.

Every record decision on a deal runs in one transaction holding the deal's
``DealBoardState`` row lock (``select_for_update``): concurrent finishes on a deal are
decided one after the other, so FIRST_WIN is given exactly once (the partial unique
constraint on RecordEvent is the backstop). The decision itself is
leaderboards.records.decide; the boards it reads and writes are leaderboards.board_rows.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from core import fast_rows
from games.models import DailyDeal, Deal, Game
from leaderboards import board_rows
from leaderboards.models import DealBoardState, RecordChange, RecordEvent, Result
from leaderboards.payloads import Answer
from leaderboards.presenters import par_of, result_info
from leaderboards.records import Decision, decide
from leaderboards.reviews import schedule_review
from leaderboards.services.answers import answer
from leaderboards.services.publishing import publish_board, publish_event
from leaderboards.services.ranks import ranks_of
from leaderboards.speed import held_reason

if TYPE_CHECKING:
    from leaderboards.services.submissions import Played

logger = logging.getLogger(__name__)


def lock_board(deal: Deal) -> DealBoardState:
    """Take the deal's record lock for the rest of the transaction (row created once)."""
    state = fast_rows.get(DealBoardState, deal.pk, for_update=True)
    if state is None:  # the deal's first result
        state, _ = DealBoardState.objects.select_for_update().get_or_create(deal=deal)
    return state


#: What a record decision changes of the deal's locked ``DealBoardState``.
STATE_FIELDS = ("record", "results_count", "best_players", "first_players", "updated_at")


def _held(played: Played, source: str) -> str | None:
    """Why a live result is held for bot-speed review, or None (leaderboards.speed)."""
    if source != Result.Source.LIVE or played.abandoned:
        return None
    if not settings.SPEED_REVIEW_ENABLED:
        return None
    return held_reason(played.timings)


def _new_result(played: Played, source: str, daily: DailyDeal | None, **links: Any) -> Result:
    """The unsaved result of ``played`` (its decision time taken now, under the lock);
    ``links``: its ``deal``, ``player`` and ``game``."""
    held = _held(played, source)
    return Result(
        **links,
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
        ranked=played.ranked and daily is not None,
        timings=list(played.timings),
        held=held is not None,
        held_reason=(held or "")[:200],
        assisted=played.assisted,
    )


def do_record(
    deal: Deal,
    player: Any,
    played: Played,
    source: str,
    game: Game | None,
    daily: DailyDeal | None,
) -> Answer:
    """Store ``played`` as ``player``'s result and decide its records; the answer.
    A live ``game`` already recorded is answered again without new events."""
    with transaction.atomic():
        state = lock_board(deal)
        if game is not None:
            existing = Result.objects.filter(game=game).first()
            if existing is not None:
                return answer(existing, [])
        result = _new_result(played, source, daily, deal=deal, player=player, game=game)
        # One read of the boards under the lock, before the new result: the record
        # decision and the answer's ranks come from it (leaderboards.board_rows), and on
        # PostgreSQL the result's key.
        new = result if result.on_boards else None
        before = board_rows.read_before(deal.pk, player.pk, new, draw_key=True)
        result.pk = before.new_key
        result.first_try = not before.played
        decision = decide(result, before.top, before.own_best, before.ever_won)
        state.results_count += 1
        # The result, its pending review, its board rows and the deal's state: one
        # statement where the key was drawn (core.fast_rows.together).
        with fast_rows.together():
            fast_rows.insert(result)
            schedule_review(result)  # the solver's post-game review, after the commit
            write_boards(state, result, decision, before)
        made = make_events(result, decision)
        return answer(result, made, ranks_of(result, before))


def apply_decision(
    state: DealBoardState, result: Result, decision: Decision, before: board_rows.Before
) -> list[RecordEvent]:
    """Write what ``decision`` says of a stored ``result`` (its board rows, the deal's
    state, its event and a change of the deal's #1) under the deal's lock, and queue the
    pushes for the commit. ``before``: the boards as read under the lock before
    ``result`` joined them."""
    with fast_rows.together():
        write_boards(state, result, decision, before)
    return make_events(result, decision)


def write_boards(
    state: DealBoardState, result: Result, decision: Decision, before: board_rows.Before
) -> None:
    """The boards' side of ``decision``: ``result``'s rows, and the deal's locked state
    (its counts, and its #1 when the decision changes it). Writes of core.fast_rows only,
    so that they can wait in a ``together`` block."""
    if decision.change_reason is not None:
        state.record = result
    board_rows.add(state, result, before)
    state.updated_at = timezone.now()
    fast_rows.update(state, STATE_FIELDS)


def make_events(result: Result, decision: Decision) -> list[RecordEvent]:
    """The news side of ``decision`` once ``result``'s rows are written: its event, the
    change of the deal's #1, and the pushes for the commit (the events, then the board)."""
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
