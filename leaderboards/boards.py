"""A deal's boards, read from its results (SPEC §7).

* ``best``: each player's best result on the deal;
* ``first``: each player's first result on the deal (``Result.first_try``).

Both leave out abandoned and disqualified results and rank with leaderboards.ranking.
Boards are computed on demand from the results (one query, ranked in Python): simple
and always consistent with the record decisions, which run the same code under the
deal's lock. Fine for thousands of players per deal; a cached table would come later.
"""

from __future__ import annotations

from typing import Any, Literal

from django.db.models import F, Q, QuerySet

from games.models import Deal
from leaderboards.models import Result
from leaderboards.presenters import deal_info, par_of, result_info
from leaderboards.ranking import Ranked, around, best_per_player, rank_results

BoardKind = Literal["best", "first"]
BOARDS: tuple[BoardKind, ...] = ("best", "first")
DEFAULT_LIMIT = 10
MAX_LIMIT = 100


#: ``Result.on_boards`` in SQL: not abandoned, disqualified or held; on a daily deal, only
#: the ranked attempt (SPEC §8: practice results never make a daily's news).
ON_BOARDS = Q(abandoned=False, disqualified=False, held=False) & (
    Q(daily__isnull=True) | Q(ranked=True)
)


def on_boards(deal: Deal | int) -> QuerySet[Result]:
    """The deal's results that may appear on its boards (a Deal or its id)."""
    deal_id = deal if isinstance(deal, int) else deal.pk
    return Result.objects.filter(ON_BOARDS, deal_id=deal_id)


def board_order() -> list[Any]:
    """ranking.sort_key in SQL: a missing duration (submitted log) sorts as the slowest."""
    return ["cards_left", "moves", F("duration_ms").asc(nulls_last=True), "created_at", "id"]


def current_best(deal: Deal) -> Result | None:
    """The deal's #1 result (None when nothing is on its boards)."""
    return on_boards(deal).select_related("player").order_by(*board_order()).first()


def board_results(deal: Deal) -> list[Result]:
    """Every result on the deal's boards, with its player (one query; no move logs)."""
    return list(on_boards(deal).select_related("player__profile").defer("log").order_by())


def ranked_board(
    deal: Deal, kind: BoardKind, results: list[Result] | None = None
) -> list[Ranked[Result]]:
    """The whole board, ranked (competition ranks). ``results``: ``board_results(deal)``
    when the caller already has them."""
    if results is None:
        results = board_results(deal)
    if kind == "first":
        return rank_results(r for r in results if r.first_try)
    return rank_results(best_per_player(results, lambda r: r.player_id))


def strictly_better(result: Result) -> Q:
    """Results strictly better than ``result`` on cards, moves, time (ranking.tie_key)."""
    c, m, d = result.cards_left, result.moves, result.duration_ms
    better = Q(cards_left__lt=c) | Q(cards_left=c, moves__lt=m)
    if d is None:
        better |= Q(cards_left=c, moves=m, duration_ms__isnull=False)
    else:
        better |= Q(cards_left=c, moves=m, duration_ms__lt=d)
    return better


def best_ever_rank(result: Result) -> int | None:
    """Where ``result`` stands among the other players' bests: 1 + the players with a
    strictly better result (one counting query; used by profiles and answers)."""
    if not result.on_boards:
        return None
    others = (
        on_boards(result.deal)
        .exclude(player_id=result.player_id)
        .filter(strictly_better(result))
        .values("player_id")
        .distinct()
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
    results: list[Result] | None = None,
) -> dict[str, Any]:
    """The board as the API and the deal's watchers get it: top ``limit``, and for a
    signed-in player their own row (``me``) and the rows around it (``around``)."""
    limit = max(1, min(limit, MAX_LIMIT))
    par = par_of(deal)
    ranked = ranked_board(deal, kind, results)
    me: dict[str, Any] | None = None
    near: list[dict[str, Any]] = []
    if me_id is not None:
        index = next((i for i, e in enumerate(ranked) if e.item.player_id == me_id), None)
        if index is not None:
            me = _row(ranked[index], par)
            near = [_row(e, par) for e in around(ranked, index)]
    return {
        "deal": deal_info(deal),
        "board": kind,
        "par": par,
        "players": len(ranked),
        "entries": [_row(e, par) for e in ranked[:limit]],
        "me": me,
        "around": near,
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
