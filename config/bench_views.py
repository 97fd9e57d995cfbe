"""Bench-only views (``BENCH_VIEWS=1``): the baseline that bench/submissions.py compares
the submission endpoint against, served by the same Django, middleware and uvicorn.

``POST /bench/json`` reads a JSON body and answers a small JSON object: everything a
request costs (ASGI, middleware, sessions, JSON) without the work of the endpoint itself.
Never mounted unless the setting is on.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt
def bare_json(request: HttpRequest) -> JsonResponse:
    body: Any = json.loads(request.body or b"{}")
    return JsonResponse({"ok": True, "fields": len(body) if isinstance(body, dict) else 0})


urlpatterns = [path("bench/json", bare_json)]
