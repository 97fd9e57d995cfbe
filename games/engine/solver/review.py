"""The post-game review: for every action of a log, the best result still reachable
before and after it, from the solver's position search (``solve(..., log=prefix)``).

"Best still possible" is the pair (cards left at best, total moves to get there): the
moves already counted by the game plus the fewest further moves. An action *lost ground*
when the pair after it is worse than before it (more cards, or as many in more moves);
an undo never wins moves back (the counter never goes down) but can win cards back.
The first action that lost ground is marked, and every later one that lost more.

Cheap on purpose: positions met twice (undos) are solved once, and when the player's
action is the first move of the line found before it, the rest of that line is a best
line after it (anything better after would have been better before), so no search runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.base import UNDO
from games.engine.play import Deal, new_game, parse_log, resolve_deal
from games.engine.rules import Variant
from games.engine.solver.core import solve
from games.engine.solver.result import Solution

#: Per position; a review of a long game stays bounded, and a cut answer says "unknown".
REVIEW_TIME_BUDGET_S = 2.0


@dataclass(frozen=True, slots=True)
class Best:
    """The best result still possible at one position."""

    cards_left: int
    moves: int  # total, as the game counts them: the moves made + the fewest further
    line: tuple[str, ...]  # a line reaching it from that position
    known: bool  # False when a budget cut the search: the figures are what it reached

    @property
    def rank(self) -> tuple[int, int]:
        return (self.cards_left, self.moves)

    def as_dict(self) -> dict[str, Any]:
        return {
            "cards_left": self.cards_left,
            "moves": self.moves,
            "next": self.line[0] if self.line else None,
            "known": self.known,
        }


@dataclass(slots=True)
class Step:
    """One action of the log and the best result before and after it."""

    index: int
    token: str
    before: Best
    after: Best
    mark: str | None = None  # "first": the first action that lost ground; "worse": a later one

    @property
    def lost(self) -> bool:
        """Known to have lost ground (a budget-cut answer proves nothing)."""
        return self.before.known and self.after.known and self.after.rank > self.before.rank

    def as_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "token": self.token,
            "before": self.before.as_dict(),
            "after": self.after.as_dict(),
            "lost": self.lost,
            "mark": self.mark,
            "better": self.before.line[0] if self.lost and self.before.line else None,
        }


@dataclass(slots=True)
class Review:
    variant: str
    start: Best
    steps: list[Step] = field(default_factory=list)
    nodes: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "start": self.start.as_dict(),
            "steps": [step.as_dict() for step in self.steps],
            "first_loss": next((s.index for s in self.steps if s.mark == "first"), None),
            "nodes": self.nodes,
        }


def review_game(
    deal: Deal,
    log: str | Sequence[str],
    variant: Variant | None = None,
    *,
    time_budget_s: float | None = REVIEW_TIME_BUDGET_S,
) -> Review:
    """Review every action of ``log`` (engine errors for a bad deal or log)."""
    deck, chosen = resolve_deal(deal, variant)
    tokens = parse_log(log) if isinstance(log, str) else list(log)
    game = new_game(deck, chosen)
    solved: dict[tuple[Any, ...], tuple[Best, int]] = {}  # state -> best, moves made then
    review = Review(chosen.value, Best(28, 0, (), True))

    def best_here(hint: Best | None) -> Best:
        key = game.state_key()
        found = solved.get(key)
        if found is not None:  # met before (an undo): the same further moves from here
            best, made = found
            return Best(best.cards_left, best.moves - made + game.moves, best.line, best.known)
        if hint is None:
            answer = solve(deck, chosen, log=game.log, time_budget_s=time_budget_s)
            review.nodes += answer.nodes
            hint = _best_of(answer, game.moves)
        solved[key] = (hint, game.moves)
        return hint

    before = review.start = best_here(None)
    for index, token in enumerate(tokens):
        game.apply(token)
        follows = token != UNDO and before.known and before.line[:1] == (token,)
        after = best_here(
            Best(before.cards_left, before.moves, before.line[1:], True) if follows else None
        )
        review.steps.append(Step(index, token, before, after))
        before = after
    _mark(review.steps)
    return review


def same_action(first: str, second: str) -> bool:
    """Two log tokens for one action (a pair in either order: ``TC+3S`` is ``3S+TC``)."""
    return first != UNDO and sorted(first.split("+")) == sorted(second.split("+"))


def _best_of(answer: Solution, made: int) -> Best:
    return Best(
        answer.best_cards_left,
        made + answer.best_moves,
        tuple(answer.solution),
        answer.budget_exhausted is None,
    )


def _mark(steps: list[Step]) -> None:
    """The first action that lost ground, then each later one that lost more: whose
    result after is worse than the worst seen so far."""
    worst: tuple[int, int] | None = None
    for step in steps:
        if not step.lost:
            continue
        if worst is None:
            step.mark = "first"
        elif step.after.rank > worst:
            step.mark = "worse"
        worst = max(worst or step.after.rank, step.after.rank)
