"""HTTP API of post-game reviews (leaderboards.reviews), mounted under /api/."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Router, Schema, Status
from ninja.responses import codes_4xx

from accounts.auth import BearerOrSession
from leaderboards.reviews import ReviewUnavailable, review_view
from leaderboards.schemas import ErrorOut

router = Router(tags=["reviews"])
anyone = BearerOrSession(guest=True)


class ReviewOut(Schema):
    result_id: int
    status: str
    review: dict[str, Any] | None = None
    ms: int | None = None


@router.get(
    "/results/{result_id}/review",
    auth=anyone,
    response={200: ReviewOut, 202: ReviewOut, codes_4xx: ErrorOut},
    summary="The solver's review of a result: the best still possible before and after "
    "every action, the first that lost ground and later ones that lost more",
    description="202 while the review is being computed. A sealed daily deal's reviews "
    "answer 403 until its day closes.",
)
def result_review(request: HttpRequest, result_id: int) -> Any:
    staff = bool(getattr(getattr(request, "auth", None), "is_staff", False))
    try:
        answer = review_view(result_id, staff=staff)
    except ReviewUnavailable as err:
        return Status(err.status, {"error": err.payload()})
    return Status(200 if answer["status"] != "pending" else 202, answer)
