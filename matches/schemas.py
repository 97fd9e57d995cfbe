"""Typed shapes of the matches API, shown in /api/docs. The standings answer is the
very snapshot the socket ``/ws/matches/<id>/`` sends (matches/standings.py)."""

from __future__ import annotations

from typing import Any

from ninja import Field, Schema
from pydantic import ConfigDict, StrictBool, StrictInt

from matches import rules


class MatchIn(Schema):
    """Give ``rounds`` (best total after N rounds) or ``target_score`` (first total to
    reach it; 10 rounds at most). ``time_limit_s``: seconds per round, 0 for none."""

    model_config = ConfigDict(extra="forbid")

    variant: str = Field(
        max_length=16,
        examples=["TP-E", "TP-C+H"],
        description="TP-E, TP-C or PY; TriPeaks may add options O, B, J1, J2, T, H (e.g. TP-E+OH)",
    )
    rounds: StrictInt | None = Field(None, examples=[3], description="1 to 10")
    target_score: StrictInt | None = Field(None, description="instead of rounds")
    time_limit_s: StrictInt = Field(
        rules.DEFAULT_TIME_LIMIT_S, description="30 to 3600, or 0: no limit"
    )
    max_players: StrictInt = Field(rules.MAX_PLAYERS, description="2 to 8")


class ReadyIn(Schema):
    model_config = ConfigDict(extra="forbid")

    ready: StrictBool = True


class MatchOut(Schema):
    """The standings snapshot (every WebSocket frame has this shape too)."""

    type: str = Field(
        description="standings, round, round_over, match_over, or no_deal (frames only: "
        "no winnable deal was found for round 1, the match stays in its lobby)"
    )
    server_time: str
    changed_at: str | None = Field(
        None,
        description="frames built after round games' actions: the server instant of the "
        "oldest action this frame is the first to show (actions are coalesced)",
    )
    match: dict[str, Any] = Field(
        description="settings, status, join code and link; end_reason 'no_deal' when "
        "the match ended early for want of a winnable deal"
    )
    round: dict[str, Any] | None = Field(
        description="the current or next round: number, starts_at, ends_at (server time)"
    )
    rounds_played: int
    players: list[dict[str, Any]] = Field(
        description="ranked: name, rank, ready, left, total, cards_left, time_ms, and "
        "current (score as the round counts it, played, cards_left, moves, elapsed_ms, "
        "finished, status) during a round"
    )
    rounds: list[dict[str, Any]] = Field(
        description="each ended round's results (rank, score, cards_left, time_ms, moves, "
        "forfeit, played, replay), its deal code and the side-by-side replays page once "
        "the match is over"
    )
    podium: list[dict[str, Any]] | None = Field(description="ranks 1-3 once finished")


class MatchSummary(Schema):
    id: str
    code: str
    variant: str
    status: str
    created_at: str
    url: str


class GhostOut(Schema):
    player: str | None
    result_id: int
    won: bool
    score: int
    cards_left: int
    moves: int
    duration_ms: int | None
    points: list[list[int]] = Field(description="[ms since the start, score, cards left]")


class MatchHistoryOut(Schema):
    id: str
    url: str
    variant: str
    finished_at: str | None
    players: int
    rounds: int
    rank: int
    total: int
