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

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from leaderboards.models import Result
from leaderboards.presenters import player_name
from matches import scoring
from matches.models import Match, MatchPlayer, Round, RoundGame
from matches.rules import MAX_ROUNDS


def _elapsed_ms(entry: RoundGame, now: datetime) -> int:
    game = entry.game
    if game.duration_ms is not None:
        return int(game.duration_ms)
    return max(0, int((now - game.started_at).total_seconds() * 1000))


def _line(
    seat: MatchPlayer, rnd: Round, entry: RoundGame | None, now: datetime
) -> scoring.RoundLine:
    if entry is None or (seat.left_in_round is not None and rnd.number >= seat.left_in_round):
        return scoring.FORFEIT
    game = entry.game
    return scoring.round_line(game.score, game.cards_left, _elapsed_ms(entry, now), game.moves)


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


#: What no standings figure reads of a round game, and the largest part of its row: a
#: frame is built several times a second during a round (matches.events).
_UNUSED_GAME_FIELDS = ("game__log", "game__timings")


@dataclass(frozen=True, slots=True)
class Table:
    """A match's seats, rounds and round games, loaded once (three queries)."""

    seats: list[MatchPlayer]
    rounds: list[Round]
    entries: dict[tuple[int, int], RoundGame]

    @classmethod
    def load(cls, match: Match) -> Table:
        return cls(
            seats=list(match.seats.select_related("player__profile").order_by("joined_at", "id")),
            rounds=list(match.round_set.select_related("deal").order_by("number")),
            entries={
                (e.round_id, e.seat_id): e
                for e in RoundGame.objects.filter(round__match=match)
                .select_related("game")
                .defer(*_UNUSED_GAME_FIELDS)
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
    ``match_over``) at ``now``. Three queries (``Table.load``), whatever the rounds."""
    now = now or timezone.now()
    table = Table.load(match)
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
        "rounds": [
            _round_summary(r, seats, entries, now, replays) for r in rounds if r.ended_at
        ],
        "podium": [p for p in players if p["rank"] <= 3] if finished else None,
    }


def _player_row(
    seat: MatchPlayer,
    rank: int,
    entry: scoring.Total,
    current: Round | None,
    entries: dict[tuple[int, int], RoundGame],
    now: datetime,
    match: Match,
) -> dict[str, Any]:
    live = None
    if current is not None:
        game_entry = entries.get((current.pk, seat.pk))
        forfeit = seat.left_in_round is not None and current.number >= seat.left_in_round
        if game_entry is not None and not forfeit:
            game = game_entry.game
            line = _line(seat, current, game_entry, now)
            live = {
                # What the round counts (0 until a first move: a game not played).
                "score": line.score,
                "played": line is not scoring.NOT_PLAYED,
                "cards_left": game.cards_left,
                "moves": game.moves,
                "elapsed_ms": _elapsed_ms(game_entry, now),
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
    entries: dict[tuple[int, int], RoundGame],
    now: datetime,
    replays: dict[Any, int],
) -> dict[str, Any]:
    lines = {seat.pk: _line(seat, rnd, entries.get((rnd.pk, seat.pk)), now) for seat in seats}
    by_seat = {seat.pk: seat for seat in seats}
    results = []
    for rank, entry in scoring.ranked(scoring.total(key, [line]) for key, line in lines.items()):
        game_entry = entries.get((rnd.pk, entry.key))
        results.append(
            {
                "name": player_name(by_seat[entry.key].player),
                "rank": rank,
                "score": entry.score,
                "cards_left": entry.cards_left,
                "time_ms": entry.time_ms,
                "moves": game_entry.game.moves if game_entry is not None else 0,
                "forfeit": lines[entry.key] is scoring.FORFEIT,
                "played": lines[entry.key] is not scoring.NOT_PLAYED
                and lines[entry.key] is not scoring.FORFEIT,
                "replay": _replay_url(rnd, game_entry, replays),
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


def _replay_url(rnd: Round, entry: RoundGame | None, replays: dict[Any, int]) -> str | None:
    """The replay page of a round game's result (played at its recorded pace), once the
    deal's code is public; None before, or for a seat without a game."""
    code = rnd.deal.public_code
    result_id = replays.get(entry.game_id) if entry is not None else None
    if code is None or result_id is None:
        return None
    return f"/deals/{code}/replay/{result_id}/"
