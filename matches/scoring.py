"""A match's totals and their order: pure functions over the rounds' figures.

The round score is the round game's score as the engine computed it (TriPeaks 500 -
moves + peak bonuses, Pyramid 10 per pyramid card), once its player has made a move: a
game without a single action counts as not played (0 points, every card left). This
module never recomputes a score, it only picks and adds them up. Seed 001: "le
meilleur score après N parties l'emporte" / "le premier à atteindre l'objectif". Ties
(issue 16) break on fewer total cards left, then less total time, then fewer rounds
forfeited; players equal on all of them share a rank (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Cards a TriPeaks or Pyramid tableau holds: what a forfeited round leaves.
TABLEAU_CARDS = 28


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One player's figures in one round (a forfeited round: 0 points, 28 cards, 0 ms)."""

    score: int
    cards_left: int
    time_ms: int


FORFEIT = RoundLine(score=0, cards_left=TABLEAU_CARDS, time_ms=0)
#: A round game in which its player made no action counts as a game not played: the
#: same figures as a forfeit (docs/matches.md, "A game not played"). Without this, the
#: SPEC's TriPeaks score (500 - moves + 100 a peak) would give an untouched game 500,
#: more than any game of 30 moves that emptied no peak (470).
NOT_PLAYED = RoundLine(score=0, cards_left=TABLEAU_CARDS, time_ms=0)


def round_line(score: int, cards_left: int, time_ms: int, moves: int) -> RoundLine:
    """What a round game counts: the engine's figures once its player has made a move
    (``moves``, the SPEC's counter, never goes down), else ``NOT_PLAYED``."""
    if moves == 0:
        return NOT_PLAYED
    return RoundLine(score, cards_left, time_ms)


@dataclass(frozen=True, slots=True)
class Total:
    """A player's match total: the sums of their round lines."""

    key: int
    score: int
    cards_left: int
    time_ms: int
    rounds: int
    #: Rounds forfeited (left): the last tie-break, so that a player who left never
    #: shares a rank with one who stayed and did no better (a round not played).
    forfeits: int = 0


def total(key: int, lines: Iterable[RoundLine]) -> Total:
    """Sum ``lines`` (the rounds played so far) for the player ``key``."""
    listed = list(lines)
    return Total(
        key=key,
        score=sum(line.score for line in listed),
        cards_left=sum(line.cards_left for line in listed),
        time_ms=sum(line.time_ms for line in listed),
        rounds=len(listed),
        forfeits=sum(1 for line in listed if line is FORFEIT),
    )


def order_key(entry: Total) -> tuple[int, int, int, int]:
    """Higher total first, then fewer cards left, then less time, then fewer rounds
    forfeited (a forfeit and a game not played count the same figures)."""
    return (-entry.score, entry.cards_left, entry.time_ms, entry.forfeits)


def ranked(totals: Iterable[Total]) -> list[tuple[int, Total]]:
    """``(rank, total)`` best first; equal keys share a rank (competition ranking).
    Equal entries keep their given order (the seat order), so the listing is stable."""
    ordered = sorted(totals, key=order_key)
    out: list[tuple[int, Total]] = []
    for index, entry in enumerate(ordered):
        same = out and order_key(out[-1][1]) == order_key(entry)
        out.append((out[-1][0] if same else index + 1, entry))
    return out


def target_reached(totals: Sequence[Total], target: int) -> bool:
    """Has any total reached the target score (target-score matches)?"""
    return any(entry.score >= target for entry in totals)


def podium(standing: Sequence[tuple[int, Total]]) -> list[tuple[int, Total]]:
    """The entries ranked 1, 2 or 3 (shared ranks may put more than three there)."""
    return [(rank, entry) for rank, entry in standing if rank <= 3]
