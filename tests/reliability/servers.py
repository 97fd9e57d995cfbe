"""Real server processes for the reliability tests: the test database's URL (for
processes other than pytest's) and uvicorn serving the project on a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def child_database_url() -> str:
    """The database pytest-django made (test_<name>), for other processes."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def uvicorn(**env: str) -> Iterator[int]:
    """``uvicorn config.asgi:application`` on 127.0.0.1 on the test database and the
    tests' Redis; yields its port once it answers /api/health, stops it after."""
    port = free_port()
    environment = {
        **os.environ,
        "DATABASE_URL": child_database_url(),
        "DATABASE_CONN_MAX_AGE": "0",
        "RATE_LIMITS": "0",
        "LOG_LEVEL": "WARNING",
        **env,
    }
    environment.pop("DJANGO_SETTINGS_MODULE", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--lifespan", "off", "--no-access-log"],
        cwd=ROOT, env=environment,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("uvicorn did not start") from None
                time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
