"""Solitaire Arena settings, read from the environment.

With nothing set, the project runs embedded: SQLite (db.sqlite3), the in-memory channel
layer and Celery in eager mode, so `make run` and `make test` need only Python. DEBUG is off
unless DEBUG=1 is set (`make run` and the tests set it): a first deployment that sets only
DATABASE_URL and REDIS_URL must not serve debug pages with the dev key, so without DEBUG=1
and without SECRET_KEY the start fails naming SECRET_KEY.
Set DATABASE_URL and REDIS_URL for the real stack (PostgreSQL, Redis, a Celery worker).
Every variable read here is listed in README.md ("Configuration"). A malformed value
raises ImproperlyConfigured naming the variable: a typo must never silently fall back.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _raw(name: str) -> str | None:
    """The variable's value, or None when unset or empty (empty counts as unset)."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def env_bool(name: str, default: bool) -> bool:
    value = _raw(name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean: use one of 0, 1, true, false (also yes/no, on/off)"
    )


def env_int(name: str, default: int, minimum: int = 0) -> int:
    value = _raw(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not an integer") from None
    if number < minimum:
        raise ImproperlyConfigured(f"{name}={value!r} must be at least {minimum}")
    return number


_HOST_RE = re.compile(r"^(\.?[A-Za-z0-9_.-]+|\*|\[[0-9A-Fa-f:.]+\])(:\d+)?$")


def env_hosts(name: str, default: list[str]) -> list[str]:
    value = _raw(name)
    if value is None:
        return default
    hosts = [part.strip() for part in value.split(",")]
    for host in hosts:
        if not host or not _HOST_RE.match(host):
            raise ImproperlyConfigured(
                f"{name}={value!r}: {host!r} is not a host name; give a comma-separated "
                "list of host names such as 'arena.example.com,.example.org' (no scheme, no path)"
            )
    return hosts


def env_origins(name: str) -> list[str]:
    value = _raw(name)
    if value is None:
        return []
    origins = [part.strip() for part in value.split(",")]
    for origin in origins:
        if not re.match(r"^https?://[^/\s]+$", origin):
            raise ImproperlyConfigured(
                f"{name}={value!r}: {origin!r} is not an origin such as https://arena.example.com"
            )
    return origins


def env_rate(name: str, default: str) -> tuple[int, int, int]:
    """``PER_USER,PER_ADDRESS/WINDOW_SECONDS`` (e.g. ``300,900/60``); 0 = no limit."""
    value = _raw(name) or default
    match = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*/\s*(\d+)\s*", value)
    if match is None or int(match.group(3)) < 1:
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a rate: give PER_USER,PER_ADDRESS/WINDOW_SECONDS "
            "such as 300,900/60 (0 turns a limit off; the window is at least 1 s)"
        )
    return int(match.group(1)), int(match.group(2)), int(match.group(3))


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    value = _raw(name)
    if value is None:
        return default
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={value!r} must be one of: {', '.join(choices)}")
    return value


# --- Core -------------------------------------------------------------------------------

DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "dev-only-secret-key-do-not-use-in-production-0123456789abcdefghij"
SECRET_KEY = _raw("SECRET_KEY") or ""
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (DEBUG is off unless DEBUG=1 is set): "
            "export SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or DEBUG=1 for development on your own machine"
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env_hosts("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
if not DEBUG and not ALLOWED_HOSTS:
    raise ImproperlyConfigured(
        "ALLOWED_HOSTS must be set when DEBUG is off (comma-separated host names)"
    )
CSRF_TRUSTED_ORIGINS = env_origins("CSRF_TRUSTED_ORIGINS")


def env_networks(name: str) -> list[str]:
    """Comma-separated IP addresses or networks (``10.0.0.1,172.16.0.0/12``)."""
    value = _raw(name)
    if value is None:
        return []
    from config.proxies import parse_networks

    entries = [part.strip() for part in value.split(",")]
    try:
        parse_networks(entries)
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"{name}={value!r}: {exc}; give IP addresses or networks such as 172.16.0.0/12"
        ) from None
    return entries


# Peers whose X-Forwarded-For is believed (config/proxies.py); empty: nobody's.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "ninja",
    "accounts",
    "games",
    "leaderboards",
    "matches",
    "frontend",
]

MIDDLEWARE = [
    # Bodies over DATA_UPLOAD_MAX_MEMORY_SIZE: 413 before anything reads them (config/body_limit.py).
    "config.body_limit.RequestSizeMiddleware",
    # No database connection free: 503 with Retry-After, not 500 (config/db_pool.py).
    "config.db_pool.ConnectionGuardMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.request_guards.RejectNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.ratelimit_middleware.RateLimitMiddleware",
    # Django's MessageMiddleware with its storage built on first use (core/lazy_messages.py).
    "core.lazy_messages.LazyMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "frontend" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------------

DATABASE_URL = _raw("DATABASE_URL")
DATABASE_CONN_MAX_AGE = env_int("DATABASE_CONN_MAX_AGE", 60)
if DATABASE_URL:
    try:
        _db: dict[str, Any] = dict(
            dj_database_url.parse(
                DATABASE_URL, conn_max_age=DATABASE_CONN_MAX_AGE, conn_health_checks=True
            )
        )
    except Exception as exc:  # dj-database-url raises several exception types
        raise ImproperlyConfigured(
            f"DATABASE_URL does not parse ({exc}); expected e.g. "
            "postgres://user:password@host:5432/dbname"
        ) from None
    if _db.get("ENGINE") not in ("django.db.backends.postgresql", "django.db.backends.sqlite3"):
        raise ImproperlyConfigured(
            f"DATABASE_URL selects {_db.get('ENGINE')!r}; only postgres:// (and sqlite://) "
            "are supported"
        )
    if not _db.get("NAME"):
        raise ImproperlyConfigured("DATABASE_URL has no database name (…/dbname at the end)")
    _db["ATOMIC_REQUESTS"] = False
    # Under ASGI every request runs its sync code on a thread of its own (config/http_handler.py
    # keeps up to 32 idle ones for the next requests; a burst makes as many as it has
    # requests), so a persistent connection (CONN_MAX_AGE > 0) is one more open connection
    # per thread until PostgreSQL refuses clients (bench/submissions.py shows it; issue 12: a 40-request burst on 3
    # workers). So PostgreSQL gets a psycopg pool per process by default: connections are
    # returned at the end of each request and reused; a request finding none free waits
    # DATABASE_POOL_TIMEOUT s, then gets 503 with Retry-After (config/db_pool.py).
    # DATABASE_POOL_SIZE=0 turns the pool off (CI's tests and worker: see .ci/run).
    DATABASE_POOL_SIZE = env_int("DATABASE_POOL_SIZE", 10)
    DATABASE_POOL_TIMEOUT = env_int("DATABASE_POOL_TIMEOUT", 10, minimum=1)
    # Django turns psycopg's prepared statements off (for poolers such as PgBouncer's
    # transaction mode, which this project does not run: each process keeps its own pool
    # of direct connections). On, a statement run DATABASE_PREPARE_THRESHOLD times on a
    # connection is prepared, so PostgreSQL stops parsing and planning it. Only
    # server-binding cursors prepare (core.fast_rows' hot-path statements); Django's
    # client-side binding never does. 0 turns it off (behind a transaction pooler).
    DATABASE_PREPARE_THRESHOLD = env_int("DATABASE_PREPARE_THRESHOLD", 5)
    if _db["ENGINE"] == "django.db.backends.postgresql":
        options = _db.setdefault("OPTIONS", {})
        if DATABASE_PREPARE_THRESHOLD:
            options["prepare_threshold"] = DATABASE_PREPARE_THRESHOLD
        if DATABASE_POOL_SIZE:
            _db["CONN_MAX_AGE"] = 0
            _db["CONN_HEALTH_CHECKS"] = False
            options["pool"] = {
                "min_size": 1,
                "max_size": DATABASE_POOL_SIZE,
                "timeout": DATABASE_POOL_TIMEOUT,
            }
else:
    _db = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": BASE_DIR / "db.sqlite3",
        "ATOMIC_REQUESTS": False,
        # Several processes (uvicorn, tests, an eager Celery task) may touch the file.
        "OPTIONS": {"timeout": 20},
    }
DATABASES = {"default": _db}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Request bodies over this many bytes get 413 (config/body_limit.py); Django's default.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# --- Redis: channel layer, Celery, cache ----------------------------------------------

REDIS_URL = _raw("REDIS_URL")
if REDIS_URL and not re.match(r"^(redis|rediss|unix)://", REDIS_URL):
    raise ImproperlyConfigured(
        f"REDIS_URL={REDIS_URL!r} must start with redis://, rediss:// or unix://"
    )
CHANNEL_LAYER = env_choice("CHANNEL_LAYER", "core", ("core", "pubsub"))

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis' layers, made to survive a Redis outage (core/channel_layers.py).
            "BACKEND": (
                "core.channel_layers.ResilientRedisPubSubChannelLayer"
                if CHANNEL_LAYER == "pubsub"
                else "core.channel_layers.ResilientRedisChannelLayer"
            ),
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "arena",
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND: str | None = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = None
    CELERY_TASK_ALWAYS_EAGER = True

# Celery (config/celery.py reads every CELERY_* setting).
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis broker: a task taken by a worker that died before acknowledging it (acks_late) is
# delivered again after this many seconds; it must exceed the longest task (the solver).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=1)
}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Periodic tasks (celery beat); the games/leaderboards apps add their entries here.
CELERY_BEAT_SCHEDULE: dict[str, Any] = {
    # games/tasks/daily.py: fill empty daily-deal slots for the coming week.
    "ensure-daily-deals": {"task": "games.ensure_daily_deals", "schedule": 3600.0},
    # games/tasks/closing.py: end ranked attempts still open at their day's close, and
    # games idle for IDLE_GAME_HOURS (one indexed query when there is nothing to do).
    "close-stale-games": {"task": "games.close_stale_games", "schedule": 300.0},
    # matches/tasks.py: lobbies nobody started within 30 minutes expire.
    "expire-match-lobbies": {"task": "matches.expire_lobbies", "schedule": 60.0},
}
# Daily deals: solver processes vetting empty slots side by side (games.vetting_pool;
# one per core by default, 1: none, every slot in the calling process).
DAILY_VET_PROCESSES = env_int("DAILY_VET_PROCESSES", os.cpu_count() or 1, minimum=1)

# Live matches (docs/matches.md): the 3-2-1 countdown before a round's games start, the
# pause for the round summary before the next round's countdown, the solver's budget
# per candidate deal when a round is dealt.
MATCH_COUNTDOWN_S = env_int("MATCH_COUNTDOWN_S", 3, minimum=0)
MATCH_BREAK_S = env_int("MATCH_BREAK_S", 10, minimum=0)
MATCH_SOLVER_TIME_BUDGET_S = env_int("MATCH_SOLVER_TIME_BUDGET_S", 5, minimum=1)
# Draws of candidates (games.daily.find_winnable_sealed, 12 each) before a round is
# given up: the match stays in its lobby (round 1) or ends on the rounds played.
MATCH_DEAL_DRAWS = env_int("MATCH_DEAL_DRAWS", 3, minimum=1)

# --- Auth ---------------------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# --- Internationalisation and time --------------------------------------------------------

PLATFORM_TIME_ZONE = _raw("PLATFORM_TIME_ZONE") or "UTC"
try:
    ZoneInfo(PLATFORM_TIME_ZONE)
except (ZoneInfoNotFoundError, ValueError):
    raise ImproperlyConfigured(
        f"PLATFORM_TIME_ZONE={PLATFORM_TIME_ZONE!r} is not an IANA time zone name "
        "(e.g. UTC, Europe/Paris, Europe/Bucharest)"
    ) from None
TIME_ZONE = PLATFORM_TIME_ZONE
USE_TZ = True
CELERY_TIMEZONE = PLATFORM_TIME_ZONE

LANGUAGE_CODE = "en"
LANGUAGES = [("fr", "Français"), ("ro", "Română"), ("en", "English")]
USE_I18N = True
LOCALE_PATHS = [BASE_DIR / "frontend" / "locale"]

# --- Mail (password reset) -------------------------------------------------------------

# With EMAIL_HOST set, mail goes out over SMTP; without it (development), Django prints
# each message on the console (the server's stdout), reset links included.
EMAIL_HOST = _raw("EMAIL_HOST") or ""
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
    EMAIL_HOST_USER = _raw("EMAIL_HOST_USER") or ""
    EMAIL_HOST_PASSWORD = _raw("EMAIL_HOST_PASSWORD") or ""
    # Port 465 wants implicit TLS (EMAIL_USE_SSL=1), which turns STARTTLS off by default.
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", not EMAIL_USE_SSL)
    EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = _raw("DEFAULT_FROM_EMAIL") or "Solitaire Arena <noreply@localhost>"

# --- Game platform ------------------------------------------------------------------------

# Open (unfinished) games an account or guest session may hold at once (games.services.opening).
MAX_OPEN_GAMES = env_int("MAX_OPEN_GAMES", 5, minimum=0)
# An open game that is not a daily's ranked attempt is ended as abandoned after this long
# without an action (games.services.closing).
IDLE_GAME_HOURS = env_int("IDLE_GAME_HOURS", 24, minimum=1)

# Numbered deals offered per variant (codes 1..NUMBERED_DEALS).
NUMBERED_DEALS = env_int("NUMBERED_DEALS", 50000, minimum=1)

# Rate limits (core/ratelimit.py, config/ratelimit_middleware.py): (per user, per address, window seconds) for live
# actions (HTTP and WebSocket), log submissions, logins, sign-ups and anonymous replay
# pages; answered with 429.
RATE_LIMITS_ENABLED = env_bool("RATE_LIMITS", True)
# Bot-speed review of live results (leaderboards.speed): 0 holds nothing. The test suite
# turns it off (its scripted games are machine-fast) except in the tests of the review.
SPEED_REVIEW_ENABLED = env_bool("SPEED_REVIEW", True)
# Post-game reviews by the solver (leaderboards.reviews), a Celery task per ended game.
GAME_REVIEWS_ENABLED = env_bool("GAME_REVIEWS", True)
RATE_LIMIT_ACTIONS = env_rate("RATE_LIMIT_ACTIONS", "300,900/60")
RATE_LIMIT_SUBMISSIONS = env_rate("RATE_LIMIT_SUBMISSIONS", "30,120/60")
RATE_LIMIT_LOGINS = env_rate("RATE_LIMIT_LOGINS", "10,50/300")
RATE_LIMIT_STARTS = env_rate("RATE_LIMIT_STARTS", "30,120/600")
RATE_LIMIT_SIGNUPS = env_rate("RATE_LIMIT_SIGNUPS", "5,20/3600")
RATE_LIMIT_REPLAYS = env_rate("RATE_LIMIT_REPLAYS", "30,60/60")
RATE_LIMIT_RESETS = env_rate("RATE_LIMIT_RESETS", "3,10/3600")
RATE_LIMIT_SETTINGS = env_rate("RATE_LIMIT_SETTINGS", "10,30/600")

# bench/submissions.py's baseline view at /bench/json (config/bench_views.py); never in
# production.
BENCH_VIEWS = env_bool("BENCH_VIEWS", False)

# --- Static files -------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "frontend" / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve /static/ from the ASGI app itself (config/asgi.py). Turn off when a proxy or CDN
# serves STATIC_ROOT (after `manage.py collectstatic`).
SERVE_STATIC = env_bool("SERVE_STATIC", True)

# --- Security (production) ----------------------------------------------------------------

SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Debug pages (DEBUG=1 only) hide every *_URL, *KEY*, *PASS*, *TOKEN* and any value holding
# DATABASE_URL / REDIS_URL (config/debug_filter.py).
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.debug_filter.SecretsFilter"
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    # Only behind a TLS-terminating proxy that sets this header itself.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Logging ------------------------------------------------------------------------------

LOG_LEVEL = env_choice("LOG_LEVEL", "INFO", ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"))
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "console": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "console"},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
    },
}
