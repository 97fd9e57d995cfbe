"""Rounds: a fresh sealed deal per round, everyone's game at the same instant, the end
of a round (everyone finished, everyone left, or the time limit) and of the match.

* **Drawing** (``draw_round_deal``) is slow (the solver vets each candidate, as for the
  dailies: ``games.daily.find_winnable_sealed``), so it runs before the match's lock is
  taken; ``set_up_round`` then creates the deal, its SolverFact, the round and one
  ordinary live game per player still in, all starting at ``starts_at`` (the server's
  instant after the 3-2-1 countdown, sent to everyone in the ``round`` frame). The
  deal is sealed with ``reveal_after`` null: its code is nobody's until the match ends.
* **Ending** (``end_round``, under the match's lock): every game still open is ended by
  the server as it stands (``games.services.play.do_abandon``: its result is recorded
  like any live game's), the round is stamped, and the match either goes on (the next
  round is drawn by a task, after ``MATCH_BREAK_S`` for the round summary) or is over:
  N rounds played, a target reached (or 10 rounds), or fewer than two players still in.
  At the end every round's code is revealed (``Deal.reveal_after`` = now).
* **On time**: with a worker, a task with ``eta`` = the round's end calls
  ``do_end_round_if_over`` (harmless early, late or twice). In eager mode (development)
  no task is queued: the limit is enforced when anything next touches the match (an
  action, which live play refuses past the limit by ending the game; opening the round
  game; ``GET /api/matches/{ref}``; a socket connecting).
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from functools import partial

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.users import Account
from games.daily import Vetter, Vetting, find_winnable_sealed, solver_vetter, store_solver_fact
from games.engine import DealCode, parse_rule_set
from games.models import Deal, Game
from games.services.errors import GameOver
from games.services.play import do_abandon, do_start_game
from matches import events, rules, scoring
from matches.errors import MatchError
from matches.models import Match, MatchPlayer, Round, RoundGame
from matches.services.loading import load_match
from matches.standings import Table

logger = logging.getLogger(__name__)


def round_vetter() -> Vetter | None:
    """The solver as a vetter within ``MATCH_SOLVER_TIME_BUDGET_S`` (tests replace it)."""
    return solver_vetter(float(settings.MATCH_SOLVER_TIME_BUDGET_S))


#: Why a match ended early: no winnable deal for its next round (``Match.end_reason``).
NO_DEAL = "no_deal"


def no_deal_error() -> MatchError:
    return MatchError(NO_DEAL, "no winnable deal was found for this round", 503)


def draw_round_deal(variant: str) -> tuple[DealCode, Vetting]:
    """A sealed code of the match's rule set (``variant``: ``TP-E``, ``TP-C+H``…) the
    solver proved winnable. Each draw vets up to 12 candidates
    within the solver's budget; when one draw finds none (the budget ran out on each),
    another is made, ``MATCH_DEAL_DRAWS`` at most; then MatchError 503 ``no_deal``."""
    base, options = parse_rule_set(variant)
    vet = round_vetter()
    draws = int(settings.MATCH_DEAL_DRAWS)
    for draw in range(1, draws + 1):
        found = (
            find_winnable_sealed(base, vet, options=options) if vet is not None else None
        )
        if found is not None:
            return found
        logger.warning("no winnable %s deal in draw %s of %s", variant, draw, draws)
    raise no_deal_error()


def set_up_round(
    match: Match, number: int, found: tuple[DealCode, Vetting], now: datetime
) -> Round:
    """Round ``number`` with its deal and everyone's game (the match is locked)."""
    code, vetting = found
    deal = Deal.objects.create(
        code=code.text, variant=match.variant, number=None, sealed=True, reveal_after=None
    )
    store_solver_fact(deal, vetting)
    delay = float(settings.MATCH_COUNTDOWN_S) + (float(settings.MATCH_BREAK_S) if number > 1 else 0)
    starts_at = now + timedelta(seconds=delay)
    ends_at = starts_at + timedelta(seconds=match.time_limit_s) if match.time_limit_s else None
    rnd = Round.objects.create(
        match=match, number=number, deal=deal, starts_at=starts_at, ends_at=ends_at
    )
    for seat in match.seats.filter(left_at__isnull=True).select_related("player"):
        game = do_start_game(deal, seat.player)
        # Everyone's clock starts at the same server instant, after the countdown.
        Game.objects.filter(pk=game.pk).update(started_at=starts_at, last_action_at=starts_at)
        RoundGame.objects.create(round=rnd, seat=seat, game=game)
    if ends_at is not None:
        transaction.on_commit(partial(_schedule_end, match.pk, number, ends_at))
    events.publish_on_commit(match.pk, "round")
    return rnd


def _schedule_end(match_id: uuid.UUID, number: int, ends_at: datetime) -> None:
    if current_app.conf.task_always_eager:
        return  # eager tasks would run now, not at ends_at: the lazy checks end it
    from matches.tasks import end_round_task

    end_round_task.apply_async((str(match_id), number), eta=ends_at)


def current_round(match: Match) -> Round | None:
    return match.round_set.order_by("-number").first()


def is_round_over(rnd: Round, now: datetime) -> bool:
    """Time is up, or every game of the round is over (or its player left)."""
    if rnd.ends_at is not None and now >= rnd.ends_at:
        return True
    entries = rnd.entries.select_related("game", "seat")
    return all(e.game.finished_at is not None or e.seat.left_at is not None for e in entries)


def end_round(match: Match, rnd: Round, now: datetime) -> None:
    """End ``rnd`` (the match is locked): open games end as they stand, then the match
    goes on to the next round or is over."""
    for entry in rnd.entries.select_related("game").filter(game__finished_at__isnull=True):
        try:
            do_abandon(entry.game)
        except GameOver:  # its player's last action won the race: it is over anyway
            continue
    rnd.ended_at = now
    rnd.save(update_fields=["ended_at"])
    if is_match_over(match, rnd, now):
        finish_match(match, now)
        return
    events.publish_on_commit(match.pk, "round_over")
    transaction.on_commit(partial(_queue_next_round, match.pk, rnd.number + 1), robust=True)


def _queue_next_round(match_id: uuid.UUID, number: int) -> None:
    from matches.tasks import next_round_task

    next_round_task.delay(str(match_id), number)


def is_match_over(match: Match, rnd: Round, now: datetime) -> bool:
    still_in = match.seats.filter(left_at__isnull=True).count()
    if still_in < rules.MIN_PLAYERS:
        return True
    if match.rounds is not None:
        return rnd.number >= match.rounds
    assert match.target_score is not None
    if rnd.number >= rules.MAX_ROUNDS:
        return True
    return scoring.target_reached(Table.load(match).totals(now), match.target_score)


def finish_match(match: Match, now: datetime, reason: str = "") -> None:
    """The match is over: stamp it and reveal every round's code (the match is locked).
    ``reason``: why it ended before its last round (``NO_DEAL``), said in every frame."""
    match.status = Match.Status.FINISHED
    match.finished_at = now
    match.end_reason = reason
    match.save(update_fields=["status", "finished_at", "end_reason"])
    Deal.objects.filter(match_rounds__match=match).update(reveal_after=now)
    events.publish_on_commit(match.pk, "match_over")


def do_end_round_if_over(
    match_id: uuid.UUID | str, number: int | None = None, now: datetime | None = None
) -> bool:
    """End the match's current round (only if it is round ``number``, when given) if it
    is over by ``now``. True if this call ended it; running twice ends it once."""
    with transaction.atomic():
        match = load_match(match_id, lock=True)
        if match.status != Match.Status.PLAYING:
            return False
        rnd = current_round(match)
        if rnd is None or rnd.ended_at is not None or (number is not None and rnd.number != number):
            return False
        now = now or timezone.now()
        if not is_round_over(rnd, now):
            return False
        end_round(match, rnd, now)
        return True


def do_next_round(match_id: uuid.UUID | str, number: int) -> Round | None:
    """Draw and set up round ``number`` once round ``number - 1`` has ended (None if the
    match moved on meanwhile: finished, or that round already set up)."""
    match = load_match(match_id)
    if match.status != Match.Status.PLAYING:
        return None
    try:
        found = draw_round_deal(match.variant)
    except MatchError as err:
        if err.reason != NO_DEAL:
            raise
        _end_without_deal(match_id, number)
        return None
    with transaction.atomic():
        match = load_match(match_id, lock=True)
        last = current_round(match)
        if (
            match.status != Match.Status.PLAYING
            or last is None
            or last.number != number - 1
            or last.ended_at is None
        ):
            return None
        if match.seats.filter(left_at__isnull=True).count() < rules.MIN_PLAYERS:
            finish_match(match, timezone.now())  # players left while the deal was drawn
            return None
        return set_up_round(match, number, found, timezone.now())


def _end_without_deal(match_id: uuid.UUID | str, number: int) -> None:
    """No winnable deal for round ``number`` after every draw: rather than leave the
    players waiting on a round that never comes, the match ends on the rounds played
    (their totals decide, as after its last round), and every frame says why."""
    with transaction.atomic():
        match = load_match(match_id, lock=True)
        last = current_round(match)
        if match.status != Match.Status.PLAYING or last is None or last.number != number - 1:
            return
        logger.warning("match %s ends after round %s: no winnable deal", match.pk, last.number)
        finish_match(match, timezone.now(), NO_DEAL)


def forfeit(match: Match, seat: MatchPlayer, now: datetime) -> None:
    """``seat`` leaves a match under way (locked): its current game ends and counts 0,
    as do all later rounds; the round may then be over (everyone else finished)."""
    rnd = current_round(match)
    open_round = rnd is not None and rnd.ended_at is None
    seat.left_at = now
    seat.left_in_round = rnd.number if open_round and rnd else (rnd.number + 1 if rnd else 1)
    seat.save(update_fields=["left_at", "left_in_round"])
    if not open_round or rnd is None:
        return
    entry = RoundGame.objects.filter(round=rnd, seat=seat).select_related("game").first()
    if entry is not None and entry.game.finished_at is None:
        do_abandon(entry.game)
    if (
        is_round_over(rnd, now)
        or match.seats.filter(left_at__isnull=True).count() < rules.MIN_PLAYERS
    ):
        end_round(match, rnd, now)


def entry_of(rnd: Round, user: Account) -> RoundGame | None:
    return RoundGame.objects.filter(round=rnd, seat__player=user).select_related("game").first()
