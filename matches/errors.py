"""Refusals of the matches services: a reason code, an HTTP status, fr/ro/en messages.

They subclass the games services' ``GameServiceError``, so the games API (``POST
/api/games {"match": ...}``) and the matches API answer them in the platform's one
error shape ``{"error": {"reason", "message", "detail"?}}``.
"""

from __future__ import annotations

from typing import Any, Final

from games.services.errors import GameServiceError, current_lang

_LANGS: Final = ("fr", "ro", "en")

MESSAGES: Final[dict[str, tuple[str, str, str]]] = {
    "match_not_found": ("Match introuvable.", "Meci negăsit.", "No such match."),
    "bad_match": (
        "Réglages de match invalides.",
        "Setări de meci nevalide.",
        "Invalid match settings.",
    ),
    "match_full": ("Le match est complet.", "Meciul este complet.", "The match is full."),
    "match_started": (
        "Le match a déjà commencé.",
        "Meciul a început deja.",
        "The match has already started.",
    ),
    "match_closed": (
        "Ce match est terminé.",
        "Acest meci s-a încheiat.",
        "This match is over.",
    ),
    "not_in_match": (
        "Vous ne jouez pas dans ce match.",
        "Nu jucați în acest meci.",
        "You are not playing in this match.",
    ),
    "left_match": (
        "Vous avez quitté ce match.",
        "Ați părăsit acest meci.",
        "You have left this match.",
    ),
    "not_creator": (
        "Seul le créateur peut lancer le match.",
        "Doar creatorul poate porni meciul.",
        "Only the creator can start the match.",
    ),
    "not_enough_players": (
        "Il faut au moins deux joueurs.",
        "Sunt necesari cel puțin doi jucători.",
        "At least two players are needed.",
    ),
    "round_not_started": (
        "La manche n'a pas encore commencé.",
        "Runda nu a început încă.",
        "The round has not started yet.",
    ),
    "player_not_found": (
        "Aucun joueur n'a ce nom.",
        "Niciun jucător nu are acest nume.",
        "No player has this name.",
    ),
    "no_ghost": (
        "Pas de record à affronter sur cette donne.",
        "Niciun record de înfruntat pe această împărțire.",
        "No record to race on this deal.",
    ),
    "no_deal": (
        "Aucune donne gagnable trouvée : réessayez.",
        "Nu s-a găsit nicio împărțire câștigabilă: reîncercați.",
        "No winnable deal was found: try again.",
    ),
}


class MatchError(GameServiceError):
    """A refused match request (nothing stored changed)."""

    def __init__(self, reason: str, detail: str, status: int = 400, **extra: Any) -> None:
        super().__init__(reason, detail, status, **extra)

    def message(self, lang: str | None = None) -> str:
        texts = MESSAGES.get(self.reason)
        if texts is None:
            return self.reason
        return texts[_LANGS.index(lang or current_lang())]


def not_found() -> MatchError:
    return MatchError("match_not_found", "no match has this id or join code", 404)
