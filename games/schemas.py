"""Typed shapes of the games API (request bodies and answers), shown in /api/docs.

The WebSocket consumer sends the very same game payload as ``GameOut`` inside
``{"type": "state", "game": ...}``; ``view`` is the engine's ``game.view()`` as is.
"""

from __future__ import annotations

from typing import Any

from ninja import Field, Schema
from pydantic import ConfigDict, StrictInt

from games.engine import GameView


class GameCreateIn(Schema):
    """Give one of: ``code``; ``number`` with ``variant``; ``daily`` (a variant); ``match``."""

    model_config = ConfigDict(extra="forbid")

    code: str | None = Field(None, max_length=64, examples=["TP1-E-AAAAAAB"])
    number: StrictInt | None = Field(None, examples=[12345])
    variant: str | None = Field(None, max_length=16, examples=["TP-E", "TP-E+OH"])
    daily: str | None = Field(None, max_length=8, examples=["TP-E"])
    match: str | None = Field(
        None, max_length=64, description="a live match's id: its current round's game"
    )


class ActionIn(Schema):
    """One action: a log token (``KC``, ``TC+3S``, ``D``, ``U``), ``abandon`` or ``finish``;
    or a click on a tableau position (0..27, played only if that card is face up)."""

    model_config = ConfigDict(extra="forbid")

    action: str | None = Field(None, max_length=16, examples=["KC", "D", "U", "abandon"])
    position: StrictInt | None = Field(None, ge=0, le=27, examples=[20])


class DealRef(Schema):
    code: str | None = Field(description="null while a sealed deal's code is secret")
    label: str
    variant: str
    number: int | None


class HintOut(Schema):
    action: str | None = Field(description="the next action of a best line (a log token)")
    best_cards_left: int = Field(description="the fewest cards left still reachable")
    further_moves: int = Field(description="the fewest further moves to get there")
    known: bool = Field(description="false when the search was cut by its time budget")
    assisted: bool


class PaceOut(Schema):
    step: int = Field(description="the number of log tokens (undos included) this answers")
    moves: int = Field(description="moves made so far")
    best_cards_left: int = Field(description="the fewest cards left still reachable")
    best_total_moves: int = Field(description="moves made + the fewest further moves there")
    par_cards_left: int = Field(description="the fewest cards left reachable from the start")
    par_total_moves: int = Field(description="the fewest moves to that from the start")
    behind_cards: int = Field(description="best_cards_left - par_cards_left")
    behind_moves: int = Field(description="best_total_moves - par_total_moves")
    known: bool = Field(description="false when a search was cut by its time budget")
    assisted: bool


class GameOut(Schema):
    id: str
    deal: DealRef
    daily: int | None
    status: str = Field(description="playing, won, blocked or abandoned")
    finished: bool = Field(
        description="over for good; a blocked game stays open (undo) until `finish`"
    )
    score: int
    moves: int
    cards_left: int
    duration_ms: int | None
    ranked: bool = Field(description="the ranked attempt of a daily deal; false: practice")
    assisted: bool = Field(False, description="a hint was used: on no board, no record")
    timings: list[int] | None = Field(
        description="ms from the start to each action, measured by the server; "
        "null while the game is open"
    )
    view: GameView = Field(description="the engine's player view: no hidden card")
    revealed: list[str] = Field(description="cards this action turned face up")
    peak_bonus: int | None = Field(
        None,
        description="points this action earned beyond its cost when it emptied a TriPeaks "
        "peak (peak, completion and, under Hogue's scoring, run bonuses); null otherwise",
    )
    result: dict[str, Any] | None = Field(
        description="what the leaderboards recorded, in the answer that ended the game"
    )


class OpenGameOut(Schema):
    """An open game, as listed for "Resume" (never a sealed deal's code: ``label`` only)."""

    id: str
    label: str
    variant: str
    ranked: bool
    status: str = Field(description="playing or blocked (a blocked game can still undo)")
    score: int
    moves: int
    cards_left: int
    started_at: str
    url: str


class DealFactsOut(Schema):
    code: str | None = Field(
        description="null for a daily deal still sealed (asked by its daily reference)"
    )
    label: str
    variant: str
    number: int | None
    sealed: bool
    winnable: bool | None = Field(description="null until the solver has run")
    par: int | None = Field(description="fewest moves of any win, when known")
    solved: bool


class ErrorDetail(Schema):
    """Also, when they apply: ``detail`` (a precise English explanation) and ``index``
    (the log index a refused action would have taken)."""

    reason: str
    message: str = Field(description="in the request's language (fr, ro, en)")
    detail: str | None = Field(None, description="a precise explanation, in English")
    index: int | None = Field(None, description="the log index of a refused action")


class ErrorOut(Schema):
    error: ErrorDetail
