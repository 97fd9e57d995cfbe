"""The stored post-game review of a result (issue 15): one row per result, written by the
``leaderboards.review_result`` task (leaderboards.reviews), read by the API and the
replay page. Imported by leaderboards.models so that Django registers it."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class ResultReview(models.Model):
    """What the solver says of every action of one result's log (``data``: the engine's
    ``Review.as_dict()``), or why there is none yet."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    result = models.OneToOneField(
        "leaderboards.Result", on_delete=models.CASCADE, related_name="review"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    data = models.JSONField(default=dict, blank=True)
    solver_version = models.IntegerField(default=0)
    ms = models.IntegerField(default=0)  # wall time of the review
    requested_at = models.DateTimeField(default=timezone.now)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "leaderboards"

    def __str__(self) -> str:
        return f"review of result {self.result_id} ({self.status})"
