"""Request bodies over the limit are refused with 413, in every mode and by every server.

The limit is Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB). Django itself raises
``RequestDataTooBig`` only when a view reads the body, and with DEBUG on that became a
debug page, with it off a 400 or 413 depending on the path. Two guards instead:

* :class:`BodyLimitMiddleware` (ASGI, config/asgi.py) answers before Django reads
  anything: a declared ``Content-Length`` over the limit is refused at once, and a chunked
  body (no ``Content-Length``, which Django's ASGI handler would spool to disk whatever
  its size) is counted as it arrives and refused once it passes the limit;
* :class:`RequestSizeMiddleware` (Django, first in ``MIDDLEWARE``) does the same check on
  ``CONTENT_LENGTH`` for any other handler (the test client, a WSGI server).

The answer is ``{"error": {"reason": "too_large", ...}}`` under /api/ and plain text
elsewhere. Tests: tests/reliability/test_request_limits.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

REASON = "too_large"


def limit_bytes() -> int:
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


def message() -> str:
    return f"The request body is larger than {limit_bytes()} bytes."


def too_large_response(path: str) -> HttpResponse:
    """Django's answer (Django middleware, error handlers)."""
    if path.startswith("/api/"):
        return JsonResponse({"error": {"reason": REASON, "message": message()}}, status=413)
    return HttpResponse(message(), status=413, content_type="text/plain; charset=utf-8")


def declared_length(value: str | bytes | None) -> int | None:
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return None


class RequestSizeMiddleware:
    """413 for a declared body over the limit, before any view or middleware reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = declared_length(request.META.get("CONTENT_LENGTH"))
        if length is not None and length > limit_bytes():
            return too_large_response(request.path)
        return self.get_response(request)


class BodyLimitMiddleware:
    """ASGI: 413 for HTTP bodies over the limit, declared or streamed, before Django."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        length = declared_length(headers.get(b"content-length"))
        if length is not None:
            # The server stops a body at its declared length: nothing more can arrive.
            if length > limit_bytes():
                await self._refuse(scope, send)
                return
            await self.app(scope, receive, send)
            return
        buffered: list[dict[str, Any]] = []
        size = 0
        while True:
            event = await receive()
            buffered.append(event)
            if event["type"] != "http.request":
                break  # a disconnect: hand it on
            size += len(event.get("body", b""))
            if size > limit_bytes():
                await self._refuse(scope, send)
                return
            if not event.get("more_body", False):
                break

        async def replay() -> dict[str, Any]:
            return buffered.pop(0) if buffered else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: dict[str, Any], send: Any) -> None:
        path = str(scope.get("path", ""))
        if path.startswith("/api/"):
            body = json.dumps({"error": {"reason": REASON, "message": message()}}).encode()
            kind = b"application/json"
        else:
            body, kind = message().encode(), b"text/plain; charset=utf-8"
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", kind),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
