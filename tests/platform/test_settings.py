"""config.settings reads the environment and refuses malformed values loudly."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV_VARS = (
    "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DATABASE_URL",
    "DATABASE_CONN_MAX_AGE", "DATABASE_POOL_SIZE", "DATABASE_POOL_TIMEOUT", "REDIS_URL",
    "CHANNEL_LAYER", "PLATFORM_TIME_ZONE",
    "NUMBERED_DEALS", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "TRUST_X_FORWARDED_PROTO",
    "SERVE_STATIC", "LOG_LEVEL", "RUN_SERVICE_TESTS",
)  # fmt: skip

DUMP = """
import json
import config.settings as s
print(json.dumps({
    "DEBUG": s.DEBUG,
    "ENGINE": s.DATABASES["default"]["ENGINE"],
    "DB_NAME": str(s.DATABASES["default"]["NAME"]),
    "ATOMIC_REQUESTS": s.DATABASES["default"]["ATOMIC_REQUESTS"],
    "CONN_MAX_AGE": s.DATABASES["default"].get("CONN_MAX_AGE"),
    "CHANNEL_BACKEND": s.CHANNEL_LAYERS["default"]["BACKEND"],
    "EAGER": s.CELERY_TASK_ALWAYS_EAGER,
    "BROKER": s.CELERY_BROKER_URL,
    "ACKS_LATE": s.CELERY_TASK_ACKS_LATE,
    "REJECT_ON_WORKER_LOST": s.CELERY_TASK_REJECT_ON_WORKER_LOST,
    "PREFETCH": s.CELERY_WORKER_PREFETCH_MULTIPLIER,
    "TIME_ZONE": s.TIME_ZONE,
    "USE_TZ": s.USE_TZ,
    "NUMBERED_DEALS": s.NUMBERED_DEALS,
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "LANGUAGES": [code for code, _ in s.LANGUAGES],
}))
"""


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ENV_VARS}
    clean.pop("DJANGO_SETTINGS_MODULE", None)
    clean.update({"DEBUG": "1", **env})  # DEBUG is off unless set; these test the rest
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip


def load_settings(**env: str) -> dict[str, object]:
    proc = run_python(DUMP, **env)
    assert proc.returncode == 0, proc.stderr
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_nothing_set_gives_the_embedded_dev_setup() -> None:
    s = load_settings()
    assert s["DEBUG"] is True
    assert s["ENGINE"] == "django.db.backends.sqlite3"
    assert str(s["DB_NAME"]).endswith("db.sqlite3")
    assert s["CHANNEL_BACKEND"] == "channels.layers.InMemoryChannelLayer"
    assert s["EAGER"] is True
    assert s["TIME_ZONE"] == "UTC" and s["USE_TZ"] is True
    assert s["NUMBERED_DEALS"] == 50000
    assert s["LANGUAGES"] == ["fr", "ro", "en"]


def test_database_and_redis_urls_select_postgres_redis_layer_and_a_real_broker() -> None:
    s = load_settings(
        DATABASE_URL="postgres://arena:pw@db.internal:5432/arena",
        REDIS_URL="redis://cache.internal:6379/0",
    )
    assert s["ENGINE"] == "django.db.backends.postgresql"
    assert s["DB_NAME"] == "arena"
    assert s["ATOMIC_REQUESTS"] is False
    assert s["CONN_MAX_AGE"] == 0  # a connection pool by default (config/db_pool.py)
    assert s["CHANNEL_BACKEND"] == "core.channel_layers.ResilientRedisChannelLayer"
    assert s["EAGER"] is False
    assert s["BROKER"] == "redis://cache.internal:6379/0"
    assert s["ACKS_LATE"] is True and s["REJECT_ON_WORKER_LOST"] is True
    assert s["PREFETCH"] == 1


def test_channel_layer_pubsub_selects_the_pubsub_backend() -> None:
    s = load_settings(REDIS_URL="redis://localhost:6379/0", CHANNEL_LAYER="pubsub")
    assert s["CHANNEL_BACKEND"] == "core.channel_layers.ResilientRedisPubSubChannelLayer"


def test_platform_time_zone_becomes_the_django_time_zone() -> None:
    assert load_settings(PLATFORM_TIME_ZONE="Europe/Bucharest")["TIME_ZONE"] == "Europe/Bucharest"


def test_allowed_hosts_is_a_comma_list() -> None:
    hosts = load_settings(ALLOWED_HOSTS="arena.example.com, .example.org")["ALLOWED_HOSTS"]
    assert hosts == ["arena.example.com", ".example.org"]


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"DEBUG": "maybe"}, "DEBUG"),
        ({"DEBUG": "2"}, "DEBUG"),
        ({"DATABASE_URL": "not a url"}, "DATABASE_URL"),
        ({"DATABASE_URL": "postgres://u@h:notaport/db"}, "DATABASE_URL"),
        ({"DATABASE_URL": "mysql://u@h/db"}, "DATABASE_URL"),
        ({"DATABASE_URL": "postgres://u@h:5432"}, "DATABASE_URL"),
        ({"PLATFORM_TIME_ZONE": "Mars/Olympus_Mons"}, "PLATFORM_TIME_ZONE"),
        ({"PLATFORM_TIME_ZONE": "../etc/passwd"}, "PLATFORM_TIME_ZONE"),
        ({"ALLOWED_HOSTS": "https://arena.example.com"}, "ALLOWED_HOSTS"),
        ({"ALLOWED_HOSTS": "a.example.com,,b.example.com"}, "ALLOWED_HOSTS"),
        ({"NUMBERED_DEALS": "fifty"}, "NUMBERED_DEALS"),
        ({"NUMBERED_DEALS": "0"}, "NUMBERED_DEALS"),
        ({"REDIS_URL": "http://localhost:6379"}, "REDIS_URL"),
        ({"CHANNEL_LAYER": "rabbit"}, "CHANNEL_LAYER"),
        ({"CSRF_TRUSTED_ORIGINS": "arena.example.com"}, "CSRF_TRUSTED_ORIGINS"),
        ({"DEBUG": "0", "ALLOWED_HOSTS": "arena.example.com"}, "SECRET_KEY"),
        ({"DEBUG": "0", "SECRET_KEY": "x" * 60}, "ALLOWED_HOSTS"),
    ],
)
def test_malformed_environment_fails_loudly_naming_the_variable(
    env: dict[str, str], named: str
) -> None:
    proc = run_python("import config.settings", **env)
    assert proc.returncode != 0
    assert "ImproperlyConfigured" in proc.stderr
    assert named in proc.stderr.strip().splitlines()[-1]


def test_production_settings_pass_check_deploy() -> None:
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k not in ENV_VARS},
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "arena.example.com",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues" in proc.stdout
