"""Bot-speed review (leaderboards/speed.py): a live result played faster than a person
can is held off the boards and out of the news until an admin clears or disqualifies it.

The attack: a script playing the solver's line live got a 3-second time no person can
reach, rank 1 and FIRST_WIN, and nothing noticed. Games here are played through the
HTTP API on a frozen clock that ticks between actions by a chosen gap.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from freezegun import freeze_time
from hypothesis import given
from hypothesis import strategies as st

from core import pushes
from leaderboards.models import DealBoardState, RecordEvent, Result
from leaderboards.speed import RUN_LENGTH, held_reason, longest_fast_run
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.records.logs import winning_log


def test_ten_actions_in_a_row_under_120_ms_are_a_run() -> None:
    fast = [1000 + 100 * i for i in range(RUN_LENGTH)]  # the first gap is 1 s
    assert longest_fast_run(fast) == RUN_LENGTH - 1
    assert held_reason(fast) is None
    faster = [*fast, fast[-1] + 100]
    assert longest_fast_run(faster) == RUN_LENGTH
    assert held_reason(faster) is not None


def test_a_brisk_person_at_half_a_second_a_move_is_never_held() -> None:
    assert held_reason([500 * (i + 1) for i in range(200)]) is None


def test_a_whole_game_at_machine_pace_is_held_even_without_a_run() -> None:
    # gaps alternate 130 ms / 160 ms: never a run, but 145 ms a move on average
    times, at = [], 0
    for i in range(40):
        at += 130 if i % 2 else 160
        times.append(at)
    assert longest_fast_run(times) == 0
    assert held_reason(times) is not None


@given(st.lists(st.integers(min_value=300, max_value=60_000), max_size=300))
def test_no_game_with_every_gap_of_300_ms_or_more_is_held(gaps: list[int]) -> None:
    times, at = [], 0
    for gap in gaps:
        at += gap
        times.append(at)
    assert held_reason(times) is None


# -- through the platform --------------------------------------------------------------


@pytest.fixture
def review_on(settings: Any) -> None:
    settings.SPEED_REVIEW_ENABLED = True


def play_win(client: Client, token: str, gap_ms: int) -> dict[str, Any]:
    """Win WINNING_CODE over HTTP, one action every ``gap_ms`` on the server's clock."""
    with freeze_time("2026-11-30 10:00:00") as clock:
        game = client.post(
            "/api/games", {"code": WINNING_CODE}, content_type="application/json", **bearer(token)
        ).json()
        answer: dict[str, Any] = {}
        for action in winning_log(WINNING_CODE):
            clock.tick(timedelta(milliseconds=gap_ms))
            answer = client.post(
                f"/api/games/{game['id']}/actions",
                {"action": action},
                content_type="application/json",
                **bearer(token),
            ).json()
    assert answer["status"] == "won", answer
    return dict(answer["result"])


@pytest.mark.django_db
@pytest.mark.usefixtures("review_on")
def test_a_machine_speed_win_is_held_with_no_record_and_no_news(client: Client) -> None:
    _, token = make_player("bot")
    result = play_win(client, token, gap_ms=40)
    assert result["review"] == "held" and result["events"] == [] and result["rank"] is None
    assert client.get(f"/api/deals/{WINNING_CODE}/leaderboard").json()["entries"] == []
    assert client.get("/api/events").json() == []
    assert not RecordEvent.objects.exists()
    stored = Result.objects.get(pk=result["result_id"])
    assert stored.held and "consecutive actions" in stored.held_reason
    assert DealBoardState.objects.get(deal=stored.deal).record is None


@pytest.mark.django_db
@pytest.mark.usefixtures("review_on")
def test_a_win_at_half_a_second_a_move_is_not_held(client: Client) -> None:
    _, token = make_player("ann")
    result = play_win(client, token, gap_ms=500)
    assert result["review"] is None
    assert [e["kind"] for e in result["events"]] == ["FIRST_WIN"] and result["rank"] == 1


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every push handed to the channel layer (after commit), with its groups."""
    calls: list[tuple[tuple[str, ...], dict[str, Any]]] = []
    monkeypatch.setattr(
        pushes, "send_now", lambda groups, message: calls.append((tuple(groups), message))
    )
    return calls


@pytest.fixture
def admin_client() -> Client:
    boss = get_user_model().objects.create_superuser("boss", password="pw-123456789")
    client = Client()
    client.force_login(boss)
    return client


QUEUE = "/admin/leaderboards/heldresult/"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("review_on")
def test_clearing_a_held_result_decides_its_records_and_sends_its_events_once(
    client: Client, admin_client: Client, sent: list[Any]
) -> None:
    _, token = make_player("quick")
    held = play_win(client, token, gap_ms=40)
    assert held["review"] == "held"
    assert not [m for _, m in sent if m["payload"]["type"] == "record"]
    page = admin_client.get(f"{QUEUE}{held['result_id']}/change/")
    assert page.status_code == 200 and b"gap" in page.content and b"recorded pace" in page.content
    assert str(held["result_id"]).encode() in admin_client.get(QUEUE).content
    for _ in range(2):  # the second clear finds nothing held
        done = admin_client.post(
            QUEUE, {"action": "clear_results", "_selected_action": [str(held["result_id"])]}
        )
        assert done.status_code == 302
    records = [m["payload"] for _, m in sent if m["payload"]["type"] == "record"]
    assert [r["event"]["kind"] for r in records] == ["FIRST_WIN"]
    assert RecordEvent.objects.get().result_id == held["result_id"]
    board = client.get(f"/api/deals/{WINNING_CODE}/leaderboard").json()["entries"]
    assert [e["result_id"] for e in board] == [held["result_id"]]
    assert held["result_id"] not in [r.pk for r in Result.objects.filter(held=True)]


@pytest.mark.django_db
@pytest.mark.usefixtures("review_on")
def test_disqualifying_a_held_result_removes_it_and_sends_nothing(
    client: Client, admin_client: Client
) -> None:
    _, token = make_player("quick")
    held = play_win(client, token, gap_ms=40)
    done = admin_client.post(
        QUEUE, {"action": "disqualify_results", "_selected_action": [str(held["result_id"])]}
    )
    assert done.status_code == 302
    stored = Result.objects.get(pk=held["result_id"])
    assert stored.disqualified and stored.reviewed_at is not None
    assert not RecordEvent.objects.exists()
    assert admin_client.get(QUEUE).content.count(b'name="_selected_action"') == 0


@pytest.mark.django_db
@pytest.mark.usefixtures("review_on")
def test_a_held_result_is_replayed_to_staff_only(client: Client, admin_client: Client) -> None:
    _, token = make_player("quick")
    held = play_win(client, token, gap_ms=40)
    url = f"/deals/{WINNING_CODE}/replay/{held['result_id']}/"
    assert Client().get(url).status_code == 404
    page = admin_client.get(url)
    assert page.status_code == 200 and b"Recorded pace" in page.content
