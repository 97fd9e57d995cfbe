"""Engine errors: every one is a ValueError with a reason code and localised messages.

Callers (the web API, the WebSocket consumer, the CLI) show ``err.message(lang)`` to
people and use ``err.reason`` in machine-readable answers, so each refusal has exactly
one stable code and one wording per language. The French and Romanian wordings of the
rule books are quoted word for word.
"""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("fr", "ro", "en")

#: reason code -> (fr, ro, en). Pyramid's "blocked" has its own wording (seed 002).
MESSAGES: Final[dict[str, tuple[str, str, str]]] = {
    "not_adjacent": (
        "Doit être d'un rang supérieur ou inférieur",
        "Trebuie să aibă o valoare cu o treaptă mai mare sau mai mică",
        "Must be one rank higher or lower",
    ),
    "blocked": (
        "Cette carte est bloquée",
        "Această carte este blocată",
        "This card is blocked",
    ),
    "blocked_by_another": (
        "Cette carte est bloquée par une autre",
        "Această carte este blocată de o alta",
        "This card is blocked by another",
    ),
    "sum_not_13": (
        "La somme doit être égale à 13",
        "Suma trebuie să fie egală cu 13",
        "The sum must equal 13",
    ),
    "no_moves": (
        "Plus aucun coup possible",
        "Nu mai există nicio mutare posibilă",
        "No more moves possible",
    ),
    "card_fits": (
        "Une carte suit encore la défausse",
        "O carte se mai potrivește cu teancul de decartare",
        "A card still fits the discard",
    ),
    "stock_empty": (
        "La pioche est vide",
        "Teancul de tragere este gol",
        "The stock is empty",
    ),
    "nothing_to_undo": (
        "Rien à annuler",
        "Nimic de anulat",
        "Nothing to undo",
    ),
    "game_over": (
        "La partie est terminée",
        "Partida s-a încheiat",
        "The game is over",
    ),
    "not_in_play": (
        "Cette carte n'est plus en jeu",
        "Această carte nu mai este în joc",
        "This card is no longer in play",
    ),
    "bad_token": (
        "Coup illisible",
        "Mutare ilizibilă",
        "Unreadable move",
    ),
    "bad_card": (
        "Carte illisible",
        "Carte ilizibilă",
        "Unreadable card",
    ),
    "bad_code": (
        "Code de partie invalide",
        "Cod de partidă invalid",
        "Invalid deal code",
    ),
    # A malformed code, by the part that is wrong (SPEC §2: "an error naming the part").
    "bad_code_shape": (
        "Code de partie invalide : il s'écrit <JEU><GÉN>-<RÈGLE>-<LETTRES>, "
        "par exemple TP1-E-AAAAAAB",
        "Cod de partidă invalid: se scrie <JOC><GEN>-<REGULĂ>-<LITERE>, de exemplu TP1-E-AAAAAAB",
        "Invalid deal code: it reads <GAME><GEN>-<RULE>-<LETTERS>, e.g. TP1-E-AAAAAAB",
    ),
    "bad_code_game": (
        "Code de partie invalide : le jeu est TP (TriPeaks) ou PY (Pyramide)",
        "Cod de partidă invalid: jocul este TP (TriPeaks) sau PY (Piramidă)",
        "Invalid deal code: the game is TP (TriPeaks) or PY (Pyramid)",
    ),
    "bad_code_generator": (
        "Code de partie invalide : seul le générateur 1 existe (TP1, PY1)",
        "Cod de partidă invalid: există doar generatorul 1 (TP1, PY1)",
        "Invalid deal code: only generator 1 exists (TP1, PY1)",
    ),
    "bad_code_rule": (
        "Code de partie invalide : la règle est E (Facile) ou C (Classique) pour TP, N pour PY",
        "Cod de partidă invalid: regula este E (Ușor) sau C (Clasic) pentru TP, N pentru PY",
        "Invalid deal code: the rule is E (Easy) or C (Classic) for TP, N for PY",
    ),
    "bad_code_letters": (
        "Code de partie invalide : il faut 7 lettres après la règle (28 pour une partie scellée)",
        "Cod de partidă invalid: sunt necesare 7 litere după regulă (28 pentru o partidă sigilată)",
        "Invalid deal code: 7 letters follow the rule (28 for a sealed deal)",
    ),
    "bad_deck": (
        "Jeu de cartes invalide",
        "Pachet de cărți invalid",
        "Invalid deck",
    ),
    "bad_rules": (
        "Règles contradictoires",
        "Reguli contradictorii",
        "Contradictory rules",
    ),
}


#: The one detail of every refusal naming a card the player cannot see (a face-down
#: TriPeaks card, a card in the stock): word for word the same for each, so that no
#: refusal tells one unseen card from another (SPEC §10).
UNSEEN_DETAIL: Final = "that card is not free to play"


def message(reason: str, lang: str = "en") -> str:
    """The wording of ``reason`` in ``lang`` (English when the language is unknown)."""
    texts = MESSAGES.get(reason)
    if texts is None:
        return reason
    index = LANGUAGES.index(lang) if lang in LANGUAGES else 2
    return texts[index]


class EngineError(ValueError):
    """Base of every engine error; ``str(err)`` is a precise English explanation."""

    reason: str = "error"

    def __init__(self, detail: str, reason: str | None = None, wording: str | None = None) -> None:
        super().__init__(detail)
        if reason is not None:
            self.reason = reason
        self.detail = detail
        # Pyramid words "blocked" its own way: same reason code, another wording.
        self.wording = wording or self.reason

    def message(self, lang: str = "en") -> str:
        """The short message a player sees, in their language."""
        return message(self.wording, lang)


class CardParseError(EngineError):
    """A card's text does not name one of the 52 cards."""

    reason = "bad_card"


class DealCodeError(EngineError):
    """A deal code is malformed; the detail names the wrong part."""

    reason = "bad_code"


class DeckError(EngineError):
    """An explicit deck is not 52 distinct cards."""

    reason = "bad_deck"


class RulesError(EngineError):
    """A rule value out of its range, or rule values that contradict each other."""

    reason = "bad_rules"


class ActionParseError(EngineError):
    """A move-log token does not parse (a syntax error, not a rules refusal)."""

    reason = "bad_token"


class IllegalActionError(EngineError):
    """A well-formed action the rules refuse now; the game is left unchanged."""


def unseen_card_error(wording: str = "blocked") -> IllegalActionError:
    """The refusal of an action naming a card the player cannot see: reason ``blocked``
    and ``UNSEEN_DETAIL`` whichever card it is (SPEC §10); ``wording`` is the game's
    word for "blocked" (Pyramid has its own)."""
    return IllegalActionError(UNSEEN_DETAIL, "blocked", wording)


class ReplayError(EngineError):
    """A log token failed during replay: carries the token's index and the cause."""

    def __init__(self, index: int, token: str, cause: EngineError) -> None:
        super().__init__(f"token {index} ({token!r}): {cause.detail}", cause.reason)
        self.index = index
        self.token = token
        self.cause = cause

    def message(self, lang: str = "en") -> str:
        return self.cause.message(lang)
