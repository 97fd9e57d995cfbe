"""Rate limits: actions, submissions and logins, per user and per address, answered 429 JSON."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from core import ratelimit

pytestmark = pytest.mark.django_db


@pytest.fixture
def limits(settings: Any) -> Any:
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMIT_ACTIONS = (3, 5, 60)
    settings.RATE_LIMIT_SUBMISSIONS = (2, 4, 60)
    settings.RATE_LIMIT_LOGINS = (2, 3, 300)
    return settings


def assert_rate_limited(response: Any) -> dict[str, Any]:
    assert response.status_code == 429, response.content
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["reason"] == "rate_limited"
    assert isinstance(error["message"], str) and error["message"]
    assert isinstance(error["retry_after"], int) and 1 <= error["retry_after"] <= 300
    assert response["Retry-After"] == str(error["retry_after"])
    return dict(error)


def test_check_rate_counts_a_fixed_window() -> None:
    key = f"unit:{uuid.uuid4()}"
    verdicts = [ratelimit.check_rate(key, 3, 60) for _ in range(5)]
    assert [v.allowed for v in verdicts] == [True, True, True, False, False]
    assert verdicts[3].retry_after >= 1
    assert ratelimit.check_rate(f"{key}:other", 3, 60).allowed
    assert all(ratelimit.check_rate(key, 0, 60).allowed for _ in range(10))  # 0 = no limit


def test_a_failing_cache_lets_requests_through(monkeypatch: pytest.MonkeyPatch,
                                               caplog: pytest.LogCaptureFixture) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("cache down")

    monkeypatch.setattr(ratelimit.cache, "add", broken)
    assert ratelimit.check_rate("unit:down", 1, 60).allowed
    assert ratelimit.check_rate("unit:down", 1, 60).allowed
    assert "cache unavailable" in caplog.text


def start_guest_game(client: Client) -> str:
    started = client.post("/api/games", {"code": "TP1-E-AAAAAAB"},
                          content_type="application/json")
    assert started.status_code == 201, started.content
    return f"/api/games/{started.json()['id']}/actions"


def test_actions_per_guest_then_per_address(limits: Any) -> None:
    guest = Client()
    path = start_guest_game(guest)
    answers = [guest.post(path, {"action": token}, content_type="application/json")
               for token in ("D", "U", "D", "U")]
    assert [a.status_code for a in answers[:3]] == [200, 200, 200]
    assert_rate_limited(answers[3])
    # Another guest session from the same address: its own bucket, the shared address one.
    other = Client()
    path = start_guest_game(other)
    codes = [other.post(path, {"action": token}, content_type="application/json").status_code
             for token in ("D", "U")]
    assert codes == [200, 429]  # the address allows 5 in all; refused hits count too
    # Another address is not affected.
    far = Client(REMOTE_ADDR="10.9.8.7")
    path = start_guest_game(far)
    assert far.post(path, {"action": "D"}, content_type="application/json").status_code == 200


def test_actions_of_one_account_are_limited_across_addresses(limits: Any) -> None:
    from tests.platform.helpers import bearer, make_player

    _, raw = make_player("flooder")
    game = f"/api/games/{uuid.uuid4()}/actions"
    codes = [
        Client(REMOTE_ADDR=f"10.0.0.{n}")
        .post(game, {"action": "D"}, content_type="application/json", **bearer(raw))
        .status_code
        for n in range(4)
    ]
    assert codes == [404, 404, 404, 429]


#: The submission endpoint the account tests post a (refused) one-draw log to.
SUBMIT_PATH = "/api/deals/TP1-E-AAAAAAB/results"


def submissions(client: Client, raw: str, times: int) -> list[Any]:
    """``times`` submissions of a one-draw log with Bearer token ``raw``, the answers."""
    from tests.platform.helpers import bearer

    return [client.post(SUBMIT_PATH, {"log": "D"}, content_type="application/json",
                        **bearer(raw)) for _ in range(times)]  # fmt: skip


def test_submissions_are_limited(limits: Any) -> None:
    from tests.platform.helpers import make_player

    _, raw = make_player("submitter")
    answers = submissions(Client(), raw, 3)
    assert all(a.status_code != 429 for a in answers[:2])
    assert_rate_limited(answers[2])


def test_a_counted_bearer_request_looks_its_token_up_once(limits: Any) -> None:
    """The limiter needs the account, the API's authentication the token: one query."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.platform.helpers import make_player

    _, raw = make_player("submitter")
    with CaptureQueriesContext(connection) as queries:
        (answer,) = submissions(Client(), raw, 1)
    assert answer.status_code != 429
    lookups = [q["sql"] for q in queries if 'FROM "accounts_apitoken"' in q["sql"]]
    assert len(lookups) == 1, lookups


def test_a_revoked_token_is_counted_by_address_and_refused(limits: Any) -> None:
    from accounts.models import ApiToken
    from tests.platform.helpers import make_player

    _, raw = make_player("revoked")
    ApiToken.objects.all().delete()
    answers = submissions(Client(), raw, 5)
    assert [a.status_code for a in answers[:4]] == [401] * 4
    assert_rate_limited(answers[4])


def test_an_inactive_users_token_is_counted_by_address_and_refused(limits: Any) -> None:
    from tests.platform.helpers import make_player

    user, raw = make_player("suspended")
    user.is_active = False
    user.save()
    # Not counted per account (2 a minute): from five addresses, five refusals but no 429.
    codes = [submissions(Client(REMOTE_ADDR=f"10.0.1.{n}"), raw, 1)[0].status_code
             for n in range(5)]  # fmt: skip
    assert codes == [401] * 5
    # Counted per address (4 a minute).
    answers = submissions(Client(), raw, 5)
    assert [a.status_code for a in answers[:4]] == [401] * 4
    assert_rate_limited(answers[4])


def test_two_accounts_from_one_address_are_counted_apart(limits: Any) -> None:
    from tests.platform.helpers import make_player

    _, first = make_player("first")
    _, second = make_player("second")
    client = Client()
    answers = submissions(client, first, 3)
    assert all(a.status_code != 429 for a in answers[:2])
    assert_rate_limited(answers[2])  # the first account's 2 a minute
    # The address has seen 3 of its 4: the second account still has its own 2.
    (answer,) = submissions(client, second, 1)
    assert answer.status_code not in (401, 429), answer.content


def test_games_started_from_the_site_count_the_sessions_account_whatever_the_header(
    limits: Any,
) -> None:
    """``/play/new/`` starts a game for the session's account: a valid token of another
    account sent each time, from a new address each time, does not move the starts off
    that account's count (only the API reads the header)."""
    from tests.platform.helpers import bearer, make_player

    limits.RATE_LIMIT_STARTS = (2, 10, 60)
    user, _ = make_player("starter")
    answers = []
    for n in range(3):
        client = Client(REMOTE_ADDR=f"10.0.4.{n}", **bearer(make_player(f"other-{n}")[1]))
        client.force_login(user)
        answers.append(client.post("/play/new/", {"number": str(n + 1), "variant": "PY"}))
    assert [a.status_code for a in answers[:2]] == [302, 302]
    assert_rate_limited(answers[2])


def test_logins_are_limited_per_name_and_per_address(limits: Any) -> None:
    client = Client()
    for _ in range(2):
        answer = client.post("/accounts/login/", {"username": "alice", "password": "nope"})
        assert answer.status_code == 200  # the form again, with its error
    assert_rate_limited(client.post("/accounts/login/", {"username": "ALICE ", "password": "x"}))
    # The address has seen 3 logins: a fourth name from it is refused too.
    assert_rate_limited(client.post("/accounts/login/", {"username": "bob", "password": "x"}))
    assert Client(REMOTE_ADDR="10.1.1.1").post(
        "/accounts/login/", {"username": "bob", "password": "x"}
    ).status_code == 200


def test_the_refusal_is_in_the_request_language(limits: Any) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    path = start_guest_game(client)
    for token in ("D", "U", "D"):
        client.post(path, {"action": token}, content_type="application/json")
    error = assert_rate_limited(client.post(path, {"action": "D"},
                                            content_type="application/json"))
    assert error["message"].startswith("Trop de requêtes")


def test_other_paths_and_methods_are_not_counted(limits: Any) -> None:
    client = Client()
    for _ in range(10):
        assert client.get("/api/health").status_code == 200
        assert client.get("/accounts/login/").status_code == 200


def test_limits_are_off_by_default_in_tests() -> None:
    client = Client()
    path = f"/api/games/{uuid.uuid4()}/actions"
    codes = {client.post(path, {"action": "D"}, content_type="application/json").status_code
             for _ in range(20)}
    assert codes == {404}
