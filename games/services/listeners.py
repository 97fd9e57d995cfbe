"""Who else hears about live play: functions other apps register at start-up.

Live play (games) sits below the apps built on it (engine <- games <- leaderboards <-
matches <- frontend), so it cannot import them. An app that must follow games as they
are played (a live match's standings, ``matches/``) registers here from its
``AppConfig.ready()``, like the leaderboards register their recorder
(``games.services.recording``):

* an **action listener** ``listener(game_id)`` hears of every committed action and
  every ended game. ``notify(game)`` (called by ``games.services.play`` after each
  save) queues the listeners with ``transaction.on_commit(..., robust=True)``: they run
  once the game's row is committed and its lock released (so a listener may lock rows
  of its own without ordering against the game's lock), never for a rolled-back
  action, and a listener's failure is logged, never turned into the player's 500;
* a **time keeper** ``keeper(game, now) -> bool`` says a game's time is up (a match
  round's limit has passed): live play then ends the game as it stands instead of
  playing the action, as it does for a daily's ranked attempt after the close;
* a **contest check** ``check(game) -> bool`` says a game is played in another app's
  contest (a match round): hints refuse it (``hint_match``, games.services.hints), as
  they refuse a daily's ranked attempt.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.db import transaction

from games.models import Game

ActionListener = Callable[[str], None]
TimeKeeper = Callable[[Game, datetime], bool]
ContestCheck = Callable[[Game], bool]

_listeners: list[ActionListener] = []
_keepers: list[TimeKeeper] = []
_contest_checks: list[ContestCheck] = []


def register_action_listener(listener: ActionListener) -> None:
    """Hear of every committed action and end (registering twice keeps one)."""
    if listener not in _listeners:
        _listeners.append(listener)


def register_time_keeper(keeper: TimeKeeper) -> None:
    """Be asked, before each action, whether the game's time is up."""
    if keeper not in _keepers:
        _keepers.append(keeper)


def register_contest_check(check: ContestCheck) -> None:
    """Say which games are played in a contest of the registering app."""
    if check not in _contest_checks:
        _contest_checks.append(check)


def notify(game: Game) -> None:
    """Queue every listener for ``game`` after the current transaction commits."""
    for listener in _listeners:
        transaction.on_commit(partial(listener, str(game.pk)), robust=True)


def time_is_up(game: Game, now: datetime) -> bool:
    """Has any registered keeper's limit passed for ``game`` at ``now``?"""
    return any(keeper(game, now) for keeper in _keepers)


def in_a_contest(game: Game) -> bool:
    """Is ``game`` played in a registered contest (a match round)?"""
    return any(check(game) for check in _contest_checks)
