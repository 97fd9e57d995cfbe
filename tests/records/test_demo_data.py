"""`manage.py load_demo` (run by `make run`): real results, replayable, loaded once."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.engine import replay
from leaderboards.demo import DEMO_PLAYERS
from leaderboards.models import RecordEvent, Result, Series

pytestmark = pytest.mark.django_db(transaction=True)


def test_demo_results_are_engine_replays_with_records_and_a_series() -> None:
    call_command("load_demo")
    results = list(Result.objects.select_related("deal", "player__profile"))
    assert {r.player.profile.display_name for r in results} == set(DEMO_PLAYERS)
    for result in results:
        replayed = replay(result.deal.code, result.log)
        assert (result.won, result.cards_left, result.score, result.moves) == (
            replayed.status == "won",
            replayed.cards_left,
            replayed.score,
            replayed.moves,
        )
    assert RecordEvent.objects.filter(kind="FIRST_WIN").exists()
    assert Series.objects.filter(official=True).count() == 1


def test_a_solver_cut_short_leaves_its_partial_line_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a loaded machine the solver's budget may run out on a winnable Pyramid deal:
    it answers winnable, with no par and a partial line, which is no finished game."""
    from leaderboards import demo

    monkeypatch.setattr(demo, "SOLVE_BUDGET_S", 0.3)
    call_command("load_demo")
    for result in Result.objects.select_related("deal"):
        assert replay(result.deal.code, result.log).status in ("won", "blocked")


def test_loading_the_demo_twice_adds_nothing() -> None:
    call_command("load_demo")
    counts = (Result.objects.count(), Series.objects.count())
    call_command("load_demo")
    assert (Result.objects.count(), Series.objects.count()) == counts
