"""What everyone watching a match is told: the standings snapshot (never a card).

Every frame of ``/ws/matches/<id>/`` and ``GET /api/matches/{ref}`` is one snapshot:
the match's settings and state, the current round's timing (server timestamps), and per
player their figures: total score, total cards left, total time, and in the current
round score, cards left, moves, elapsed time and whether they finished. The players
race on the same deal, so nothing here names a card, a log or the deal's code; round
codes appear only once the match is over (``Deal.public_code``, revealed then).

Totals include the current round's games as they stand (a live race); a round that
has not started yet (countdown) counts nothing. A forfeited round (the player left in
it or before it) counts 0 points and 28 cards left (``scoring.FORFEIT``).
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from leaderboards.models import Result
from leaderboards.presenters import player_name
from matches import scoring
from matches.models import Match, MatchPlayer, Round, RoundGame
from matches.rules import MAX_ROUNDS


@dataclass(frozen=True, slots=True)
class GameFigures:
    """What the standings read of one round game: a few columns of its row, never its
    log or timings (the largest part of it; a frame is built several times a second
    during a round, matches.events)."""

    game_id: uuid.UUID
    score: int
    cards_left: int
    moves: int
    duration_ms: int | None
    started_at: datetime
    finished_at: datetime | None
    status: str


#: ``GameFigures``' columns, read from a ``RoundGame``.
_FIGURES = (
    "game_id",
    "game__score",
    "game__cards_left",
    "game__moves",
    "game__duration_ms",
    "game__started_at",
    "game__finished_at",
    "game__status",
)


def _elapsed_ms(game: GameFigures, now: datetime) -> int:
    if game.duration_ms is not None:
        return int(game.duration_ms)
    return max(0, int((now - game.started_at).total_seconds() * 1000))


def _line(
    seat: MatchPlayer, rnd: Round, game: GameFigures | None, now: datetime
) -> scoring.RoundLine:
    if game is None or (seat.left_in_round is not None and rnd.number >= seat.left_in_round):
        return scoring.FORFEIT
    return scoring.round_line(game.score, game.cards_left, _elapsed_ms(game, now), game.moves)


def _round_time(rnd: Round) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "starts_at": rnd.starts_at.isoformat(),
        "ends_at": rnd.ends_at.isoformat() if rnd.ends_at else None,
        "ended_at": rnd.ended_at.isoformat() if rnd.ended_at else None,
        "over": rnd.ended_at is not None,
    }


def match_settings(match: Match) -> dict[str, Any]:
    return {
        "id": str(match.pk),
        "code": match.code,
        "url": f"/matches/{match.pk}/",
        "variant": match.variant,
        "mode": "target" if match.target_score is not None else "rounds",
        "rounds": match.rounds,
        "target_score": match.target_score,
        "max_rounds": match.rounds or MAX_ROUNDS,
        "time_limit_s": match.time_limit_s,
        "max_players": match.max_players,
        "status": match.status,
        "creator": player_name(match.creator),
        "created_at": match.created_at.isoformat(),
        "expires_at": match.expires_at.isoformat() if match.status == Match.Status.LOBBY else None,
        "started_at": match.started_at.isoformat() if match.started_at else None,
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        # "no_deal": no winnable deal was found for the next round (matches.services.rounds).
        "end_reason": match.end_reason or None,
    }


@dataclass(frozen=True, slots=True)
class Table:
    """A match's seats, rounds and round games' figures, loaded once (three queries)."""

    seats: list[MatchPlayer]
    rounds: list[Round]
    entries: dict[tuple[int, int], GameFigures]

    @classmethod
    def load(cls, match: Match) -> Table:
        return cls(
            seats=list(match.seats.select_related("player__profile").order_by("joined_at", "id")),
            rounds=list(match.round_set.select_related("deal").order_by("number")),
            entries={
                (round_id, seat_id): GameFigures(*figures)
                for round_id, seat_id, *figures in RoundGame.objects.filter(
                    round__match=match
                ).values_list("round_id", "seat_id", *_FIGURES)
            },
        )

    def started(self, now: datetime) -> list[Round]:
        """The rounds whose games have started by ``now`` (not those in countdown)."""
        return [r for r in self.rounds if r.starts_at <= now]

    def totals(self, now: datetime) -> list[scoring.Total]:
        """Each seat's total over the started rounds, in seat order."""
        rounds = self.started(now)
        return [
            scoring.total(
                seat.pk, (_line(seat, r, self.entries.get((r.pk, seat.pk)), now) for r in rounds)
            )
            for seat in self.seats
        ]


def snapshot(match: Match, kind: str = "standings", now: datetime | None = None) -> dict[str, Any]:
    """The standings frame of ``kind`` (``standings``, ``round``, ``round_over``,
    ``match_over``) at ``now``. Three queries (``Table.load``), whatever the rounds; the
    match's rest is kept for the frames of the actions that follow (``changed_snapshot``)."""
    table = Table.load(match)
    _remember(match, table)
    return _snapshot_of(match, table, kind, now or timezone.now())


def _snapshot_of(match: Match, table: Table, kind: str, now: datetime) -> dict[str, Any]:
    seats, entries = table.seats, table.entries
    rounds = table.started(now)
    upcoming = next((r for r in reversed(table.rounds) if r.ended_at is None), None)
    standing = scoring.ranked(table.totals(now))
    by_seat = {seat.pk: seat for seat in seats}
    current = upcoming if upcoming is not None and upcoming.starts_at <= now else None
    players = [
        _player_row(by_seat[entry.key], rank, entry, current, entries, now, match)
        for rank, entry in standing
    ]
    finished = match.status == Match.Status.FINISHED
    # Once the codes are revealed: each round game's stored result, for its timed replay.
    replays: dict[Any, int] = (
        dict(
            Result.objects.filter(game__match_entry__round__match=match).values_list(
                "game_id", "pk"
            )
        )
        if finished
        else {}
    )
    return {
        "type": kind,
        "server_time": now.isoformat(),
        "match": match_settings(match),
        "round": _round_time(upcoming) if upcoming is not None else None,
        "rounds_played": len(rounds),
        "players": players,
        "rounds": [_round_summary(r, seats, entries, now, replays) for r in rounds if r.ended_at],
        "podium": [p for p in players if p["rank"] <= 3] if finished else None,
    }


def _player_row(
    seat: MatchPlayer,
    rank: int,
    entry: scoring.Total,
    current: Round | None,
    entries: dict[tuple[int, int], GameFigures],
    now: datetime,
    match: Match,
) -> dict[str, Any]:
    live = None
    if current is not None:
        game = entries.get((current.pk, seat.pk))
        forfeit = seat.left_in_round is not None and current.number >= seat.left_in_round
        if game is not None and not forfeit:
            line = _line(seat, current, game, now)
            live = {
                # What the round counts (0 until a first move: a game not played).
                "score": line.score,
                "played": line is not scoring.NOT_PLAYED,
                "cards_left": game.cards_left,
                "moves": game.moves,
                "elapsed_ms": _elapsed_ms(game, now),
                "finished": game.finished_at is not None,
                "status": game.status,
            }
    return {
        "name": player_name(seat.player),
        "rank": rank,
        "creator": seat.player_id == match.creator_id,
        "ready": seat.ready,
        "left": seat.left_at is not None,
        "total": entry.score,
        "cards_left": entry.cards_left,
        "time_ms": entry.time_ms,
        "current": live,
    }


def _round_summary(
    rnd: Round,
    seats: list[MatchPlayer],
    entries: dict[tuple[int, int], GameFigures],
    now: datetime,
    replays: dict[Any, int],
) -> dict[str, Any]:
    lines = {seat.pk: _line(seat, rnd, entries.get((rnd.pk, seat.pk)), now) for seat in seats}
    by_seat = {seat.pk: seat for seat in seats}
    results = []
    for rank, entry in scoring.ranked(scoring.total(key, [line]) for key, line in lines.items()):
        game = entries.get((rnd.pk, entry.key))
        results.append(
            {
                "name": player_name(by_seat[entry.key].player),
                "rank": rank,
                "score": entry.score,
                "cards_left": entry.cards_left,
                "time_ms": entry.time_ms,
                "moves": game.moves if game is not None else 0,
                "forfeit": lines[entry.key] is scoring.FORFEIT,
                "played": lines[entry.key] is not scoring.NOT_PLAYED
                and lines[entry.key] is not scoring.FORFEIT,
                "replay": _replay_url(rnd, game, replays),
            }
        )
    return {
        **_round_time(rnd),
        # The code is public only once the match is over (Deal.reveal_after).
        "deal": rnd.deal.public_code,
        # Every player's timed replay of the round side by side (frontend/match_replays.py).
        "replays": f"/matches/{rnd.match_id}/rounds/{rnd.number}/replays/"
        if rnd.deal.public_code
        else None,
        "results": results,
    }


def _replay_url(rnd: Round, game: GameFigures | None, replays: dict[Any, int]) -> str | None:
    """The replay page of a round game's result (played at its recorded pace), once the
    deal's code is public; None before, or for a seat without a game."""
    code = rnd.deal.public_code
    result_id = replays.get(game.game_id) if game is not None else None
    if code is None or result_id is None:
        return None
    return f"/deals/{code}/replay/{result_id}/"


# -- The frames of actions: one query while the rest of the match stands ----------------
#
# During a round only its games' figures move with each action; the match's settings,
# seats, names and rounds change with lobby and round changes, which may commit in
# another process (the worker ends rounds on time). So a frame after actions reads one
# query: every round game of the match with its figures *and* what else could have
# changed (its round's end, the match's status, its seat's ready and left, its player's
# name); the rest is taken from the last load of this process when those agree with
# it, else loaded again. Every seat and round has round games while a match is played
# (round 1 deals one to every seat, and seats only join in the lobby).

#: The live columns: a round game's key and figures, then what must agree with the rest.
_LIVE = (
    "round_id",
    "seat_id",
    *_FIGURES,
    "round__ended_at",
    "round__match__status",
    "seat__ready",
    "seat__left_at",
    "seat__left_in_round",
    "seat__player__username",
    "seat__player__profile__display_name",
)
_FIGURE_COLUMNS = slice(2, 2 + len(_FIGURES))
_CHECKED_COLUMNS = slice(2 + len(_FIGURES), None)

#: What of a match besides its games' figures a frame shows, and can change in play.
_Check = tuple[str, dict[int, datetime | None], dict[int, tuple[Any, ...]]]


@dataclass(frozen=True, slots=True)
class _Rest:
    """A match as of one load, minus its games' figures: read only, shared by threads."""

    match: Match
    seats: list[MatchPlayer]
    rounds: list[Round]
    check: _Check


#: Per match (its id as text), the rest of its last load in this process, while playing.
_RESTS: OrderedDict[str, _Rest] = OrderedDict()
_RESTS_LOCK = threading.Lock()
#: Matches played at once per process, and more: the oldest is forgotten first.
MAX_RESTS = 256


def _remember(match: Match, table: Table) -> None:
    key = str(match.pk)
    with _RESTS_LOCK:
        _RESTS.pop(key, None)
        if match.status != Match.Status.PLAYING:
            return
        check: _Check = (
            match.status,
            {r.pk: r.ended_at for r in table.rounds},
            {
                s.pk: (s.ready, s.left_at, s.left_in_round, player_name(s.player))
                for s in table.seats
            },
        )
        _RESTS[key] = _Rest(match, table.seats, table.rounds, check)
        while len(_RESTS) > MAX_RESTS:
            _RESTS.popitem(last=False)


def _live_check(rows: list[tuple[Any, ...]]) -> _Check | None:
    statuses = {row[_CHECKED_COLUMNS][1] for row in rows}
    if len(statuses) != 1:
        return None
    rounds: dict[int, datetime | None] = {}
    seats: dict[int, tuple[Any, ...]] = {}
    for row in rows:
        ended_at, _, ready, left_at, left_in_round, username, display_name = row[_CHECKED_COLUMNS]
        rounds[row[0]] = ended_at
        seats[row[1]] = (ready, left_at, left_in_round, display_name or username)
    return statuses.pop(), rounds, seats


def changed_snapshot(
    match_id: uuid.UUID | str, now: datetime | None = None
) -> dict[str, Any] | None:
    """The ``standings`` frame after actions: one query while this process's last load
    of the match still holds (``_Rest``), else a full load too (four more queries); None
    if the match is gone."""
    key = str(match_id)
    rows = list(RoundGame.objects.filter(round__match_id=key).values_list(*_LIVE))
    with _RESTS_LOCK:
        rest = _RESTS.get(key)
    if rest is None or _live_check(rows) != rest.check:
        match = Match.objects.select_related("creator__profile").filter(pk=key).first()
        if match is None:
            return None
        return snapshot(match, now=now)
    entries = {(row[0], row[1]): GameFigures(*row[_FIGURE_COLUMNS]) for row in rows}
    table = Table(rest.seats, rest.rounds, entries)
    return _snapshot_of(rest.match, table, "standings", now or timezone.now())
