"""Reports how many fuzz cases ran (tests/reliability/fuzz.py), so CI's log shows it."""

from __future__ import annotations

import pytest

from tests.reliability.fuzz import CASES


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if CASES:
        total = sum(CASES.values())
        per_test = ", ".join(f"{name}={count}" for name, count in sorted(CASES.items()))
        terminalreporter.write_line(f"fuzz: {total} cases ({per_test})")
