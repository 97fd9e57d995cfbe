"""Series: ordered lists of deals shared by link (SPEC §8 sessions).

Players make series from numbered deals only (a sealed deal is played from its daily
deal); admins make official ones in the Django admin. The slug carries a random part so
that a player's series is found by its link, not by guessing.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.text import slugify

from accounts.users import Account
from games.services.deals import check_deal_request, get_or_create_deal
from games.services.errors import DealRequestError
from leaderboards.errors import LeaderboardsRefusal
from leaderboards.models import Series, SeriesDeal

MAX_SERIES_DEALS = 50


class SeriesRefused(LeaderboardsRefusal):
    """A series that cannot be made (its title, its number of deals, a deal twice)."""

    def __init__(self, detail: str) -> None:
        super().__init__("bad_series", detail)


def new_slug(title: str) -> str:
    base = slugify(title)[:24].strip("-") or "series"
    return f"{base}-{secrets.token_hex(4)}"


def check_series(title: str, codes: list[str]) -> list[str]:
    """Canonical codes of a player's series; SeriesRefused or DealRequestError."""
    if not title.strip():
        raise SeriesRefused("a series needs a title")
    if not 1 <= len(codes) <= MAX_SERIES_DEALS:
        raise SeriesRefused(f"a series holds 1 to {MAX_SERIES_DEALS} deals")
    canonical: list[str] = []
    for index, text in enumerate(codes):
        try:
            canonical.append(check_deal_request(text).text)
        except DealRequestError as err:
            err.extra["index"] = index
            raise
    if len(set(canonical)) != len(canonical):
        raise SeriesRefused("a deal appears twice in the series")
    return canonical


def do_create_series(
    owner: Account, title: str, codes: list[str], official: bool = False
) -> Series:
    checked = check_series(title, codes)
    with transaction.atomic():
        series = Series.objects.create(
            slug=new_slug(title), title=title.strip()[:100], owner=owner, official=official
        )
        for position, code in enumerate(checked, start=1):
            deal = get_or_create_deal(check_deal_request(code))
            SeriesDeal.objects.create(series=series, deal=deal, position=position)
    return series
