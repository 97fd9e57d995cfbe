"""HTTP API of the leaderboards app, mounted under /api/ by config/api.py.

Thin: each endpoint reads who is asking, calls one service or board function, and turns
refusals into the platform's error shape ``{"error": {"reason", "message", ...}}``.
A deal is named by its code or, for a daily deal whose code is still secret, by
``daily-YYYY-MM-DD-<variant>`` (games/refs.py).
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from django.db import transaction
from django.http import HttpRequest
from ninja import Query, Router, Schema, Status
from ninja.responses import codes_4xx

from accounts.auth import BearerOrSession
from core.errors import Refusal
from games import daily as daily_service
from games.commitments import verify_command
from games.engine import EngineError, ReplayError
from games.models import DailyDeal, SolverFact, numbered_label
from games.refs import resolve_deal_ref
from games.services.deals import get_or_create_deal
from games.services.errors import GameServiceError, error_payload
from games.services.opening import ranked_attempt
from leaderboards import errors
from leaderboards.boards import DEFAULT_LIMIT, MAX_LIMIT, board_view, empty_board
from leaderboards.models import RecordChange, RecordEvent, Series
from leaderboards.presenters import deal_info, event_info, par_of, player_name, result_info
from leaderboards.profiles import player_profile
from leaderboards.schemas import (
    BoardOut,
    DailyDealOut,
    DailyOut,
    ErrorOut,
    EventOut,
    PlayerOut,
    RecordsOut,
    ResultIn,
    SeriesIn,
    SeriesOut,
    SeriesSummary,
    StartOut,
    SubmitOut,
    TotalsOut,
)
from leaderboards.services import SubmissionRefused, do_submit_log
from leaderboards.services.series import SeriesRefused, do_create_series
from leaderboards.sessions import daily_totals, played_by_day, series_totals, streak

router = Router(tags=["leaderboards"])
players_only = BearerOrSession()
anyone = BearerOrSession(guest=True)
MAX_EVENTS = 100
#: ninja's codes_4xx leaves 413 out; an oversized log answers it.
ERRORS = frozenset(codes_4xx | {413})


def _me(request: HttpRequest) -> Any:
    user = getattr(request, "auth", None)
    return user if user is not None and getattr(user, "is_authenticated", False) else None


def _refusal(err: Exception) -> Status[dict[str, Any]]:
    if isinstance(err, Refusal):  # the games', the submissions', the series' refusals
        return Status(err.status, {"error": err.payload()})
    if isinstance(err, ReplayError):
        return Status(400, errors.replay_error(err))
    if isinstance(err, EngineError):
        return Status(400, {"error": error_payload(err)})
    raise err


# -- results and deal boards ------------------------------------------------------------


@router.post(
    "/deals/{code}/results",
    auth=players_only,
    response={201: SubmitOut, ERRORS: ErrorOut},
    summary="Submit a move log played elsewhere (numbered deals; replayed by the server)",
    description="The server replays the log through the engine and takes nothing else from "
    "the client. An illegal token answers 400 with its `index`, `token` and `reason`, and "
    "nothing is stored. Sealed (daily) deals refuse submitted logs. A submitted result has "
    "no duration (`duration_ms` null): it ranks behind timed results with equal cards and "
    "moves.",
)
def submit_result(request: HttpRequest, code: str, body: ResultIn) -> Any:
    # Sync: under the ASGI server the whole request (middleware, the token lookup by
    # ninja's auth, the submission) runs on the request's thread in one hop from the event
    # loop (config/http_handler.py). As an async view the auth and the work were a hop
    # each (ninja runs a sync auth through sync_to_async).
    try:
        deal, parsed = resolve_deal_ref(code)
        if deal is not None:
            return Status(201, do_submit_log(deal, _me(request), body.log))
        # A numbered deal nobody has played yet: its row and the result in one
        # transaction, so that a refused log leaves no Deal row behind.
        assert parsed is not None
        with transaction.atomic():
            answer = do_submit_log(get_or_create_deal(parsed), _me(request), body.log)
        return Status(201, answer)
    except (GameServiceError, EngineError, SubmissionRefused) as err:
        return _refusal(err)


class BoardQuery(Schema):
    board: Literal["best", "first"] = "best"
    limit: int = DEFAULT_LIMIT


@router.get(
    "/deals/{code}/leaderboard",
    auth=anyone,
    response={200: BoardOut, codes_4xx: ErrorOut},
    summary="A deal's board: best ever (each player's best) or first tries",
)
def leaderboard(request: HttpRequest, code: str, query: Query[BoardQuery]) -> Any:
    try:
        deal, parsed = resolve_deal_ref(code)
    except GameServiceError as err:
        return _refusal(err)
    limit = max(1, min(query.limit, MAX_LIMIT))
    if deal is None:
        assert parsed is not None
        label = numbered_label(parsed.number, parsed.rule_set)
        return Status(200, empty_board(parsed.text, label, parsed.rule_set, query.board))
    me = _me(request)
    return Status(200, board_view(deal, query.board, limit, me.pk if me is not None else None))


@router.get(
    "/deals/{code}/records",
    auth=anyone,
    response={200: RecordsOut, codes_4xx: ErrorOut},
    summary="A deal's record history: every change of its #1, newest first",
)
def records(request: HttpRequest, code: str) -> Any:
    try:
        deal, parsed = resolve_deal_ref(code)
    except GameServiceError as err:
        return _refusal(err)
    if deal is None:
        assert parsed is not None
        info = {
            "ref": parsed.text,
            "code": parsed.text,
            "label": numbered_label(parsed.number, parsed.rule_set),
            "variant": parsed.rule_set,
            "sealed": False,
        }
        return Status(200, {"deal": info, "par": None, "changes": []})
    par = par_of(deal)
    changes = RecordChange.objects.filter(deal=deal).select_related(
        "result__player__profile", "holder__profile", "previous_holder__profile"
    )
    return Status(
        200,
        {
            "deal": deal_info(deal),
            "par": par,
            "changes": [
                {
                    "at": c.created_at,
                    "reason": c.reason,
                    "holder": player_name(c.holder),
                    "previous_holder": player_name(c.previous_holder),
                    "result": result_info(c.result, par) if c.result is not None else None,
                }
                for c in changes
            ],
        },
    )


@router.get(
    "/events",
    auth=anyone,
    response=list[EventOut],
    summary="The site feed's latest record events (personal bests are not in the feed)",
)
def feed(request: HttpRequest, limit: int = 20) -> Any:
    limit = max(1, min(limit, MAX_EVENTS))
    rows = (
        RecordEvent.objects.exclude(kind=RecordEvent.Kind.PERSONAL_BEST)
        .select_related("deal", "player__profile", "previous_holder__profile")
        .order_by("-created_at", "-id")[:limit]
    )
    return [event_info(e) for e in rows]


# -- daily deals --------------------------------------------------------------------------


def _daily_row(daily: DailyDeal, me: Any, attempts: dict[str, Any], is_today: bool) -> Any:
    deal = daily.deal
    try:
        fact: SolverFact | None = deal.solver_fact
    except SolverFact.DoesNotExist:
        fact = None
    closed = daily_service.is_closed(daily)
    attempt = ranked_attempt(daily, me) if me is not None and not closed else None
    revealed = closed and bool(daily.nonce)
    return DailyDealOut(
        variant=daily.variant,
        label=deal.label,
        ref=daily_service.daily_ref(daily),
        code=deal.public_code,
        deal_id=deal.pk,
        par=fact.par_moves if fact is not None else None,
        winnable=fact.winnable if fact is not None else None,
        closed=closed,
        ranked=me is not None and not closed and attempt is None,
        start=(
            StartOut(method="POST", url="/api/games", body={"daily": daily.variant})
            if is_today
            else None
        ),
        my_attempt=attempts.get(daily.variant),
        resume=str(attempt.pk) if attempt is not None and attempt.finished_at is None else None,
        needs_account=is_today and not closed and me is None,
        commitment=daily.commitment,
        nonce=daily.nonce if revealed else None,
        verify=verify_command(deal.code, daily.nonce) if revealed else None,
    )


def _daily_answer(request: HttpRequest, day: date) -> dict[str, Any]:
    me = _me(request)
    is_today = day == daily_service.today()
    attempts = played_by_day(me.pk, day) if me is not None else {}
    s = streak(me.pk) if me is not None else None
    return {
        "date": day,
        "time_zone": daily_service.platform_zone().key,
        "next_change_at": daily_service.next_change_at(),
        "deals": [_daily_row(d, me, attempts, is_today) for d in daily_service.daily_deals_on(day)],
        "streak": ({"current": s.current, "best": s.best, "last_day": s.last_day} if s else None),
    }


@router.get(
    "/daily",
    auth=anyone,
    response=DailyOut,
    summary="Today's daily deals (platform time zone) and when they change",
    description="Codes are null until the day closes; start one with "
    '`POST /api/games {"daily": "TP-E"}` (accounts only). A player\'s first game started '
    "on a daily deal is ranked (opening it again resumes it); later games are practice. "
    "Each deal's `commitment` is published from the start; its `nonce` at the close.",
)
def daily_today(request: HttpRequest) -> Any:
    return _daily_answer(request, daily_service.today())


@router.get(
    "/daily/{day}",
    auth=anyone,
    response={200: DailyOut, codes_4xx: ErrorOut},
    summary="A past day's daily deals (the archive: codes shown once the day closed)",
)
def daily_archive(request: HttpRequest, day: date) -> Any:
    if day > daily_service.today():
        return Status(404, errors.error("not_found", "future daily deals are not shown"))
    return Status(200, _daily_answer(request, day))


@router.get(
    "/daily/{day}/totals",
    auth=anyone,
    response={200: TotalsOut, codes_4xx: ErrorOut},
    summary="The day's totals: each player's ranked daily scores summed",
)
def daily_day_totals(request: HttpRequest, day: date, limit: int = 100) -> Any:
    if day > daily_service.today():
        return Status(404, errors.error("not_found", "future days have no totals"))
    return Status(200, {"date": day, "entries": daily_totals(day, max(1, min(limit, 1000)))})


# -- series -------------------------------------------------------------------------------


def _series_summary(series: Series) -> dict[str, Any]:
    return {
        "slug": series.slug,
        "title": series.title,
        "owner": player_name(series.owner),
        "official": series.official,
        "deals": series.items.count(),
        "created_at": series.created_at,
    }


def _series_detail(series: Series) -> dict[str, Any]:
    items = series.items.select_related("deal", "deal__solver_fact").order_by("position")
    return {
        "slug": series.slug,
        "title": series.title,
        "owner": player_name(series.owner),
        "official": series.official,
        "created_at": series.created_at,
        "deals": [
            {"position": i.position, "deal": deal_info(i.deal), "par": par_of(i.deal)}
            for i in items
        ],
        "board": series_totals(series, 100),
    }


@router.get(
    "/series",
    auth=anyone,
    response=list[SeriesSummary],
    summary="Official series, and the signed-in player's own (others' are shared by link)",
)
def series_list(request: HttpRequest) -> Any:
    me = _me(request)
    official = list(Series.objects.filter(official=True).select_related("owner__profile")[:50])
    mine = (
        list(Series.objects.filter(owner=me, official=False).select_related("owner__profile"))
        if me is not None
        else []
    )
    return [_series_summary(s) for s in official + mine]


@router.post(
    "/series",
    auth=players_only,
    response={201: SeriesOut, codes_4xx: ErrorOut},
    summary="Make a series from numbered deals (shared by its link)",
)
def series_create(request: HttpRequest, body: SeriesIn) -> Any:
    try:
        series = do_create_series(_me(request), body.title, body.deals)
    except (GameServiceError, SeriesRefused) as err:
        return _refusal(err)
    return Status(201, _series_detail(series))


@router.get(
    "/series/{slug}",
    auth=anyone,
    response={200: SeriesOut, codes_4xx: ErrorOut},
    summary="A series, its deals and its totals board (first result on each deal)",
)
def series_detail(request: HttpRequest, slug: str) -> Any:
    series = Series.objects.select_related("owner__profile").filter(slug=slug).first()
    if series is None:
        return Status(404, errors.error("not_found", "no such series"))
    return Status(200, _series_detail(series))


# -- players ------------------------------------------------------------------------------


@router.get(
    "/players/{display_name}",
    auth=anyone,
    response={200: PlayerOut, codes_4xx: ErrorOut},
    summary="A player's profile: recent results, personal bests, daily streak",
)
def player(request: HttpRequest, display_name: str) -> Any:
    found = player_profile(display_name)
    if found is None:
        return Status(404, errors.error("not_found", "no such player"))
    return Status(200, found)
