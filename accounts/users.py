"""Who plays, as types: an account (the project's user model, Django's ``User``: no
``AUTH_USER_MODEL`` is set) or whoever a request or a socket carries, the anonymous user
included. Functions that take a user say which of the two they accept."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest

#: A signed-in account.
Account: TypeAlias = User
#: ``request.user`` / ``scope["user"]``: an account or the anonymous user.
AnyUser: TypeAlias = User | AnonymousUser


class AccountRequest(HttpRequest):
    """A request that ``login_required`` let through: its user is an account."""

    user: User


class ApiRequest(HttpRequest):
    """A django-ninja request that an accounts-only auth (``BearerOrSession()``) let
    through: ninja sets ``auth`` to the account."""

    auth: User


__all__ = ["Account", "AccountRequest", "AnyUser", "ApiRequest"]
