"""Cards as small integers, like python-chess squares.

A card is ``suit * 13 + rank - 1`` (suits C D H S, ranks A..K = 1..13), which is also
its index in GEN 1's ordered deck, and lets the games and the solver keep sets of cards
in bitmasks. The TriPeaks joker variant adds 52 and 53, written ``X1`` and ``X2``: a
joker is never in the tableau, so no log token names one and no parser reads one.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from games.engine.errors import CardParseError

Card: TypeAlias = int

#: The jokers of the TriPeaks joker variant (issue 17): cards 52 and 53.
JOKERS: Final = (52, 53)
JOKER_TEXT: Final = ("X1", "X2")
_JOKER_WORDS: Final = {"fr": "joker", "ro": "joker", "en": "joker"}


def is_joker(card: Card) -> bool:
    return card >= 52


RANK_LETTERS: Final = "A23456789TJQK"
SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"

_RANK_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "fr": ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi"),
    "ro": ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "damă", "rege"),
    "en": ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"),
}
_SUIT_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "fr": ("trèfle", "carreau", "cœur", "pique"),
    "ro": ("treflă", "caro", "cupă", "pică"),
    "en": ("clubs", "diamonds", "hearts", "spades"),
}
_OF: Final = {"fr": "de", "ro": "de", "en": "of"}


def make_card(rank_value: int, suit_index: int) -> Card:
    return suit_index * 13 + rank_value - 1


def rank(card: Card) -> int:
    """1 (ace) .. 13 (king)."""
    return card % 13 + 1


def suit(card: Card) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return card // 13


def card_str(card: Card) -> str:
    """The canonical text: rank letter then suit letter (``TD``, ``AC``); ``X1``/``X2``
    for the jokers."""
    if card >= 52:
        return JOKER_TEXT[card - 52]
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: Card) -> str:
    """How a card is shown to people: ``7♠``, ``10♦``, ``★1`` for a joker."""
    if card >= 52:
        return f"★{card - 51}"
    r = card % 13 + 1
    text = "10" if r == 10 else RANK_LETTERS[r - 1]
    return text + SUIT_SYMBOLS[card // 13]


def card_name(card: Card, lang: str = "en") -> str:
    """The card in full words for screen readers: ``7 de pique``, ``as de trèfle``."""
    if lang not in _RANK_WORDS:
        lang = "en"
    if card >= 52:
        return f"{_JOKER_WORDS[lang]} {card - 51}"
    return f"{_RANK_WORDS[lang][card % 13]} {_OF[lang]} {_SUIT_WORDS[lang][card // 13]}"


def _build_spellings() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in range(52):
        r = card % 13
        ranks = [RANK_LETTERS[r]] + (["10"] if r == 9 else [])
        suits = [SUIT_LETTERS[card // 13], SUIT_SYMBOLS[card // 13]]
        for rank_text in ranks:
            for suit_text in suits:
                for text in (rank_text + suit_text, (rank_text + suit_text).lower()):
                    table[text] = card
                    table[text.upper()] = card
    return table


#: Every accepted spelling (canonical, ``10D``, lower case, symbols) -> card.
SPELLINGS: Final[dict[str, Card]] = _build_spellings()


#: Canonical text of each card, and of each ordered pair ``first * 52 + second`` as a
#: Pyramid log token: replay looks them up instead of formatting strings per action.
CARD_TEXT: Final[tuple[str, ...]] = tuple(card_str(card) for card in range(52))
PAIR_TEXT: Final[tuple[str, ...]] = tuple(
    f"{CARD_TEXT[first]}+{CARD_TEXT[second]}" for first in range(52) for second in range(52)
)
#: Canonical pair token -> (first, second), for the replay fast path.
PAIRS: Final[dict[str, tuple[Card, Card]]] = {
    PAIR_TEXT[first * 52 + second]: (first, second)
    for first in range(52)
    for second in range(52)
    if first != second
}


def parse_card(text: str) -> Card:
    """Read any accepted spelling; raise CardParseError naming the text otherwise."""
    card = SPELLINGS.get(text)
    if card is None:
        card = SPELLINGS.get(text.strip().upper())
    if card is None:
        raise CardParseError(
            f"{text!r} is not a card: expected a rank (A 2-9 T/10 J Q K) then a suit "
            "(C D H S or ♣ ♦ ♥ ♠), e.g. 'KC', '10D', '7♠'"
        )
    return card


def ordered_deck() -> tuple[Card, ...]:
    """AC 2C … KC AD … KS: GEN 1's starting order (SPEC §11)."""
    return tuple(range(52))
