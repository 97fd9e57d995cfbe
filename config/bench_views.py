"""Bench-only views (``BENCH_VIEWS=1``): the baseline that bench/submissions.py compares
the submission endpoint against, served by the same Django, middleware and uvicorn.

``POST /bench/json`` reads a JSON body and answers a small JSON object: everything a
request costs (ASGI, middleware, sessions, JSON) without the work of the endpoint itself.
``POST /bench/floor?statements=K`` is the same view plus K statements in one transaction
(``SELECT %s`` on core.fast_rows' cursor, prepared as a submission's statements are: K + 2
trips to the database with BEGIN and COMMIT) and, after the commit, the live push's check
for watchers of a deal nobody watches (core.pushes, as a submission's board push): what a
submission making that many trips costs beside its own work (``&push=0``: without the
check), so that bench/submissions.py ``--floor`` can say how close to the bare view it
could come. Never mounted unless the setting is on.

With the setting on, :func:`stamp_live_pushes` also stamps every live push with
``bench_committed_at``: the moment its transaction's ``on_commit`` hook sends it, so that
bench/fanout.py measures delivery from the commit itself; and it times, per live push,
when this server process wrote it to the first and to the last of its watch sockets
(``GET /bench/fanout``: the server's share of the fan-out, apart from the client's).
With ``--workers N`` a request reaches one process only, and not necessarily each in
turn (bench/fanout.py once sampled one of two processes and reported half the sockets
unwritten); so with ``BENCH_FANOUT_DIR`` set each process also writes its figures to
``<dir>/<pid>.json`` after each push it delivered, and the bench reads every file.

The hooks go in as each server process starts (config/asgi.py), not with the URLconf:
Django loads that on a process's first HTTP request, and of two workers the one that
answered no request (the bench's submissions all went to the other) served its watchers
unhooked and never reported: 489 of 1,000 sockets an event, "1 of 2 reporting", while
the client had every event at every socket (docs/performance.md, 0e).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt


def _answer(request: HttpRequest) -> JsonResponse:
    body: Any = json.loads(request.body or b"{}")
    return JsonResponse({"ok": True, "fields": len(body) if isinstance(body, dict) else 0})


@csrf_exempt
def bare_json(request: HttpRequest) -> JsonResponse:
    return _answer(request)


#: The floor view's K: statements in its transaction (a submission runs 5 and BEGIN, COMMIT).
MAX_STATEMENTS = 10


@csrf_exempt
def floor_json(request: HttpRequest) -> JsonResponse:
    from django.db import transaction

    from core import fast_rows, pushes

    text = request.GET.get("statements", "1")
    # str.isdigit() also takes digits int() refuses ("²"): ASCII only, else a 500.
    statements = int(text) if text.isascii() and text.isdigit() else 0
    if not 1 <= statements <= MAX_STATEMENTS:
        return JsonResponse({"error": f"statements: 1 to {MAX_STATEMENTS}"}, status=400)
    with transaction.atomic():
        cursor = fast_rows.cursor()
        for statement in range(statements):
            cursor.execute("SELECT %s", [statement])
            cursor.fetchone()
        if request.GET.get("push") != "0":
            pushes.build_on_commit(("deal.bench-floor",), lambda: {"type": "never built"})
    return _answer(request)


#: Per live push (its ``bench_committed_at``): [sockets written, first, last write time].
_written: dict[float, list[float]] = {}


def _fanout_rows() -> dict[str, Any]:
    return {"pid": os.getpid(), "pushes": [[stamp, *row] for stamp, row in _written.items()]}


def fanout_stats(request: HttpRequest) -> JsonResponse:
    return JsonResponse(_fanout_rows())


def _save_fanout_rows() -> None:
    """This process's figures in ``BENCH_FANOUT_DIR`` (written whole, then renamed)."""
    folder = os.environ.get("BENCH_FANOUT_DIR")
    if not folder:
        return
    target = Path(folder) / f"{os.getpid()}.json"
    scratch = target.with_suffix(".tmp")
    scratch.write_text(json.dumps(_fanout_rows()))
    scratch.replace(target)


urlpatterns = [
    path("bench/json", bare_json),
    path("bench/floor", floor_json),
    path("bench/fanout", fanout_stats),
]


def stamp_live_pushes() -> None:
    """Wrap ``core.pushes.send_now`` (run by ``on_commit``) to stamp each payload, and
    time the watch sockets' writes; once per process (config/asgi.py and config/urls.py
    both call it)."""
    from core import pushes

    original = pushes.send_now
    if getattr(original, "bench_stamped", False):
        return

    def send_now(groups: Any, message: dict[str, Any]) -> None:
        payload = message.get("payload")
        if isinstance(payload, dict):
            message = pushes.arena_message({**payload, "bench_committed_at": time.time()})
        original(groups, message)

    send_now.bench_stamped = True  # type: ignore[attr-defined]
    pushes.send_now = send_now
    time_watch_sockets()


def time_watch_sockets() -> None:
    """Wrap ``leaderboards.watchers.deliver`` (one call per push, group and process) to
    note when each stamped push was written to its first and last socket."""
    from leaderboards import watchers

    original = watchers.deliver

    async def deliver(sockets: Any, message: dict[str, Any]) -> None:
        sockets = tuple(sockets)
        first = time.time()
        # The CPU of this thread while writing (the server's own cost of the fan-out,
        # apart from the machine's load; other tasks count only if a write waits).
        cpu = time.thread_time()
        await original(sockets, message)
        cpu = time.thread_time() - cpu
        payload = message.get("payload")
        stamp = payload.get("bench_committed_at") if isinstance(payload, dict) else None
        if stamp and sockets:
            row = _written.setdefault(stamp, [0, first, first, 0.0])
            row[0] += len(sockets)
            row[2] = time.time()
            row[3] += cpu
            _save_fanout_rows()  # after the timed writes: it costs the next event nothing

    watchers.deliver = deliver
