"""A finished game's replay costs the engine one fold per result, not one per request; its
answer stays under a documented size for the worst logs; anonymous replay requests are
rate-limited (frontend/replays.py, core/ratelimit.py). Work is counted, never timed.

The attack (issue 12): a submitted 20 KB log ("D U" repeated, then a win) made every
anonymous GET of its replay page compute 3,000 views: a 4.7 MB answer each time.
"""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from django.test import Client

from frontend import replays
from games.engine import replay
from leaderboards.models import Result
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.records.logs import winning_log
from tests.reliability.test_security import PYRAMID_CODE, PYRAMID_WIN

pytestmark = pytest.mark.django_db

WIN = winning_log(WINNING_CODE)
#: The attack's log: "D U" up to the 20,000-character limit, then a win.
PADDED = " ".join(["D U"] * ((20_000 - len(" ".join(WIN))) // 4) + WIN)
#: The page around the replay (template, scripts, result facts): measured at about 9 KB.
PAGE_ALLOWANCE = 32 * 1024


def submit(code: str, log: str) -> Result:
    _, raw = make_player(f"p{Result.objects.count()}")
    answer = Client().post(f"/api/deals/{code}/results", {"log": log},
                           content_type="application/json", **bearer(raw))  # fmt: skip
    assert answer.status_code == 201, answer.content[:300]
    return Result.objects.latest("pk")


def replay_url(result: Result) -> str:
    return f"/deals/{result.deal.code}/replay/{result.pk}/"


def test_the_attack_log_is_accepted_as_the_issue_says() -> None:
    assert 19_000 < len(PADDED) <= 20_000
    assert replay(WINNING_CODE, PADDED).status == "won"


def test_a_replay_is_folded_once_however_often_it_is_viewed() -> None:
    result = submit(WINNING_CODE, PADDED)
    user, _ = make_player("viewer")
    member = Client()
    member.force_login(user)
    with mock.patch.object(replays, "fold_log", wraps=replays.fold_log) as fold:
        for client in (Client(), Client(), Client(), member):
            answer = client.get(replay_url(result))
            assert answer.status_code == 200
    assert fold.call_count == 1


def _worst_logs() -> dict[str, tuple[str, str]]:
    """Logs that a submission accepts (each ends in a win) with the largest steps."""
    pairs = [t for t in PYRAMID_WIN if "+" in t]
    return {
        "draw-undo then a win": (WINNING_CODE, PADDED),
        "TriPeaks win": (WINNING_CODE, " ".join(WIN)),
        "removal-undo": (WINNING_CODE, " ".join([WIN[0], "U"] * 1500 + WIN)),
        "Pyramid win": (PYRAMID_CODE, " ".join(PYRAMID_WIN)),
        "Pyramid recycles": (PYRAMID_CODE, " ".join(["D"] * 3000 + PYRAMID_WIN)),
        "Pyramid pair-undo": (PYRAMID_CODE, " ".join([pairs[0], "U"] * 1400 + PYRAMID_WIN)),
    }


@pytest.mark.parametrize("name", list(_worst_logs()))
def test_every_step_and_every_page_stay_under_the_documented_sizes(name: str) -> None:
    code, log = _worst_logs()[name]
    folded = replays.fold_log(code, log)
    biggest = max(len(json.dumps(step)) for step in folded["steps"])
    assert biggest <= replays.MAX_STEP_BYTES, (name, biggest)
    assert len(json.dumps(folded["start"])) <= replays.MAX_START_BYTES
    result = submit(code, log)
    page = Client().get(replay_url(result))
    assert page.status_code == 200
    assert len(page.content) <= replays.MAX_REPLAY_BYTES + PAGE_ALLOWANCE, len(page.content)


def test_the_attack_page_is_a_tenth_of_what_it_was() -> None:
    page = Client().get(replay_url(submit(WINNING_CODE, PADDED)))
    assert len(page.content) < 470_000  # 4.7 MB before (issue 12)


def test_the_steps_rebuild_exactly_the_views_the_player_saw() -> None:
    from games.engine import new_game, parse_log

    game = new_game(PYRAMID_CODE)
    folded = replays.fold_log(PYRAMID_CODE, " ".join(PYRAMID_WIN))
    view = folded["start"]
    for (token, diff), expected in zip(folded["steps"], parse_log(" ".join(PYRAMID_WIN)),
                                       strict=True):  # fmt: skip
        assert token == expected
        game.apply(token)
        changes = dict(diff)
        tableau = list(view["tableau"])
        for index, entry in changes.pop("t", []):
            tableau[index] = entry
        view = {**view, **changes, "tableau": tableau}
        assert view == replays.pack_view(game.view())


def test_anonymous_replay_requests_are_rate_limited_and_members_are_not(settings: Any) -> None:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_REPLAYS = (100, 3, 60)
    url = replay_url(submit(WINNING_CODE, " ".join(WIN)))
    statuses = [Client().get(url).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    user, _ = make_player("member")
    member = Client()
    member.force_login(user)
    assert [member.get(url).status_code for _ in range(4)] == [200] * 4


def test_a_bearer_header_does_not_make_a_replay_request_a_members(settings: Any) -> None:
    """Replays are limited for anonymous visitors only, and the site's pages read no
    Authorization header: a scraper sending members' valid tokens (a new account's each
    time) is still an anonymous visitor, counted by address, and refused past the limit."""
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_REPLAYS = (100, 3, 60)
    url = replay_url(submit(WINNING_CODE, " ".join(WIN)))
    tokens = [make_player(f"lender{i}")[1] for i in range(4)]
    statuses = [Client().get(url, **bearer(raw)).status_code for raw in tokens]
    assert statuses == [200, 200, 200, 429]
