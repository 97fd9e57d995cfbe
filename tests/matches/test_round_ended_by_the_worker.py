"""With a real Celery worker (CI pass 2): a round's time limit ends it on time, with no
browser open and nobody acting. The round's task was queued with eta = its end when the
round was set up; the worker ends the open games as they stand and deals the next
round."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from matches.models import Round
from matches.rules import MIN_TIME_LIMIT_S
from tests.matches.helpers import players, started_match


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_worker_ends_a_round_when_its_time_is_up() -> None:
    alice, bob = players(2)
    match_id = started_match([alice, bob], rounds=2, time_limit_s=MIN_TIME_LIMIT_S)["match"]["id"]
    game = alice.open_round_game(match_id).json()
    alice.act(game["id"], "D")
    rnd = Round.objects.get(match_id=match_id, number=1)
    assert rnd.ended_at is None
    deadline = rnd.ends_at + timedelta(seconds=30)  # the worker's own pace on a busy CI
    while timezone.now() < deadline:
        rnd.refresh_from_db()
        if rnd.ended_at is not None:
            break
        time.sleep(0.5)
    assert rnd.ended_at is not None, "the worker did not end the round"
    assert rnd.ended_at >= rnd.ends_at, "not before its time"
    ended = Game.objects.filter(match_entry__round=rnd)
    assert {g.status for g in ended} == {"abandoned"}
    assert sorted(g.moves for g in ended) == [0, 1]
