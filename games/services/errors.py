"""Refusals of the games services, each with a stable reason code and a localised message.

The engine's errors already carry fr/ro/en wordings; these are the platform's own refusals
(a deal that cannot be started, a game that is not yours, a game that is over). They are
ValueError subclasses so the API and the WebSocket consumer answer them the same way,
with an HTTP status attached for the API.
"""

from __future__ import annotations

from typing import Any, Final

from django.utils.translation import get_language

from games.engine import EngineError

#: reason -> (fr, ro, en)
MESSAGES: Final[dict[str, tuple[str, str, str]]] = {
    "bad_code": (
        "Code de partie invalide",
        "Cod de partidă invalid",
        "Invalid deal code",
    ),
    "bad_request": (
        "Requête invalide",
        "Cerere invalidă",
        "Invalid request",
    ),
    "bad_variant": (
        "Variante inconnue : TP-E, TP-C ou PY",
        "Variantă necunoscută: TP-E, TP-C sau PY",
        "Unknown variant: TP-E, TP-C or PY",
    ),
    "variant_required": (
        "Un numéro de partie demande une variante (TP-E, TP-C ou PY)",
        "Un număr de partidă cere o variantă (TP-E, TP-C sau PY)",
        "A deal number needs a variant (TP-E, TP-C or PY)",
    ),
    "out_of_range": (
        "Ce numéro de partie n'existe pas : les parties vont de 1 à {limit}",
        "Acest număr de partidă nu există: partidele sunt numerotate de la 1 la {limit}",
        "No deal has this number: deals go from 1 to {limit}",
    ),
    "sealed_code": (
        "Les parties scellées se jouent depuis la partie du jour",
        "Partidele sigilate se joacă din partida zilei",
        "Sealed deals are played from the daily deal",
    ),
    "no_daily": (
        "Pas encore de partie du jour pour cette variante",
        "Încă nu există partida zilei pentru această variantă",
        "There is no daily deal for this variant yet",
    ),
    "not_found": (
        "Partie introuvable",
        "Partida nu a fost găsită",
        "Game not found",
    ),
    "deal_not_found": (
        "Donne introuvable",
        "Împărțire negăsită",
        "Deal not found",
    ),
    "forbidden": (
        "Cette partie n'est pas la vôtre",
        "Această partidă nu este a ta",
        "This game is not yours",
    ),
    "hint_match": (
        "Pas d'indice dans une partie de match",
        "Fără indicii într-o partidă de meci",
        "No hints in a match game",
    ),
    "hint_ranked": (
        "Pas d'indice dans une tentative classée : jouez la donne du jour en entraînement",
        "Fără indicii într-o încercare clasată: jucați partida zilei ca antrenament",
        "No hints in a ranked attempt: play the daily deal as practice for hints",
    ),
    "pace_match": (
        "Pas de par en direct dans une partie de match : la revue de la partie le donne après",
        "Fără par în direct într-o partidă de meci: analiza partidei îl arată după",
        "No live par in a match game: the game's review shows it afterwards",
    ),
    "pace_ranked": (
        "Pas de par en direct dans une tentative classée : la revue de la partie le donne après",
        "Fără par în direct într-o încercare clasată: analiza partidei îl arată după",
        "No live par in a ranked attempt: the game's review shows it afterwards",
    ),
    "game_over": (
        "La partie est terminée",
        "Partida s-a încheiat",
        "The game is over",
    ),
    "not_blocked": (
        "La partie n'est pas bloquée : abandonnez-la pour la terminer",
        "Partida nu este blocată: abandonați-o pentru a o încheia",
        "The game is not blocked: abandon it to end it",
    ),
    "bad_action": (
        "Action illisible",
        "Acțiune ilizibilă",
        "Unreadable action",
    ),
    "bad_position": (
        "Position inexistante",
        "Poziție inexistentă",
        "No such position",
    ),
    "bad_frame": (
        "Message illisible",
        "Mesaj ilizibil",
        "Unreadable message",
    ),
    "server_error": (
        "Erreur du serveur",
        "Eroare de server",
        "Server error",
    ),
    "account_required": (
        "Les parties du jour se jouent avec un compte : inscrivez-vous ou connectez-vous",
        "Partidele zilei se joacă cu un cont: înscrieți-vă sau conectați-vă",
        "Daily deals are played with an account: sign up or log in",
    ),
    "too_many_open_games": (
        "Trop de parties en cours : terminez ou abandonnez-en une",
        "Prea multe partide în curs: terminați sau abandonați una",
        "Too many games in progress: finish or abandon one",
    ),
    "day_closed": (
        "La journée est close : la tentative classée est terminée",
        "Ziua s-a încheiat: încercarea clasată s-a terminat",
        "The day has closed: the ranked attempt is over",
    ),
    "too_many_actions": (
        "Trop d'actions dans cette partie",
        "Prea multe acțiuni în această partidă",
        "Too many actions in this game",
    ),
}

_LANGS: Final = ("fr", "ro", "en")


def current_lang() -> str:
    """Django's active language reduced to fr / ro / en (English otherwise)."""
    lang = (get_language() or "en").split("-")[0].lower()
    return lang if lang in _LANGS else "en"


def localised(reason: str, lang: str | None = None) -> str:
    texts = MESSAGES.get(reason)
    if texts is None:
        return reason
    return texts[_LANGS.index(lang or current_lang())]


class GameServiceError(ValueError):
    """A refusal of the games services; ``status`` is the HTTP status the API answers."""

    status = 400

    def __init__(
        self, reason: str, detail: str = "", status: int | None = None, **extra: Any
    ) -> None:
        super().__init__(detail or reason)
        self.reason = reason
        self.detail = detail
        self.extra = extra
        if status is not None:
            self.status = status

    def message(self, lang: str | None = None) -> str:
        return localised(self.reason, lang)


class ActionRefused(GameServiceError):
    """An action the engine refused (or could not read), at log index ``index``."""

    def __init__(self, cause: EngineError, index: int) -> None:
        super().__init__(cause.reason, cause.detail, index=index)
        self.cause = cause

    def message(self, lang: str | None = None) -> str:
        return self.cause.message(lang or current_lang())


def error_payload(exc: Exception, lang: str | None = None) -> dict[str, Any]:
    """``{"reason", "message", "detail", ...}`` for any refusal the games services raise."""
    lang = lang or current_lang()
    if isinstance(exc, GameServiceError):
        body = {"reason": exc.reason, "message": exc.message(lang)}
        if exc.detail:
            body["detail"] = exc.detail
        return {**body, **exc.extra}
    if isinstance(exc, EngineError):
        return {"reason": exc.reason, "message": exc.message(lang), "detail": exc.detail}
    raise TypeError(f"{type(exc).__name__} is not a refusal") from exc


class DealRequestError(GameServiceError):
    """A deal request (code, number, variant) that cannot start a game."""


class BadDealCode(DealRequestError):
    """A malformed code: the engine's words name the part that is wrong (SPEC §2)."""

    def __init__(self, cause: EngineError) -> None:
        super().__init__("bad_code", cause.detail)
        self.cause = cause

    def message(self, lang: str | None = None) -> str:
        return self.cause.message(lang or current_lang())


class NumberOutOfRange(DealRequestError):
    """A deal number outside 1..limit: the message gives the range."""

    def __init__(self, number: int, limit: int) -> None:
        super().__init__(
            "out_of_range", f"numbered deals go from 1 to {limit}; {number} is not one of them"
        )
        self.limit = limit

    def message(self, lang: str | None = None) -> str:
        return localised(self.reason, lang).format(limit=self.limit)


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
