"""The shape of the project's middlewares that may answer a request instead of the view
(``refusal(request)`` returns that answer, or None), sync and async.

Why both: the ASGI server runs the chain in sync mode, on the request's thread
(config/http_handler.py), and so do the test client and WSGI; Django's ``AsyncClient``
(and Django's own ASGI handler, were it used) runs it in async mode, where a sync-only
middleware would make Django adapt the chain around it in and out of threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponse


class RefusingMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        return self.refusal(request) or self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        if self.blocks(request):  # I/O (cache, database): on the request's thread
            refused = await sync_to_async(self.refusal)(request)
        else:
            refused = self.refusal(request)
        return refused or await self.get_response(request)

    def blocks(self, request: HttpRequest) -> bool:
        """Whether ``refusal(request)`` does I/O (then it is not run on the event loop)."""
        return False

    def refusal(self, request: HttpRequest) -> HttpResponse | None:
        raise NotImplementedError
