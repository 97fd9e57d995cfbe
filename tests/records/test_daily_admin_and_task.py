"""Admins pick a daily deal (with its layout and solver facts shown); a day under way is
read-only; the hourly Celery task and ``setup_site`` fill the empty days."""

from __future__ import annotations

from datetime import date, timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from games import daily as daily_module
from games.daily import Vetting, day_end, ensure_daily_deals, today
from games.models import DailyDeal, Deal, SolverFact
from games.tasks.daily import ensure_daily_deals_task

pytestmark = pytest.mark.django_db


def winnable(code: str) -> Vetting:
    return Vetting(winnable=True, par_moves=40, solver_version="test")


def test_an_admin_picks_a_deal_for_a_future_day_and_sees_its_layout(admin_client: Client) -> None:
    deal = Deal.objects.create(code="TP1-C-" + "D" * 28, variant="TP-C", sealed=True)
    SolverFact.objects.create(deal=deal, winnable=True, par_moves=37)
    day = today() + timedelta(days=3)
    picked = {"date": day.isoformat(), "variant": "TP-C", "deal": deal.pk}
    # A preview first: the layout and the solver's facts, nothing saved yet.
    preview = admin_client.post("/admin/games/dailydeal/add/", picked).content.decode()
    assert 'id="deal-preview"' in preview and "par: 37" in preview and "Stock" in preview
    assert not DailyDeal.objects.exists()
    response = admin_client.post("/admin/games/dailydeal/add/", {**picked, "confirmed": "on"})
    assert response.status_code == 302, response.content.decode()[:2000]
    daily = DailyDeal.objects.get(date=day, variant="TP-C")
    assert daily.deal == deal and daily.picked_by == "admin"
    deal.refresh_from_db()
    assert deal.reveal_after == day_end(day) and deal.public_code is None
    page = admin_client.get(f"/admin/games/dailydeal/{daily.pk}/change/").content.decode()
    assert "par: 37" in page and "Stock" in page  # the solver's facts and the drawn layout


def test_a_day_under_way_cannot_change_and_a_deal_must_match_the_variant(
    admin_client: Client,
) -> None:
    ensure_daily_deals(days=1, vet=winnable)
    todays = DailyDeal.objects.get(date=today(), variant="TP-E")
    other = Deal.objects.create(code="TP1-E-" + "E" * 28, variant="TP-E", sealed=True)
    refused = admin_client.post(
        f"/admin/games/dailydeal/{todays.pk}/change/",
        {"date": today().isoformat(), "variant": "TP-E", "deal": other.pk},
    )
    assert refused.status_code == 403
    assert DailyDeal.objects.get(pk=todays.pk).deal_id == todays.deal_id
    assert admin_client.get(f"/admin/games/dailydeal/{todays.pk}/change/").status_code == 200
    wrong = admin_client.post(
        "/admin/games/dailydeal/add/",
        {"date": (today() + timedelta(days=2)).isoformat(), "variant": "PY", "deal": other.pk},
    )
    assert wrong.status_code == 200 and b"is a TP-E deal" in wrong.content
    assert not DailyDeal.objects.filter(variant="PY", date__gt=today()).exists()


def test_the_hourly_task_fills_the_week(monkeypatch: pytest.MonkeyPatch, celery_eager: Any) -> None:
    monkeypatch.setattr(daily_module, "solver_vetter", lambda *a, **k: winnable)
    filled = ensure_daily_deals_task.delay().get()
    assert len(filled) == 21 and DailyDeal.objects.count() == 21
    assert ensure_daily_deals_task.delay().get() == []


def test_the_beat_schedule_runs_the_task_hourly(settings: Any) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["ensure-daily-deals"]
    assert entry["task"] == ensure_daily_deals_task.name and entry["schedule"] == 3600.0


def test_setup_site_prepares_the_daily_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily_module, "solver_vetter", lambda *a, **k: winnable)
    out = StringIO()
    call_command("setup_site", stdout=out, stderr=StringIO())
    text = out.getvalue()
    # Readable: how many, which days and variants; never an object list, a code or a port.
    assert "Daily deals: 21 new" in text and f"{today().isoformat()}  TP-E" in text
    assert "<DailyDeal" not in text and ":8000" not in text and "changepassword admin" in text
    assert not any(d.deal.code in text for d in DailyDeal.objects.select_related("deal"))
    assert {d.date for d in DailyDeal.objects.all()} == {
        today() + timedelta(days=n) for n in range(7)
    }
    assert isinstance(today(), date)


def test_the_real_solver_vets_a_deal_when_it_is_installed() -> None:
    vet = daily_module.solver_vetter(time_budget_s=20)
    if vet is None:
        pytest.skip("games.engine.solver is not importable")
    found = vet("TP1-E-AAAAAAB")
    assert found.winnable is True and found.par_moves is not None and found.solution
