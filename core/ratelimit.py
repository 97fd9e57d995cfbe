"""Rate limits on the paths a bot would hammer: live actions, log submissions, logins.

A fixed-window counter on Django's cache (local memory embedded, Redis with REDIS_URL):
one ``INCR`` per request and key, so it costs one cache round trip and no database.
Fixed windows let a client send up to twice a limit across a window boundary; that is
fine here: the limits stop floods and password guessing, they are not a billing meter.

Each protected request is counted twice, per user and per address, so one account cannot
flood from many addresses and one address cannot flood with many accounts (or guests):

* ``actions``: ``POST /api/games/<id>/actions`` and every action frame of ``/ws/play/``
  (the consumer calls :func:`check_scope`); the same buckets, whichever way one plays;
* ``submissions``: ``POST /api/deals/<code>/results``;
* ``logins``: ``POST /accounts/login/``, per submitted user name and per address;
* ``starts``: ``POST /api/games`` and the play page's ``POST /play/new/`` (new games and
  resumed dailies alike: a flood of starts is what scouting a deal looks like).
* ``signups``: ``POST /accounts/signup/``, per submitted user name and per address (one
  address creating accounts by the hundred is a bot farming names or boards);
* ``replays``: ``GET /deals/<ref>/replay/<id>/`` by visitors who are not logged in, per
  guest session and per address (a replay is cached, frontend/replays.py, but its page is
  still the largest answer the site gives);
* ``resets``: ``POST /accounts/password-reset/``, per submitted user name or address and
  per client address (each one mails an account: a flood would bomb its owner's inbox);
* ``settings``: ``POST /accounts/settings/``, per account and per address (the e-mail
  change asks the password: a stolen session must not be a way to guess it).

Limits come from settings (``RATE_LIMIT_ACTIONS`` ... read from the environment, see
README "Configuration"). A refused request gets 429 with the platform's JSON error shape
and ``Retry-After``. The requests counted (paths, Bearer tokens) are the site's wiring,
config/ratelimit_middleware.py: this platform module imports none of the apps. If the
cache itself fails (Redis down), requests are let through and the failure is logged:
losing the limiter for a moment is better than refusing all play.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from django.conf import settings
from django.core.cache import cache
from django.http import JsonResponse
from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from core.errors import Refusal

logger = logging.getLogger(__name__)

ACTIONS: Final = "actions"
SUBMISSIONS: Final = "submissions"
LOGINS: Final = "logins"
STARTS: Final = "starts"
SIGNUPS: Final = "signups"
REPLAYS: Final = "replays"
RESETS: Final = "resets"
ACCOUNT_SETTINGS: Final = "settings"

#: scope -> the setting holding its ``(per_user, per_address, window_seconds)``.
SETTING_OF: Final[dict[str, str]] = {
    ACTIONS: "RATE_LIMIT_ACTIONS",
    SUBMISSIONS: "RATE_LIMIT_SUBMISSIONS",
    LOGINS: "RATE_LIMIT_LOGINS",
    STARTS: "RATE_LIMIT_STARTS",
    SIGNUPS: "RATE_LIMIT_SIGNUPS",
    REPLAYS: "RATE_LIMIT_REPLAYS",
    RESETS: "RATE_LIMIT_RESETS",
    ACCOUNT_SETTINGS: "RATE_LIMIT_SETTINGS",
}


# Bumped by reset() so that tests start from empty buckets without clearing the cache
# (clearing a Redis cache would flush the Celery broker sharing its database).
_generation = 0


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of one counter: ``allowed``, and when to retry if not."""

    allowed: bool
    count: int
    limit: int
    retry_after: int = 0


def reset() -> None:
    """Forget every counter (tests): later keys live under a new generation."""
    global _generation
    _generation += 1


def check_rate(key: str, limit: int, window: int) -> Verdict:
    """Count one hit on ``key``; refused past ``limit`` hits in the current ``window`` s.

    ``limit`` 0 (or less) means unlimited. A failing cache lets the hit through.
    """
    if limit <= 0 or window <= 0:
        return Verdict(True, 0, limit)
    now = time.time()
    index = int(now // window)
    cache_key = f"rl:{_generation}:{window}:{index}:{key}"
    try:
        # add() is a no-op when the key exists; incr() is atomic (Redis INCR, or under the
        # local-memory cache's lock), so concurrent hits never lose a count.
        cache.add(cache_key, 0, timeout=window + 1)
        try:
            count = int(cache.incr(cache_key))
        except ValueError:  # expired between add() and incr()
            cache.set(cache_key, 1, timeout=window + 1)
            count = 1
    except Exception:
        logger.warning("rate limiter: cache unavailable, %s let through", key, exc_info=True)
        return Verdict(True, 0, limit)
    if count <= limit:
        return Verdict(True, count, limit)
    retry_after = max(1, math.ceil((index + 1) * window - now))
    return Verdict(False, count, limit, retry_after)


def limits_of(scope: str) -> tuple[int, int, int]:
    """``(per_user, per_address, window)`` of a scope, from settings."""
    per_user, per_address, window = getattr(settings, SETTING_OF[scope])
    return int(per_user), int(per_address), int(window)


def enabled() -> bool:
    return bool(getattr(settings, "RATE_LIMITS_ENABLED", True))


def check_scope(scope: str, who: str | None, address: str | None) -> Verdict | None:
    """Count a hit of ``who`` (a user/guest/name key, or None) from ``address``.

    Returns the refusing verdict, or None when the hit is allowed. Both counters are
    always incremented, so a refused hit still counts against the other key.
    """
    if not enabled():
        return None
    per_user, per_address, window = limits_of(scope)
    refused: Verdict | None = None
    for key, limit in ((who, per_user), (address and f"ip:{address}", per_address)):
        if not key:
            continue
        verdict = check_rate(f"{scope}:{key}", limit, window)
        if not verdict.allowed and (refused is None or verdict.retry_after > refused.retry_after):
            refused = verdict
    return refused


class RateLimited(Refusal):
    """The refusal of a hit past its limit: 429, and when to retry."""

    status = 429
    messages: ClassVar[Mapping[str, Promise]] = {
        "rate_limited": pgettext_lazy("refusal", "Too many requests: try again in %(seconds)s s"),
    }

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(
            "rate_limited",
            params={"seconds": verdict.retry_after},
            retry_after=verdict.retry_after,
        )


def error_body(verdict: Verdict, lang: str | None = None) -> dict[str, Any]:
    """``{"reason": "rate_limited", "message", "retry_after"}`` in fr / ro / en (English
    when ``lang`` is None: a request's LANGUAGE_CODE, a socket's language)."""
    return RateLimited(verdict).payload(lang or "en")


def too_many(verdict: Verdict, lang: str | None = None) -> JsonResponse:
    response = JsonResponse({"error": error_body(verdict, lang)}, status=RateLimited.status)
    response["Retry-After"] = str(verdict.retry_after)
    return response


# -- who is asking (HTTP requests: config/ratelimit_middleware.py) ----------------------


def hashed(text: str) -> str:
    """A key part made of raw input or a session key: counters never hold either."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def scope_address(scope: dict[str, Any]) -> str | None:
    client = scope.get("client")
    return str(client[0]) if client else None


def scope_who(scope: dict[str, Any]) -> str | None:
    """The account or guest session of a WebSocket connection (same keys as HTTP)."""
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    key = getattr(scope.get("session"), "session_key", None)
    return f"guest:{hashed(key)}" if key else None


def check_ws_action(scope: dict[str, Any]) -> Verdict | None:
    """For ``/ws/play/``: count one action frame (sync: call it through sync_to_async)."""
    return check_scope(ACTIONS, scope_who(scope), scope_address(scope))
