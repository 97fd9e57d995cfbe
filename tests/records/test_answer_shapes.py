"""The leaderboards' answers have one shape each (leaderboards/payloads.py TypedDicts, which
mypy checks against the services that build them), and the ninja schemas that document
them in /api/docs name the very same fields."""

from __future__ import annotations

from typing import get_type_hints

from ninja import Schema

from leaderboards.payloads import Answer, DealInfo, EventInfo, ResultInfo
from leaderboards.schemas import DealOut, EventOut, ResultRow, SubmitOut


def fields(schema: type[Schema]) -> set[str]:
    return set(schema.model_fields)


def test_the_schemas_name_the_fields_of_the_answers() -> None:
    assert fields(DealOut) == set(DealInfo.__annotations__)
    assert fields(ResultRow) == set(ResultInfo.__annotations__)
    assert fields(EventOut) == set(EventInfo.__annotations__)
    # ``review`` ("held" for a bot-speed review) reaches the play socket's result frame;
    # the submission API's schema does not list it.
    assert fields(SubmitOut) == set(Answer.__annotations__) - {"review"}


def test_an_events_result_is_documented_by_the_result_shape() -> None:
    assert get_type_hints(EventOut)["result"] == ResultInfo | None


def test_a_guests_answer_leaves_out_only_what_was_not_stored() -> None:
    assert Answer.__optional_keys__ == {
        "deal",
        "won",
        "cards_left",
        "moves",
        "score",
        "duration_ms",
    }
