"""Server processes on the test database: its URL for processes other than pytest's,
and ``python -m config.serve`` on it (tests/reliability/live_server.py starts it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from django.db import connection

from tests.reliability.live_server import uvicorn_process
from tests.reliability.redis_server import spare_port


def child_database_url() -> str:
    """The database pytest-django made (test_<name>), for other processes."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@contextmanager
def server_on_test_database(log_path: Path) -> Iterator[int]:
    """A uvicorn on the test database and the tests' Redis (REDIS_URL); its port."""
    env = {
        **os.environ,
        "DATABASE_URL": child_database_url(),
        "DATABASE_CONN_MAX_AGE": "0",
        "DATABASE_POOL_SIZE": "0",
        "RATE_LIMITS": "0",
        "LOG_LEVEL": "WARNING",
    }
    port = spare_port()
    with uvicorn_process(env, port, log_path):
        yield port
