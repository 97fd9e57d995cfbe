"""Taking a result off the boards for good (an admin's decision, or a held result's).

Under the deal's lock, like a record decision: if the result held the deal's record,
the next best inherits it (a RecordChange, and RECORD_INHERITED to its player). The
result itself is kept (its replay and its reason stay readable); deleting it is refused
in the admin for this reason (leaderboards.admin).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from leaderboards import board_rows
from leaderboards.boards import current_best
from leaderboards.models import RecordChange, RecordEvent, Result
from leaderboards.presenters import par_of, result_info
from leaderboards.services.publishing import publish_board, publish_event
from leaderboards.services.recording import lock_board


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
