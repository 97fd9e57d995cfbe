"""Fixtures of the matches tests: a vetter that really checks winnability (a plain
depth-first search, not the solver under test elsewhere), no countdown or break unless
a test sets them, eager tasks (but for ``services`` tests), a fresh channel layer, and
no connection left in asgiref's thread."""

from __future__ import annotations

from typing import Any

import pytest

from games.daily import Vetting
from matches.services import rounds
from tests.platform.conftest import _no_connection_left_in_asgirefs_thread  # noqa: F401
from tests.records.conftest import _fresh_channel_layer  # noqa: F401
from tests.support.winning import find_win


def vet_by_search(code: str) -> Vetting:
    line = find_win(code, max_nodes=30_000)
    return Vetting(winnable=line is not None, par_moves=len(line) if line else None)


@pytest.fixture(autouse=True)
def _eager_unless_services(request: pytest.FixtureRequest) -> None:
    """Tasks in-process (the next round is dealt at once), except in the tests of the
    real worker (``services``): those send them to it, as production does."""
    if "services" not in request.keywords:
        request.getfixturevalue("celery_eager")


@pytest.fixture(autouse=True)
def _searching_vetter(monkeypatch: pytest.MonkeyPatch, settings: Any) -> None:
    monkeypatch.setattr(rounds, "round_vetter", lambda: vet_by_search)
    settings.MATCH_COUNTDOWN_S = 0
    settings.MATCH_BREAK_S = 0
