"""HTTP API of matches (``/api/matches``), mounted by config/api.py.

Thin: each endpoint names the account, calls one service and answers the standings
snapshot; refusals (``MatchError``, a games ``GameServiceError``) become the platform's
``{"error": {"reason", "message", "detail"?}}`` with their status. A match is named by
its id or its join code wherever ``{ref}`` appears. The round games themselves are
opened through ``POST /api/games {"match": id}`` (games/api.py, via the opener matches
registers) and played like any live game.

No ``from __future__ import annotations`` here: the views are wrapped by the games
API's refusal handler, and ninja resolves string annotations in the wrapper's module,
where these schemas are unknown.
"""

from typing import Any

from django.http import HttpRequest
from ninja import Router, Status
from ninja.responses import codes_4xx

from accounts.auth import BearerOrSession
from accounts.users import ApiRequest
from games.api import _answers_refusals
from games.refs import resolve_deal_ref
from games.schemas import ErrorOut
from games.services.errors import GameServiceError
from leaderboards.profiles import profile_named
from matches.errors import MatchError
from matches.ghost import check_ghost, ghost_run
from matches.history import match_history
from matches.models import Match
from matches.schemas import GhostOut, MatchHistoryOut, MatchIn, MatchOut, MatchSummary, ReadyIn
from matches.services import lobby
from matches.services.loading import load_match
from matches.services.playing import do_end_round_if_due
from matches.standings import snapshot

router = Router(tags=["matches"])
players_only = BearerOrSession()
anyone = BearerOrSession(guest=True)
ERRORS = frozenset(codes_4xx | {503})


def _standings(match: Match) -> dict[str, Any]:
    return snapshot(load_match(match.pk))


@router.post(
    "/matches",
    auth=players_only,
    response={201: MatchOut, ERRORS: ErrorOut},
    summary="Create a match (you take the first seat); answers its join code and link",
)
@_answers_refusals
def create_match(request: ApiRequest, body: MatchIn) -> Any:
    chosen = lobby.check_settings(
        body.variant, body.rounds, body.target_score, body.time_limit_s, body.max_players
    )
    return Status(201, _standings(lobby.do_create_match(request.auth, chosen)))


@router.get(
    "/matches",
    auth=players_only,
    response={200: list[MatchSummary]},
    summary="My matches (those I have a seat in), newest first",
)
def my_matches(request: ApiRequest) -> Any:
    rows = Match.objects.filter(seats__player=request.auth).order_by("-created_at")[:50]
    return [
        {
            "id": str(m.pk),
            "code": m.code,
            "variant": m.variant,
            "status": m.status,
            "created_at": m.created_at.isoformat(),
            "url": f"/matches/{m.pk}/",
        }
        for m in rows
    ]


@router.get(
    "/matches/{ref}",
    auth=anyone,
    response={200: MatchOut, ERRORS: ErrorOut},
    summary="A match's standings (anyone with the link or code)",
)
@_answers_refusals
def get_match(request: HttpRequest, ref: str) -> Any:
    match = load_match(ref)
    do_end_round_if_due(match)
    return _standings(match)


@router.post(
    "/matches/{ref}/join",
    auth=players_only,
    response={200: MatchOut, ERRORS: ErrorOut},
    summary="Take a seat in a lobby, by the match's id or join code",
)
@_answers_refusals
def join_match(request: ApiRequest, ref: str) -> Any:
    return _standings(lobby.do_join(ref, request.auth))


@router.post(
    "/matches/{ref}/ready",
    auth=players_only,
    response={200: MatchOut, ERRORS: ErrorOut},
    summary="Say ready (or not); the match starts when every seat is ready",
)
@_answers_refusals
def ready(request: ApiRequest, ref: str, body: ReadyIn) -> Any:
    return _standings(lobby.do_set_ready(ref, request.auth, body.ready))


@router.post(
    "/matches/{ref}/start",
    auth=players_only,
    response={200: MatchOut, ERRORS: ErrorOut},
    summary="Start the match (its creator): round 1 begins after a 3-2-1 countdown",
)
@_answers_refusals
def start(request: ApiRequest, ref: str) -> Any:
    return _standings(lobby.do_start_match(ref, request.auth))


@router.post(
    "/matches/{ref}/leave",
    auth=players_only,
    response={200: MatchOut, ERRORS: ErrorOut},
    summary="Leave: a free seat in the lobby; under way, the rounds left count 0",
)
@_answers_refusals
def leave(request: ApiRequest, ref: str) -> Any:
    return _standings(lobby.do_leave(ref, request.auth))


@router.get(
    "/deals/{ref}/ghost",
    auth=anyone,
    response={200: GhostOut, ERRORS: ErrorOut},
    summary="Race the record: the record holder's run over time (score, cards left)",
    description="Numbered deals and past dailies (a public code); the record must have "
    "been played live (its timings). 404 `no_ghost` otherwise. Never a card.",
)
@_answers_refusals
def ghost(request: HttpRequest, ref: str) -> Any:
    try:
        deal, _ = resolve_deal_ref(ref)
    except GameServiceError as err:
        if err.status != 404:
            raise
        deal = None
    return ghost_run(check_ghost(deal))


@router.get(
    "/players/{name}/matches",
    auth=anyone,
    response={200: list[MatchHistoryOut], ERRORS: ErrorOut},
    summary="A player's finished matches, newest first: rank and total in each",
)
@_answers_refusals
def player_matches(request: HttpRequest, name: str) -> Any:
    profile = profile_named(name[:64])
    if profile is None:
        raise MatchError("player_not_found", "no player has this name", 404)
    return match_history(profile.user)
