"""Each player's rows on a deal's boards (``BoardRow``), written under the deal's lock.

Why: a board computed from every result of the deal costs in proportion to the deal's
results, under the lock, on every submission (6.5 s at 50,000 results, issue 13). The
boards now keep one row per player and board with the ranking key beside it, and this
module is the only writer. Every path that changes what a deal's boards hold calls it
while it holds the deal's ``DealBoardState`` row lock, in the same transaction:

* a new result (``leaderboards.services.recording``) and a held result cleared
  (``leaderboards.services.held``): :func:`read_before` first (one statement: what the
  record decision and the answer's ranks need), then :func:`add` once it is stored;
* a disqualification: :func:`remove`;
* an account deleted (its results and rows go with it, by cascade):
  :func:`departing_counts` before, :func:`forget_departed` after
  (leaderboards.services.departures).

The rule of what is on the boards is ``Result.on_boards`` (not abandoned, disqualified
or held; on a daily deal only the ranked attempt). ``best``: the player's best such
result (their earliest among equals, as ``ranking.best_per_player``); ``first``: their
``first_try`` result when it is on the boards. ``DealBoardState.best_players`` and
``first_players`` count the rows, updated here with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Protocol

from django.db import connection
from django.db.models import Count, F

from core import fast_rows
from leaderboards.boards import (
    ON_BOARDS,
    ORDER,
    SLOWEST,
    aware,
    board_order,
    on_boards,
    slowness,
    tie_of,
)
from leaderboards.models import BoardRow, DealBoardState, RecordEvent, Result
from leaderboards.ranking import Rankable, best_per_player, is_better, sort_key

#: ``BoardRow.Board`` values, as plain strings (they are spelled into SQL).
BEST: Final = "best"
FIRST: Final = "first"


@dataclass(frozen=True, slots=True)
class Standing:
    """A row as the record decision reads it (``ranking.Rankable`` plus the player);
    ``ahead``: other players' rows on the same board strictly better on the tie key."""

    player_id: int
    result_id: int
    cards_left: int
    moves: int
    slowness: int
    created_at: datetime
    ahead: int = 0

    @property
    def duration_ms(self) -> int | None:
        return None if self.slowness == SLOWEST else self.slowness

    @property
    def id(self) -> int:
        return self.result_id


@dataclass(frozen=True, slots=True)
class Before:
    """What the deal's boards say before a result joins them, read under the lock."""

    top: Standing | None  # the deal's #1
    own_best: Standing | None
    own_first: Standing | None
    played: bool  # any result of the player on the deal (abandoned ones too)
    ever_won: bool  # a FIRST_WIN was given on the deal
    ahead_of_new: int  # other players' bests strictly better than the new result
    ahead_of_new_first: int  # the same on the first-try board
    # The new result's key, drawn in the same statement (PostgreSQL; else None: its
    # insert reads it back). With it the result's insert waits for the other writes.
    new_key: int | None = None

    def ranks(self, result: Result) -> tuple[int | None, int | None]:
        """The answer's ``rank`` (the player's best on the best-ever board) and
        ``first_try_rank`` once ``result`` is stored (competition ranks)."""
        on = result.on_boards
        rank: int | None = None
        if on and is_better(result, self.own_best):
            rank = self.ahead_of_new + 1
        elif self.own_best is not None:
            rank = self.own_best.ahead + 1
        first: int | None = None
        if on and result.first_try:
            first = self.ahead_of_new_first + 1
        elif self.own_first is not None:
            first = self.own_first.ahead + 1
        return rank, first


def _ahead(deal: str, board: str, key: str) -> str:
    """A count of the rows of ``deal`` and ``board`` strictly before ``key`` on the tie
    key (SQL expressions). Only indexed columns, so that it is an index-only count (a
    player's own row is never before itself; for a new result, ``read_before`` takes
    the player's own row off)."""
    rows = BoardRow._meta.db_table
    return (
        f"(SELECT COUNT(*) FROM {rows} o WHERE o.deal_id = {deal} "
        f"AND o.board = {board} AND (o.cards_left, o.moves, o.slowness) < {key})"
    )


_OWN_AHEAD = _ahead("m.deal_id", "m.board", "(m.cards_left, m.moves, m.slowness)")


def read_before(
    deal_id: int, player_id: int, new: Result | None, *, draw_key: bool = False
) -> Before:
    """One statement: the deal's #1, the player's rows, whether they played the deal and
    whether it was ever won, and (``new``: the result about to join the boards, not yet
    on them) how many other players are ahead of it on each board. Counting queries on
    the ``board_row_order`` index: no result of the deal is read. ``draw_key``: also the
    key of a result about to be stored (``fast_rows.next_key_sql``), where keys can be
    drawn ahead, so that its insert reads nothing back."""
    rows = BoardRow._meta.db_table
    results = Result._meta.db_table
    events = RecordEvent._meta.db_table
    parts = [
        f"SELECT 'top', t.player_id, t.result_id, t.cards_left, t.moves, t.slowness, "
        f"t.created_at, 0 FROM (SELECT player_id, result_id, cards_left, moves, slowness, "
        f"created_at FROM {rows} "
        f"WHERE deal_id = %s AND board = 'best' ORDER BY {', '.join(ORDER)} LIMIT 1) t",
        f"SELECT m.board, m.player_id, m.result_id, m.cards_left, m.moves, m.slowness, "
        f"m.created_at, "
        f"{_OWN_AHEAD} "
        f"FROM {rows} m WHERE m.deal_id = %s AND m.player_id = %s",
        f"SELECT 'facts', CASE WHEN EXISTS (SELECT 1 FROM {results} WHERE deal_id = %s "
        f"AND player_id = %s) THEN 1 ELSE 0 END, CASE WHEN EXISTS (SELECT 1 FROM {events} "
        f"WHERE deal_id = %s AND kind = 'FIRST_WIN') THEN 1 ELSE 0 END, 0, 0, 0, NULL, 0",
    ]
    params: list[Any] = [deal_id, deal_id, player_id, deal_id, player_id, deal_id]
    next_key = fast_rows.next_key_sql(Result) if draw_key else None
    if next_key is not None:
        parts.append(f"SELECT 'key', {next_key}, 0, 0, 0, 0, NULL, 0")
    if new is not None:
        for board in (BEST, FIRST):
            parts.append(
                f"SELECT 'new-{board}', 0, 0, 0, 0, 0, NULL, "
                + _ahead("%s", f"'{board}'", "(%s, %s, %s)")
            )
            params += [deal_id, *tie_of(new)]
    with fast_rows.cursor() as cursor:  # prepared: its planning cost PostgreSQL 0.6 ms
        cursor.execute(" UNION ALL ".join(parts), params)
        fetched = cursor.fetchall()
    found: dict[str, Standing] = {}
    counts: dict[str, int] = {}
    played = ever_won = False
    key: int | None = None
    for what, a, b, cards, moves, slow, created, ahead in fetched:
        if what == "facts":
            played, ever_won = bool(a), bool(b)
        elif what == "key":
            key = int(a)
        elif what.startswith("new-"):
            counts[what[4:]] = int(ahead)
        else:
            found[what] = Standing(a, b, cards, moves, slow, aware(created), int(ahead))
    own_best, own_first = found.get(BEST), found.get(FIRST)
    if new is not None:  # the player's own rows are not ahead of them
        for board, own in ((BEST, own_best), (FIRST, own_first)):
            if own is not None and tie_of(own) < tie_of(new):
                counts[board] -= 1
    return Before(
        top=found.get("top"),
        own_best=own_best,
        own_first=own_first,
        played=played,
        ever_won=ever_won,
        ahead_of_new=counts.get(BEST, 0),
        ahead_of_new_first=counts.get(FIRST, 0),
        new_key=key,
    )


def player_rows(deal_id: int, player_id: int) -> list[tuple[str, int]]:
    """The player's boards on the deal, each with the other players ahead of them."""
    rows = BoardRow._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT m.board, {_OWN_AHEAD} FROM {rows} m WHERE m.deal_id = %s AND m.player_id = %s",
            [deal_id, player_id],
        )
        return [(str(board), int(ahead)) for board, ahead in cursor.fetchall()]


def _row(board: str, result: Result) -> BoardRow:
    return BoardRow(**row_fields(board, result))


def _upsert(rows: list[BoardRow]) -> None:
    """Insert, or replace the player's row on that board: one statement."""
    fast_rows.upsert(
        rows,
        unique=("deal", "board", "player"),
        changed=("result", "cards_left", "moves", "slowness", "created_at"),
    )


def add(state: DealBoardState, result: Result, before: Before) -> None:
    """Put a stored ``result`` on the boards it now belongs on (nothing if it is not on
    the boards). ``before``: :func:`read_before` of the same transaction. The counts are
    changed on ``state``; the caller saves it (it does anyway, under the lock)."""
    if not result.on_boards:
        return
    rows: list[BoardRow] = []
    own = before.own_best
    # The whole order, not just the tie key: a result cleared from review may be older
    # than the player's best, and then it is their best among equals (the earlier).
    if own is None or sort_key(result) < sort_key(own):
        rows.append(_row(BEST, result))
        state.best_players += own is None
    if result.first_try:
        rows.append(_row(FIRST, result))
        state.first_players += 1
    if rows:
        _upsert(rows)


def remove(state: DealBoardState, result: Result) -> None:
    """Take a result that just left the boards (disqualified) off its rows: the player's
    best row goes to their next best result, or away; their first-try row goes away.
    Saves the counts on ``state``."""
    boards = set(BoardRow.objects.filter(result_id=result.pk).values_list("board", flat=True))
    if not boards:
        return
    BoardRow.objects.filter(result_id=result.pk).delete()
    if FIRST in boards:
        state.first_players -= 1
    if BEST in boards:
        following = (
            on_boards(result.deal_id)
            .filter(player_id=result.player_id)
            .order_by(*board_order())
            .first()
        )
        if following is None:
            state.best_players -= 1
        else:
            _upsert([_row(BEST, following)])
    state.save(update_fields=["best_players", "first_players"])


@dataclass(frozen=True, slots=True)
class Departing:
    """What a departing player holds on one deal: results, and rows on each board."""

    results: int = 0
    best: int = 0
    first: int = 0


def departing_counts(player_id: int) -> dict[int, Departing]:
    """Per deal, what ``player_id``'s results and rows count for (two grouped queries),
    read before the account and everything of it is deleted."""
    results = dict(
        Result.objects.filter(player_id=player_id)
        .values_list("deal_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    rows: dict[tuple[int, str], int] = {
        (deal_id, board): n
        for deal_id, board, n in BoardRow.objects.filter(player_id=player_id)
        .values_list("deal_id", "board")
        .annotate(n=Count("id"))
        .order_by()
    }
    return {
        deal_id: Departing(count, rows.get((deal_id, BEST), 0), rows.get((deal_id, FIRST), 0))
        for deal_id, count in results.items()
    }


def forget_departed(deal_id: int, gone: Departing) -> None:
    """Once a departed player's results and rows are deleted: the deal's counts less
    theirs, and its #1 (``DealBoardState.record``) the best row left (the departed
    player may have held it: the cascade set it to NULL). Under the deal's lock."""
    top = (
        BoardRow.objects.filter(deal_id=deal_id, board=BEST)
        .order_by(*ORDER)
        .values_list("result_id", flat=True)
        .first()
    )
    DealBoardState.objects.filter(deal_id=deal_id).update(
        results_count=F("results_count") - gone.results,
        best_players=F("best_players") - gone.best,
        first_players=F("first_players") - gone.first,
        record_id=top,
    )


class BoardItem(Rankable, Protocol):
    """What a row is made from: a ``Result``, or a migration's historical one."""

    @property
    def pk(self) -> int: ...
    @property
    def deal_id(self) -> int: ...
    @property
    def player_id(self) -> int: ...
    @property
    def first_try(self) -> bool: ...


def row_fields(board: str, item: BoardItem) -> dict[str, Any]:
    return {
        "deal_id": item.deal_id,
        "board": board,
        "player_id": item.player_id,
        "result_id": item.pk,
        "cards_left": item.cards_left,
        "moves": item.moves,
        "slowness": slowness(item.duration_ms),
        "created_at": item.created_at,
    }


def rows_for(on_board: Iterable[BoardItem]) -> list[tuple[str, BoardItem]]:
    """The rows of one deal from its results on the boards, whole: each player's best
    (``ranking.best_per_player``), and each first try."""
    items = list(on_board)
    best = [(BEST, item) for item in best_per_player(items, lambda r: r.player_id)]
    return best + [(FIRST, item) for item in items if item.first_try]


def fill(deal_ids: Iterable[int], models: tuple[Any, Any, Any] | None = None) -> None:
    """Write the rows and counts of these deals again, whole, from their results (the
    migration that made the table, with its historical ``models`` (Result, BoardRow,
    DealBoardState); bench/board_scale.py after a bulk load)."""
    result_model, row_model, state_model = models or (Result, BoardRow, DealBoardState)
    for deal_id in deal_ids:
        results = result_model.objects.filter(ON_BOARDS, deal_id=deal_id).defer("log", "timings")
        rows = [row_model(**row_fields(board, item)) for board, item in rows_for(results)]
        row_model.objects.filter(deal_id=deal_id).delete()
        row_model.objects.bulk_create(rows, batch_size=2000)
        best = sum(1 for row in rows if row.board == BEST)
        state_model.objects.update_or_create(
            deal_id=deal_id, defaults={"best_players": best, "first_players": len(rows) - best}
        )
