"""An admin disqualifies a result: boards re-rank; if it held the record, the next best
inherits it (RECORD_INHERITED to its player, a RecordChange in the history)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from leaderboards.models import RecordChange, RecordEvent, Result
from leaderboards.services import do_disqualify_result
from tests.records.conftest import finish, numbered, player
from tests.records.logs import padded, winning_log

pytestmark = pytest.mark.django_db

CODE = "TP1-E-AAAAAAB"


def setup_board() -> tuple[Any, list[dict[str, Any]]]:
    deal = numbered(CODE)
    win = winning_log(CODE)
    answers = [
        finish(player("cheat"), deal, win),
        finish(player("honest"), deal, padded(win, 1)),
        finish(player("third"), deal, padded(win, 2)),
    ]
    return deal, answers


def test_disqualifying_the_record_passes_it_on_and_notifies_the_inheritor(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    deal, answers = setup_board()
    with django_capture_on_commit_callbacks() as callbacks:
        event = do_disqualify_result(answers[0]["result_id"], "impossible speed")
    assert event is not None and event.kind == RecordEvent.Kind.RECORD_INHERITED
    assert event.player.username == "honest" and event.previous_holder.username == "cheat"
    assert len(callbacks) == 2  # the event, then the new board
    board = client.get(f"/api/deals/{CODE}/leaderboard").json()["entries"]
    assert [(e["rank"], e["player"]) for e in board] == [(1, "honest"), (2, "third")]
    change = RecordChange.objects.filter(deal=deal).first()
    assert change.reason == "disqualification"
    assert (change.holder.username, change.previous_holder.username) == ("honest", "cheat")
    history = client.get(f"/api/deals/{CODE}/records").json()["changes"]
    assert history[0]["reason"] == "disqualification" and history[0]["holder"] == "honest"
    # disqualifying again changes nothing
    assert do_disqualify_result(answers[0]["result_id"], "again") is None
    assert RecordEvent.objects.filter(kind="RECORD_INHERITED").count() == 1


def test_disqualifying_a_result_below_the_record_only_re_ranks(client: Client) -> None:
    _, answers = setup_board()
    assert do_disqualify_result(answers[1]["result_id"], "shared account") is None
    board = client.get(f"/api/deals/{CODE}/leaderboard").json()["entries"]
    assert [(e["rank"], e["player"]) for e in board] == [(1, "cheat"), (2, "third")]
    assert not RecordEvent.objects.filter(kind="RECORD_INHERITED").exists()


def test_the_admin_action_asks_for_a_reason_then_disqualifies(client: Client) -> None:
    _, answers = setup_board()
    admin = get_user_model().objects.create_superuser("boss", password="pw-123456789")
    client.force_login(admin)
    url = "/admin/leaderboards/result/"
    ids = [str(answers[0]["result_id"])]
    asked = client.post(url, {"action": "disqualify_results", "_selected_action": ids})
    assert asked.status_code == 200 and b"Reason" in asked.content
    assert not Result.objects.filter(disqualified=True).exists()
    done = client.post(
        url,
        {
            "action": "disqualify_results",
            "_selected_action": ids,
            "confirm": "yes",
            "reason": "impossible speed",
        },
    )
    assert done.status_code == 302
    result = Result.objects.get(pk=answers[0]["result_id"])
    assert result.disqualified and result.disqualified_reason.startswith("impossible speed")
    assert RecordEvent.objects.get(kind="RECORD_INHERITED").player.username == "honest"


def test_the_admin_refuses_to_delete_a_result_and_offers_disqualify(client: Client) -> None:
    deal, answers = setup_board()
    admin = get_user_model().objects.create_superuser("boss", password="pw-123456789")
    client.force_login(admin)
    rid = answers[0]["result_id"]
    url = "/admin/leaderboards/result/"
    page = client.get(f"{url}{rid}/change/")
    assert page.status_code == 200 and f"{url}{rid}/delete/".encode() not in page.content
    assert client.get(f"{url}{rid}/delete/").status_code == 403
    assert client.post(f"{url}{rid}/delete/", {"post": "yes"}).status_code == 403
    listing = client.get(url)
    assert b'value="disqualify_results"' in listing.content
    assert b'value="delete_selected"' not in listing.content
    bulk = client.post(
        url, {"action": "delete_selected", "_selected_action": [str(rid)], "post": "yes"}
    )
    assert bulk.status_code in (200, 302)
    assert Result.objects.filter(pk=rid).exists()
    # The boards still count all three, with the record where it was.
    state = deal.board_state
    state.refresh_from_db()
    assert (state.results_count, state.best_players, state.record_id) == (3, 3, rid)
    board = client.get(f"/api/deals/{CODE}/leaderboard").json()
    assert [e["player"] for e in board["entries"]] == ["cheat", "honest", "third"]
