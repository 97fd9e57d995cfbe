"""A deal's boards, read from its ``BoardRow`` table (SPEC §7).

* ``best``: each player's best result on the deal;
* ``first``: each player's first result on the deal (``Result.first_try``).

Both hold only results on the boards (``ON_BOARDS``) and rank as leaderboards.ranking.
Each board is read in bounded work, whatever the number of results on the deal: the
top N in index order, a player's rank by counting the rows ahead of theirs on the
``board_row_order`` index, the rows around them by keyset (2 before, 2 after), the
number of players from ``DealBoardState`` (leaderboards.board_rows keeps rows and counts
under the deal's lock). Ranks are competition ranks: a row's rank is 1 + the rows
strictly better on cards, moves and time.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count, F, Q, QuerySet
from django.db.models.fields.tuple_lookups import TupleGreaterThan, TupleLessThan
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from accounts.models import Profile
from games.models import Deal
from leaderboards.models import BoardRow, DealBoardState, Result
from leaderboards.payloads import ResultInfo
from leaderboards.presenters import deal_info, par_of, result_info
from leaderboards.ranking import Rankable, Ranked, is_perfect

BoardKind = Literal["best", "first"]
BOARDS: tuple[BoardKind, ...] = ("best", "first")
DEFAULT_LIMIT = 10
MAX_LIMIT = 100


#: ``Result.on_boards`` in SQL: not abandoned, disqualified, held or assisted; on a daily deal, only
#: the ranked attempt (SPEC §8: practice results never make a daily's news).
ON_BOARDS = Q(abandoned=False, disqualified=False, held=False, assisted=False) & (
    Q(daily__isnull=True) | Q(ranked=True)
)


def on_boards(deal: Deal | int) -> QuerySet[Result]:
    """The deal's results that may appear on its boards (a Deal or its id)."""
    deal_id = deal if isinstance(deal, int) else deal.pk
    return Result.objects.filter(ON_BOARDS, deal_id=deal_id)


def board_order() -> list[Any]:
    """ranking.sort_key in SQL: a missing duration (submitted log) sorts as the slowest."""
    return ["cards_left", "moves", F("duration_ms").asc(nulls_last=True), "created_at", "id"]


#: ``BoardRow``'s columns in board order (``ranking.sort_key``); the first three (the
#: tie key) decide a rank.
ORDER = ("cards_left", "moves", "slowness", "created_at", "result_id")
TIE = ORDER[:3]
#: Rows either side of the player's own (``ranking.around``).
AROUND = 2

#: ``slowness`` of a result without a duration: slower than any measured time.
SLOWEST = 2**63 - 1


def slowness(duration_ms: int | None) -> int:
    return SLOWEST if duration_ms is None else duration_ms


def aware(value: Any) -> datetime:
    """A raw cursor's timestamp: aware (PostgreSQL), or naive UTC or text (SQLite)."""
    parsed = value if isinstance(value, datetime) else parse_datetime(str(value))
    assert parsed is not None, value
    return parsed if timezone.is_aware(parsed) else parsed.replace(tzinfo=UTC)


def tie_of(item: Result | Rankable) -> tuple[int, int, int]:
    """``ranking.tie_key`` as the columns hold it."""
    return (item.cards_left, item.moves, slowness(item.duration_ms))


def current_best(deal: Deal) -> Result | None:
    """The deal's #1 result (None when nothing is on its boards)."""
    return on_boards(deal).select_related("player").order_by(*board_order()).first()


def strictly_better(result: Result) -> Q:
    """Results strictly better than ``result`` on cards, moves, time (ranking.tie_key)."""
    c, m, d = result.cards_left, result.moves, result.duration_ms
    better = Q(cards_left__lt=c) | Q(cards_left=c, moves__lt=m)
    if d is None:
        better |= Q(cards_left=c, moves=m, duration_ms__isnull=False)
    else:
        better |= Q(cards_left=c, moves=m, duration_ms__lt=d)
    return better


def rows_of(deal: Deal | int, kind: BoardKind) -> QuerySet[BoardRow]:
    deal_id = deal if isinstance(deal, int) else deal.pk
    return BoardRow.objects.filter(deal_id=deal_id, board=kind)


def _cols(names: tuple[str, ...]) -> tuple[F, ...]:
    return tuple(F(name) for name in names)


def _key(row: BoardRow, names: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(getattr(row, name) for name in names)


def _ahead(row: BoardRow, names: tuple[str, ...]) -> TupleLessThan:
    """Rows before ``row`` on ``names`` (the whole order, or the tie key)."""
    return TupleLessThan(_cols(names), _key(row, names))


def _with_results(rows: QuerySet[BoardRow]) -> QuerySet[BoardRow]:
    return rows.select_related("result__player__profile").defer("result__log", "result__timings")


def _ranked(rows: list[BoardRow], position: int, rank: int) -> list[Ranked[Result]]:
    """Consecutive rows from board ``position`` whose first row has ``rank``."""
    ranked: list[Ranked[Result]] = []
    previous: tuple[Any, ...] | None = None
    for offset, row in enumerate(rows):
        key = _key(row, TIE)
        if previous is not None and key != previous:
            rank = position + offset
        previous = key
        ranked.append(Ranked(rank, row.result))
    return ranked


def _top_sql() -> str:
    """The board's first rows with what ``result_info`` shows of each: one statement,
    spelled once (the ORM compiled a four-table ``select_related`` for every pushed
    board, a third of a submission's Python time, issue 13)."""
    rows, results = BoardRow._meta.db_table, Result._meta.db_table
    users = get_user_model()._meta.db_table
    profiles = Profile._meta.db_table
    return (
        f"SELECT b.cards_left, b.moves, b.slowness, r.id, r.won, r.cards_left, r.moves, "
        f"r.score, r.duration_ms, r.source, r.first_try, r.created_at, u.username, "
        f"p.display_name FROM {rows} b JOIN {results} r ON r.id = b.result_id "
        f"JOIN {users} u ON u.id = r.player_id LEFT JOIN {profiles} p ON p.user_id = u.id "
        f"WHERE b.deal_id = %s AND b.board = %s "
        f"ORDER BY {', '.join('b.' + name for name in ORDER)} LIMIT %s"
    )


def top(deal: Deal | int, kind: BoardKind, limit: int, par: int | None) -> list[dict[str, Any]]:
    """The board's first ``limit`` rows as ``board_view`` shows them (``rank`` and
    ``result_info``), in index order: one statement, no model built."""
    deal_id = deal if isinstance(deal, int) else deal.pk
    with connection.cursor() as cursor:
        cursor.execute(_top_sql(), [deal_id, kind, limit])
        fetched = cursor.fetchall()
    entries: list[dict[str, Any]] = []
    previous: tuple[Any, ...] | None = None
    rank = 1
    for position, row in enumerate(fetched, start=1):
        tie, (pk, won, cards, moves, score, duration, source, first, created) = row[:3], row[3:12]
        if previous is not None and tie != previous:
            rank = position
        previous = tie
        info: ResultInfo = {
            "result_id": int(pk),
            "player": str(row[13] or row[12]),  # presenters.player_name
            "won": bool(won),
            "cards_left": int(cards),
            "moves": int(moves),
            "score": int(score),
            "duration_ms": None if duration is None else int(duration),
            "source": str(source),
            "perfect": is_perfect(bool(won), int(moves), par),
            "first_try": bool(first),
            "created_at": aware(created).isoformat(),
        }
        entries.append({"rank": rank, **info})
    return entries


def near(deal: Deal | int, kind: BoardKind, player_id: int) -> tuple[int, list[Ranked[Result]]]:
    """The player's row with ``AROUND`` rows either side, ranked, and where the player's
    row is in that list; ``(-1, [])`` when they are not on the board. Four bounded
    queries: their row, the rows just before and after it (keyset on the index), and one
    count of the rows ahead of the first row shown."""
    rows = _with_results(rows_of(deal, kind))
    mine = rows.filter(player_id=player_id).first()
    if mine is None:
        return -1, []
    order = _key(mine, ORDER)
    before = list(
        rows.filter(TupleLessThan(_cols(ORDER), order)).order_by(
            *(F(name).desc() for name in ORDER)
        )[:AROUND]
    )[::-1]
    after = list(rows.filter(TupleGreaterThan(_cols(ORDER), order)).order_by(*ORDER)[:AROUND])
    first = before[0] if before else mine
    counted = (
        rows_of(deal, kind)
        .filter(_ahead(first, ORDER))
        .aggregate(position=Count("result_id"), ahead=Count("result_id", filter=_ahead(first, TIE)))
    )
    window = [*before, mine, *after]
    return len(before), _ranked(window, counted["position"] + 1, counted["ahead"] + 1)


def players(deal: Deal | int, kind: BoardKind) -> int:
    """How many players the board has (``DealBoardState``'s count of its rows)."""
    deal_id = deal if isinstance(deal, int) else deal.pk
    field = "best_players" if kind == "best" else "first_players"
    # A slice, not ``first()``: one row by its key needs no ORDER BY to compile.
    counts = DealBoardState.objects.filter(deal_id=deal_id).values_list(field, flat=True)[:1]
    return int(next(iter(counts), 0) or 0)


def best_ever_rank(result: Result) -> int | None:
    """Where ``result`` stands among the other players' bests: 1 + the players whose best
    is strictly better (one counting query on the index; profiles and answers)."""
    if not result.on_boards:
        return None
    others = (
        rows_of(result.deal_id, "best")
        .exclude(player_id=result.player_id)
        .filter(TupleLessThan(_cols(TIE), tie_of(result)))
        .count()
    )
    return others + 1


def _row(entry: Ranked[Result], par: int | None) -> dict[str, Any]:
    return {"rank": entry.rank, **result_info(entry.item, par)}


def board_view(
    deal: Deal,
    kind: BoardKind = "best",
    limit: int = DEFAULT_LIMIT,
    me_id: int | None = None,
) -> dict[str, Any]:
    """The board as the API and the deal's watchers get it: top ``limit``, and for a
    signed-in player their own row (``me``) and the rows around it (``around``)."""
    limit = max(1, min(limit, MAX_LIMIT))
    par = par_of(deal)
    me: dict[str, Any] | None = None
    around: list[dict[str, Any]] = []
    if me_id is not None:
        index, window = near(deal, kind, me_id)
        if window:
            me = _row(window[index], par)
            around = [_row(e, par) for e in window]
    return {
        "deal": deal_info(deal),
        "board": kind,
        "par": par,
        "players": players(deal, kind),
        "entries": top(deal, kind, limit, par),
        "me": me,
        "around": around,
    }


def empty_board(code: str, label: str, variant: str, kind: BoardKind) -> dict[str, Any]:
    """The board of a numbered deal nobody has played yet (no Deal row exists)."""
    return {
        "deal": {"ref": code, "code": code, "label": label, "variant": variant, "sealed": False},
        "board": kind,
        "par": None,
        "players": 0,
        "entries": [],
        "me": None,
        "around": [],
    }
