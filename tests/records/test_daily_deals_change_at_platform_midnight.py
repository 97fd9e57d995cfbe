"""Daily deals (SPEC §8, §10) in a non-UTC platform zone, with a frozen clock: one sealed
deal per variant per day, changed exactly at the zone's midnight, codes revealed only
after their day closes."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from django.test import Client
from freezegun import freeze_time

from games.daily import (
    Vetting,
    daily_deals_on,
    day_end,
    ensure_daily_deals,
    find_winnable_sealed,
    next_change_at,
    today,
)
from games.engine import SEALED_MIN, Variant, parse_code
from games.models import DailyDeal

pytestmark = pytest.mark.django_db

ZONE = "Europe/Bucharest"  # UTC+2 in winter, UTC+3 in summer
BEFORE_MIDNIGHT = "2026-11-30 21:59:59"  # 23:59:59 in Bucharest
AT_MIDNIGHT = "2026-11-30 22:00:00"  # 00:00:00 on 1 December in Bucharest


@pytest.fixture(autouse=True)
def bucharest(settings: Any) -> None:
    settings.PLATFORM_TIME_ZONE = ZONE
    settings.TIME_ZONE = ZONE


def always_winnable(code: str) -> Vetting:
    return Vetting(winnable=True, par_moves=42, solution="", solver_version="test")


def test_today_turns_at_the_platform_zones_midnight_not_utcs() -> None:
    with freeze_time(BEFORE_MIDNIGHT):
        assert today() == date(2026, 11, 30)
        assert next_change_at() == datetime(2026, 11, 30, 22, tzinfo=UTC)
    with freeze_time(AT_MIDNIGHT):
        assert today() == date(2026, 12, 1)
    with freeze_time("2026-12-01 21:59:59"):  # UTC still says 1 December...
        assert today() == date(2026, 12, 1)
    with freeze_time("2026-12-01 22:00:00"):  # ...but it is 2 December in Bucharest
        assert today() == date(2026, 12, 2)


def test_a_day_closes_at_local_midnight_across_summer_time() -> None:
    # 28 March 2027: Bucharest moves to UTC+3 at 03:00; that day still ends at local 00:00.
    assert day_end(date(2027, 3, 27)) == datetime(2027, 3, 27, 22, tzinfo=UTC)
    assert day_end(date(2027, 3, 28)) == datetime(2027, 3, 28, 21, tzinfo=UTC)


def test_ensure_fills_the_next_seven_days_once_with_sealed_deals() -> None:
    with freeze_time(BEFORE_MIDNIGHT):
        created = ensure_daily_deals(vet=always_winnable)
        assert len(created) == 7 * 3
        assert ensure_daily_deals(vet=always_winnable) == []  # filled: nothing changes
        days = sorted({d.date for d in DailyDeal.objects.all()})
        assert days[0] == date(2026, 11, 30) and days[-1] == date(2026, 12, 6)
        for daily in DailyDeal.objects.select_related("deal", "deal__solver_fact"):
            deal = daily.deal
            code = parse_code(deal.code)
            assert deal.sealed and code.sealed and code.number >= SEALED_MIN
            assert code.variant.value == daily.variant == deal.variant
            assert deal.reveal_after == day_end(daily.date)
            assert deal.public_code is None
            assert deal.solver_fact.winnable is True and deal.solver_fact.par_moves == 42
            assert daily.picked_by == DailyDeal.PickedBy.AUTO
    with freeze_time(AT_MIDNIGHT):  # the next hourly run adds the new seventh day only
        assert {(d.date, d.variant) for d in ensure_daily_deals(vet=always_winnable)} == {
            (date(2026, 12, 7), v.value) for v in Variant
        }


def test_an_admins_pick_is_never_replaced() -> None:
    with freeze_time(BEFORE_MIDNIGHT):
        ensure_daily_deals(days=1, vet=always_winnable)
        picked = {d.variant: d.deal_id for d in daily_deals_on(date(2026, 11, 30))}
        ensure_daily_deals(days=1, vet=always_winnable)
        assert {d.variant: d.deal_id for d in daily_deals_on(date(2026, 11, 30))} == picked


def test_only_a_deal_the_solver_proves_winnable_is_picked() -> None:
    answers = iter([False, None, True])
    seen: list[str] = []

    def vet(code: str) -> Vetting:
        seen.append(code)
        return Vetting(winnable=next(answers), par_moves=None)

    found = find_winnable_sealed(Variant.PY, vet, attempts=5)
    assert found is not None and found[0].text == seen[2] and len(set(seen)) == 3


def test_without_a_winnable_find_the_slot_stays_empty_for_the_next_run() -> None:
    def never(code: str) -> Vetting:
        return Vetting(winnable=False, par_moves=None)

    with freeze_time(BEFORE_MIDNIGHT):
        assert ensure_daily_deals(days=1, vet=never, attempts=2) == []
        assert not DailyDeal.objects.exists()


def test_api_daily_changes_at_midnight_and_reveals_codes_only_after_close(client: Client) -> None:
    with freeze_time(BEFORE_MIDNIGHT):
        ensure_daily_deals(days=2, vet=always_winnable)
        now = client.get("/api/daily").json()
        assert now["date"] == "2026-11-30" and now["time_zone"] == ZONE
        change = datetime.fromisoformat(now["next_change_at"])
        assert change == datetime(2026, 11, 30, 22, tzinfo=UTC)  # shown as 00:00+02:00
        assert [d["variant"] for d in now["deals"]] == ["TP-E", "TP-C", "PY"]
        assert all(d["code"] is None and not d["closed"] for d in now["deals"])
        assert now["deals"][0]["start"]["body"] == {"daily": "TP-E"}
        assert now["deals"][0]["ref"] == "daily-2026-11-30-TP-E"
        first_day_codes = {d.variant: d.deal.code for d in daily_deals_on(date(2026, 11, 30))}
        assert client.get("/api/daily/2026-12-01").status_code == 404  # the future is secret
        assert client.get("/api/deals/daily-2026-12-01-TP-E/leaderboard").status_code == 404
        body = str(client.get("/api/daily/2026-11-30").content)
        assert not any(code in body for code in first_day_codes.values())
    with freeze_time(AT_MIDNIGHT):
        now = client.get("/api/daily").json()
        assert now["date"] == "2026-12-01"
        assert all(d["code"] is None for d in now["deals"])
        archive = client.get("/api/daily/2026-11-30").json()
        assert {d["variant"]: d["code"] for d in archive["deals"]} == first_day_codes
        assert all(d["closed"] and d["start"] is None for d in archive["deals"])
        # revealed deals are named by their code from now on
        board = client.get(f"/api/deals/{first_day_codes['PY']}/leaderboard").json()
        assert board["deal"]["ref"] == first_day_codes["PY"]
