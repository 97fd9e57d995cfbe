"""What TriPeaks and Pyramid share: the deck, the move counter, the log, the undo stack.

A game is a mutable object with an undo stack (python-chess's ``push``/``pop`` shape):
replaying a 60-action log must take microseconds, and an immutable value per action
costs more than the whole budget. Every refusal is raised before anything changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

from games.engine.cards import PAIRS, SPELLINGS, Card, card_str
from games.engine.errors import (
    ActionParseError,
    DeckError,
    IllegalActionError,
    unseen_card_error,
)
from games.engine.layouts import FULL_TABLEAU, TABLEAU_SIZE, split_deck
from games.engine.rules import Variant
from games.engine.steps import GameView, Step, TableauEntry

#: A game's undo record: a named tuple of what its action changed (each game its own).
RecordT = TypeVar("RecordT", bound=tuple[object, ...])

DRAW: Final = "D"
UNDO: Final = "U"

PLAYING: Final = "playing"
WON: Final = "won"
BLOCKED: Final = "blocked"


def check_deck(deck: Sequence[Card], jokers: int = 0) -> tuple[Card, ...]:
    """A deck is exactly the 52 cards, each once, and the rules' jokers (52, 53)."""
    cards = tuple(deck)
    size = 52 + jokers
    if len(cards) != size:
        raise DeckError(f"a deck has {size} cards, this one has {len(cards)}")
    if sorted(cards) != list(range(size)):
        missing = sorted(set(range(size)) - set(cards))
        raise DeckError(
            "a deck holds each card once; missing " + " ".join(card_str(c) for c in missing)
        )
    return cards


def canonical_token(token: str) -> str:
    """A token in canonical spelling (``10d`` -> ``TD``, ``tc+3s`` -> ``TC+3S``, ``d`` -> ``D``)."""
    upper = token.strip().upper()
    if upper in (DRAW, UNDO):
        return upper
    parts = upper.split("+")
    cards = [SPELLINGS.get(part) for part in parts]
    if len(parts) > 2 or None in cards:
        raise ActionParseError(
            f"{token[:20]!r} is not an action: expected a card (e.g. KC), a pair "
            "(e.g. TC+3S), D or U"
        )
    return "+".join(card_str(card) for card in cards if card is not None)


class GameBase(Generic[RecordT]):
    """State common to both games. Subclasses implement the rules of their layout; each
    action pushes an undo record (``RecordT``), which ``apply`` reads back into a step."""

    __slots__ = (
        "_last",
        "_undo",
        "deck",
        "discard",
        "log",
        "moves",
        "pos_of",
        "removed",
        "score",
        "stock",
        "tableau",
        "undo_limit",
        "variant",
    )

    game_name: ClassVar[str]

    def __init__(
        self,
        deck: Sequence[Card],
        variant: Variant,
        jokers: int = 0,
        empty_discard: bool = False,
    ) -> None:
        self.deck = check_deck(deck, jokers)
        self.variant = variant
        tableau, discard, stock = split_deck(self.deck, empty_discard)
        self.tableau: tuple[Card, ...] = tableau
        if any(card >= 52 for card in tableau) or any(card >= 52 for card in discard):
            raise DeckError("a joker is dealt into the stock, never the tableau or discard")
        self.pos_of: dict[Card, int] = {card: pos for pos, card in enumerate(tableau)}
        # The stock is kept reversed: its next card is at the end, so drawing is pop().
        self.stock: list[Card] = list(reversed(stock))
        self.discard: list[Card] = discard
        self.removed = 0  # bitmask of tableau positions gone
        self.score = 0
        self.moves = 0
        self.log: list[str] = []
        self._undo: list[RecordT] = []
        #: The record of the last action played or undone (what ``apply`` describes).
        self._last: RecordT | None = None
        self.undo_limit = 100

    # -- shared rules -----------------------------------------------------------------
    @property
    def cards_left(self) -> int:
        return TABLEAU_SIZE - self.removed.bit_count()

    def _won_beyond_tableau(self) -> bool:
        """With the tableau empty, is the game won? Yes, but in strict Pyramid (stock and
        discard must be emptied too). The emptied tableau is tested first everywhere, so
        the default rules pay nothing for this hook."""
        return True

    @property
    def won(self) -> bool:
        return self.removed == FULL_TABLEAU and self._won_beyond_tableau()

    @property
    def status(self) -> str:
        if self.removed == FULL_TABLEAU and self._won_beyond_tableau():
            return WON
        if self.is_blocked():
            return BLOCKED
        return PLAYING

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and not self.won

    @property
    def rules_name(self) -> str:
        """The rule set's platform name (``TP-E``, ``TP-C+OH``…): subclasses hold it."""
        raise NotImplementedError

    def is_blocked(self) -> bool:
        raise NotImplementedError

    def legal_actions(self) -> list[str]:
        raise NotImplementedError

    def apply(self, token: str) -> Step:
        """Play one log token and say what it did; IllegalActionError/ActionParseError
        leave the game as it was."""
        score = self.score
        self.play(token)
        record = self._last
        assert record is not None  # every action that is not refused records itself
        return self._describe(record, self.log[-1] == UNDO, score)

    def _describe(self, record: RecordT, undone: bool, score_before: int) -> Step:
        """The step of the action just played (``undone``: the undo of ``record``)."""
        raise NotImplementedError

    def play(self, token: str) -> None:
        """``apply`` without the step: the folds (``replay``) that need the end only."""
        if token == DRAW:
            self.draw()
        elif token == UNDO:
            self.undo()
        else:
            card = SPELLINGS.get(token)
            if card is not None:
                self.play_card(card)
                return
            pair = PAIRS.get(token)
            if pair is not None:
                self.play_pair(*pair)
            else:
                self._apply_canonical(canonical_token(token))

    def _apply_canonical(self, token: str) -> None:
        if token in (DRAW, UNDO) or "+" not in token:
            self.play(token)
            return
        first, second = (SPELLINGS[part] for part in token.split("+"))
        if first == second:
            raise ActionParseError(f"{token!r} pairs a card with itself")
        self.play_pair(first, second)

    def draw(self) -> None:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    def play_card(self, card: Card) -> None:
        raise NotImplementedError

    def play_pair(self, first: Card, second: Card) -> None:
        raise ActionParseError(f"{self.variant.value} has no pairs: play one card at a time")

    def _push(self, record: RecordT, token: str) -> None:
        self._last = record
        undo = self._undo
        undo.append(record)
        if len(undo) > self.undo_limit:
            del undo[0]
        self.moves += 1
        self.log.append(token)

    def _pop_undo(self) -> RecordT:
        if self.removed == FULL_TABLEAU and self._won_beyond_tableau():
            raise IllegalActionError("the game is won: nothing more can be played", "game_over")
        if not self._undo:
            raise IllegalActionError("there is no action left to undo", "nothing_to_undo")
        self.log.append(UNDO)
        record = self._last = self._undo.pop()
        return record

    def _refuse_after_win(self) -> None:
        if self.removed == FULL_TABLEAU and self._won_beyond_tableau():
            raise IllegalActionError("the game is won: nothing more can be played", "game_over")

    def is_free(self, pos: int) -> bool:
        raise NotImplementedError

    def copy(self) -> Self:
        """An independent game in the same state (searches branch on copies)."""
        other = object.__new__(type(self))
        for cls in type(self).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                setattr(other, slot, getattr(self, slot))
        other.stock, other.discard = list(self.stock), list(self.discard)
        other.log, other._undo = list(self.log), list(self._undo)
        return other

    # -- what a player may see ----------------------------------------------------------
    def is_face_up(self, pos: int) -> bool:
        raise NotImplementedError

    def card_at(self, pos: int) -> str:
        """The card a player clicks at tableau ``pos``: refused when the position is
        empty, and, face down, exactly as naming that card would be (SPEC §10)."""
        if not 0 <= pos < TABLEAU_SIZE or self.removed >> pos & 1:
            raise IllegalActionError(f"position {pos} is empty", "not_in_play")
        if not self.is_face_up(pos):
            raise unseen_card_error()
        return card_str(self.tableau[pos])

    def view(self) -> GameView:
        """The player's view (SPEC §10): JSON-ready, without any card they could not see."""
        tableau: list[TableauEntry | None] = []
        for pos, card in enumerate(self.tableau):
            if self.removed >> pos & 1:
                tableau.append(None)
            elif self.is_face_up(pos):
                tableau.append({"card": card_str(card), "face_up": True, "free": self.is_free(pos)})
            else:
                tableau.append({"card": None, "face_up": False, "free": False})
        status = self.status
        return {
            "variant": self.variant.value,
            "rules": self.rules_name,
            "status": status,
            "score": self.score,
            "moves": self.moves,
            "cards_left": self.cards_left,
            "tableau": tableau,
            "stock": len(self.stock),
            "discard": card_str(self.discard[-1]) if self.discard else None,
            "discard_count": len(self.discard),
            "can_undo": self.can_undo,
            "legal": self.legal_actions() if status == PLAYING else [],
        }

    def visible_cards(self) -> set[Card]:
        """Every card the player can see now (for tests and payload scans)."""
        cards = {
            card
            for pos, card in enumerate(self.tableau)
            if not self.removed >> pos & 1 and self.is_face_up(pos)
        }
        if self.discard:
            cards.add(self.discard[-1])
        return cards

    def state_key(self) -> tuple[Any, ...]:
        """Everything that decides the future of the game, but the counter and the log."""
        return (self.removed, tuple(self.stock), tuple(self.discard), self.score)
