"""``GET /api/deals/{ref}/ghost``: the record holder's run over time (score and cards
left at each action's server time), never a card; none for a secret deal or a record
played without timings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.daily import do_pick_daily_deal, today
from games.engine import replay
from games.models import Deal
from tests.matches.helpers import assert_no_card
from tests.platform.helpers import WINNING_CODE
from tests.records.conftest import finish, numbered, player
from tests.support.winning import find_win

pytestmark = pytest.mark.django_db


def test_the_ghost_is_the_record_replayed_at_its_recorded_pace() -> None:
    deal = numbered(WINNING_CODE)
    line = find_win(WINNING_CODE)
    assert line is not None
    timings = [400 * (index + 1) for index in range(len(line))]
    finish(player("holder"), deal, line, seconds=len(line) * 0.4 + 1, timings=timings)
    finish(player("second"), deal, line, seconds=999, timings=[1] * len(line))  # slower

    answer = Client().get(f"/api/deals/{WINNING_CODE}/ghost")
    assert answer.status_code == 200, answer.content
    ghost = answer.json()
    assert ghost["player"] == "holder" and ghost["won"] is True
    assert ghost["points"][0] == [0, 500, 28]
    assert [p[0] for p in ghost["points"][1:]] == timings
    final = replay(WINNING_CODE, " ".join(line))
    assert ghost["points"][-1][1:] == [final.score, final.cards_left] == [ghost["score"], 0]
    assert_no_card(ghost)


def test_there_is_no_ghost_without_a_timed_record_or_a_public_code() -> None:
    client = Client()
    assert client.get("/api/deals/TP1-E-AAAAAAC/ghost").json()["error"]["reason"] == "no_ghost"
    deal = numbered(WINNING_CODE)
    line = find_win(WINNING_CODE)
    assert line is not None
    finish(player("submitter"), deal, line, timings=[])
    untimed = client.get(f"/api/deals/{WINNING_CODE}/ghost")
    assert untimed.status_code == 404 and untimed.json()["error"]["reason"] == "no_ghost"

    sealed = Deal.objects.create(
        code="TP1-E-AAAAAAAAAAAAAAAAAAAABAAAALSP", variant="TP-E", sealed=True,
        created_at=timezone.now() - timedelta(hours=1),
    )  # fmt: skip
    daily = do_pick_daily_deal(today(), "TP-E", sealed)
    ref = f"daily-{daily.date.isoformat()}-TP-E"
    assert client.get(f"/api/deals/{ref}/ghost").status_code == 404
    assert client.get("/api/deals/NOT-A-CODE/ghost").status_code == 400
