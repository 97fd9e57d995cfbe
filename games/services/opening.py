"""Opening a game: who may start what, and when opening resumes instead (SPEC §8).

* A daily deal's ranked attempt is the first game an account **starts** on it while its
  day is open. Opening that daily again while the attempt is open resumes the same game
  (same id, the server's clock running from its start); once it has ended, every later
  game on the deal is practice. One ranked game per (player, daily) is also a partial
  unique constraint (``game_one_ranked_attempt_per_daily``), so two racing opens end
  with one ranked game, which both get.
* Guests do not open today's sealed dailies: whatever a guest turned up would show the
  cards to the next ranked attempt. After the close, dailies are practice for everyone.
* At most ``settings.MAX_OPEN_GAMES`` open games per account or guest session: the next
  start is refused (409) with the list of the open ones, so nothing is ended behind the
  player's back. Resuming is never refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from accounts.users import Account
from games.daily import is_closed
from games.models import DailyDeal, Deal, Game
from games.services.errors import AccountRequired, TooManyOpenGames
from games.services.play import Actor, do_start_game


@dataclass(frozen=True, slots=True)
class Opened:
    """The game a player was given, and whether it was an open one resumed."""

    game: Game
    resumed: bool


def open_games(actor: Actor) -> QuerySet[Game]:
    """The actor's games still open (not ended), newest first."""
    account = actor.account
    games = Game.objects.filter(finished_at__isnull=True).select_related("deal")
    if account is not None:
        return games.filter(player=account)
    return games.filter(player__isnull=True, guest_key=actor.guest_key)


def open_game_info(game: Game) -> dict[str, Any]:
    return {
        "id": str(game.id),
        "label": game.deal.label,
        "ranked": game.ranked,
        "started_at": game.started_at.isoformat(),
        "url": f"/play/{game.id}/",
    }


def check_open_games_cap(actor: Actor) -> None:
    """Refuse a new game while the actor has ``MAX_OPEN_GAMES`` open ones."""
    limit: int = settings.MAX_OPEN_GAMES
    if limit <= 0:
        return
    current = list(open_games(actor)[: limit + 1])
    if len(current) >= limit:
        raise TooManyOpenGames(limit, [open_game_info(g) for g in current])


def ranked_attempt(daily: DailyDeal, account: Account | None) -> Game | None:
    """The account's ranked game on ``daily``, if it ever started one."""
    return Game.objects.filter(daily=daily, player=account, ranked=True).first()


def do_open_game(deal: Deal, actor: Actor, daily: DailyDeal | None = None) -> Opened:
    """Start a game on ``deal`` (or on ``daily``'s deal), or resume the open ranked
    attempt of that daily. Raises AccountRequired or TooManyOpenGames."""
    if daily is None:
        check_open_games_cap(actor)
        return Opened(do_start_game(deal, actor.account, actor.guest_key), resumed=False)
    account = actor.account
    if is_closed(daily):  # the archive: practice for anyone
        check_open_games_cap(actor)
        return Opened(do_start_game(daily.deal, account, actor.guest_key, daily), False)
    if account is None:
        raise AccountRequired()
    attempt = ranked_attempt(daily, account)
    if attempt is not None and attempt.finished_at is None:
        return Opened(attempt, resumed=True)
    check_open_games_cap(actor)
    if attempt is not None:
        return Opened(do_start_game(daily.deal, account, "", daily), resumed=False)
    try:
        with transaction.atomic():
            game = do_start_game(daily.deal, account, "", daily, ranked=True)
    except IntegrityError:  # a second open raced this one: both get the same attempt
        raced = ranked_attempt(daily, account)
        if raced is None:
            raise
        return Opened(raced, resumed=True)
    return Opened(game, resumed=False)
