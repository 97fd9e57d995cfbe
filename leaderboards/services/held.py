"""An admin's decision on a result held for bot-speed review (leaderboards.speed).

A held result is on no board and made no news when it was recorded. ``clear`` takes it
off hold and decides its records then, exactly as if it were being recorded now against
the deal's board as it stands (under the deal's lock: the same decision, events and
pushes as a fresh result; its events go out on commit, once). ``disqualify`` removes it
for good (``do_disqualify_result``). Both are idempotent: a result already decided is
left as it is.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.users import Account
from leaderboards import board_rows
from leaderboards.models import RecordEvent, Result
from leaderboards.records import decide
from leaderboards.services.disqualification import do_disqualify_result
from leaderboards.services.recording import apply_decision, lock_board


def held_results() -> QuerySet[Result]:
    """The review queue: held results not yet decided, oldest first."""
    return Result.objects.filter(held=True, disqualified=False).order_by("created_at", "id")


def do_clear_held_result(result_id: int, by: Account | None = None) -> list[RecordEvent]:
    """Take a held result off hold and decide its records now; the events it made."""
    with transaction.atomic():
        deal = Result.objects.select_related("deal").get(pk=result_id).deal
        state = lock_board(deal)
        result = (
            Result.objects.select_for_update().select_related("deal", "player").get(pk=result_id)
        )
        if not result.held or result.disqualified:
            return []
        # The boards without it: it is still held here.
        before = board_rows.read_before(deal.pk, result.player_id, None)
        who = f" by {by.get_username()}" if by is not None else ""
        result.held = False
        result.reviewed_at = timezone.now()
        result.held_reason = f"{result.held_reason} (cleared{who})"[:200]
        result.save(update_fields=["held", "reviewed_at", "held_reason"])
        decision = decide(result, before.top, before.own_best, before.ever_won)
        return apply_decision(state, result, decision, before)


def do_disqualify_held_result(result_id: int, by: Account | None = None) -> None:
    """Remove a held result for good (it held no record, so nobody inherits one)."""
    with transaction.atomic():
        Result.objects.filter(pk=result_id, held=True).update(reviewed_at=timezone.now())
        do_disqualify_result(result_id, "bot-speed review", by)
