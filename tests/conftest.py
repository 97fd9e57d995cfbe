"""Suite-wide markers and fixtures.

* ``services``: needs real PostgreSQL, Redis and a Celery worker. Skipped unless
  RUN_SERVICE_TESTS=1 (set by .ci/run's second pass, with DATABASE_URL and REDIS_URL).
  Such tests should use ``transactional_db`` so that their rows are committed and visible
  to the worker, which runs in another process against the same test database.
* ``browser``: drives Chromium with Playwright; skipped unless /usr/bin/chromium exists.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")


def _service_tests_enabled() -> bool:
    return os.environ.get("RUN_SERVICE_TESTS", "") in ("1", "true", "yes")


def pytest_configure(config: pytest.Config) -> None:
    if _service_tests_enabled():
        missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not os.environ.get(name)]
        if missing:
            raise pytest.UsageError(
                f"RUN_SERVICE_TESTS=1 needs {' and '.join(missing)} set (see .ci/run)"
            )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    skip_services = pytest.mark.skip(
        reason="needs PostgreSQL, Redis and a Celery worker: run .ci/run "
        "(or set RUN_SERVICE_TESTS=1 with DATABASE_URL and REDIS_URL)"
    )
    skip_browser = pytest.mark.skip(reason="install Debian's chromium: apt-get install -y chromium")
    run_services = _service_tests_enabled()
    has_chromium = CHROMIUM.exists()
    for item in items:
        if "services" in item.keywords and not run_services:
            item.add_marker(skip_services)
        if "browser" in item.keywords and not has_chromium:
            item.add_marker(skip_browser)
    # Browser tests last: Playwright's sync API keeps an event loop running in the main
    # thread for the whole session, and pytest-asyncio cannot start async fixtures or
    # tests while it runs. The sort is stable, so the order is otherwise unchanged.
    items.sort(key=lambda item: "browser" in item.keywords)


@pytest.fixture(autouse=True)
def rate_limits_off() -> Iterator[None]:
    """Rate limits (core/ratelimit.py) off: their counters would carry from test to test
    in one process. Tests of the limits turn them on with ``settings.RATE_LIMITS_ENABLED``.
    The bot-speed review (leaderboards.speed) is off too: scripted games are machine-fast;
    its own tests turn it on with ``settings.SPEED_REVIEW_ENABLED``; so are post-game
    reviews (a solver run per ended game), on in their tests (``GAME_REVIEWS_ENABLED``)."""
    from django.test import override_settings

    from core import ratelimit

    ratelimit.reset()
    with override_settings(
        RATE_LIMITS_ENABLED=False, SPEED_REVIEW_ENABLED=False, GAME_REVIEWS_ENABLED=False
    ):
        yield


@pytest.fixture
def chromium_path() -> str:
    """The system Chromium, for ``playwright.chromium.launch(executable_path=...)``."""
    return str(CHROMIUM)


@pytest.fixture
def celery_eager() -> Iterator[Any]:
    """Run Celery tasks in-process for this test, even when a broker is configured."""
    from config.celery import app

    saved = (app.conf.task_always_eager, app.conf.task_eager_propagates)
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    try:
        yield app
    finally:
        app.conf.task_always_eager, app.conf.task_eager_propagates = saved
