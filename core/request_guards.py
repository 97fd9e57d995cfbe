"""Refuse a NUL character in a request's path, query string or JSON body with 400, up front.

No URL or text of the platform has one, and PostgreSQL text cannot hold one: a path
parameter with ``%00`` that reaches a query (``/api/players/%00``) raises ``DataError`` in
the database driver, i.e. a 500 and a traceback (found by tests/reliability/
test_fuzz_http.py), and so did a series title with ``\u0000`` in a JSON body (issue 12).
One check here covers every present and future endpoint: a JSON body holding a NUL, raw
or escaped (``\u0000``, an odd number of backslashes before it), is refused before any
view parses it. Form bodies need no check: Django's form ``CharField`` refuses NUL
itself. Tested by tests/reliability/test_nul_in_text_fields.py (every text field of every
API body, from the OpenAPI schema).
"""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from core.refusing_middleware import RefusingMiddleware

MESSAGE = "The request's path, query or body holds a NUL character."

#: ``\u0000`` in JSON text, escaped by an odd number of backslashes (``\\u0000`` is text).
_ESCAPED_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)


def json_body_has_nul(request: HttpRequest) -> bool:
    if request.content_type != "application/json" or request.method in ("GET", "HEAD"):
        return False
    body = request.body  # already bounded by config/body_limit.py
    return b"\x00" in body or _ESCAPED_NUL.search(body) is not None


def has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    if any("\x00" in key or any("\x00" in value for value in values)
           for key, values in request.GET.lists()):  # fmt: skip
        return True
    return json_body_has_nul(request)


class RejectNulMiddleware(RefusingMiddleware):
    def refusal(self, request: HttpRequest) -> HttpResponse | None:
        if has_nul(request):
            if request.path.startswith("/api/"):
                return JsonResponse(
                    {"error": {"reason": "bad_request", "message": MESSAGE}}, status=400
                )
            return HttpResponseBadRequest(MESSAGE)
        return None
