"""The pages and the API resolve a deal reference the same way and label it the same way
(one resolver, ``games.refs.resolve_deal_ref``; one label builder,
``games.models.numbered_label``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from games.daily import Vetting, ensure_daily_deals, today

pytestmark = pytest.mark.django_db


def test_a_future_daily_is_not_found_on_its_page_as_on_the_api(client: Client) -> None:
    ensure_daily_deals(days=3, vet=lambda code: Vetting(winnable=True, par_moves=40))
    ahead = (today() + timedelta(days=2)).isoformat()
    ref = f"daily-{ahead}-TP-E"
    assert client.get(f"/api/deals/{ref}/leaderboard").status_code == 404
    assert client.get(f"/deals/{ref}/").status_code == 404
    assert client.get(f"/deals/daily-{today().isoformat()}-TP-E/").status_code == 200


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ("/api/deals/TP1-E-AAAAAAC/leaderboard", "deal"),
        ("/api/deals/TP1-E-AAAAAAC/records", "deal"),
        ("/api/deals/TP1-E-AAAAAAC", None),
    ],
)
def test_an_unplayed_numbered_deal_has_one_label_everywhere(
    client: Client, path: str, key: str | None
) -> None:
    body: Any = client.get(path).json()
    label = (body[key] if key else body)["label"]
    assert label == "#2 TriPeaks Easy"
