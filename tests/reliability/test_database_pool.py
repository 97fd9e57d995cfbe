"""PostgreSQL gets a psycopg pool per server process by default (``DATABASE_POOL_SIZE``,
10), instead of persistent per-thread connections, which under ASGI exhaust PostgreSQL's
clients (docs/performance.md; issue 12: a 40-request burst on 3 workers gave 500 "too
many clients"). With every pooled connection busy a request waits, then gets 503 with
Retry-After (config/db_pool.py), tested on a real uvicorn and PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from tests.reliability.live_server import live_server

ROOT = Path(__file__).resolve().parents[2]
PRINT_DB = (
    "import json; from django.conf import settings; d = settings.DATABASES['default']; "
    "print(json.dumps({'max_age': d['CONN_MAX_AGE'], 'options': d.get('OPTIONS', {})}))"
)


def database_settings(**env: str) -> dict[str, object]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "REDIS_"))}
    clean.pop("DJANGO_SETTINGS_MODULE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", PRINT_DB],
        cwd=ROOT, env={**clean, "DEBUG": "1", **env}, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    loaded: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


@pytest.mark.slow
def test_postgresql_gets_a_pool_by_default_and_a_size_sets_it() -> None:
    url = "postgres://arena:pw@127.0.0.1:5432/arena"
    default = database_settings(DATABASE_URL=url)
    assert default["max_age"] == 0
    assert default["options"] == {
        "pool": {"min_size": 1, "max_size": 10, "timeout": 10},
        "prepare_threshold": 5,
    }
    sized = database_settings(DATABASE_URL=url, DATABASE_POOL_SIZE="7",
                              DATABASE_POOL_TIMEOUT="3")  # fmt: skip
    assert sized["options"] == {
        "pool": {"min_size": 1, "max_size": 7, "timeout": 3},
        "prepare_threshold": 5,
    }
    plain = database_settings(DATABASE_URL=url, DATABASE_POOL_SIZE="0")
    assert plain["max_age"] == 60 and "pool" not in plain["options"]  # type: ignore[operator]
    # Behind a transaction pooler prepared statements must be off: 0 leaves Django's None.
    unprepared = database_settings(DATABASE_URL=url, DATABASE_PREPARE_THRESHOLD="0")
    assert "prepare_threshold" not in unprepared["options"]  # type: ignore[operator]


def _get(url: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (names lower-cased) and body."""
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            headers, status, body = answer.headers, answer.status, answer.read()
    except urllib.error.HTTPError as err:
        headers, status, body = err.headers, err.code, err.read()
    return status, {k.lower(): v for k, v in headers.items()}, body


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_with_every_pooled_connection_busy_a_request_gets_503_with_retry_after(
    tmp_path: Path,
) -> None:
    """A pool of one connection: a request holding it is stuck behind a table lock that
    this test holds; the next request waits DATABASE_POOL_TIMEOUT (1 s), then gets 503."""
    assert connection.vendor == "postgresql"
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {"DATABASE_URL": url, "DATABASE_POOL_SIZE": "1", "DATABASE_POOL_TIMEOUT": "1"}
    with live_server(tmp_path, **env) as server:
        assert _get(f"{server.url}/deals/TP1-E-AAAAAAB/")[0] == 200  # the pool works
        held: list[tuple[int, dict[str, str], bytes]] = []
        with connection.cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute("LOCK TABLE games_deal IN ACCESS EXCLUSIVE MODE")
            # This request takes the pool's only connection and waits for the lock.
            holder = threading.Thread(
                target=lambda: held.append(_get(f"{server.url}/deals/TP1-E-AAAAAAC/"))
            )
            holder.start()
            _wait_for_lock_waiter(cursor)
            status, headers, body = _get(f"{server.url}/api/health")
            api_status, _, api_body = _get(f"{server.url}/api/deals/TP1-E-AAAAAAB")
            cursor.execute("COMMIT")
        holder.join(60)
    assert status == 503, body[:300]
    assert int(headers["retry-after"]) > 0
    assert api_status == 503 and json.loads(api_body)["error"]["reason"] == "busy"
    assert held and held[0][0] == 200  # the waiting request was served once the lock went


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_burst_larger_than_the_pool_waits_for_connections_and_gets_no_error(
    tmp_path: Path,
) -> None:
    """40 concurrent requests on a pool of 2: each waits for a connection (up to 10 s)
    and every one is answered 200 (issue 12's burst gave 500 "too many clients")."""
    from concurrent.futures import ThreadPoolExecutor

    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {"DATABASE_URL": url, "DATABASE_POOL_SIZE": "2", "DATABASE_POOL_TIMEOUT": "10"}
    with live_server(tmp_path, **env) as server:
        pages = [f"{server.url}/api/deals/TP1-E-AAAAAA{c}" for c in "BCDEFGHIJK"] * 4
        with ThreadPoolExecutor(len(pages)) as pool:
            statuses = [status for status, _, _ in pool.map(_get, pages)]
    assert statuses == [200] * len(pages)


def _wait_for_lock_waiter(cursor: object) -> None:
    import time

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        cursor.execute(  # type: ignore[attr-defined]
            "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = "
            "'games_deal'::regclass"
        )
        if cursor.fetchone()[0]:  # type: ignore[attr-defined]
            return
        time.sleep(0.05)
    raise AssertionError("the holding request never waited for the lock")
