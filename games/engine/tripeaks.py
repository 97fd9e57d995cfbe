"""TriPeaks as the app plays it (SPEC §4, seeds 000 and 003)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.base import DRAW, GameBase
from games.engine.cards import CARD_TEXT, Card, card_str
from games.engine.errors import IllegalActionError, unseen_card_error
from games.engine.layouts import (
    FULL_TABLEAU,
    TRIPEAKS_COVER_MASKS,
    TRIPEAKS_PEAK_MASKS,
    TRIPEAKS_PEAK_OF,
)
from games.engine.rules import TriPeaksRules, Variant, adjacency_masks

_ADJACENT = {True: adjacency_masks(True), False: adjacency_masks(False)}


class TriPeaksGame(GameBase):
    """A TriPeaks game in progress. Face up is derived: a card is face up once uncovered."""

    __slots__ = ("_adjacent", "rules")

    game_name = "TP"

    def __init__(
        self,
        deck: Sequence[Card],
        variant: Variant = Variant.TP_E,
        rules: TriPeaksRules | None = None,
    ) -> None:
        super().__init__(deck, variant)
        rule_set = rules if rules is not None else variant.rules
        if not isinstance(rule_set, TriPeaksRules):
            raise ValueError(f"{variant.value} is not a TriPeaks variant")
        self.rules = rule_set
        self.undo_limit = rule_set.undo_limit
        self.score = rule_set.start_score
        self._adjacent = _ADJACENT[rule_set.king_ace_linked]

    # -- rules ------------------------------------------------------------------------
    def is_free(self, pos: int) -> bool:
        mask = TRIPEAKS_COVER_MASKS[pos]
        return not self.removed >> pos & 1 and self.removed & mask == mask

    is_face_up = is_free

    def fits(self, card: Card) -> bool:
        """Does ``card`` go on the discard's top card (one rank up or down)?"""
        return bool(self._adjacent[self.discard[-1] % 13 + 1] >> (card % 13 + 1) & 1)

    def free_positions(self) -> list[int]:
        removed = self.removed
        return [
            pos
            for pos, mask in enumerate(TRIPEAKS_COVER_MASKS)
            if not removed >> pos & 1 and removed & mask == mask
        ]

    def legal_actions(self) -> list[str]:
        if self.removed == FULL_TABLEAU:
            return []
        tableau = self.tableau
        actions = [
            card_str(tableau[pos]) for pos in self.free_positions() if self.fits(tableau[pos])
        ]
        if self.stock:
            actions.append(DRAW)
        return actions

    def is_blocked(self) -> bool:
        if self.stock or self.removed == FULL_TABLEAU:
            return False
        return not any(self.fits(self.tableau[pos]) for pos in self.free_positions())

    # -- actions ----------------------------------------------------------------------
    def play_card(self, card: Card) -> None:
        """Remove a free tableau card onto the discard."""
        self._refuse_after_win()
        pos = self.pos_of.get(card, -1)
        removed = self.removed
        if pos < 0 or removed >> pos & 1:
            if pos < 0 and card not in self.discard:
                # A stock card: answered exactly as a face-down card (SPEC §10).
                raise unseen_card_error()
            raise IllegalActionError(f"{card_str(card)} has already been played", "not_in_play")
        mask = TRIPEAKS_COVER_MASKS[pos]
        if removed & mask != mask:
            # In TriPeaks a card is face up exactly when it is free: a covered card is
            # a face-down one, answered exactly as a stock card (SPEC §10).
            raise unseen_card_error()
        if not self._adjacent[self.discard[-1] % 13 + 1] >> (card % 13 + 1) & 1:
            raise IllegalActionError(
                f"{card_str(card)} is not one rank above or below {card_str(self.discard[-1])}",
                "not_adjacent",
            )
        rules = self.rules
        previous = self.score
        removed |= 1 << pos
        self.removed = removed
        self.discard.append(card)
        peak = TRIPEAKS_PEAK_OF[pos]
        bonus = 0
        if removed & peak == peak:
            emptied = sum(removed & mask == mask for mask in TRIPEAKS_PEAK_MASKS)
            bonus = rules.peak_bonuses[emptied - 1]
        self.score = max(0, previous - rules.move_cost) + bonus
        self._push((pos, previous), CARD_TEXT[card])

    def draw(self) -> None:
        self._refuse_after_win()
        if not self.stock:
            raise IllegalActionError("the stock is empty and is never recycled", "stock_empty")
        previous = self.score
        self.discard.append(self.stock.pop())
        self.score = max(0, previous - self.rules.move_cost)
        self._push((-1, previous), DRAW)

    def undo(self) -> None:
        """Take the last action back: the card returns (face down again if it was), and
        the score is what it was; the move counter does not go down."""
        pos, previous = self._pop_undo()
        card = self.discard.pop()
        if pos < 0:
            self.stock.append(card)
        else:
            self.removed &= ~(1 << pos)
        self.score = previous
