"""Live matches (issue 16): players race each other on the same sealed deals.

A ``Match`` is played in ``Round``s; each round has one sealed deal, drawn when the
round is set up, and one ordinary live ``games.Game`` per player still in
(``RoundGame``). The games are the source of truth for every figure (score, cards
left, moves, time): the match only says who plays which game when.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import Deal, Game, validate_rule_set


def match_group(match_id: uuid.UUID | str) -> str:
    """The Channels group of a match's watchers, from its id (``Match.group``)."""
    return f"match.{uuid.UUID(str(match_id)).hex}"


class Match(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", "Lobby"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"
        EXPIRED = "expired", "Expired"
        CANCELLED = "cancelled", "Cancelled"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # The short join code people type (matches.codes): unique among all matches.
    code = models.CharField(max_length=8, unique=True)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="created_matches"
    )
    # The rule set: one of the three (``Variant``) or a base with options of
    # ``matches.rules.MATCH_OPTIONS`` (``TP-E+H``), as a Deal's ``variant`` names it.
    variant = models.CharField(max_length=16, validators=[validate_rule_set])
    # Exactly one of the two modes: ``rounds`` (best total after N) or ``target_score``
    # (first total to reach it; MAX_ROUNDS at most).
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    target_score = models.PositiveIntegerField(null=True, blank=True)
    # Seconds per round; null: no limit (a round then ends when everyone has finished).
    time_limit_s = models.PositiveIntegerField(null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(default=8)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: Why a match ended before its last round ("" when it ran its course).
    end_reason = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["expires_at"],
                condition=models.Q(status="lobby"),
                name="match_lobby_expiry",
            )
        ]

    def __str__(self) -> str:
        return f"match {self.code} ({self.status})"

    @property
    def group(self) -> str:
        """The Channels group of everyone watching this match (players and spectators)."""
        return match_group(self.pk)


class MatchPlayer(models.Model):
    """A seat: who joined, whether they are ready, and whether they left (forfeit)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_seats"
    )
    joined_at = models.DateTimeField(default=timezone.now)
    ready = models.BooleanField(default=False)
    # Leaving a match under way forfeits the rounds left, the current one included.
    left_at = models.DateTimeField(null=True, blank=True)
    # The round the player left in: it and every later round count 0.
    left_in_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "player"], name="match_one_seat_each")
        ]
        ordering = ["joined_at", "id"]

    def __str__(self) -> str:
        return f"{self.player} in {self.match}"

    @property
    def still_in(self) -> bool:
        return self.left_at is None


class Round(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    # A sealed deal drawn by the server for this round; its code is kept secret
    # (reveal_after null) until the match is over.
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="match_rounds")
    # The server's instant the round's games start (after the 3-2-1 countdown).
    starts_at = models.DateTimeField()
    # starts_at + the time limit, or null without a limit.
    ends_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="match_round_number")
        ]
        ordering = ["match", "number"]

    def __str__(self) -> str:
        return f"round {self.number} of {self.match}"


class RoundGame(models.Model):
    """One player's live game of one round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    seat = models.ForeignKey(MatchPlayer, on_delete=models.CASCADE, related_name="entries")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="match_entry")
    # When the player first opened it (POST /api/games {"match": id}): 201 then, 200 after.
    opened_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="match_round_game_per_seat")
        ]

    def __str__(self) -> str:
        return f"{self.seat} round {self.round.number}"
