"""Refusals of the matches services: a reason code, an HTTP status, a gettext message.

They subclass the games services' ``GameServiceError`` (a kind of the platform's one
refusal type, core/errors.py), so the games API (``POST /api/games {"match": ...}``) and
the matches API answer them in the platform's one error shape ``{"error": {"reason",
"message", "detail"?}}``. Their French and Romanian are in the catalogs (context
``refusal``).
"""

from __future__ import annotations

from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from games.services.errors import GameServiceError

MESSAGES: Final[dict[str, Promise]] = {
    "match_not_found": pgettext_lazy("refusal", "No such match."),
    "bad_match": pgettext_lazy("refusal", "Invalid match settings."),
    "match_full": pgettext_lazy("refusal", "The match is full."),
    "match_started": pgettext_lazy("refusal", "The match has already started."),
    "match_closed": pgettext_lazy("refusal", "This match is over."),
    "not_in_match": pgettext_lazy("refusal", "You are not playing in this match."),
    "left_match": pgettext_lazy("refusal", "You have left this match."),
    "not_creator": pgettext_lazy("refusal", "Only the creator can start the match."),
    "not_enough_players": pgettext_lazy("refusal", "At least two players are needed."),
    "round_not_started": pgettext_lazy("refusal", "The round has not started yet."),
    "player_not_found": pgettext_lazy("refusal", "No player has this name."),
    "no_ghost": pgettext_lazy("refusal", "No record to race on this deal."),
    "no_deal": pgettext_lazy("refusal", "No winnable deal was found: try again."),
}


class MatchError(GameServiceError):
    """A refused match request (nothing stored changed)."""

    messages = MESSAGES

    def __init__(self, reason: str, detail: str, status: int = 400, **extra: Any) -> None:
        super().__init__(reason, detail, status, **extra)


def not_found() -> MatchError:
    return MatchError("match_not_found", "no match has this id or join code", 404)
