"""HTTP under the ASGI server (config/http_handler.py): a request's middleware chain, view
and the signals around them run on one thread, off the event loop, in sync mode; the
thread is reused by the next request; a request blocked in its view holds up no other.

Driven through asgiref's ApplicationCommunicator with the handler itself and a URL conf
of this module (a view that records its thread, one that waits for a signal).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished, request_started
from django.http import HttpRequest, JsonResponse
from django.test import override_settings
from django.urls import path

from config.http_handler import OneHopASGIHandler

seen: list[tuple[str, int]] = []
release = threading.Event()


def where(request: HttpRequest) -> JsonResponse:
    seen.append(("view", threading.get_ident()))
    return JsonResponse({"thread": threading.get_ident()})


def blocked(request: HttpRequest) -> JsonResponse:
    assert release.wait(10), "never released"
    return JsonResponse({"released": True})


urlpatterns = [path("where", where), path("blocked", blocked)]


@pytest.fixture
def handler() -> Iterator[OneHopASGIHandler]:
    def started(**kwargs: Any) -> None:
        seen.append(("started", threading.get_ident()))

    def finished(**kwargs: Any) -> None:
        seen.append(("finished", threading.get_ident()))

    seen.clear()
    release.clear()
    request_started.connect(started)
    request_finished.connect(finished)
    with override_settings(ROOT_URLCONF=__name__):
        yield OneHopASGIHandler()
    request_started.disconnect(started)
    request_finished.disconnect(finished)
    release.set()


async def get(app: Any, where: str) -> tuple[int, bytes]:
    scope = {
        "type": "http", "http_version": "1.1", "method": "GET", "path": where,
        "raw_path": where.encode(), "query_string": b"", "root_path": "", "scheme": "http",
        "headers": [(b"host", b"localhost")], "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }  # fmt: skip
    talk = ApplicationCommunicator(app, scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(10)
    body = (await talk.receive_output(10)).get("body", b"")
    await talk.wait(10)
    return start["status"], body


async def test_the_middleware_chain_runs_in_sync_mode(handler: OneHopASGIHandler) -> None:
    assert not asyncio.iscoroutinefunction(handler._middleware_chain)


async def test_a_request_runs_on_one_thread_off_the_loop(handler: OneHopASGIHandler) -> None:
    status, _ = await get(handler, "/where")
    assert status == 200
    assert [step for step, _ in seen] == ["started", "view", "finished"]
    threads = {ident for _, ident in seen}
    assert len(threads) == 1, seen
    assert threads != {threading.get_ident()}, "the view ran on the event loop"


async def test_the_next_request_reuses_the_thread(handler: OneHopASGIHandler) -> None:
    await get(handler, "/where")
    await get(handler, "/where")
    views = [ident for step, ident in seen if step == "view"]
    assert len(views) == 2 and views[0] == views[1]


async def test_a_blocked_request_holds_up_no_other(handler: OneHopASGIHandler) -> None:
    stuck = asyncio.ensure_future(get(handler, "/blocked"))
    await asyncio.sleep(0.1)
    status, _ = await asyncio.wait_for(get(handler, "/where"), 5)
    assert status == 200
    assert not stuck.done()
    release.set()
    assert (await asyncio.wait_for(stuck, 5))[0] == 200
