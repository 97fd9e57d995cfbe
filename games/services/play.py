"""Live play held by the server (lila's way: the server checks every move).

The stored ``Game.log`` is the source of truth: each action locks the game row, replays
the log through the engine, applies the one new action, and stores the new log with the
figures the engine computed. Clients never send a score, a count or a result, and only
ever receive the engine's ``view()`` (no face-down card, no stock order) plus the cards
the action itself turned face up.

When a game ends:
* won: at once, by the winning action;
* blocked: NOT at once. SPEC §4 lets a blocked player undo, so a blocked game stays open
  (status "blocked", ``finished`` false) until the player sends ``finish`` (or
  ``abandon``, which on a blocked game means the same: its result is the blocked result);
* abandoned: ``abandon`` on a game still playing.
Each end calls the registered recorder (``games.services.recording``: the leaderboards'
``record_game_result``) once, in the same transaction as the final save, and its answer
becomes the payload's ``result``.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from accounts.users import Account, AnyUser
from games.daily import is_closed
from games.engine import (
    BLOCKED,
    TABLEAU_SIZE,
    WON,
    EngineError,
    Step,
    format_log,
    new_game,
    replay,
)
from games.engine.play import Game as EngineGame
from games.models import DailyDeal, Deal, Game
from games.payloads import GamePayload
from games.services import listeners, recording
from games.services.deals import deal_payload
from games.services.errors import (
    ActionRefused,
    GameForbidden,
    GameNotFound,
    GameOver,
    GameServiceError,
)

logger = logging.getLogger(__name__)

#: Actions one game may hold. A real game takes well under 300 (Pyramid with recycles
#: included); the cap keeps every replay cheap and the stored log small.
MAX_ACTIONS = 3000
MAX_TOKEN_CHARS = 16
ABANDON = "abandon"
FINISH = "finish"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is asking: an account (``user``) or a guest known by their session key."""

    user: AnyUser | None = None
    guest_key: str = ""

    @property
    def account(self) -> Account | None:
        user = self.user
        return user if isinstance(user, Account) and user.is_authenticated else None


# -- checks ------------------------------------------------------------------------------


def check_can_act(game: Game, user: AnyUser | None, guest_key: str | None) -> None:
    """Only the player who started a game may see or play it (guests: same session)."""
    if game.player_id is not None:
        if user is None or not getattr(user, "is_authenticated", False):
            raise GameForbidden()
        if user.pk != game.player_id:
            raise GameForbidden()
        return
    if not guest_key or guest_key != game.guest_key:
        raise GameForbidden()


def check_action(data: object) -> str | int:
    """An action frame/body -> a token string, ``abandon``/``finish``, or a position int."""
    if not isinstance(data, dict):
        raise GameServiceError("bad_action", 'send {"action": "KC"} or {"position": 5}')
    action, position = data.get("action"), data.get("position")
    if (action is None) == (position is None):
        raise GameServiceError("bad_action", 'send exactly one of "action" or "position"')
    if position is not None:
        if (
            isinstance(position, bool)
            or not isinstance(position, int)
            or not 0 <= position < TABLEAU_SIZE
        ):
            raise GameServiceError(
                "bad_position", f"position is a tableau index 0..{TABLEAU_SIZE - 1}"
            )
        return position
    if not isinstance(action, str) or not action.strip():
        raise GameServiceError("bad_action", "action is a log token: KC, TC+3S, D, U, abandon")
    if len(action) > MAX_TOKEN_CHARS:
        raise GameServiceError("bad_action", f"an action has at most {MAX_TOKEN_CHARS} characters")
    lowered = action.strip().lower()
    return lowered if lowered in (ABANDON, FINISH) else action.strip()


# -- reading ----------------------------------------------------------------------------


def load_game(game_id: str | uuid.UUID, *, lock: bool = False) -> Game:
    try:
        key = game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id))
    except ValueError:
        raise GameNotFound() from None
    queryset = Game.objects.select_related("deal", "daily")
    if lock:
        # of=self: the daily is an outer join, which PostgreSQL cannot lock.
        queryset = queryset.select_for_update(of=("self",))
        if connection.vendor == "sqlite":
            # SQLite ignores FOR UPDATE: writing first takes the database's write lock
            # before the read, so two actions on one game queue up instead of both
            # replaying the same log (or failing to upgrade a read lock).
            Game.objects.filter(pk=key).update(last_action_at=F("last_action_at"))
    game = queryset.filter(pk=key).first()
    if game is None:
        raise GameNotFound()
    return game


def rebuild(game: Game) -> EngineGame:
    """The engine game of a stored game: its deal replayed through its log."""
    return replay(game.deal.code, game.log).game


def game_payload(
    game: Game,
    engine: EngineGame | None = None,
    step: Step | None = None,
    result: dict[str, Any] | None = None,
) -> GamePayload:
    """The one answer shape of HTTP and WebSocket (docs/architecture.md); ``step``: what
    the action answered played (its revealed cards, the bonus of a peak it emptied)."""
    engine = engine if engine is not None else rebuild(game)
    view = engine.view()
    finished = game.finished_at is not None
    if finished:  # the server refuses any further action: say so in the view too
        view["legal"] = []
        view["can_undo"] = False
        view["status"] = game.status
    return {
        "id": str(game.id),
        "deal": deal_payload(game.deal),
        "daily": game.daily_id,
        "status": game.status,
        "finished": finished,
        "score": game.score,
        "moves": game.moves,
        "cards_left": game.cards_left,
        "duration_ms": game.duration_ms,
        # The ranked attempt of a daily deal, or practice (SPEC §8), from the first frame.
        "ranked": game.ranked,
        "assisted": game.assisted,  # a hint was used (games.services.hints)
        # Per-action times are shown once the game is over, never while it is open.
        "timings": list(game.timings) if finished else None,
        "view": view,
        "revealed": step.revealed_cards if step is not None else [],
        # The engine's own figure, so the page shows what the rules paid (any scoring).
        "peak_bonus": step.bonus if step is not None and step.peak_cleared else None,
        "result": result,
    }


def get_game(game_id: str | uuid.UUID, actor: Actor) -> GamePayload:
    game = load_game(game_id)
    check_can_act(game, actor.user, actor.guest_key)
    return game_payload(game)


# -- changing ---------------------------------------------------------------------------


def do_start_game(
    deal: Deal,
    player: AnyUser | None,
    guest_key: str = "",
    daily: DailyDeal | None = None,
    *,
    ranked: bool = False,
) -> Game:
    """A new live game on ``deal`` for an account, or for a guest's session. Who may
    start what (ranked attempts, guests and dailies, the open-game cap) is decided by
    ``games.services.opening``; this only creates the row."""
    account = player if isinstance(player, Account) and player.is_authenticated else None
    if account is None and not guest_key:
        raise GameServiceError("bad_request", "a guest game needs a session")
    engine = new_game(deal.code)
    now = timezone.now()
    return Game.objects.create(
        deal=deal,
        player=account,
        guest_key="" if account is not None else guest_key,
        daily=daily,
        ranked=ranked and account is not None and daily is not None,
        log="",
        timings=[],
        status=engine.status,
        score=engine.score,
        moves=engine.moves,
        cards_left=engine.cards_left,
        started_at=now,
        last_action_at=now,
    )


def do_act(game_id: str | uuid.UUID, actor: Actor, action: object) -> GamePayload:
    """Play one action (``{"action": ...}`` or ``{"position": n}``) and answer the payload.

    Any refusal raises before anything is written, inside the transaction: the stored
    game is unchanged.
    """
    checked = check_action(action)
    with transaction.atomic():
        game = load_game(game_id, lock=True)
        check_can_act(game, actor.user, actor.guest_key)
        if game.finished_at is not None:
            raise GameOver()
        engine = rebuild(game)
        if game.ranked and game.daily is not None and is_closed(game.daily):
            # The code is public from the close: the attempt ends as it stands, before
            # any further action (SPEC §8; the beat task does the same for idle ones).
            return _end(game, engine, "abandoned")
        if listeners.time_is_up(game, timezone.now()):  # e.g. a match round's time limit
            return _end(game, engine, BLOCKED if engine.status == BLOCKED else "abandoned")
        if checked == ABANDON:
            return _end(game, engine, BLOCKED if engine.status == BLOCKED else "abandoned")
        if checked == FINISH:
            if engine.status != BLOCKED:
                raise GameServiceError("not_blocked", "finish ends a blocked game only", 409)
            return _end(game, engine, BLOCKED)
        if len(engine.log) >= MAX_ACTIONS:
            raise GameServiceError("too_many_actions", f"a game holds at most {MAX_ACTIONS}")
        step = _apply(engine, checked)
        now = timezone.now()
        game.log = format_log(engine.log)
        game.timings = [*game.timings, elapsed_ms(game, now)]
        _copy_figures(game, engine)
        game.last_action_at = now
        if engine.status == WON:
            return _end(game, engine, WON, step)
        game.save(
            update_fields=[
                "log",
                "timings",
                "status",
                "score",
                "moves",
                "cards_left",
                "last_action_at",
            ]
        )
        listeners.notify(game)
        return game_payload(game, engine, step)


def do_abandon(game: Game) -> GamePayload:
    """End a game on its player's behalf (the ``abandon`` action, without an actor check)."""
    with transaction.atomic():
        locked = load_game(game.pk, lock=True)
        if locked.finished_at is not None:
            raise GameOver()
        engine = rebuild(locked)
        return _end(locked, engine, BLOCKED if engine.status == BLOCKED else "abandoned")


def _apply(engine: EngineGame, action: str | int) -> Step:
    """Apply one token or position click (the engine refuses a face-down card's position
    as it refuses naming that card); what it did (the cards it turned face up, a peak
    emptied and its bonus)."""
    index = len(engine.log)
    try:
        token = engine.card_at(action) if isinstance(action, int) else action
        return engine.apply(token)
    except EngineError as err:
        raise ActionRefused(err, index) from None


def elapsed_ms(game: Game, now: datetime) -> int:
    """Milliseconds from the game's start to ``now``, by the server's clock."""
    return max(0, int((now - game.started_at).total_seconds() * 1000))


def _copy_figures(game: Game, engine: EngineGame) -> None:
    game.status = engine.status
    game.score = engine.score
    game.moves = engine.moves
    game.cards_left = engine.cards_left


def _end(
    game: Game, engine: EngineGame, status: str, step: Step | None = None
) -> GamePayload:
    now = timezone.now()
    _copy_figures(game, engine)
    game.status = status
    game.finished_at = now
    game.last_action_at = now
    game.duration_ms = elapsed_ms(game, now)
    game.save()
    result = recording.record(game)
    listeners.notify(game)
    return game_payload(game, engine, step, result)
