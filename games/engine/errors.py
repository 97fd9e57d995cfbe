"""Engine errors: every one is a ValueError with a reason code and a wording.

Callers (the web API, the WebSocket consumer, the CLI) use ``err.reason`` in
machine-readable answers and show people a wording, so each refusal has exactly one
stable code. The engine imports nothing of gettext, so it holds only what must stay word
for word: the rule books' sentences (``MESSAGES``, fr/ro/en; the French and the
TriPeaks Romanian quoted from seeds 000, 002 and 003, SPEC §4/§5). Every other refusal
is worded in English here (``ENGLISH``); the platform translates those through its
gettext catalogs (games/services/errors.py ``engine_message``), and the CLI shows them
in English.
"""

from __future__ import annotations

from typing import Final

LANGUAGES: Final = ("fr", "ro", "en")

#: The rule books' sentences: reason code -> (fr, ro, en). Pyramid's "blocked" has its
#: own wording (seed 002); Pyramid has no Romanian rule book, so its Romanian is ours.
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
}

#: Every other refusal of the engine, in English: reason code -> wording. Its French and
#: Romanian are in the platform's catalogs (frontend/locale/*/LC_MESSAGES/django.po,
#: context "refusal").
ENGLISH: Final[dict[str, str]] = {
    "card_fits": "A card still fits the discard",
    "stock_empty": "The stock is empty",
    "nothing_to_undo": "Nothing to undo",
    "game_over": "The game is over",
    "not_in_play": "This card is no longer in play",
    "bad_token": "Unreadable move",
    "bad_card": "Unreadable card",
    "bad_code": "Invalid deal code",
    "bad_code_shape": (
        "Invalid deal code: it reads <GAME><GEN>-<RULE>-<LETTERS>, e.g. TP1-E-AAAAAAB"
    ),
    "bad_code_game": "Invalid deal code: the game is TP (TriPeaks) or PY (Pyramid)",
    "bad_code_generator": "Invalid deal code: only generator 1 exists (TP1, PY1)",
    "bad_code_rule": "Invalid deal code: the rule is E (Easy) or C (Classic) for TP, N for PY",
    "bad_code_letters": "Invalid deal code: 7 letters follow the rule (28 for a sealed deal)",
    "bad_deck": "Invalid deck",
    "bad_rules": "Contradictory rules",
}

#: Every reason code the engine raises.
REASONS: Final = (*MESSAGES, *ENGLISH)


#: The one detail of every refusal naming a card the player cannot see (a face-down
#: TriPeaks card, a card in the stock): word for word the same for each, so that no
#: refusal tells one unseen card from another (SPEC §10).
UNSEEN_DETAIL: Final = "that card is not free to play"


def message(reason: str, lang: str = "en") -> str:
    """The wording of ``reason``: a rule book's sentence in ``lang`` (English when the
    language is unknown), any other reason in English (the platform translates it)."""
    texts = MESSAGES.get(reason)
    if texts is None:
        return ENGLISH.get(reason, reason)
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
        """The short message: the rule book's sentence in ``lang``, or else English."""
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
        super().__init__(f"token {index} ({token!r}): {cause.detail}", cause.reason, cause.wording)
        self.index = index
        self.token = token
        self.cause = cause

    def message(self, lang: str = "en") -> str:
        return self.cause.message(lang)
