"""Deleting an account (the admin's delete confirmation, or ``user.delete()``) takes its
results off every board and leaves each deal's counts, ranks and #1 true: the board's
``players``, the ranks of everyone behind, the first-try board, and the deal's
``DealBoardState`` (leaderboards/services/departures.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from leaderboards.models import BoardRow, DealBoardState, Result
from tests.records.conftest import finish, numbered, player
from tests.records.logs import greedy_log, padded, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"
OTHER = "TP1-E-AAAAAAC"


def board(client: Client, code: str, kind: str = "best") -> dict[str, Any]:
    answer = client.get(f"/api/deals/{code}/leaderboard?board={kind}")
    assert answer.status_code == 200, answer.content
    return dict(answer.json())


def ranks(view: dict[str, Any]) -> list[tuple[int, str]]:
    return [(entry["rank"], entry["player"]) for entry in view["entries"]]


def state_of(code: str) -> tuple[int, int, int, str | None]:
    state = DealBoardState.objects.select_related("record__player").get(deal__code=code)
    holder = state.record.player.username if state.record is not None else None
    return state.results_count, state.best_players, state.first_players, holder


@pytest.fixture
def two_boards() -> Any:
    """``top`` holds the record of CODE with two results (a greedy first try, then the
    win); ``tied`` and ``last`` are behind; ``top`` also played OTHER, alone."""
    deal, other = numbered(CODE), numbered(OTHER)
    win = winning_log(CODE)
    top = player("top")
    finish(top, deal, greedy_log(CODE))
    finish(top, deal, win)
    finish(player("tied"), deal, padded(win, 1))
    finish(player("second"), deal, padded(win, 1))
    finish(player("last"), deal, padded(win, 2))
    finish(top, other, greedy_log(OTHER))
    return top


def test_the_admin_deleting_the_record_holder_keeps_counts_and_ranks(
    admin_client: Client, two_boards: Any
) -> None:
    before = board(admin_client, CODE)
    assert before["players"] == 4 and ranks(before)[0] == (1, "top")
    assert state_of(CODE) == (5, 4, 4, "top")
    url = f"/admin/auth/user/{two_boards.pk}/delete/"

    confirm = admin_client.get(url)
    assert confirm.status_code == 200 and b"Are you sure" in confirm.content
    done = admin_client.post(url, {"post": "yes"})
    assert done.status_code == 302, done.content

    assert not get_user_model().objects.filter(username="top").exists()
    assert not Result.objects.filter(player_id=two_boards.pk).exists()
    best = board(admin_client, CODE)
    assert best["players"] == 3
    assert ranks(best) == [(1, "tied"), (1, "second"), (3, "last")]
    first = board(admin_client, CODE, "first")
    assert first["players"] == 3 and [p for _, p in ranks(first)] == ["tied", "second", "last"]
    # The deal's state: one result each left, the record passed to the best row left.
    assert state_of(CODE) == (3, 3, 3, "tied")
    assert state_of(OTHER) == (0, 0, 0, None)
    assert board(admin_client, OTHER)["players"] == 0
    assert BoardRow.objects.filter(deal__code=CODE).count() == 6


def test_deleting_a_player_in_the_orm_keeps_counts_and_ranks(
    client: Client, two_boards: Any
) -> None:
    get_user_model().objects.get(username="second").delete()
    best = board(client, CODE)
    assert best["players"] == 3
    assert ranks(best) == [(1, "top"), (2, "tied"), (3, "last")]
    assert state_of(CODE) == (4, 3, 3, "top")
    assert state_of(OTHER) == (1, 1, 1, "top")


def test_the_admin_bulk_delete_of_players_keeps_counts(
    admin_client: Client, two_boards: Any
) -> None:
    gone = get_user_model().objects.filter(username__in=["top", "last"])
    picked = [str(pk) for pk in gone.values_list("pk", flat=True)]
    done = admin_client.post(
        "/admin/auth/user/",
        {"action": "delete_selected", "_selected_action": picked, "post": "yes"},
    )
    assert done.status_code == 302, done.content
    best = board(admin_client, CODE)
    assert best["players"] == 2 and ranks(best) == [(1, "tied"), (1, "second")]
    assert state_of(CODE) == (2, 2, 2, "tied")
