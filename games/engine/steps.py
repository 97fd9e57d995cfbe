"""What one action did, as a value: the answer of ``Game.apply`` (issue 11).

Live play, replays and the pages read a step instead of comparing engine internals
before and after an action. A step names only cards the player sees once it is done
(a card turned face up, the card drawn onto the discard, cards taken away or put back):
never a face-down card nor anything telling one unseen card from another (SPEC §10).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Literal, TypeAlias

if sys.version_info >= (3, 12):
    from typing import NotRequired, TypedDict
else:  # pydantic (the API schemas read GameView) wants typing_extensions' before 3.12
    from typing import NotRequired

    from typing_extensions import TypedDict

#: What an action was: one card (TriPeaks onto the discard, a Pyramid King alone), a
#: Pyramid pair, a draw from the stock, a Pyramid recycle of the discard, or an undo.
StepKind: TypeAlias = Literal["card", "pair", "draw", "recycle", "undo"]


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """A card and where it is: a tableau position, or ``None`` for the discard pile."""

    card: str
    position: int | None


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action. ``revealed``: cards this action turned face up (tableau cards
    with their positions, then the card drawn onto the discard, position ``None``);
    ``removed``: cards taken from the tableau or the discard (in TriPeaks the card goes
    onto the discard); ``restored``: cards an undo put back where they were; ``hidden``:
    tableau positions an undo turned face down again."""

    action: str
    kind: StepKind
    score_before: int
    score_after: int
    status: str
    revealed: tuple[PlacedCard, ...] = ()
    removed: tuple[PlacedCard, ...] = ()
    restored: tuple[PlacedCard, ...] = ()
    hidden: tuple[int, ...] = ()
    #: TriPeaks: this removal emptied a peak; ``bonus`` is every point it earned beyond
    #: the move's cost (peak, completion and streak bonuses).
    peak_cleared: bool = False
    bonus: int = 0
    #: What an undo took back (``None`` for any other action).
    undid: StepKind | None = None

    @property
    def recycled(self) -> bool:
        return self.kind == "recycle"

    @property
    def game_over(self) -> bool:
        """Won or blocked once the action is done (a blocked game may still undo)."""
        return self.status != "playing"

    @property
    def revealed_cards(self) -> list[str]:
        return [placed.card for placed in self.revealed]


class TableauEntry(TypedDict):
    """One tableau position of the view: ``card`` is ``None`` while face down."""

    card: str | None
    face_up: bool
    free: bool


class GameView(TypedDict):
    """The player's view (SPEC §10) as ``Game.view()`` gives it and the API sends it."""

    variant: str
    rules: str
    status: str
    score: int
    moves: int
    cards_left: int
    tableau: list[TableauEntry | None]
    stock: int
    discard: str | None
    discard_count: int
    can_undo: bool
    legal: list[str]
    #: Pyramid with stock against discard only: the card under the discard's top.
    discard_under: NotRequired[str | None]


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame of a replay: the view after ``step`` (``None``: the deal as dealt)."""

    step: Step | None
    view: GameView
