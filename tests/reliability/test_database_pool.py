"""DATABASE_POOL_SIZE gives each server process a psycopg pool instead of persistent
per-thread connections (which under ASGI exhaust PostgreSQL's clients: docs/performance.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

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
        cwd=ROOT, env={**clean, **env}, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    loaded: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


@pytest.mark.slow
def test_a_pool_size_turns_persistent_connections_into_a_pool() -> None:
    url = "postgres://arena:pw@127.0.0.1:5432/arena"
    pooled = database_settings(DATABASE_URL=url, DATABASE_POOL_SIZE="7")
    assert pooled["max_age"] == 0
    assert pooled["options"] == {"pool": {"min_size": 1, "max_size": 7, "timeout": 10}}
    plain = database_settings(DATABASE_URL=url)
    assert plain["max_age"] == 60 and "pool" not in plain["options"]  # type: ignore[operator]


@pytest.mark.slow
def test_the_pool_package_is_installed() -> None:
    import psycopg_pool  # noqa: F401
