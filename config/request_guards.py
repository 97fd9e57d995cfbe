"""Refuse a NUL character in a request's path or query string with 400, up front.

No URL of the platform has one, and PostgreSQL text cannot hold one: a path parameter with
``%00`` that reaches a query (``/api/players/%00``) raises ``DataError`` in the database
driver, i.e. a 500 and a traceback. Found by tests/reliability/test_fuzz_http.py; one
check here covers every present and future endpoint. (JSON bodies are checked by each
endpoint's own validation: NUL never parses as a card, code or variant.)
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

MESSAGE = "The request's path or query holds a NUL character."


def has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path:
        return True
    return any("\x00" in key or any("\x00" in value for value in values)
               for key, values in request.GET.lists())  # fmt: skip


class RejectNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if has_nul(request):
            if request.path.startswith("/api/"):
                return JsonResponse(
                    {"error": {"reason": "bad_request", "message": MESSAGE}}, status=400
                )
            return HttpResponseBadRequest(MESSAGE)
        return self.get_response(request)
