"""The lobby: create a match, join it (id or code), ready up, leave, start, expiry.

Every change runs in one transaction holding the match's row lock
(``loading.load_match(lock=True)``): two joins for the last seat, a start racing a
leave, or two "ready" making everyone ready at once are decided one after the other.
Refusals raise ``MatchError`` before anything is written. The lobby's watchers get a
standings frame once each change commits (``matches.events``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.users import Account
from games.engine import parse_rule_set, rule_set_name
from games.engine.variants import option_tokens
from matches import events, rules
from matches.codes import draw_join_code
from matches.errors import MatchError
from matches.models import Match, MatchPlayer
from matches.services import rounds
from matches.services.loading import load_match

#: Join codes drawn before giving up (a collision among 31^6 codes is already rare).
CODE_ATTEMPTS = 8


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What a creator chose, checked."""

    variant: str
    rounds: int | None
    target_score: int | None
    time_limit_s: int | None
    max_players: int


def _bad(detail: str) -> MatchError:
    return MatchError("bad_match", detail, 400)


def check_rule_set(text: Any) -> str:
    """The match's rule set, canonical: a base (TP-E, TP-C, PY) with, optionally, options
    of ``rules.MATCH_OPTIONS`` (``TP-E+OH``); 400 naming what is wrong otherwise."""
    try:
        base, options = parse_rule_set(str(text))
    except ValueError:
        raise _bad(
            "variant is TP-E, TP-C or PY, optionally with options matches take "
            f"({', '.join(rules.match_options())} for TriPeaks), e.g. TP-E+H"
        ) from None
    refused = [token for token in option_tokens(options) if token not in rules.MATCH_OPTIONS]
    if refused:
        raise _bad(
            f"option {', '.join(refused)} of {rule_set_name(base, options)} is not offered "
            "for matches: its solver cannot vet a fresh deal in time for a round "
            f"(matches take {', '.join(rules.match_options())} for TriPeaks)"
        )
    return rule_set_name(base, options)


def check_settings(
    variant: Any,
    rounds_: Any = None,
    target_score: Any = None,
    time_limit_s: Any = rules.DEFAULT_TIME_LIMIT_S,
    max_players: Any = rules.MAX_PLAYERS,
) -> MatchSettings:
    """Validate a creator's choices (``time_limit_s`` 0 or None: no limit)."""
    chosen = check_rule_set(variant)

    def whole(value: Any, name: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _bad(f"{name} is a whole number from {low} to {high}")
        return value

    if (rounds_ is None) == (target_score is None):
        raise _bad('give exactly one of "rounds" (1-10) or "target_score"')
    count = (
        None if rounds_ is None else whole(rounds_, "rounds", rules.MIN_ROUNDS, rules.MAX_ROUNDS)
    )
    target = (
        None
        if target_score is None
        else whole(target_score, "target_score", 1, rules.MAX_TARGET_SCORE)
    )
    limit = None
    if time_limit_s not in (None, 0):
        limit = whole(time_limit_s, "time_limit_s", rules.MIN_TIME_LIMIT_S, rules.MAX_TIME_LIMIT_S)
    seats = whole(max_players, "max_players", rules.MIN_PLAYERS, rules.MAX_PLAYERS)
    return MatchSettings(chosen, count, target, limit, seats)


def do_create_match(creator: Account, chosen: MatchSettings, now: datetime | None = None) -> Match:
    """A new lobby with its creator seated; its join code drawn afresh."""
    now = now or timezone.now()
    for _ in range(CODE_ATTEMPTS):
        try:
            with transaction.atomic():
                match = Match.objects.create(
                    code=draw_join_code(),
                    creator=creator,
                    variant=chosen.variant,
                    rounds=chosen.rounds,
                    target_score=chosen.target_score,
                    time_limit_s=chosen.time_limit_s,
                    max_players=chosen.max_players,
                    created_at=now,
                    expires_at=now + timedelta(minutes=rules.LOBBY_MINUTES),
                )
                MatchPlayer.objects.create(match=match, player=creator, joined_at=now)
                return match
        except IntegrityError:  # the join code was taken meanwhile: draw another
            continue
    raise MatchError("bad_match", "no free join code: try again", 503)


def _check_lobby_open(match: Match, now: datetime) -> None:
    if match.status == Match.Status.LOBBY and now >= match.expires_at:
        raise MatchError("match_closed", "nobody started this match in time: it expired", 409)
    if match.status == Match.Status.PLAYING:
        raise MatchError("match_started", "the match is under way: joining is closed", 409)
    if match.status != Match.Status.LOBBY:
        raise MatchError("match_closed", f"the match is {match.status}", 409)


def seat_of(match: Match, user: Account) -> MatchPlayer | None:
    return MatchPlayer.objects.filter(match=match, player=user).first()


def do_join(ref: str, user: Account, now: datetime | None = None) -> Match:
    """Take a seat (joining twice keeps the one seat). Refused once started or full."""
    now = now or timezone.now()
    with transaction.atomic():
        match = load_match(ref, lock=True)
        if seat_of(match, user) is not None and match.status == Match.Status.LOBBY:
            return match
        _check_lobby_open(match, now)
        if match.seats.count() >= match.max_players:
            raise MatchError("match_full", f"all {match.max_players} seats are taken", 409)
        MatchPlayer.objects.create(match=match, player=user, joined_at=now)
        events.publish_on_commit(match.pk)
    return match


def do_set_ready(ref: str, user: Account, ready: bool, now: datetime | None = None) -> Match:
    """Say ready (or not). When every seat is ready, with two players or more, the
    match starts at once (``do_start_match`` on everyone's behalf)."""
    now = now or timezone.now()
    with transaction.atomic():
        match = load_match(ref, lock=True)
        _check_lobby_open(match, now)
        seat = _seat_or_refuse(match, user)
        seat.ready = ready
        seat.save(update_fields=["ready"])
        everyone = list(match.seats.values_list("ready", flat=True))
        events.publish_on_commit(match.pk)
    if ready and len(everyone) >= rules.MIN_PLAYERS and all(everyone):
        try:
            return do_start_match(match.pk, user, by_readiness=True)
        except MatchError as err:
            # Someone else's start won: fine. No deal: the ready stands, the lobby waits
            # (everyone was told by do_start_match's frame); the creator may start again.
            if err.reason not in ("match_started", rounds.NO_DEAL):
                raise
    return load_match(match.pk)


def _seat_or_refuse(match: Match, user: Account) -> MatchPlayer:
    seat = seat_of(match, user)
    if seat is None:
        raise MatchError("not_in_match", "join the match first", 403)
    return seat


def check_start(match: Match, user: Account, now: datetime, *, by_readiness: bool = False) -> None:
    _check_lobby_open(match, now)
    if not by_readiness and match.creator_id != getattr(user, "pk", None):
        raise MatchError("not_creator", "only the match's creator starts it", 403)
    if match.seats.count() < rules.MIN_PLAYERS:
        raise MatchError("not_enough_players", "a match needs two players or more", 409)


def do_start_match(
    ref: str | uuid.UUID, user: Account, *, by_readiness: bool = False, now: datetime | None = None
) -> Match:
    """Start the match: draw round 1's sealed deal (slow: the solver vets it, outside
    any lock), then, under the lock and checked again, set the round up."""
    match = load_match(ref)
    check_start(match, user, now or timezone.now(), by_readiness=by_readiness)
    try:
        found = rounds.draw_round_deal(match.variant)
    except MatchError as err:
        if err.reason == rounds.NO_DEAL:  # the lobby stays; everyone watching is told
            events.publish_on_commit(match.pk, rounds.NO_DEAL)
        raise
    with transaction.atomic():
        match = load_match(match.pk, lock=True)
        now = now or timezone.now()
        check_start(match, user, now, by_readiness=by_readiness)
        match.status = Match.Status.PLAYING
        match.started_at = now
        match.save(update_fields=["status", "started_at"])
        rounds.set_up_round(match, 1, found, now)
    return match


def do_leave(ref: str, user: Account, now: datetime | None = None) -> Match:
    """Leave. In the lobby the seat is freed (the creator leaving cancels the lobby);
    under way the player forfeits the rounds left, the current one included: their
    open game is ended as it stands and counts 0, like every later round."""
    now = now or timezone.now()
    with transaction.atomic():
        match = load_match(ref, lock=True)
        seat = _seat_or_refuse(match, user)
        if match.status == Match.Status.LOBBY:
            if match.creator_id == seat.player_id:
                match.status = Match.Status.CANCELLED
                match.save(update_fields=["status"])
            else:
                seat.delete()
        elif match.status == Match.Status.PLAYING:
            if seat.left_at is not None:
                raise MatchError("left_match", "you have already left this match", 409)
            rounds.forfeit(match, seat, now)
        else:
            raise MatchError("match_closed", f"the match is {match.status}", 409)
        events.publish_on_commit(match.pk)
    return match


def do_expire_lobbies(now: datetime | None = None) -> list[str]:
    """Mark lobbies nobody started within LOBBY_MINUTES expired; their ids."""
    now = now or timezone.now()
    due = list(
        Match.objects.filter(status=Match.Status.LOBBY, expires_at__lte=now).values_list(
            "pk", flat=True
        )[:1000]
    )
    expired = []
    for match_id in due:
        with transaction.atomic():
            match = load_match(match_id, lock=True)
            if match.status != Match.Status.LOBBY or match.expires_at > now:
                continue
            match.status = Match.Status.EXPIRED
            match.save(update_fields=["status"])
            events.publish_on_commit(match.pk)
            expired.append(str(match.pk))
    return expired
