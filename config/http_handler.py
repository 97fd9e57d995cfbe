"""Django's ASGI handler, with each request's sync work in one hop on a reused thread.

Django's own ``ASGIHandler`` runs the middleware chain in async mode, and every sync
middleware method (all of Django's built-in ones: sessions, CSRF, locale, messages...)
then hops to the request's thread and back, twice per middleware: about fifteen
round trips between the event loop and a thread per request, each a GIL hand-over.
It also makes a new thread for every request (``ThreadSensitiveContext`` with no
executor) and waits on the event loop for it to start. Profiled under
bench/submissions.py (py-spy ``--gil``), those hand-overs and thread starts were most of
what the event loop did (docs/performance.md §0d).

:class:`OneHopASGIHandler` serves HTTP the way a threaded WSGI server does: the whole
chain in sync mode, run by one ``sync_to_async`` call on the request's own thread, a
thread taken from a pool of idle ones (``ThreadSensitiveContext(executor=...)``, the
executor's owner being this module) and given back after the response. What stays per
request: the ``request_started`` signal's hop, the chain's, and the response close's
(``request_finished``). A request keeps one thread from start to end, as before, so
database connections (thread-local in Django) and transactions behave as under WSGI;
with a pool or ``CONN_MAX_AGE`` a thread's connection is reused by its next request.

Async views still work: in sync mode Django runs them with ``async_to_sync``. The
project has none (its async code is the WebSocket consumers, which never reach this
handler).
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, sync_to_async
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase

#: Idle request threads kept for the next requests (beyond that, a finished request's
#: thread is let go). More requests at once than this still each get a thread.
IDLE_THREADS = 32


class OneHopASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        self._idle: deque[ThreadPoolExecutor] = deque()
        super().__init__()

    def load_middleware(self, is_async: bool = False) -> None:
        """The chain in sync mode, whatever the caller asks (``ASGIHandler`` asks async)."""
        super().load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        """The sync ``get_response`` (URL conf, the chain, the view, logging a 4xx/5xx)
        in one hop to the request's thread."""
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        try:
            executor = self._idle.pop()
        except IndexError:
            executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="http-request")
        try:
            async with ThreadSensitiveContext(executor=executor):
                await self.handle(scope, receive, send)
        finally:
            if len(self._idle) < IDLE_THREADS:
                self._idle.append(executor)
            else:
                executor.shutdown(wait=False)
