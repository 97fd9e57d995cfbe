"""A NUL in any text field of any API body is a clean 4xx and stores nothing.

The attack (issue 12): ``POST /api/series {"title": "a\\u0000b"}`` reached PostgreSQL,
whose text cannot hold NUL: 500. The text fields are read from the API's own OpenAPI
schema, so an endpoint or field added later is fuzzed too; each example takes a valid body
(the schema's examples, a real winning log for ``log``), puts a NUL somewhere in one of its
text fields (hypothesis picks the field, where the NUL goes and the text around it) and
expects a 4xx JSON error and no stored change. core/request_guards.py holds the check.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from config.api import api
from games.models import Game
from games.services import deals, play
from leaderboards.models import Series
from tests.platform.helpers import WINNING_CODE, bearer, make_player
from tests.records.logs import winning_log
from tests.reliability.fuzz import FUZZ, assert_clean_refusal, assert_unchanged, snapshot

pytestmark = pytest.mark.django_db

#: Values that make a body valid where the schema's examples would not reach the database.
REALISTIC = {"log": " ".join(winning_log(WINNING_CODE)), "action": "D"}
#: Fields that are alternatives of one another: the valid body holding just that one.
ALONE = {
    ("/api/games", "code"): {"code": WINNING_CODE},
    ("/api/games", "variant"): {"number": 12, "variant": "TP-E"},
    ("/api/games", "daily"): {"daily": "TP-E"},
    ("/api/games/{game_id}/actions", "action"): {"action": "D"},
    # A live match's round game: the accepting test puts a started match's id here.
    ("/api/games", "match"): {"match": "<match id>"},
}


def _resolve(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    return components[ref.rsplit("/", 1)[-1]] if ref else schema


def _is_text(prop: dict[str, Any]) -> bool:
    kinds = [prop, *prop.get("anyOf", [])]
    return any(k.get("type") == "string" for k in kinds)


def _is_text_list(prop: dict[str, Any]) -> bool:
    return prop.get("type") == "array" and prop.get("items", {}).get("type") == "string"


def text_fields() -> list[tuple[str, str, dict[str, Any]]]:
    """(path template, field, a valid body) for every text field of every JSON body."""
    schema = api.get_openapi_schema()
    components = schema["components"]["schemas"]
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if method != "post" or "application/json" not in content:
                continue
            body_schema = _resolve(content["application/json"]["schema"], components)
            props = body_schema.get("properties", {})
            valid = {name: REALISTIC.get(name, (prop.get("examples") or [None])[0])
                     for name, prop in props.items()}  # fmt: skip
            whole = {k: v for k, v in valid.items() if v is not None}
            for name, prop in props.items():
                if _is_text(prop) or _is_text_list(prop):
                    found.append((path, name, ALONE.get((path, name), whole)))
    return found


FIELDS = text_fields()


def test_the_schema_lists_the_text_fields_we_know_of() -> None:
    names = {(path, field) for path, field, _ in FIELDS}
    assert {("/api/series", "title"), ("/api/series", "deals"), ("/api/games", "code"),
            ("/api/games", "variant"), ("/api/games/{game_id}/actions", "action"),
            ("/api/deals/{code}/results", "log")} <= names  # fmt: skip


@pytest.fixture
def account() -> tuple[Any, str]:
    return make_player("nul")


def _path(template: str, user: Any) -> str:
    if "{game_id}" in template:
        game = Game.objects.filter(player=user, finished_at__isnull=True).first()
        if game is None:
            deal = deals.get_or_create_deal(deals.check_deal_request(WINNING_CODE))
            game = play.do_start_game(deal, user)
        return template.replace("{game_id}", str(game.pk))
    return template.replace("{code}", WINNING_CODE)


def _with_nul(value: Any, where: int, around: str) -> Any:
    if isinstance(value, list):  # a list of texts: the NUL goes into one of them
        index = where % max(1, len(value))
        return [*value[:index], _with_nul(value[index] if value else "", where, around),
                *value[index + 1:]]  # fmt: skip
    text = str(value or "") + around
    cut = where % (len(text) + 1)
    return text[:cut] + "\x00" + text[cut:]


@FUZZ
@given(
    target=st.sampled_from(FIELDS),
    where=st.integers(0, 30_000),
    around=st.text(max_size=6),
    raw_nul=st.booleans(),
)
def test_a_nul_in_any_text_field_is_a_4xx_and_stores_nothing(
    target: tuple[str, str, dict[str, Any]], where: int, around: str, raw_nul: bool,
    account: tuple[Any, str],
) -> None:
    user, token = account
    template, field, valid = target
    path = _path(template, user)
    body = {**valid, field: _with_nul(valid.get(field), where, around)}
    data = json.dumps(body).encode("utf-8", "surrogatepass")
    if raw_nul:  # the NUL byte itself rather than its JSON escape
        data = data.replace(b"\\u0000", b"\x00")
    before, series = snapshot(), Series.objects.count()
    answer = Client().post(path, data, content_type="application/json", **bearer(token))
    assert_clean_refusal(answer)
    assert_unchanged(before)
    assert Series.objects.count() == series


def _started_match(user: Any) -> str:
    """A match under way in which ``user`` has a seat (for ``{"match": id}``)."""
    from matches.services import lobby

    match = lobby.do_create_match(user, lobby.check_settings("TP-E", 1))
    other, _ = make_player("nul-rival")
    lobby.do_join(str(match.pk), other)
    lobby.do_start_match(match.pk, user)
    return str(match.pk)


def test_the_same_bodies_without_the_nul_are_accepted(
    account: tuple[Any, str], settings: Any
) -> None:
    """The bodies are valid but for the NUL: the refusals above are about the NUL."""
    from django.utils import timezone

    from games.models import DailyDeal

    settings.MATCH_COUNTDOWN_S = 0
    user, token = account
    deal = deals.get_or_create_deal(deals.check_deal_request("TP1-E-AAAAAAC"))
    DailyDeal.objects.create(date=timezone.localdate(), variant="TP-E", deal=deal)
    for template, _, valid in FIELDS:
        if valid.get("match") == "<match id>":
            valid = {"match": _started_match(user)}
        answer = Client().post(
            _path(template, user), json.dumps(valid), content_type="application/json",
            **bearer(token),
        )  # fmt: skip
        assert answer.status_code in (200, 201), (template, answer.content[:300])


FORMS = [
    ("/accounts/signup/", {"username": "u", "display_name": "Name", "email": "u@example.com",
                           "password1": "tripeaks-Sun-42", "password2": "tripeaks-Sun-42"}),
    ("/accounts/login/", {"username": "nul", "password": "pw-123456789"}),
    ("/accounts/tokens/", {"name": "laptop"}),
]  # fmt: skip


@pytest.mark.parametrize(("path", "form"), FORMS)
def test_a_nul_in_any_form_field_is_refused_and_stores_nothing(
    path: str, form: dict[str, str], account: tuple[Any, str]
) -> None:
    """Beyond the issue: the HTML forms (Django's CharField refuses NUL itself)."""
    from accounts.models import ApiToken

    user, _ = account
    for field in form:
        client = Client()
        if path == "/accounts/tokens/":  # the others are for visitors not logged in
            client.force_login(user)
        before, tokens = snapshot(), ApiToken.objects.count()
        answer = client.post(path, {**form, field: form[field][:2] + "\x00" + form[field][2:]})
        assert answer.status_code in (200, 400), (field, answer.status_code)
        assert answer.context["form"].errors, field
        assert_unchanged(before)
        assert ApiToken.objects.count() == tokens
