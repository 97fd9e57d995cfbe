"""HTTP under the ASGI server (config/http_handler.py): a request's middleware chain, view
and the signals around them run on one thread, off the event loop, in sync mode; the
thread is reused by the next request; a request blocked in its view holds up no other.

Driven through asgiref's ApplicationCommunicator (test_asgi.http_get) with the handler
and a URL conf of this module (a view that records its thread, one that waits).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.signals import request_finished, request_started
from django.http import HttpRequest, JsonResponse
from django.test import override_settings
from django.urls import path

from config.http_handler import OneHopASGIHandler
from tests.platform.test_asgi import http_get

# On PostgreSQL every request takes its connection first (config/db_pool.py).
pytestmark = pytest.mark.django_db(transaction=True)

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


async def test_the_middleware_chain_runs_in_sync_mode(handler: OneHopASGIHandler) -> None:
    assert not asyncio.iscoroutinefunction(handler._middleware_chain)


async def test_a_request_runs_on_one_thread_off_the_loop(handler: OneHopASGIHandler) -> None:
    status, _ = await http_get("/where", handler)
    assert status == 200
    assert [step for step, _ in seen] == ["started", "view", "finished"]
    threads = {ident for _, ident in seen}
    assert len(threads) == 1, seen
    assert threads != {threading.get_ident()}, "the view ran on the event loop"


async def test_the_next_request_reuses_the_thread(handler: OneHopASGIHandler) -> None:
    await http_get("/where", handler)
    await http_get("/where", handler)
    views = [ident for step, ident in seen if step == "view"]
    assert len(views) == 2 and views[0] == views[1]


async def test_a_blocked_request_holds_up_no_other(handler: OneHopASGIHandler) -> None:
    stuck = asyncio.ensure_future(http_get("/blocked", handler))
    await asyncio.sleep(0.1)
    status, _ = await asyncio.wait_for(http_get("/where", handler), 5)
    assert status == 200
    assert not stuck.done()
    release.set()
    assert (await asyncio.wait_for(stuck, 5))[0] == 200
