"""The leaderboards' own refusals: kinds of the platform's one refusal type (core/errors.py),
with its error shape and its gettext wordings (French and Romanian in the catalogs,
context ``refusal``)."""

from __future__ import annotations

from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from core.errors import Refusal
from games.engine import ReplayError
from games.services.errors import engine_message

MESSAGES: Final[dict[str, Promise]] = {
    "sealed": pgettext_lazy("refusal", "Daily deals are played live; logs cannot be submitted"),
    "log_too_long": pgettext_lazy("refusal", "The move log is too long"),
    "unfinished": pgettext_lazy("refusal", "The log does not finish the game (won or blocked)"),
    "bad_series": pgettext_lazy("refusal", "Invalid series"),
    "review_sealed": pgettext_lazy("refusal", "A daily deal's review opens when its day closes"),
    "no_review": pgettext_lazy("refusal", "This result has no review"),
    "not_found": pgettext_lazy("refusal", "Not found"),
}


class LeaderboardsRefusal(Refusal):
    """A refused leaderboards request (a submission, a series, a review, a lookup)."""

    messages = MESSAGES


def error(reason: str, detail: str = "", **extra: Any) -> dict[str, Any]:
    """``{"error": {...}}`` of a leaderboards refusal that is not raised (a 404 lookup)."""
    return {"error": LeaderboardsRefusal(reason, detail, **extra).payload()}


def replay_error(err: ReplayError) -> dict[str, Any]:
    """An illegal log: the engine's reason and message, and which token failed."""
    return {
        "error": {
            "reason": err.reason,
            "message": engine_message(err),
            "detail": err.detail,
            "index": err.index,
            "token": err.token,
        }
    }
