"""Shared pieces of the fuzz tests: hypothesis settings, input strategies, row snapshots.

``FUZZ_EXAMPLES`` (environment) sets the examples per fuzz test: 300 by default, so that
``make test`` stays quick; .ci/run raises it in its PostgreSQL pass so that the fuzz
tests together run well over 10,000 cases there (PostgreSQL is where a NUL byte or an
out-of-range integer would turn into a database error, i.e. a 500).
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine import card_str

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))

#: Cases actually run, per test (printed at the end of the run by this folder's conftest).
CASES: Counter[str] = Counter()


def count_case(name: str) -> None:
    CASES[name] += 1

FUZZ = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,  # no .hypothesis/ writes from CI; failures print their reproducer
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)

CARDS = [card_str(card) for card in range(52)]

# -- JSON-ish values -----------------------------------------------------------------------

nasty_text = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["", " ", "\x00", "KC\x00", "é", "\U0001d542\U0001d56e", "\u202e", "null",
                     "NaN", "-1", "0", "1e400", "' OR 1=1 --",
                     "<script>", "../../etc/passwd", "%00"]),
    st.integers(1, 100_000).map(lambda n: "A" * n),
)  # fmt: skip

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    nasty_text,
)

json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=8,
)

tokens = st.one_of(
    st.sampled_from([*CARDS, "D", "U", "abandon", "finish"]),
    st.tuples(st.sampled_from(CARDS), st.sampled_from(CARDS)).map(lambda p: f"{p[0]}+{p[1]}"),
    st.text(max_size=6),
)

codes = st.one_of(
    nasty_text,
    st.from_regex(r"(TP|PY|tp|py|XX|T)[0-9]{0,2}-[ECNXe]?-[A-Za-z]{0,30}", fullmatch=True),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["TP1-E-AAAAAAB", "PY1-N-AAAAAAB", "TP1-C-AAAAAAB", "#12", "daily",
                     "daily-2026-11-30-TP-E", "daily-9999-99-99-PY"]),
)  # fmt: skip


def body_bytes(value: Any, ascii_only: bool) -> bytes:
    """JSON text of ``value`` (Python writes NaN/Infinity, which strict parsers refuse)."""
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


raw_bodies = st.one_of(
    st.binary(max_size=200),
    st.sampled_from([b"", b"{", b"[]", b"null", b'{"action": "\\ud800"}', b'{"log": "\\u0000"}',
                     b'{"code": "\\udfff"}', b"\xff\xfe", b'{"action": 1e999}',
                     b'{"a":' * 2000]),
)  # fmt: skip


def bodies(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[bytes]:
    """Request bodies: objects built on the endpoint's own fields (so the checks behind
    validation are reached), any JSON value, and raw bytes that are not JSON at all."""
    shaped = st.fixed_dictionaries({}, optional=fields)
    with_extra = st.tuples(shaped, st.dictionaries(st.text(max_size=8), scalars, max_size=2))
    objects = st.one_of(shaped, with_extra.map(lambda pair: {**pair[1], **pair[0]}))
    as_json = st.builds(body_bytes, st.one_of(objects, json_values), st.booleans())
    return st.one_of(as_json, as_json, raw_bodies)


# -- what must not change ------------------------------------------------------------------


def snapshot() -> dict[str, Any]:
    """Every stored row a refused request could touch, as plain values."""
    from django.contrib.auth import get_user_model

    from games.models import DailyDeal, Deal, Game, SolverFact

    caller = sys._getframe(1).f_code.co_name
    if caller.startswith("test_"):  # one "before" snapshot per fuzz case
        count_case(caller)
    from leaderboards.models import DealBoardState, RecordChange, RecordEvent, Result

    return {
        "games": list(
            Game.objects.order_by("pk").values_list(
                "pk", "log", "status", "score", "moves", "cards_left", "finished_at"
            )
        ),
        "deals": list(Deal.objects.order_by("pk").values_list("pk", "code")),
        "results": list(Result.objects.order_by("pk").values_list("pk", "log", "player_id")),
        "events": RecordEvent.objects.count(),
        "changes": RecordChange.objects.count(),
        "boards": list(DealBoardState.objects.order_by("pk").values_list("pk", "results_count")),
        "facts": SolverFact.objects.count(),
        "dailies": DailyDeal.objects.count(),
        "users": get_user_model().objects.count(),
    }


def assert_unchanged(before: dict[str, Any]) -> None:
    """Nothing stored changed, except that a valid numbered code may have got its Deal row:
    that row is the canonical deal itself (GEN 1 decides its cards), the same for everyone
    and at most one per code, so creating it ahead of a refusal stores no one's input."""
    from games.engine import parse_code

    after = snapshot()
    new_deals = set(after.pop("deals")) - set(before["deals"])
    assert after == {k: v for k, v in before.items() if k != "deals"}
    assert set(before["deals"]) <= set(snapshot()["deals"])
    for _, code in new_deals:
        parsed = parse_code(code)
        assert not parsed.sealed and parsed.text == code, code


def assert_clean_refusal(response: Any) -> None:
    """A 4xx with the platform's JSON error shape and no traceback in it."""
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:500])
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    error = response.json()["error"]
    assert isinstance(error["reason"], str) and error["reason"]
    assert isinstance(error["message"], str) and error["message"]
    assert b"Traceback" not in response.content
