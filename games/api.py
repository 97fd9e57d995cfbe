"""HTTP API of the games app, mounted under /api/ by config/api.py.

Thin: each endpoint reads who is asking (a Bearer token's account, a logged-in session,
or a guest's session), calls one service, and turns the services' refusals into the
platform's JSON error shape ``{"error": {"reason", "message", ...}}`` with their status.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, JsonResponse
from ninja import Router
from ninja.responses import Status, codes_4xx

from accounts.auth import BearerOrSession
from games import facts_on_demand
from games.engine import EngineError
from games.game_sync import publish_state
from games.guest_carry_over import guest_session_key
from games.models import Deal
from games.schemas import (
    ActionIn,
    DealFactsOut,
    ErrorOut,
    GameCreateIn,
    GameOut,
    HintOut,
    OpenGameOut,
    PaceOut,
)
from games.services import deals, hints, openers, opening, pacer, play
from games.services.errors import DealRequestError, GameServiceError, error_payload

router = Router(tags=["games"])
auth = BearerOrSession(guest=True)


def _answers_refusals(view: Callable[..., Any]) -> Callable[..., Any]:
    """Refusals become ``{"error": ...}`` with their status, sent as they are (not filtered
    through ``ErrorOut``, which documents them); anything else is a bug and stays a 500."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        try:
            return view(request, *args, **kwargs)
        except GameServiceError as err:
            return JsonResponse({"error": error_payload(err)}, status=err.status)
        except EngineError as err:
            return JsonResponse({"error": error_payload(err)}, status=400)

    return wrapper


def _actor(request: HttpRequest, *, create_session: bool = False) -> play.Actor:
    user = getattr(request, "auth", None)
    if user is not None and getattr(user, "is_authenticated", False):
        return play.Actor(user=user)
    session = request.session
    if session.session_key is None and not create_session:
        return play.Actor(guest_key="")
    # Noted in the session too: the guest's games follow them into an account.
    return play.Actor(guest_key=guest_session_key(session))


def _deal_and_daily(body: GameCreateIn) -> tuple[Any, Any]:
    forms = [body.code is not None, body.number is not None, body.daily is not None]
    if sum(forms) + (body.match is not None) != 1:
        raise DealRequestError(
            "bad_request",
            'give exactly one of "code", "number" (with "variant"), "daily" or "match"',
        )
    if body.match is not None:
        return None, None
    if body.daily is not None:
        daily = deals.check_daily_request(body.daily)
        return daily.deal, daily
    text = body.code if body.code is not None else body.number
    assert text is not None
    code = deals.check_deal_request(text, body.variant)
    return deals.get_or_create_deal(code), None


@router.post(
    "/games",
    auth=auth,
    response={200: GameOut, 201: GameOut, codes_4xx: ErrorOut},
    summary="Start a game on a deal code, a numbered deal or today's daily deal",
    description="Today's daily deals need an account (403 `account_required`). The first "
    "game an account starts on a daily is its ranked attempt; opening that daily again "
    "while it is open resumes it (200, same id); later games are practice. At most "
    "`MAX_OPEN_GAMES` open games (409 `too_many_open_games`, listing them). "
    "`{\"match\": id}` opens or resumes the player's game of a live match's current "
    "round (docs/matches.md).",
)
@_answers_refusals
def start_game(request: HttpRequest, body: GameCreateIn) -> Any:
    """201 with a new game, or 200 with the open ranked attempt of that daily resumed
    (same id, its clock running from its start: SPEC §8)."""
    deal, daily = _deal_and_daily(body)
    actor = _actor(request, create_session=True)
    if body.match is not None:  # a live match's round game (games/services/openers.py)
        opened = openers.open_with("match", body.match, actor)
    else:
        opened = opening.do_open_game(deal, actor, daily)
    return Status(200 if opened.resumed else 201, play.game_payload(opened.game))


@router.get(
    "/games/{game_id}",
    auth=auth,
    response={200: GameOut, codes_4xx: ErrorOut},
    summary="A game's current state (its player only)",
)
@_answers_refusals
def get_game(request: HttpRequest, game_id: str) -> Any:
    return play.get_game(game_id, _actor(request))


@router.post(
    "/games/{game_id}/actions",
    auth=auth,
    response={200: GameOut, codes_4xx: ErrorOut},
    summary="Play one action: a log token, a tableau position, abandon or finish",
)
@_answers_refusals
def act(request: HttpRequest, game_id: str, body: ActionIn) -> Any:
    action = body.model_dump(exclude_none=True)
    payload = play.do_act(game_id, _actor(request), action)
    publish_state(payload)  # the game's open sockets follow (games/game_sync.py)
    return payload


@router.get(
    "/games",
    auth=auth,
    response={200: list[OpenGameOut]},
    summary="The asker's open games (not ended), newest first: what the pages offer to resume",
)
def list_open_games(request: HttpRequest) -> Any:
    actor = _actor(request)
    if actor.account is None and not actor.guest_key:
        return []
    return [
        {
            **opening.open_game_info(game),
            "variant": game.deal.variant,
            "status": game.status,
            "score": game.score,
            "moves": game.moves,
            "cards_left": game.cards_left,
        }
        for game in opening.open_games(actor).order_by("-last_action_at")[:50]
    ]


@router.post(
    "/games/{game_id}/hint",
    auth=auth,
    response={200: HintOut, codes_4xx: ErrorOut},
    summary="A hint: the next action of a best line from the game's position (practice only)",
    description="Marks the game assisted: its result is on no board and takes no record. "
    "A ranked daily attempt answers 403 `hint_ranked`; a finished game 409 `game_over`.",
)
@_answers_refusals
def hint(request: HttpRequest, game_id: str) -> Any:
    return hints.do_hint(game_id, _actor(request))


@router.post(
    "/games/{game_id}/pace",
    auth=auth,
    response={200: PaceOut, codes_4xx: ErrorOut},
    summary="The par pacer: how far the game is from the best result still possible",
    description="Marks the game assisted like a hint (the pacer is an oracle on unseen "
    "cards). A ranked daily attempt answers 403 `pace_ranked`, a match game 403 "
    '`pace_match`, a finished game 409 `game_over`. The play socket\'s `{"pace": true}` '
    "pushes the same figures after each action instead.",
)
@_answers_refusals
def pace(request: HttpRequest, game_id: str) -> Any:
    return pacer.do_pace(game_id, _actor(request))


@router.get(
    "/deals/{code}",
    auth=auth,
    response={200: DealFactsOut, codes_4xx: ErrorOut},
    summary="Public facts of a deal (par and winnable when solved; never the solution)",
)
@_answers_refusals
def deal_facts(request: HttpRequest, code: str) -> Any:
    from games.refs import resolve_deal_ref  # the daily references' one reader

    deal, parsed = resolve_deal_ref(code)
    if parsed is None:  # a daily reference: always a stored deal
        assert deal is not None
        return deals.daily_deal_facts(deal)
    if not parsed.sealed:
        # Solved when first needed (at once when Celery is eager; else pushed when done).
        deal = deal or deals.get_or_create_deal(parsed)
        if facts_on_demand.request_facts(deal):
            deal = Deal.objects.select_related("solver_fact").get(pk=deal.pk)
    return deals.deal_facts(parsed, deal)
