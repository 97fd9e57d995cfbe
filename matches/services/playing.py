"""What live play calls through its registrations (``MatchesConfig.ready()``).

* ``open_round_game`` (``POST /api/games {"match": id}``): the player's game of the
  current round, once its start instant has come; the same game every time (a player
  who dropped resumes it: 201 the first time, 200 after).
* ``on_game_changed`` (after every committed action or end of any live game): for a
  round game, everyone watching the match gets the standings, and an ended game may end
  the round.
* ``round_time_is_up`` (before each action): past a round's limit live play ends the
  game as it stands instead of playing the action.
* ``is_round_game`` (a hint asked for): a round game is a contest, played without hints.
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models import Game
from games.services.opening import Opened
from games.services.play import Actor
from matches import events
from matches.errors import MatchError
from matches.models import Match, RoundGame
from matches.services.loading import load_match
from matches.services.lobby import seat_of
from matches.services.rounds import current_round, do_end_round_if_over, entry_of


def do_end_round_if_due(match: Match, now: datetime | None = None) -> None:
    """The eager-mode (no worker) path of the time limit: end a round past its limit."""
    if match.status != Match.Status.PLAYING:
        return
    rnd = current_round(match)
    now = now or timezone.now()
    if rnd is not None and rnd.ended_at is None and rnd.ends_at is not None and now >= rnd.ends_at:
        do_end_round_if_over(match.pk, rnd.number, now)


def open_round_game(ref: str, actor: Actor) -> Opened:
    account = actor.account
    if account is None:
        raise MatchError("not_in_match", "matches are played by accounts: log in", 403)
    match = load_match(ref)
    do_end_round_if_due(match)
    match.refresh_from_db()
    seat = seat_of(match, account)
    if seat is None:
        raise MatchError("not_in_match", "join the match first", 403)
    if seat.left_at is not None:
        raise MatchError("left_match", "you left this match: its rounds are forfeited", 403)
    if match.status == Match.Status.LOBBY:
        raise MatchError("round_not_started", "the match has not started yet", 409)
    if match.status != Match.Status.PLAYING:
        raise MatchError("match_closed", f"the match is {match.status}", 409)
    rnd = current_round(match)
    now = timezone.now()
    if rnd is None or rnd.ended_at is not None:
        raise MatchError("round_not_started", "the next round is being dealt", 409)
    if now < rnd.starts_at:
        raise MatchError(
            "round_not_started",
            "the round starts at starts_at (server time)",
            409,
            starts_at=rnd.starts_at.isoformat(),
        )
    entry = entry_of(rnd, account)
    if entry is None:  # joined seats all get a game; a missing one is a forfeit
        raise MatchError("left_match", "you have no game in this round", 403)
    first = RoundGame.objects.filter(pk=entry.pk, opened_at__isnull=True).update(opened_at=now)
    game = Game.objects.select_related("deal", "daily").get(pk=entry.game_id)
    return Opened(game, resumed=first == 0)


def on_game_changed(game_id: str) -> None:
    # Four columns, not the game's row (its log and timings): this runs after every action.
    entry = (
        RoundGame.objects.filter(game_id=game_id)
        .values_list("round__match_id", "round__number", "round__ends_at", "game__finished_at")
        .first()
    )
    if entry is None:
        return
    match_id, number, ends_at, finished_at = entry
    events.publish_change(match_id)
    if finished_at is not None or (ends_at is not None and timezone.now() >= ends_at):
        do_end_round_if_over(match_id, number)


def round_time_is_up(game: Game, now: datetime) -> bool:
    return RoundGame.objects.filter(
        game=game, round__ends_at__isnull=False, round__ends_at__lte=now
    ).exists()


def is_round_game(game: Game) -> bool:
    """A round of a match (``RoundGame``): a contest, like a daily's ranked attempt."""
    return RoundGame.objects.filter(game=game).exists()
