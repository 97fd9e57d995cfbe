"""The HTTP side of the rate limits: which requests are counted, and who sends them.

The counters, scopes and the 429 answer are the platform's (core/ratelimit.py, shared
with the play socket); this module is the site's wiring of them: the paths of its URLs
(``PROTECTED``) and the accounts behind a request, a ``Bearer`` token looked up by its
hash in ``accounts`` (which the platform layer cannot import), once for the request:
the API's authentication reads the same lookup. The middleware runs after
authentication, so that session users are known.
"""

from __future__ import annotations

import logging
import re
from typing import Final

from django.http import HttpRequest, HttpResponse

from core import ratelimit
from core.refusing_middleware import RefusingMiddleware

logger = logging.getLogger(__name__)

#: (method, path pattern, scope) of the requests the middleware counts.
PROTECTED: Final[tuple[tuple[str, re.Pattern[str], str], ...]] = (
    ("POST", re.compile(r"^/api/games/[^/]+/actions/?$"), ratelimit.ACTIONS),
    ("POST", re.compile(r"^/api/deals/[^/]+/results/?$"), ratelimit.SUBMISSIONS),
    ("POST", re.compile(r"^/accounts/login/?$"), ratelimit.LOGINS),
    ("POST", re.compile(r"^/api/games/?$"), ratelimit.STARTS),
    ("POST", re.compile(r"^/play/new/?$"), ratelimit.STARTS),
    ("POST", re.compile(r"^/accounts/signup/?$"), ratelimit.SIGNUPS),
    ("GET", re.compile(r"^/deals/[^/]+/replay/\d+/?$"), ratelimit.REPLAYS),
    ("POST", re.compile(r"^/accounts/password-reset/?$"), ratelimit.RESETS),
    ("POST", re.compile(r"^/accounts/settings/?$"), ratelimit.ACCOUNT_SETTINGS),
)

#: Scopes counted per submitted name rather than per account: scope -> the form field
#: holding it (the reset form's ``email`` takes a user name or an address).
BY_SUBMITTED_NAME: Final[dict[str, str]] = {
    ratelimit.LOGINS: "username",
    ratelimit.SIGNUPS: "username",
    ratelimit.RESETS: "email",
}
#: Scopes that count anonymous visitors only (accounts are not limited there).
ANONYMOUS_ONLY: Final = frozenset({ratelimit.REPLAYS})


#: Where the API's authentication (``accounts.auth.BearerOrSession``) reads a Bearer
#: token: config/urls.py mounts the API there. Everywhere else the session decides.
API_PREFIX: Final = "/api/"


def request_who(request: HttpRequest) -> str | None:
    """The account (Bearer token, else session user) or guest session behind a request:
    the one the view acts for.

    Under ``API_PREFIX`` a request sending an ``Authorization`` header is its Bearer
    token's account, or nobody, then counted by its address only: no session fallback,
    as in the API's authentication (which refuses such a request 401). The token is the
    one that authentication then reuses (``accounts.auth.bearer_token``: the header
    parsed and the token looked up once a request). The site's pages (settings, login,
    new game) act for the session's account and read no header, so the header counts
    for nothing there: a thief holding a session cannot move its guesses off the
    account's count by sending someone's token or a wrong one
    (tests/accounts/test_account_pages_resist_floods_and_races.py)."""
    if request.path_info.startswith(API_PREFIX) and request.headers.get("Authorization"):
        from accounts.auth import bearer_token

        token = bearer_token(request)
        return None if token is None else f"user:{token.user_id}"
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    session = getattr(request, "session", None)
    key = getattr(session, "session_key", None)
    return f"guest:{ratelimit.hashed(key)}" if key else None


def submitted_who(request: HttpRequest, field: str) -> str | None:
    """The name a login, sign-up or reset form submits in ``field`` (hashed: keys must
    not hold raw input)."""
    name = request.POST.get(field, "")
    return f"name:{ratelimit.hashed(name.strip().lower())}" if name.strip() else None


def request_address(request: HttpRequest) -> str | None:
    """The client address as the ASGI server saw it (uvicorn's ``--proxy-headers`` with
    ``--forwarded-allow-ips`` makes that the real client behind a trusted proxy)."""
    return request.META.get("REMOTE_ADDR") or None


def protected_scope(request: HttpRequest) -> str | None:
    for method, pattern, scope in PROTECTED:
        if request.method == method and pattern.match(request.path_info):
            return scope
    return None


class RateLimitMiddleware(RefusingMiddleware):
    """Answers 429 to protected requests past their limits (after authentication, so
    that session users are known; Bearer tokens are looked up here by their hash)."""

    def blocks(self, request: HttpRequest) -> bool:
        # It counts in the cache: not on the event loop.
        return protected_scope(request) is not None and ratelimit.enabled()

    def refusal(self, request: HttpRequest) -> HttpResponse | None:
        scope = protected_scope(request)
        if scope in ANONYMOUS_ONLY and request.user.is_authenticated:
            scope = None
        if scope is not None and ratelimit.enabled():
            field = BY_SUBMITTED_NAME.get(scope)
            who = submitted_who(request, field) if field else request_who(request)
            refused = ratelimit.check_scope(scope, who, request_address(request))
            if refused is not None:
                logger.info("rate limited: %s %s (%s)", request.method, request.path, scope)
                return ratelimit.too_many(refused, getattr(request, "LANGUAGE_CODE", None))
        return None
