"""Fuzzed HTTP input (hypothesis): every refusal is a 4xx JSON error, never a 5xx or a
traceback, and a refused request leaves every stored row as it was.

Bodies are built on each endpoint's own fields (wrong types, huge and unicode strings,
NUL bytes, NaN, nested junk) plus any JSON value and raw non-JSON bytes; paths carry
fuzzed codes and ids; logs mix real tokens (often a real winning prefix, so the replay
goes deep) with garbage. Examples per test: ``FUZZ_EXAMPLES`` (tests/reliability/fuzz.py).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.engine import EngineError, parse_code, parse_log, replay
from games.models import Game
from games.services import deals, play
from leaderboards.models import Result
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.records.logs import greedy_log, winning_log
from tests.reliability.fuzz import (
    FUZZ,
    assert_clean_refusal,
    assert_unchanged,
    bodies,
    codes,
    count_case,
    json_values,
    nasty_text,
    snapshot,
    tokens,
)

pytestmark = pytest.mark.django_db

WIN = winning_log(WINNING_CODE)

separators = st.sampled_from([" ", "  ", "\t", "\n", ",", "", " \x00 ", "\u3000"])
logs = st.one_of(
    st.builds(lambda parts, sep: sep.join(parts), st.lists(tokens, max_size=30), separators),
    st.builds(
        lambda cut, extra, sep: sep.join([*WIN[:cut], *extra]),
        st.integers(0, len(WIN)),
        st.lists(tokens, max_size=4),
        separators,
    ),
    st.just(" ".join(WIN)),
    st.just(" ".join(greedy_log(WINNING_CODE))),
    st.integers(1, 12_000).map(lambda n: "D " * n),
    nasty_text,
)


@pytest.fixture
def account() -> tuple[Any, str]:
    return make_player("fuzzer")


def post(client: Client, path: str, body: bytes, raw: str) -> Any:
    return client.post(path, body, content_type="application/json", **bearer(raw))


@FUZZ
@given(
    body=bodies(
        {
            "code": st.one_of(codes, json_values),
            "number": st.one_of(st.integers(-(2**70), 2**70), json_values),
            "variant": st.one_of(st.sampled_from(["TP-E", "TP-C", "PY", "tp-e", "PY "]),
                                 json_values),
            "daily": st.one_of(st.sampled_from(["TP-E", "PY"]), json_values),
        }
    )
)
def test_fuzzed_game_requests_start_a_game_or_change_nothing(
    body: bytes, account: tuple[Any, str]
) -> None:
    _, raw = account
    before = snapshot()
    response = post(Client(), "/api/games", body, raw)
    if response.status_code == 201:
        assert Game.objects.filter(pk=response.json()["id"]).exists()
        return
    assert_clean_refusal(response)
    assert_unchanged(before)


@FUZZ
@given(
    body=bodies(
        {
            "action": st.one_of(tokens, json_values),
            "position": st.one_of(st.integers(-5, 40), json_values),
        }
    )
)
def test_fuzzed_actions_play_legally_or_change_nothing(
    body: bytes, account: tuple[Any, str]
) -> None:
    user, raw = account
    game = Game.objects.filter(player=user, finished_at__isnull=True).first()
    if game is None:  # the last example abandoned or won it
        deal = deals.get_or_create_deal(deals.check_deal_request(WINNING_CODE))
        game = play.do_start_game(deal, user)
    before = snapshot()
    response = post(Client(), f"/api/games/{game.pk}/actions", body, raw)
    if response.status_code == 200:
        game.refresh_from_db()
        replayed = replay(WINNING_CODE, game.log)
        assert (game.score, game.moves, game.cards_left) == (
            replayed.score, replayed.moves, replayed.cards_left
        )  # fmt: skip
        assert response.json()["moves"] == game.moves
        return
    assert_clean_refusal(response)
    assert_unchanged(before)


PATHS = [
    ("get", "/api/games/{}", b""),
    ("post", "/api/games/{}/actions", b'{"action": "D"}'),
    ("get", "/api/deals/{}", b""),
    ("get", "/api/deals/{}/leaderboard", b""),
    ("post", "/api/deals/{}/results", b'{"log": "D"}'),
    ("get", "/api/players/{}", b""),
    ("get", "/api/{}", b""),
]


@FUZZ
@given(
    template=st.sampled_from(PATHS),
    part=st.one_of(codes, st.uuids().map(str)),
    query=st.one_of(st.just(""), st.builds(lambda k, v: f"?{quote(k)}={quote(v)}",
                                           st.sampled_from(["board", "limit", "x"]),
                                           nasty_text)),
)
def test_fuzzed_paths_answer_json_4xx_and_change_nothing(
    template: tuple[str, str, bytes], part: str, query: str, account: tuple[Any, str]
) -> None:
    _, raw = account
    method, pattern, body = template
    path = pattern.format(quote(part, safe="")) + query
    before = snapshot()
    client = Client()
    response = client.get(path, **bearer(raw)) if method == "get" else post(client, path, body, raw)
    if response.status_code < 400:
        assert method == "get", (path, response.status_code)
        assert response["Content-Type"].startswith("application/json")
        return
    assert_clean_refusal(response)
    assert_unchanged(before)


@FUZZ
@given(
    code=st.one_of(st.just(WINNING_CODE), st.just(WINNING_CODE), codes),
    body=st.one_of(logs.map(lambda log: {"log": log}), st.just(None)),
    raw_body=bodies({"log": st.one_of(logs, json_values)}),
)
def test_fuzzed_submissions_store_a_replayed_result_or_nothing(
    code: str, body: dict[str, Any] | None, raw_body: bytes, account: tuple[Any, str]
) -> None:
    user, raw = account
    data = raw_body if body is None else json.dumps(body).encode("utf-8", "surrogatepass")
    before = snapshot()
    response = post(Client(), f"/api/deals/{quote(code, safe='')}/results", data, raw)
    if response.status_code == 201:
        stored = Result.objects.filter(player=user).latest("id")
        replayed = replay(stored.deal.code, stored.log)
        assert (stored.won, stored.cards_left, stored.moves, stored.score) == (
            replayed.status == "won", replayed.cards_left, replayed.moves, replayed.score
        )  # fmt: skip
        assert len(snapshot()["results"]) == len(before["results"]) + 1
        return
    assert_clean_refusal(response)
    assert_unchanged(before)


@FUZZ
@given(code=codes, log=logs)
def test_engine_parsers_refuse_garbage_with_engine_errors_only(code: str, log: str) -> None:
    """Below the API: codes, logs and replays raise the engine's own errors, nothing else."""
    count_case("test_engine_parsers_refuse_garbage_with_engine_errors_only")
    for attempt in (lambda: parse_code(code), lambda: parse_log(log),
                    lambda: replay(WINNING_CODE, log)):  # fmt: skip
        with contextlib.suppress(EngineError):
            attempt()
