"""Reports how many fuzz cases ran (tests/reliability/fuzz.py), so CI's log shows it; and
the redis-server of their own that the fault tests kill or use as a broker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.reliability.fuzz import CASES
from tests.reliability.redis_server import RedisServer


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if CASES:
        total = sum(CASES.values())
        per_test = ", ".join(f"{name}={count}" for name, count in sorted(CASES.items()))
        terminalreporter.write_line(f"fuzz: {total} cases ({per_test})")


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A redis-server on a spare port, for tests that kill it or use it as a broker."""
    server = RedisServer().start()
    try:
        yield server
    finally:
        server.stop()
