"""Models of the leaderboards app (docs/architecture.md "Data model", docs/records.md).

Results are facts computed by the engine from a move log, never from a client's numbers.
Boards are read from ``BoardRow`` (one row per player and board, written with the
results under the deal's lock); the other stored "state" besides results is the history
of who held a deal's record and the events sent.

Concurrency: every record decision on a deal runs inside one transaction holding a row
lock on that deal's ``DealBoardState`` (``select_for_update``), so finishes on the same
deal are decided one after the other. As a second line of defence a partial
``UniqueConstraint`` on ``RecordEvent(deal) WHERE kind = 'FIRST_WIN'`` makes a second
FIRST_WIN on a deal impossible even if a code path forgot the lock.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from games.models import DailyDeal, Deal, Game


class Result(models.Model):
    """One finished game of an account on a deal (live, or a submitted log)."""

    class Source(models.TextChoices):
        LIVE = "live", "Live game"
        SUBMITTED = "submitted", "Submitted log"

    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="results")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="results"
    )
    # One result per live game: recording the same game twice is refused by the database.
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="result"
    )
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.LIVE)
    won = models.BooleanField(default=False)
    # Abandoned live games are kept (they use up a first try / the ranked daily attempt)
    # but never appear on a board.
    abandoned = models.BooleanField(default=False)
    cards_left = models.IntegerField()
    score = models.IntegerField()
    moves = models.IntegerField()
    # Measured by the server (game start to finish); None for a submitted log, which
    # the server did not see played: it ranks as the slowest time (leaderboards.ranking).
    duration_ms = models.BigIntegerField(null=True, blank=True)
    log = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    # The player's first stored result on this deal (whatever its source).
    first_try = models.BooleanField(default=False)
    daily = models.ForeignKey(
        DailyDeal, on_delete=models.SET_NULL, null=True, blank=True, related_name="results"
    )
    # The ranked daily attempt: the result of the first game the player started on the
    # daily deal (games.Game.ranked), finished before its day closed.
    ranked = models.BooleanField(default=False)
    # Milliseconds from the game's start to each action (live games; empty when submitted).
    timings = models.JSONField(default=list, blank=True)
    # Bot-speed review (leaderboards.speed): a held result is on no board and makes no
    # news until an admin clears it (then its records are decided) or disqualifies it.
    held = models.BooleanField(default=False)
    # Played with a hint (games.Game.assisted): on no board, no record.
    assisted = models.BooleanField(default=False)
    held_reason = models.CharField(max_length=200, blank=True, default="")
    reviewed_at = models.DateTimeField(null=True, blank=True)
    disqualified = models.BooleanField(default=False)
    disqualified_reason = models.CharField(max_length=200, blank=True, default="")
    disqualified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "player"],
                condition=Q(first_try=True),
                name="result_one_first_try_per_player_deal",
            ),
            models.UniqueConstraint(
                fields=["daily", "player"],
                condition=Q(ranked=True),
                name="result_one_ranked_attempt_per_daily",
            ),
        ]
        indexes = [
            models.Index(
                fields=["deal", "cards_left", "moves", "duration_ms", "created_at"],
                name="result_board_order",
            ),
            models.Index(fields=["player", "deal"], name="result_player_deal"),
            models.Index(fields=["daily", "ranked"], name="result_daily_ranked"),
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        outcome = "won" if self.won else f"{self.cards_left} left"
        return f"{self.deal} {self.player}: {outcome} in {self.moves} moves"

    @property
    def on_boards(self) -> bool:
        """Shown on the deal's boards (and eligible for its record): not abandoned,
        disqualified or held, and on a daily deal only the ranked attempt (SPEC §8).
        ``leaderboards.boards.on_boards`` is the same rule in SQL."""
        if self.abandoned or self.disqualified or self.held or self.assisted:
            return False
        return self.daily_id is None or self.ranked


class DealBoardState(models.Model):
    """The per-deal row locked (``select_for_update``) while a record decision is made.

    ``record`` caches the deal's current #1 so readers need no ranking query; it is
    written only under the lock, in the same transaction as the results it reflects.
    """

    deal = models.OneToOneField(
        Deal, on_delete=models.CASCADE, primary_key=True, related_name="board_state"
    )
    record = models.ForeignKey(
        Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    results_count = models.IntegerField(default=0)
    # Rows of each board (leaderboards.BoardRow), kept with them: a board's "players"
    # without counting the deal's rows on every read.
    best_players = models.IntegerField(default=0)
    first_players = models.IntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"board of {self.deal}"


class BoardRow(models.Model):
    """One player's row on one of a deal's boards: their best result (``best``) or their
    first try (``first``), with the ranking key copied beside it.

    Why a table: ranking every result of a deal on each request costs in proportion to
    the deal's results (a daily deal has tens of thousands); with one row per player and
    board and an index on the key, the top N, a player's rank (a counting query) and the
    rows around them (keyset) read a bounded part of the index. Written only under the
    deal's ``DealBoardState`` lock, by ``leaderboards.board_rows``, on every path that
    changes what is on the boards (a new result, a held result cleared, a
    disqualification): the rule is ``Result.on_boards``.

    ``slowness`` is ``duration_ms``, or ``board_rows.SLOWEST`` for a result without one
    (a submitted log), so that the order ``(cards_left, moves, slowness, created_at,
    result_id)`` is ``leaderboards.ranking.sort_key`` with no NULL in the index.
    """

    class Board(models.TextChoices):
        BEST = "best", "Best ever"
        FIRST = "first", "First tries"

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="+")
    board = models.CharField(max_length=5, choices=Board.choices)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="board_rows")
    cards_left = models.IntegerField()
    moves = models.IntegerField()
    slowness = models.BigIntegerField()
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "board", "player"], name="board_row_one_per_player"
            ),
        ]
        indexes = [
            models.Index(
                fields=["deal", "board", "cards_left", "moves", "slowness", "created_at", "result"],
                name="board_row_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board} board of {self.deal}: {self.player}"


class RecordEvent(models.Model):
    """A piece of news about a deal's records, pushed live and kept for the feed."""

    class Kind(models.TextChoices):
        FIRST_WIN = "FIRST_WIN", "First win on the deal"
        NEW_RECORD = "NEW_RECORD", "New record"
        BEST_RESULT = "BEST_RESULT", "Best result (no win yet)"
        PERSONAL_BEST = "PERSONAL_BEST", "Personal best"
        RECORD_INHERITED = "RECORD_INHERITED", "Record inherited"

    kind = models.CharField(max_length=20, choices=Kind.choices)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="record_events")
    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="events")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="record_events"
    )
    previous_holder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="records_lost",
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    payload = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["deal"],
                condition=Q(kind="FIRST_WIN"),
                name="record_event_one_first_win_per_deal",
            ),
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.deal} {self.player}"

    @property
    def in_feed(self) -> bool:
        """Personal bests go to the player and the deal's watchers, not to the site feed."""
        return self.kind != self.Kind.PERSONAL_BEST


class RecordChange(models.Model):
    """One change of a deal's #1, with its date: the deal's record history."""

    class Reason(models.TextChoices):
        FIRST = "first", "First result on the deal"
        BEATEN = "beaten", "Beaten by another player"
        IMPROVED = "improved", "Improved by its holder"
        DISQUALIFICATION = "disqualification", "Previous record disqualified"

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="record_changes")
    # None when a disqualification left the deal without any result on its boards.
    result = models.ForeignKey(
        Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="record_changes"
    )
    holder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="record_changes",
    )
    previous_holder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)
    reason = models.CharField(max_length=20, choices=Reason.choices)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.deal} -> {self.holder} ({self.reason})"


class Series(models.Model):
    """An ordered list of deals shared by link (``slug``); made in the admin (official)
    or by a player from numbered deals."""

    slug = models.SlugField(max_length=40, unique=True)
    title = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="series",
    )
    official = models.BooleanField(default=False, help_text="Made by the site; listed for all.")
    created_at = models.DateTimeField(default=timezone.now)
    deals = models.ManyToManyField(Deal, through="SeriesDeal", related_name="series")

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.title


class SeriesDeal(models.Model):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="items")
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["series", "position"], name="series_deal_position"),
            models.UniqueConstraint(fields=["series", "deal"], name="series_deal_once"),
        ]
        ordering = ["series", "position"]

    def __str__(self) -> str:
        return f"{self.series} #{self.position}: {self.deal}"


class HeldResult(Result):
    """The admin's bot-speed review queue: results held by ``leaderboards.speed``."""

    class Meta:
        proxy = True
        verbose_name = "held result (bot-speed review)"
        verbose_name_plural = "held results (bot-speed review)"


from leaderboards.review_model import ResultReview  # noqa: E402, F401  (registered here)
