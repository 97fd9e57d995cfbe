"""An account deleted (the admin's delete, or ``user.delete()``): its results and board
rows go with it by cascade, and each deal it played keeps true counts and a true #1.

Why: ``DealBoardState`` keeps each deal's number of results and of players on each board
beside the rows (leaderboards.board_rows), so that a board read costs the same at 50,000
results as at 100; a cascade deletes the rows but knows nothing of those counts, and it
sets the deal's ``record`` to NULL when the departed player held it. So, in the deletion's
own transaction: before anything is deleted, the deals the player has results on are
locked (in deal order, as one submission locks its one deal) and what the player counts
for on each is read; after the deletion each deal's counts drop by that much, its #1 is
read again from the rows left, and its watchers get the new board once it commits.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_delete, pre_delete

from games.models import Deal
from leaderboards import board_rows
from leaderboards.models import DealBoardState
from leaderboards.services.publishing import publish_board

#: Set on the instance being deleted, from ``pre_delete`` to ``post_delete``.
_NOTE = "_arena_departing_boards"


def note_departing_player(sender: Any, instance: Any, **_: Any) -> None:
    """``pre_delete`` of an account: lock its deals' boards and note its share of them."""
    share = board_rows.departing_counts(instance.pk)
    if share:
        locked = DealBoardState.objects.select_for_update().filter(deal_id__in=share)
        list(locked.order_by("deal_id").values_list("deal_id", flat=True))
    setattr(instance, _NOTE, share)


def forget_departed_player(sender: Any, instance: Any, **_: Any) -> None:
    """``post_delete`` of an account: its deals' counts and #1 without it, then a push
    of each new board after the commit."""
    share: dict[int, board_rows.Departing] = getattr(instance, _NOTE, None) or {}
    for deal_id, gone in sorted(share.items()):
        board_rows.forget_departed(deal_id, gone)
    for deal in Deal.objects.filter(pk__in=share).order_by("pk"):
        publish_board(deal)


def connect() -> None:
    """Called once by the app's ``ready()``."""
    user_model = settings.AUTH_USER_MODEL
    pre_delete.connect(note_departing_player, sender=user_model, dispatch_uid=_NOTE + "-pre")
    post_delete.connect(forget_departed_player, sender=user_model, dispatch_uid=_NOTE + "-post")
