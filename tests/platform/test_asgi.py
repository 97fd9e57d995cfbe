"""The ASGI application uvicorn serves: HTTP through Django, static files, WebSocket router.

(channels.testing imports daphne, which the project does not install; asgiref's
ApplicationCommunicator drives the app directly.)
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator

from config.asgi import application


async def http_get(path: str, app: Any = application) -> tuple[int, bytes]:
    scope = {
        "type": "http", "http_version": "1.1", "method": "GET", "path": path,
        "raw_path": path.encode(), "query_string": b"", "root_path": "", "scheme": "http",
        "headers": [(b"host", b"127.0.0.1")], "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }  # fmt: skip
    talk = ApplicationCommunicator(app, scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(5)
    body = b""
    while True:
        message: dict[str, Any] = await talk.receive_output(5)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await talk.wait(5)
    return start["status"], body


# On PostgreSQL every request takes its connection first (config/db_pool.py).
@pytest.mark.django_db(transaction=True)
async def test_asgi_app_serves_the_api_over_http() -> None:
    status, body = await http_get("/api/health")
    assert status == 200
    assert json.loads(body) == {"ok": True}


async def test_asgi_app_serves_static_files_for_the_api_docs() -> None:
    status, _ = await http_get("/static/ninja/swagger-ui.css")
    assert status == 200


async def test_websocket_from_a_foreign_origin_is_refused() -> None:
    scope = {
        "type": "websocket", "path": "/ws/feed/", "raw_path": b"/ws/feed/",
        "query_string": b"", "headers": [(b"host", b"127.0.0.1"),
                                         (b"origin", b"https://evil.example.com")],
        "subprotocols": [], "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
    }  # fmt: skip
    app = ApplicationCommunicator(application, scope)
    await app.send_input({"type": "websocket.connect"})
    answer = await app.receive_output(5)
    assert answer["type"] == "websocket.close"
    await app.wait(5)
