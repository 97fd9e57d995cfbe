"""Refusals of the games services, each with a stable reason code and a localised message.

The engine's errors carry the rule books' sentences in fr/ro/en and every other wording
in English only (games/engine/errors.py): ``ENGINE_MESSAGES`` gives those others their
French and Romanian through gettext, and ``engine_message`` is how the platform words any
engine error. The rest are the platform's own refusals (a deal that cannot be started, a
game that is not yours, a game that is over): kinds of the platform's one refusal type
(core/errors.py), so the API and the WebSocket consumer answer them the same way, with an
HTTP status attached for the API.
"""

from __future__ import annotations

from typing import Any, Final

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from core.errors import Refusal, current_lang, spoken
from games.engine import EngineError
from games.engine.errors import MESSAGES as RULE_BOOK
from games.engine.errors import message as rule_book_message

#: The engine's reasons that no rule book words -> the engine's English wording (its
#: ``ENGLISH``), French and Romanian in the catalogs; tests/platform/test_refusal_messages.py
#: checks that these are the engine's reasons and its English word for word.
ENGINE_MESSAGES: Final[dict[str, Promise]] = {
    "card_fits": pgettext_lazy("refusal", "A card still fits the discard"),
    "stock_empty": pgettext_lazy("refusal", "The stock is empty"),
    "nothing_to_undo": pgettext_lazy("refusal", "Nothing to undo"),
    "game_over": pgettext_lazy("refusal", "The game is over"),
    "not_in_play": pgettext_lazy("refusal", "This card is no longer in play"),
    "bad_token": pgettext_lazy("refusal", "Unreadable move"),
    "bad_card": pgettext_lazy("refusal", "Unreadable card"),
    "bad_code": pgettext_lazy("refusal", "Invalid deal code"),
    "bad_code_shape": pgettext_lazy(
        "refusal",
        "Invalid deal code: it reads <GAME><GEN>-<RULE>-<LETTERS>, e.g. TP1-E-AAAAAAB",
    ),
    "bad_code_game": pgettext_lazy(
        "refusal", "Invalid deal code: the game is TP (TriPeaks) or PY (Pyramid)"
    ),
    "bad_code_generator": pgettext_lazy(
        "refusal", "Invalid deal code: only generator 1 exists (TP1, PY1)"
    ),
    "bad_code_rule": pgettext_lazy(
        "refusal", "Invalid deal code: the rule is E (Easy) or C (Classic) for TP, N for PY"
    ),
    "bad_code_letters": pgettext_lazy(
        "refusal", "Invalid deal code: 7 letters follow the rule (28 for a sealed deal)"
    ),
    "bad_deck": pgettext_lazy("refusal", "Invalid deck"),
    "bad_rules": pgettext_lazy("refusal", "Contradictory rules"),
}

#: reason -> wording (French and Romanian in the catalogs, context "refusal"); the
#: engine's reasons first, since a games refusal may carry one (``ActionRefused``).
MESSAGES: Final[dict[str, Promise]] = {
    **ENGINE_MESSAGES,
    "bad_request": pgettext_lazy("refusal", "Invalid request"),
    "bad_variant": pgettext_lazy("refusal", "Unknown variant: TP-E, TP-C or PY"),
    "variant_required": pgettext_lazy(
        "refusal", "A deal number needs a variant (TP-E, TP-C or PY)"
    ),
    "out_of_range": pgettext_lazy(
        "refusal", "No deal has this number: deals go from 1 to %(limit)s"
    ),
    "sealed_code": pgettext_lazy("refusal", "Sealed deals are played from the daily deal"),
    "no_daily": pgettext_lazy("refusal", "There is no daily deal for this variant yet"),
    "not_found": pgettext_lazy("refusal", "Game not found"),
    "deal_not_found": pgettext_lazy("refusal", "Deal not found"),
    "forbidden": pgettext_lazy("refusal", "This game is not yours"),
    "hint_match": pgettext_lazy("refusal", "No hints in a match game"),
    "hint_ranked": pgettext_lazy(
        "refusal", "No hints in a ranked attempt: play the daily deal as practice for hints"
    ),
    "pace_match": pgettext_lazy(
        "refusal", "No live par in a match game: the game's review shows it afterwards"
    ),
    "pace_ranked": pgettext_lazy(
        "refusal", "No live par in a ranked attempt: the game's review shows it afterwards"
    ),
    "not_blocked": pgettext_lazy("refusal", "The game is not blocked: abandon it to end it"),
    "bad_action": pgettext_lazy("refusal", "Unreadable action"),
    "bad_position": pgettext_lazy("refusal", "No such position"),
    "bad_frame": pgettext_lazy("refusal", "Unreadable message"),
    "server_error": pgettext_lazy("refusal", "Server error"),
    "account_required": pgettext_lazy(
        "refusal", "Daily deals are played with an account: sign up or log in"
    ),
    "too_many_open_games": pgettext_lazy(
        "refusal", "Too many games in progress: finish or abandon one"
    ),
    "day_closed": pgettext_lazy("refusal", "The day has closed: the ranked attempt is over"),
    "too_many_actions": pgettext_lazy("refusal", "Too many actions in this game"),
}


def localised(reason: str, lang: str | None = None) -> str:
    """The words of a games refusal's ``reason`` (the consumer's own errors use it too)."""
    return GameServiceError.localised(reason, lang)


def engine_message(err: EngineError | str, lang: str | None = None) -> str:
    """What a player reads for an engine error (or an engine wording code), in ``lang``
    (the active language if None): the rule book's sentence word for word where there is
    one, the catalogs' words for the engine's English otherwise."""
    wording = err if isinstance(err, str) else err.wording
    lang = spoken(lang) if lang else current_lang()
    if wording in RULE_BOOK:
        return rule_book_message(wording, lang)
    return GameServiceError.localised(wording, lang)


class GameServiceError(Refusal):
    """A refusal of the games services; ``status`` is the HTTP status the API answers."""

    messages = MESSAGES


class ActionRefused(GameServiceError):
    """An action the engine refused (or could not read), at log index ``index``."""

    def __init__(self, cause: EngineError, index: int) -> None:
        super().__init__(cause.reason, cause.detail, index=index)
        self.cause = cause

    def message(self, lang: str | None = None) -> str:
        return engine_message(self.cause, lang)


def error_payload(exc: Exception, lang: str | None = None) -> dict[str, Any]:
    """``{"reason", "message", "detail", ...}`` for any refusal the games services raise."""
    lang = spoken(lang) if lang else current_lang()
    if isinstance(exc, Refusal):
        return exc.payload(lang)
    if isinstance(exc, EngineError):
        return {"reason": exc.reason, "message": engine_message(exc, lang), "detail": exc.detail}
    raise TypeError(f"{type(exc).__name__} is not a refusal") from exc


class DealRequestError(GameServiceError):
    """A deal request (code, number, variant) that cannot start a game."""


class BadDealCode(DealRequestError):
    """A malformed code: the engine's words name the part that is wrong (SPEC §2)."""

    def __init__(self, cause: EngineError) -> None:
        super().__init__("bad_code", cause.detail)
        self.cause = cause

    def message(self, lang: str | None = None) -> str:
        return engine_message(self.cause, lang)


class NumberOutOfRange(DealRequestError):
    """A deal number outside 1..limit: the message gives the range."""

    def __init__(self, number: int, limit: int) -> None:
        super().__init__(
            "out_of_range",
            f"numbered deals go from 1 to {limit}; {number} is not one of them",
            params={"limit": limit},
        )
        self.limit = limit


class GameNotFound(GameServiceError):
    status = 404

    def __init__(self, detail: str = "no such game") -> None:
        super().__init__("not_found", detail)


class GameForbidden(GameServiceError):
    status = 403

    def __init__(self) -> None:
        super().__init__("forbidden", "only the player who started this game may see or play it")


class AccountRequired(GameServiceError):
    """Guests do not open today's sealed daily deals (SPEC §8)."""

    status = 403

    def __init__(self) -> None:
        super().__init__(
            "account_required",
            "today's daily deals are played by accounts only: sign up or log in",
            signup_url="/accounts/signup/",
        )


class TooManyOpenGames(GameServiceError):
    """A new game refused while the player already has the most open games allowed."""

    status = 409

    def __init__(self, limit: int, open_games: list[dict[str, Any]]) -> None:
        super().__init__(
            "too_many_open_games",
            f"at most {limit} games may be open at once: finish or abandon one of them",
            limit=limit,
            open_games=open_games,
        )


class GameOver(GameServiceError):
    status = 409

    def __init__(self, detail: str = "the game is over: nothing more can be played") -> None:
        super().__init__("game_over", detail)
