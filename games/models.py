"""Models of the games app (docs/architecture.md, "Data model").

The engine is the source of truth for rules; these rows only keep what the server must
remember between requests: which deals exist, what the solver learnt about them, the
day's deals, and live games (whose ``log`` is replayed through the engine on every action).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone


class Variant(models.TextChoices):
    """The three rule sets players see; values match ``games.engine.Variant``."""

    TP_E = "TP-E", "TriPeaks Easy"
    TP_C = "TP-C", "TriPeaks Classic"
    PY = "PY", "Pyramid"


def rule_set_label(name: str) -> str:
    """What people read for a rule set: "TriPeaks Easy", or for one of the literature's
    variants (issue 17) "TriPeaks Easy + open peaks, Hogue scoring"."""
    from games.engine import parse_rule_set
    from games.engine.variants import option_labels

    variant, options = parse_rule_set(name)
    label = str(Variant(variant.value).label)
    return f"{label} + {', '.join(option_labels(options))}" if options else label


def validate_rule_set(name: str) -> None:
    """A Deal's ``variant`` is a rule set the engine knows (``TP-E``, ``TP-C+OH``…)."""
    from django.core.exceptions import ValidationError

    from games.engine import DealCodeError, parse_rule_set

    try:
        parse_rule_set(name)
    except DealCodeError as err:
        raise ValidationError(str(err)) from None


def numbered_label(number: int, variant: str) -> str:
    """What people read for a numbered deal: "#12345 TriPeaks Easy" (the one builder:
    ``Deal.label``, deal facts and the boards of deals nobody has played yet use it)."""
    return f"#{number} {rule_set_label(variant)}"


class Deal(models.Model):
    """A deal known to the platform, by its canonical code (SPEC §2)."""

    code = models.CharField(max_length=64, unique=True)
    # The rule set: one of the three (``Variant``), or one of the literature's variants
    # named by the engine (``TP-E+OH``, ``PY+SR1``; games/engine/variants.py), so that
    # each variant's deals have their own boards and records.
    variant = models.CharField(max_length=16, validators=[validate_rule_set])
    # Numbered deals only: sealed numbers (≥ 26^7, up to 26^28) do not fit a BigInteger.
    number = models.BigIntegerField(null=True, blank=True)
    sealed = models.BooleanField(default=False)
    # Sealed deals: the moment their code may be shown (the close of their day).
    reveal_after = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["variant", "number"], name="deal_variant_number")]
        ordering = ["variant", "number", "id"]

    def __str__(self) -> str:
        return self.public_code or self.label

    @property
    def public_code(self) -> str | None:
        """The code, or None while a sealed deal's code is still secret (SPEC §10)."""
        if not self.sealed:
            return self.code
        if self.reveal_after is not None and timezone.now() >= self.reveal_after:
            return self.code
        return None

    @property
    def variant_label(self) -> str:
        return rule_set_label(self.variant)

    @property
    def label(self) -> str:
        """What people read: "#12345 TriPeaks Easy" or "Daily TriPeaks Easy 2026-11-30"."""
        if self.number is not None and not self.sealed:
            return numbered_label(self.number, self.variant)
        daily = self.dailydeal_set.order_by("date").first() if self.pk else None
        if daily is not None:
            return f"Daily {self.variant_label} {daily.date.isoformat()}"
        return f"Sealed {self.variant_label}"


class SolverFact(models.Model):
    """What the solver found about a deal (issue 3); ``winnable`` None means unknown."""

    deal = models.OneToOneField(Deal, on_delete=models.CASCADE, related_name="solver_fact")
    winnable = models.BooleanField(null=True)
    par_moves = models.IntegerField(null=True, blank=True)
    solution = models.TextField(blank=True, default="")
    best_cards_left = models.IntegerField(null=True, blank=True)
    best_moves = models.IntegerField(null=True, blank=True)
    nodes = models.BigIntegerField(default=0)
    ms = models.FloatField(default=0.0)
    solver_version = models.CharField(max_length=32, blank=True, default="")
    solved_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.deal}: winnable={self.winnable}"


class DailyDeal(models.Model):
    """The day's deal for one variant (SPEC §8), picked by an admin or automatically."""

    class PickedBy(models.TextChoices):
        ADMIN = "admin", "Admin"
        AUTO = "auto", "Automatic"

    date = models.DateField()
    variant = models.CharField(max_length=4, choices=Variant.choices)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT)
    picked_by = models.CharField(max_length=8, choices=PickedBy.choices, default=PickedBy.AUTO)
    created_at = models.DateTimeField(default=timezone.now)
    # The seal (games.commitments): SHA-256 of "<code>:<nonce>", published from the start;
    # the nonce stays the server's secret until the day closes, then both are revealed.
    nonce = models.CharField(max_length=64, blank=True, default="")
    commitment = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["date", "variant"], name="daily_deal_date_variant")
        ]
        ordering = ["-date", "variant"]

    def __str__(self) -> str:
        return f"{self.date} {self.variant}"


class Game(models.Model):
    """A live game held by the server; ``log`` is the source of truth (SPEC §6)."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        WON = "won", "Won"
        BLOCKED = "blocked", "Blocked"
        ABANDONED = "abandoned", "Abandoned"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="games")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="games",
    )
    guest_key = models.CharField(max_length=64, blank=True, default="")
    daily = models.ForeignKey(
        DailyDeal, on_delete=models.SET_NULL, null=True, blank=True, related_name="games"
    )
    log = models.TextField(blank=True, default="")
    # Milliseconds from ``started_at`` to each action of ``log``, measured by the server
    # when it took the action (one entry per log token, undos included).
    timings = models.JSONField(default=list, blank=True)
    # The ranked attempt of a daily deal: the first game its player started on it (SPEC §8).
    ranked = models.BooleanField(default=False)
    # The player asked for a hint (games.services.hints): its result takes no record.
    assisted = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    score = models.IntegerField(default=0)
    moves = models.IntegerField(default=0)
    cards_left = models.IntegerField(default=28)
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    duration_ms = models.BigIntegerField(null=True, blank=True)
    last_action_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "daily"],
                condition=models.Q(ranked=True),
                name="game_one_ranked_attempt_per_daily",
            )
        ]
        indexes = [
            models.Index(fields=["player", "deal"], name="game_player_deal"),
            # games.services.closing: open games by idleness.
            models.Index(
                fields=["last_action_at"],
                condition=models.Q(finished_at__isnull=True),
                name="game_open_last_action",
            ),
        ]
        ordering = ["-started_at"]

    def __str__(self) -> str:
        return f"{self.id} {self.status}"

    @property
    def is_over(self) -> bool:
        """Won, abandoned, or a blocked game its player finished: no more actions."""
        return self.finished_at is not None
