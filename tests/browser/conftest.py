"""A real server and a real Chromium for the browser tests.

pytest-django's ``live_server`` is WSGI only (no WebSockets), so the session runs the
project's ASGI app under uvicorn in a subprocess (``python -m config.serve``, as ``make
run`` does), on its own SQLite file (embedded settings: in-memory channel layer, eager
Celery). Tests set up
what they need through the pages themselves or ``server.manage(...)``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from games.engine import SEALED_MIN, DealCode, Variant
from tests.reliability.live_server import uvicorn_process
from tests.support.winning import find_win

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
DESKTOP = {"width": 1366, "height": 768}
SMALL_DESKTOP = {"width": 1280, "height": 720}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    env: dict[str, str]
    log: Path

    def manage(self, *args: str, input_text: str | None = None) -> str:
        """Run ``manage.py`` against the server's database; returns its stdout."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            input=input_text,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def python(self, code: str) -> Any:
        """Run Django code in the server's database; the code sets ``result`` (JSON)."""
        script = "import json\nresult = None\n" + code + "\nprint('@@' + json.dumps(result))\n"
        out = self.manage("shell", "-c", script)
        line = next(line for line in out.splitlines() if line.startswith("@@"))
        return json.loads(line[2:])


@pytest.fixture(scope="session")
def arena_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("install Debian's chromium: apt-get install -y chromium")
    folder = tmp_path_factory.mktemp("arena-server")
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "RUN_SERVICE_TESTS", "DJANGO_SETTINGS_MODULE")
    }
    env.update(
        {
            "DATABASE_URL": f"sqlite:///{folder / 'browser.sqlite3'}",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "1",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            "RATE_LIMITS": "0",
            # Playwright plays at machine speed: the bot-speed review would hold every
            # result (leaderboards/speed.py; tests/records/test_bot_speed_review.py).
            "SPEED_REVIEW": "0",
        }
    )
    port = _free_port()
    server = Server(f"http://127.0.0.1:{port}", env, folder / "server.log")
    server.manage("migrate", "--noinput")
    with uvicorn_process(env, port, server.log):  # python -m config.serve, as in production
        yield server


def _winnable_sealed(variant: Variant) -> tuple[str, list[str]]:
    for k in range(200):
        code = DealCode(variant, SEALED_MIN + 1000 + k).text
        line = find_win(code, max_nodes=20_000)
        if line is not None:
            return code, line
    raise AssertionError("no quick sealed win found")


@pytest.fixture(scope="session")
def todays_dailies(arena_server: Server) -> dict[str, tuple[str, list[str]]]:
    """Today's three daily deals, picked once for the session so that every test that
    needs them (the home page's, the touch targets', the ranked attempt's) finds the same
    ones whatever ran before: sealed deals, the two TriPeaks ones with a winning line the
    tests know (Pyramid's line is not needed: [])."""
    picked = {v.value: _winnable_sealed(v) for v in (Variant.TP_E, Variant.TP_C)}
    picked["PY"] = (DealCode(Variant.PY, SEALED_MIN + 77).text, [])
    codes = {variant: code for variant, (code, _) in picked.items()}
    stored = arena_server.python(
        "from games.daily import do_pick_daily_deal, today\n"
        "from games.models import DailyDeal\n"
        "from games.engine import parse_code\n"
        "from games.services.deals import get_or_create_deal\n"
        f"for variant, code in {codes!r}.items():\n"
        "    if not DailyDeal.objects.filter(date=today(), variant=variant).exists():\n"
        "        do_pick_daily_deal(today(), variant, get_or_create_deal(parse_code(code)))\n"
        "days = DailyDeal.objects.filter(date=today())\n"
        "result = dict(days.values_list('variant', 'deal__code'))\n"
    )
    assert stored == codes, f"today's dailies were picked elsewhere: {stored}"
    return picked


@pytest.fixture(scope="session")
def chromium(arena_server: Server) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def new_page(chromium: Any, arena_server: Server) -> Iterator[Any]:
    """A factory of pages, each in its own browser context (its own cookies)."""
    contexts: list[Any] = []

    def make(
        viewport: dict[str, int] | None = None,
        locale: str = "en-US",
        touch: bool = False,
        reduced_motion: str = "no-preference",
    ) -> Any:
        """``touch``: a phone (touch events, no hover, coarse pointer)."""
        context = chromium.new_context(
            base_url=arena_server.url,
            viewport=viewport or DESKTOP,
            locale=locale,
            has_touch=touch,
            is_mobile=touch,
            reduced_motion=reduced_motion,
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.js_errors = errors  # type: ignore[attr-defined]
        return page

    yield make
    for context in contexts:
        context.close()


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def jsonish(value: Any) -> str:
    return json.dumps(value)
