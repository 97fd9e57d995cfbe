"""Typed shapes of the leaderboards API, shown in /api/docs.

The record events pushed over WebSockets (``{"type": "record", "event": ...}``) have the
``EventOut`` shape; the boards pushed to a deal's watchers the ``BoardOut`` shape
(without ``me``/``around``).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from ninja import Field, Schema
from pydantic import ConfigDict

from leaderboards.payloads import ResultInfo


class ErrorDetail(Schema):
    reason: str
    message: str = Field(description="in the request's language (fr, ro, en)")
    detail: str | None = None
    index: int | None = Field(None, description="index of the refused token in the log")
    token: str | None = Field(None, description="the refused token")


class ErrorOut(Schema):
    error: ErrorDetail


class DealOut(Schema):
    ref: str = Field(description="how URLs name the deal: its code, or daily-<date>-<variant>")
    code: str | None = Field(description="null while a sealed deal's code is secret")
    label: str
    variant: str
    sealed: bool


class ResultRow(Schema):
    result_id: int
    player: str | None
    won: bool
    cards_left: int
    moves: int
    score: int
    duration_ms: int | None = Field(description="null for a submitted log (slowest on ties)")
    source: str = Field(description="live or submitted")
    perfect: bool = Field(description="won in the solver's par")
    first_try: bool
    created_at: datetime


class BoardRow(ResultRow):
    rank: int = Field(description="competition rank: equal cards, moves, time share a rank")


class BoardOut(Schema):
    deal: DealOut
    board: str = Field(description="best (each player's best) or first (first tries)")
    par: int | None = Field(description="the solver's fewest moves, when known")
    players: int
    entries: list[BoardRow]
    me: BoardRow | None = Field(description="the signed-in player's own row")
    around: list[BoardRow] = Field(description="rows around the player's own")


class EventOut(Schema):
    id: int
    kind: str = Field(
        description="FIRST_WIN, NEW_RECORD, BEST_RESULT, PERSONAL_BEST or RECORD_INHERITED"
    )
    deal: DealOut
    player: str | None
    previous_holder: str | None
    result: ResultInfo | None = Field(description="the result that made the event")
    par: int | None
    created_at: datetime


class ResultIn(Schema):
    """A move log played elsewhere (SPEC §6): tokens separated by spaces."""

    model_config = ConfigDict(extra="forbid")

    log: str = Field(examples=["KC AS 2D D 3S"], description="at most 20 000 characters")


class SubmitOut(Schema):
    result_id: int | None
    deal: DealOut | None = None
    rank: int | None = Field(description="the player's rank on the best-ever board")
    first_try_rank: int | None = Field(description="their rank on the first-tries board")
    first_try: bool
    ranked: bool = Field(description="the ranked attempt of a daily deal")
    events: list[EventOut]
    par: int | None
    perfect: bool
    won: bool | None = None
    cards_left: int | None = None
    moves: int | None = None
    score: int | None = None
    duration_ms: int | None = None


class RecordChangeOut(Schema):
    at: datetime
    reason: str = Field(description="first, beaten, improved or disqualification")
    holder: str | None
    previous_holder: str | None
    result: ResultRow | None


class RecordsOut(Schema):
    deal: DealOut
    par: int | None
    changes: list[RecordChangeOut] = Field(description="newest first")


class StreakOut(Schema):
    current: int
    best: int
    last_day: date | None


class StartOut(Schema):
    method: str
    url: str
    body: dict[str, str]


class DailyDealOut(Schema):
    variant: str
    label: str
    ref: str
    code: str | None = Field(description="null until the day closes")
    deal_id: int
    par: int | None
    winnable: bool | None
    closed: bool
    ranked: bool = Field(
        description="a game started now would be the signed-in player's ranked attempt"
    )
    start: StartOut | None = Field(description="how to start it (today's deals only)")
    my_attempt: dict[str, Any] | None
    resume: str | None = Field(
        None, description="the signed-in player's ranked attempt still open: its game id"
    )
    needs_account: bool = Field(
        False, description="today's deal and no account signed in: guests cannot open it"
    )
    commitment: str = Field(
        description='SHA-256 of "<code>:<nonce>", published from the start (games/commitments.py)'
    )
    nonce: str | None = Field(description="null until the day closes; then hash it with the code")
    verify: str | None = Field(description="the shell command that checks the commitment")


class DailyOut(Schema):
    date: date
    time_zone: str
    next_change_at: datetime
    deals: list[DailyDealOut]
    streak: StreakOut | None = Field(description="the signed-in player's streak")


class TotalsRow(Schema):
    rank: int
    player: str | None
    total: int
    played: int
    scores: dict[str, int | None]


class TotalsOut(Schema):
    date: date
    entries: list[TotalsRow]


class SeriesIn(Schema):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(max_length=100, examples=["Friday five"])
    deals: list[str] = Field(examples=[["TP1-E-AAAAAAB", "PY1-N-AAAAAAS"]])


class SeriesSummary(Schema):
    slug: str
    title: str
    owner: str | None
    official: bool
    deals: int
    created_at: datetime


class SeriesDealOut(Schema):
    position: int
    deal: DealOut
    par: int | None


class SeriesOut(Schema):
    slug: str
    title: str
    owner: str | None
    official: bool
    created_at: datetime
    deals: list[SeriesDealOut]
    board: list[TotalsRow]


class PlayerResultOut(ResultRow):
    deal: DealOut
    ranked: bool
    disqualified: bool


class PersonalBestOut(Schema):
    deal: DealOut
    rank: int | None
    holds_record: bool
    result: ResultRow


class PlayerOut(Schema):
    display_name: str
    results_count: int
    wins: int
    records_held: int
    streak: StreakOut
    results: list[PlayerResultOut]
    personal_bests: list[PersonalBestOut]
