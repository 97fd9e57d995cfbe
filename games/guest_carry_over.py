"""A guest's games follow them into the account they make or log into from that session.

A guest is known by their session's key (``Game.guest_key``). ``login()`` gives the
session a new key, so the key a guest played under is also kept inside the session
(``guest_session_key``); on ``user_logged_in`` the games of that key become the
account's: open ones go on, ended ones are recorded for the account then (the
registered recorder, ``leaderboards.services.record_game_result``, which stores nothing
for a guest). Never a game on a daily
deal whose day is still open: guests cannot play today's sealed dailies (SPEC §8), and
a game carried into an account must not become, or compete with, its ranked attempt.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest

from accounts.users import Account
from games.daily import is_closed
from games.models import Game
from games.services.recording import record

logger = logging.getLogger(__name__)

#: Where the session remembers the key its guest played under.
GUEST_KEY = "guest_key"


def guest_session_key(session: Any) -> str:
    """The session's key as a guest's identity (the session is created if needed), noted
    inside the session so that it is still known after login changes the key."""
    if session.session_key is None:
        session["guest"] = True  # non-empty, so the middleware sends the cookie
        session.save()
    key: str = session.session_key or ""
    if session.get(GUEST_KEY) != key:
        session[GUEST_KEY] = key
    return key


def do_carry_over(guest_key: str, user: Account) -> int:
    """Give ``user`` the guest's games; returns how many were carried over."""
    if not guest_key:
        return 0
    carried = 0
    games = Game.objects.filter(player__isnull=True, guest_key=guest_key).select_related(
        "deal", "daily"
    )
    for game in games.order_by("started_at"):
        if game.daily is not None and not is_closed(game.daily):
            continue
        with transaction.atomic():
            game.player = user
            game.guest_key = ""
            game.save(update_fields=["player", "guest_key"])
            if game.finished_at is not None:
                record(game)  # the leaderboards' recorder (games/services/recording.py)
        carried += 1
    return carried


@receiver(user_logged_in, dispatch_uid="games.guest_carry_over")
def carry_over_on_login(sender: object, request: HttpRequest, user: Account, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is None:
        return
    key = session.pop(GUEST_KEY, None)
    if key:
        carried = do_carry_over(key, user)
        if carried:
            logger.info("carried %s guest games over to account %s", carried, user.pk)
