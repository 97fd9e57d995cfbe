"""``GET /api/deals/daily-YYYY-MM-DD-<variant>``: a daily deal's facts by its daily
reference (the daily's deal page asks so), its code withheld while it is sealed."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone
from freezegun import freeze_time

from games.daily import Vetting, daily_deals_on, daily_ref, ensure_daily_deals

pytestmark = pytest.mark.django_db


def test_a_daily_deals_facts_by_its_reference_keep_its_code_secret() -> None:
    # The API builds its schemas on its first answer: not under freezegun's datetime.
    assert Client().get("/api/deals/TP1-E-AAAAAAB").status_code == 200
    with freeze_time("2026-11-30 10:00:00"):
        ensure_daily_deals(days=1, vet=lambda code: Vetting(winnable=True, par_moves=40))
        daily = next(d for d in daily_deals_on(timezone.localdate()) if d.variant == "PY")
        answer = Client().get(f"/api/deals/{daily_ref(daily)}")
        assert answer.status_code == 200, answer.content
        facts = answer.json()
        assert facts["code"] is None and facts["sealed"] is True
        assert (facts["variant"], facts["winnable"], facts["par"]) == ("PY", True, 40)
        assert daily.deal.code not in answer.content.decode()
        # A day that has no deals yet is not found; a malformed code still names its fault.
        assert Client().get("/api/deals/daily-2026-12-25-PY").status_code == 404
        assert Client().get("/api/deals/TP1-Q-AAAAAAB").status_code == 400
