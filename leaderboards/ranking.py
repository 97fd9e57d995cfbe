"""How results on one deal are ordered and ranked (SPEC §7): pure functions, no ORM.

Order: fewer cards left (a win has 0), then fewer moves, then less time, then earlier.
Results equal on the first three (cards, moves, time) share a rank; ranks are
competition ranks ("1, 1, 3"), so the one who got there first is listed first but is
not ranked above the other. A duration of ``None`` (a submitted log: the server did not
see it played) counts as the slowest possible time, so it ties only with another
``None`` and ranks below any timed result with the same cards and moves.

Keeping this free of Django lets the boards, the record decisions and the tests share
one definition of "better".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, Protocol, TypeVar


class Rankable(Protocol):
    """What ranking reads from a result (a ``Result`` row or a plain record)."""

    @property
    def cards_left(self) -> int: ...
    @property
    def moves(self) -> int: ...
    @property
    def duration_ms(self) -> int | None: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def id(self) -> int: ...


R = TypeVar("R", bound=Rankable)
#: What a ranked entry holds: left unbound, because mypy with django-stubs does not always
#: see a model's fields when it matches the model against a protocol (in boards.py,
#: ``Ranked[Result]`` was refused under the bound; ``boards.tie_of`` names ``Result``).
T = TypeVar("T")


def tie_key(result: Rankable) -> tuple[int, int, bool, int]:
    """The part of the order that decides a rank: equal keys share a rank."""
    duration = result.duration_ms
    return (result.cards_left, result.moves, duration is None, duration or 0)


def sort_key(result: Rankable) -> tuple[int, int, bool, int, datetime, int]:
    """The full order: ``tie_key``, then earlier first (then the id, to be total)."""
    return (*tie_key(result), result.created_at, result.id)


def is_better(candidate: Rankable, than: Rankable | None) -> bool:
    """Strictly better on cards, moves, time. Equal is not better: the earlier stays ahead."""
    return than is None or tie_key(candidate) < tie_key(than)


def is_perfect(won: bool, moves: int, par: int | None) -> bool:
    """A win in the solver's par (or fewer, should par ever be not quite optimal)."""
    return bool(won and par is not None and moves <= par)


@dataclass(frozen=True, slots=True)
class Ranked(Generic[T]):
    rank: int
    item: T


def rank_results(results: Iterable[R]) -> list[Ranked[R]]:
    """Sort by ``sort_key`` and give competition ranks (1, 1, 3) on ``tie_key``."""
    ordered = sorted(results, key=sort_key)
    ranked: list[Ranked[R]] = []
    previous: tuple[int, int, bool, int] | None = None
    rank = 0
    for position, item in enumerate(ordered, start=1):
        key = tie_key(item)
        if key != previous:
            rank, previous = position, key
        ranked.append(Ranked(rank, item))
    return ranked


def best_per_player(results: Iterable[R], player_of: Callable[[R], object]) -> list[R]:
    """Each player's best result (their earliest among equals), in board order."""
    best: dict[object, R] = {}
    for item in sorted(results, key=sort_key):
        best.setdefault(player_of(item), item)
    return list(best.values())


def first_per_player(results: Iterable[R], player_of: Callable[[R], object]) -> list[R]:
    """Each player's earliest result, in board order."""
    first: dict[object, R] = {}
    for item in sorted(results, key=lambda r: (r.created_at, r.id)):
        first.setdefault(player_of(item), item)
    return sorted(first.values(), key=sort_key)


def around(ranked: Sequence[Ranked[T]], index: int, radius: int = 2) -> list[Ranked[T]]:
    """The entries within ``radius`` places of ``index`` (the player's own row)."""
    return list(ranked[max(0, index - radius) : index + radius + 1])


def competition_ranks_desc(totals: Sequence[int]) -> list[int]:
    """Ranks for totals already sorted high to low; equal totals share a rank (1, 1, 3)."""
    ranks: list[int] = []
    for position, total in enumerate(totals, start=1):
        if ranks and total == totals[position - 2]:
            ranks.append(ranks[-1])
        else:
            ranks.append(position)
    return ranks
