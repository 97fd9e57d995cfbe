"""The leaderboards' own refusals, with the platform's error shape and fr/ro/en wording."""

from __future__ import annotations

from typing import Any, Final

from games.engine import ReplayError
from games.services.errors import current_lang

#: reason -> (fr, ro, en)
MESSAGES: Final[dict[str, tuple[str, str, str]]] = {
    "sealed": (
        "Les parties du jour se jouent en direct, sans journal envoyé",
        "Partidele zilei se joacă în direct, fără jurnal trimis",
        "Daily deals are played live; logs cannot be submitted",
    ),
    "log_too_long": (
        "Journal de coups trop long",
        "Jurnal de mutări prea lung",
        "The move log is too long",
    ),
    "unfinished": (
        "Le journal ne termine pas la partie (gagnée ou bloquée)",
        "Jurnalul nu încheie partida (câștigată sau blocată)",
        "The log does not finish the game (won or blocked)",
    ),
    "bad_series": (
        "Série invalide",
        "Serie invalidă",
        "Invalid series",
    ),
    "review_sealed": (
        "L'analyse d'une partie du jour s'ouvre à la clôture du jour",
        "Analiza unei partide a zilei se deschide la închiderea zilei",
        "A daily deal's review opens when its day closes",
    ),
    "no_review": (
        "Aucune analyse pour ce résultat",
        "Nicio analiză pentru acest rezultat",
        "This result has no review",
    ),
    "not_found": (
        "Introuvable",
        "Negăsit",
        "Not found",
    ),
}
_LANGS: Final = ("fr", "ro", "en")


def localised(reason: str) -> str:
    texts = MESSAGES.get(reason)
    return texts[_LANGS.index(current_lang())] if texts else reason


def error(reason: str, detail: str = "", **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"reason": reason, "message": localised(reason)}
    if detail:
        body["detail"] = detail
    return {"error": {**body, **extra}}


def replay_error(err: ReplayError) -> dict[str, Any]:
    """An illegal log: the engine's reason and message, and which token failed."""
    return {
        "error": {
            "reason": err.reason,
            "message": err.message(current_lang()),
            "detail": err.detail,
            "index": err.index,
            "token": err.token,
        }
    }
