"""The shapes of what the leaderboards answer, as TypedDicts: one definition read by the
presenters and services that build the answers (leaderboards.presenters,
leaderboards.services.answers), by mypy, and by the ninja schemas
(leaderboards/schemas.py) where a schema field is the very same thing.

Timestamps are ISO 8601 text here: the answers are also pushed over WebSockets and
stored in ``RecordEvent.payload`` (JSON), where no ``datetime`` survives. No ``from
__future__ import annotations``: with string annotations ``NotRequired`` is not seen at
runtime, and pydantic and ``Answer.__optional_keys__`` need it.
"""

import sys

if sys.version_info >= (3, 12):
    from typing import NotRequired, TypedDict
else:  # pydantic reads these for the API schemas: typing_extensions' before 3.12
    from typing import NotRequired

    from typing_extensions import TypedDict


class DealInfo(TypedDict):
    """A deal as answers name it: never a sealed deal's code before its day closes."""

    ref: str
    code: str | None
    label: str
    variant: str
    sealed: bool


class ResultInfo(TypedDict):
    """A stored result as boards, profiles and record events show it (no move log)."""

    result_id: int
    player: str | None
    won: bool
    cards_left: int
    moves: int
    score: int
    duration_ms: int | None
    source: str
    perfect: bool
    first_try: bool
    created_at: str


class EventInfo(TypedDict):
    """A record event as pushed over WebSockets and listed by GET /api/events."""

    id: int
    kind: str
    deal: DealInfo
    player: str | None
    previous_holder: str | None
    result: ResultInfo | None
    par: int | None
    created_at: str


class Answer(TypedDict):
    """What a player is told of a finished game or a submitted log (``SubmitOut``, the
    play socket's ``result``). A guest's answer stores nothing: no deal nor figures."""

    result_id: int | None
    deal: NotRequired[DealInfo]
    rank: int | None
    first_try_rank: int | None
    first_try: bool
    ranked: bool
    #: "held": kept off the boards for an admin's bot-speed review (leaderboards.speed).
    review: str | None
    events: list[EventInfo]
    par: int | None
    perfect: bool
    won: NotRequired[bool]
    cards_left: NotRequired[int]
    moves: NotRequired[int]
    score: NotRequired[int]
    duration_ms: NotRequired[int | None]
