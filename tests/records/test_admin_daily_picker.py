"""The daily deal admin: a deal is picked by its code (autocomplete, no raw database id)
and a numbered deal, whose layout anyone can deal from its code, is refused (SPEC §10)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from games.daily import today
from games.models import DailyDeal, Deal

pytestmark = pytest.mark.django_db


def test_a_numbered_deal_is_refused_as_a_daily_deal(admin_client: Client) -> None:
    numbered = Deal.objects.create(code="TP1-E-AAAAAAB", variant="TP-E", number=1)
    answer = admin_client.post(
        "/admin/games/dailydeal/add/",
        {"date": (today() + timedelta(days=3)).isoformat(), "variant": "TP-E",
         "deal": numbered.pk},
    )  # fmt: skip
    assert answer.status_code == 200
    assert "TP1-E-AAAAAAB is a numbered deal: its layout is public" in answer.content.decode()
    assert not DailyDeal.objects.exists()


def test_the_deal_is_picked_by_its_code(admin_client: Client) -> None:
    sealed = Deal.objects.create(code="PY1-N-" + "Q" * 28, variant="PY", sealed=True)
    form = admin_client.get("/admin/games/dailydeal/add/").content.decode()
    assert "admin-autocomplete" in form and "vForeignKeyRawIdAdminField" not in form
    found = admin_client.get(
        "/admin/autocomplete/",
        {"app_label": "games", "model_name": "dailydeal", "field_name": "deal", "term": "QQQQ"},
    ).json()
    assert [row["id"] for row in found["results"]] == [str(sealed.pk)]
