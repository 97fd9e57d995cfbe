"""Running out of database connections answers 503 with Retry-After, never 500.

On the real stack every server process has a psycopg pool (``DATABASE_POOL_SIZE``,
config/settings.py). When all its connections are busy a request waits for one up to
``DATABASE_POOL_TIMEOUT`` seconds; past that psycopg raises ``PoolTimeout``. Without a
pool, PostgreSQL itself refuses a connection past ``max_connections`` ("too many
clients"). Either way the request cannot be served now, and it should be tried again
shortly: :class:`ConnectionGuardMiddleware`, first in ``MIDDLEWARE``, takes the request's
connection before anything else runs and answers 503 with ``Retry-After`` when there is
none. A request that got its connection keeps it to the end, so nothing later in it waits
for the pool. Tested on PostgreSQL by tests/reliability/test_database_pool.py.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
#: What PostgreSQL says when it has no connection slot left.
_FULL = ("too many clients", "remaining connection slots")


def out_of_connections(error: BaseException) -> bool:
    """Whether ``error`` (Django's wrapper or psycopg's own) means "no connection free"."""
    from psycopg_pool import PoolTimeout

    for exc in (error, error.__cause__):
        if isinstance(exc, PoolTimeout):
            return True
        if exc is not None and any(text in str(exc) for text in _FULL):
            return True
    return False


def busy_response(path: str) -> HttpResponse:
    message = "The server is busy: try again in a few seconds."
    response: HttpResponse
    if path.startswith("/api/"):
        response = JsonResponse(
            {"error": {"reason": "busy", "message": message,
                       "retry_after": RETRY_AFTER_SECONDS}}, status=503,
        )  # fmt: skip
    else:
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class ConnectionGuardMiddleware:
    """PostgreSQL only: the request's connection first, or 503 when there is none free."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if connection.vendor == "postgresql":
            try:
                connection.ensure_connection()
            except OperationalError as error:
                if not out_of_connections(error):
                    raise
                logger.warning("no database connection free: 503 for %s", request.path)
                return busy_response(request.path)
        return self.get_response(request)
