"""Safe by default: DEBUG is off unless set, and a debug page never shows a secret.

The attack (issue 12): a first deployment with only DATABASE_URL and REDIS_URL set ran in
debug mode, and any server error showed both URLs, passwords included. Here a real
uvicorn runs with DEBUG=1 and a database that refuses connections, so a page that reads
the database fails and Django renders its real debug page (settings, request, traceback
with its local variables).
"""

from __future__ import annotations

import secrets
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.reliability.live_server import live_server
from tests.reliability.redis_server import spare_port

DB_PASSWORD = "db-pw-" + secrets.token_hex(8)
REDIS_PASSWORD = "redis-pw-" + secrets.token_hex(8)
SECRET_KEY = "key-" + secrets.token_urlsafe(40)


def fetch(url: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


def test_a_debug_page_shows_no_url_key_password_or_token(tmp_path: Path) -> None:
    closed = spare_port()  # nothing listens there: every database query fails
    env = {
        "DATABASE_URL": f"postgres://arena:{DB_PASSWORD}@127.0.0.1:{closed}/arena",
        "DATABASE_POOL_SIZE": "0",
        "REDIS_URL": f"redis://:{REDIS_PASSWORD}@127.0.0.1:{closed}/0",
        "SECRET_KEY": SECRET_KEY,
        "SOME_API_TOKEN": "token-" + secrets.token_hex(8),
    }
    with live_server(tmp_path, **env) as server:
        status, page = fetch(f"{server.url}/deals/TP1-E-AAAAAAB/")
    assert status == 500
    # It is Django's debug page, with the settings and the traceback's variables ...
    assert "Traceback" in page and "DATABASES" in page and "Local vars" in page, page[:2000]
    # ... and none of the secrets, under whatever name they appear.
    for secret in (DB_PASSWORD, REDIS_PASSWORD, SECRET_KEY, env["SOME_API_TOKEN"]):
        assert secret not in page
    for name in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"):
        assert name in page  # listed, its value replaced by stars


@pytest.mark.slow
def test_with_nothing_set_the_start_fails_and_names_secret_key(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=Path(__file__).resolve().parents[2],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in done.stderr
    assert "Traceback" in done.stderr  # Django's own start-up failure; the message is last
    assert done.stderr.strip().splitlines()[-1].endswith("for development on your own machine")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/no-such-page/", "/api/no-such-endpoint"])
def test_a_404_lists_no_url_patterns_with_debug_off(path: str) -> None:
    from django.test import Client

    answer = Client().get(path)  # pytest-django runs with DEBUG off, as production does
    assert answer.status_code == 404
    assert b"URLconf" not in answer.content and b"tried these URL patterns" not in answer.content
