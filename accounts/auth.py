"""django-ninja authentication: a personal Bearer token, or the Django session.

    from accounts.auth import BearerOrSession
    @router.post("/games", auth=BearerOrSession())             # players only
    @router.get("/deals/{code}", auth=BearerOrSession(guest=True))  # guests too

* ``Authorization: Bearer <token>``: the token must be valid (its ``last_used_at`` is
  stamped, at most once a minute: ``ApiToken.LAST_USED_RESOLUTION``); a wrong or revoked
  token is refused with 401 even if a session exists.
  No CSRF check: the header cannot be sent cross-site by a browser on its own.
* Otherwise the session's user. Unsafe methods (POST, PUT, PATCH, DELETE) then need the
  CSRF token (``X-CSRFToken`` header), as for any cookie-authenticated request.
* ``guest=True`` lets anonymous visitors through (``request.auth`` is then the
  AnonymousUser; ``request.session`` identifies the guest).

On success ``request.auth`` and ``request.user`` are the user. Sync endpoints only: the
token lookup uses the ORM. The lookup is made once per request (:func:`bearer_token`):
the rate limiter (config/ratelimit_middleware.py), which runs first, and this class read
the same answer.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from ninja.errors import HttpError
from ninja.security.http import HttpAuthBase
from ninja.utils import check_csrf

from accounts.models import ApiToken

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
#: Where a request keeps its token once looked up (None: no valid token).
_TOKEN_ATTRIBUTE = "_arena_bearer_token"


def bearer_token(request: HttpRequest) -> ApiToken | None:
    """The active token of the request's ``Authorization: Bearer <token>`` header, or None
    (no header, another scheme, an empty value, or a wrong or revoked token, or one whose
    user is inactive).

    The header is parsed here only (scheme case-insensitive, value stripped), and the
    answer kept on the request: the rate limiter (config/ratelimit_middleware.py) asks
    first, this module's :class:`BearerOrSession` then; one indexed query with the user
    and profile (``ApiToken.authenticate``), however many parts of the request ask.
    Whether an ``Authorization`` header was sent at all is the callers' question: both
    then take this answer and no session.
    """
    if not hasattr(request, _TOKEN_ATTRIBUTE):
        scheme, _, raw = request.headers.get("Authorization", "").partition(" ")
        value = raw.strip()
        found = ApiToken.authenticate(value) if scheme.lower() == "bearer" and value else None
        setattr(request, _TOKEN_ATTRIBUTE, found)
    token: ApiToken | None = getattr(request, _TOKEN_ATTRIBUTE)
    return token


class BearerOrSession(HttpAuthBase):
    openapi_scheme = "bearer"
    openapi_name = "BearerOrSession"

    def __init__(self, guest: bool = False) -> None:
        self.guest = guest
        super().__init__()

    def __call__(self, request: HttpRequest) -> Any | None:
        if request.headers.get("Authorization"):
            # Credentials sent: they decide, even against a session (a non-Bearer
            # scheme, an empty or a wrong token: 401).
            token = bearer_token(request)
            if token is None:
                return None
            request.user = token.user
            return token.user

        user = getattr(request, "user", None)
        authenticated = bool(user is not None and user.is_authenticated)
        if not authenticated and not self.guest:
            return None
        if (
            request.method not in SAFE_METHODS
            and not getattr(request, "_ninja_csrf_exempt", False)
            and check_csrf(request) is not None
        ):
            raise HttpError(403, "CSRF check failed.")
        return user if authenticated else (user or AnonymousUser())
