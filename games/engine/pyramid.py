"""Pyramid as the app plays it (SPEC §5, seed 002)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.base import DRAW, GameBase
from games.engine.cards import CARD_TEXT, PAIR_TEXT, Card, card_str
from games.engine.errors import IllegalActionError, unseen_card_error
from games.engine.layouts import FULL_TABLEAU, PYRAMID_COVER_MASKS
from games.engine.rules import PyramidRules, Variant

KING = 13
WASTE = -1  # "position" of the discard's top card in undo records


def pair_token(first: Card, second: Card) -> str:
    return PAIR_TEXT[first * 52 + second]


class PyramidGame(GameBase):
    """A Pyramid game in progress. All pyramid cards are face up; the stock is hidden."""

    __slots__ = ("_gone", "recycles", "rules")

    game_name = "PY"

    def __init__(
        self, deck: Sequence[Card], variant: Variant = Variant.PY, rules: PyramidRules | None = None
    ) -> None:
        super().__init__(deck, variant)
        rule_set = rules if rules is not None else variant.rules
        if not isinstance(rule_set, PyramidRules):
            raise ValueError(f"{variant.value} is not a Pyramid variant")
        self.rules = rule_set
        self.undo_limit = rule_set.undo_limit
        self.recycles = 0
        self._gone = 0  # bitmask over the 52 cards of every card removed (pyramid or discard)

    # -- rules ------------------------------------------------------------------------
    def is_free(self, pos: int) -> bool:
        mask = PYRAMID_COVER_MASKS[pos]
        return not self.removed >> pos & 1 and self.removed & mask == mask

    def is_face_up(self, pos: int) -> bool:
        return True

    def _locate(self, card: Card) -> int:
        """Where a free card is: its pyramid position or WASTE; refuses any other card."""
        pos = self.pos_of.get(card, -1)
        if self._gone >> card & 1:
            raise IllegalActionError(f"{card_str(card)} has already been removed", "not_in_play")
        if pos >= 0:
            mask = PYRAMID_COVER_MASKS[pos]
            if self.removed & mask != mask:
                raise IllegalActionError(
                    f"{card_str(card)} is still covered", "blocked", "blocked_by_another"
                )
            return pos
        if self.discard and self.discard[-1] == card:
            return WASTE
        # A stock card, or one under the discard's top: the same answer for every such
        # card, so that none is told apart from another (SPEC §10).
        raise unseen_card_error("blocked_by_another")

    def free_cards(self) -> list[tuple[Card, int]]:
        removed = self.removed
        free = [
            (self.tableau[pos], pos)
            for pos, mask in enumerate(PYRAMID_COVER_MASKS)
            if not removed >> pos & 1 and removed & mask == mask
        ]
        if self.discard:
            free.append((self.discard[-1], WASTE))
        return free

    def can_draw(self) -> bool:
        if self.stock:
            return True
        limit = self.rules.max_recycles
        return bool(self.discard) and (limit is None or self.recycles < limit)

    def legal_actions(self) -> list[str]:
        if self.removed == FULL_TABLEAU:
            return []
        free = self.free_cards()
        actions = [card_str(card) for card, _ in free if card % 13 + 1 == KING]
        for i, (first, where_first) in enumerate(free):
            for second, where_second in free[i + 1 :]:
                if (first % 13 + second % 13 + 2 == 13) and (where_first, where_second) != (
                    WASTE,
                    WASTE,
                ):
                    actions.append(pair_token(first, second))
        if self.can_draw():
            actions.append(DRAW)
        return actions

    def is_blocked(self) -> bool:
        if self.removed == FULL_TABLEAU or self.can_draw():
            return False
        return not self.legal_actions()

    # -- actions ----------------------------------------------------------------------
    def _take(self, card: Card, where: int) -> int:
        """Remove one located card; returns the points it earns."""
        self._gone |= 1 << card
        if where == WASTE:
            self.discard.pop()
            return 0
        self.removed |= 1 << where
        return self.rules.points_per_card

    def play_card(self, card: Card) -> None:
        """Remove a free King alone (from the pyramid or the discard)."""
        self._refuse_after_win()
        where = self._locate(card)
        if card % 13 + 1 != KING:
            raise IllegalActionError(
                f"{card_str(card)} alone is worth {card % 13 + 1}, not 13: only a King goes alone",
                "sum_not_13",
            )
        previous = self.score
        self.score = previous + self._take(card, where)
        self._push(("K", card, where, previous), CARD_TEXT[card])

    def play_pair(self, first: Card, second: Card) -> None:
        """Remove two free cards whose values sum to 13."""
        self._refuse_after_win()
        where_first = self._locate(first)
        where_second = self._locate(second)
        if first % 13 + second % 13 + 2 != 13:
            raise IllegalActionError(
                f"{card_str(first)} + {card_str(second)} is {first % 13 + second % 13 + 2}, not 13",
                "sum_not_13",
            )
        previous = self.score
        gained = self._take(first, where_first) + self._take(second, where_second)
        self.score = previous + gained
        self._push(
            ("P", first, where_first, second, where_second, previous), pair_token(first, second)
        )

    def draw(self) -> None:
        """Draw the stock's top card; on an empty stock, recycle the discard in order."""
        self._refuse_after_win()
        if self.stock:
            self.discard.append(self.stock.pop())
            self._push(("D",), DRAW)
            return
        if not self.can_draw():
            raise IllegalActionError(
                "the stock and the discard are both empty"
                if not self.discard
                else "no recycle is left",
                "stock_empty",
            )
        # The first card drawn comes first again: reversed discard, next card at the end.
        self.discard.reverse()
        self.stock, self.discard = self.discard, []
        self.recycles += 1
        self._push(("R",), DRAW)

    def undo(self) -> None:
        record = self._pop_undo()
        kind = record[0]
        if kind == "D":
            self.stock.append(self.discard.pop())
        elif kind == "R":
            self.stock.reverse()
            self.discard, self.stock = self.stock, []
            self.recycles -= 1
        else:
            self.score = record[-1]
            # Put cards back in the reverse order they were taken.
            pairs = (
                [(record[1], record[2])]
                if kind == "K"
                else [(record[3], record[4]), (record[1], record[2])]
            )
            for card, where in pairs:
                self._gone &= ~(1 << card)
                if where == WASTE:
                    self.discard.append(card)
                else:
                    self.removed &= ~(1 << where)

    def state_key(self) -> tuple[object, ...]:
        return (*super().state_key(), self.recycles, self._gone)
