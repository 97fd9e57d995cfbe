"""Daily deals (SPEC §8, §10): one sealed, solver-vetted deal per variant per day.

The day is the platform's (``settings.PLATFORM_TIME_ZONE``, default UTC) and ``today()``
alone decides which day it is, so the day's deals change exactly once, at that zone's
midnight, whatever the server's clock zone. A daily deal is sealed: its number is drawn
with ``secrets`` from [26^7, 26^28) so nobody can run GEN 1 on it, and its code is shown
(``Deal.public_code``) only from ``Deal.reveal_after``, the midnight that closes its day.
After that the deal stays playable from the archive, unranked.

``ensure_daily_deals()`` runs hourly (Celery beat, ``games.tasks.daily``) and from
``manage.py setup_site``; it only fills days that have no deal yet, so an admin's pick is
never replaced and a day already under way never changes.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.commitments import new_seal
from games.engine import SEALED_LIMIT, SEALED_MIN, DealCode, Variant, parse_code
from games.fact_store import Vetting, store_solver_fact
from games.models import DailyDeal, Deal

logger = logging.getLogger(__name__)

#: The order the day's deals are listed in.
VARIANTS: tuple[Variant, ...] = (Variant.TP_E, Variant.TP_C, Variant.PY)
DEFAULT_DAYS_AHEAD = 7
#: Sealed numbers tried per empty slot before giving up until the next hourly run.
DEFAULT_ATTEMPTS = 12
_REF = re.compile(r"^daily-(\d{4}-\d{2}-\d{2})-(TP-E|TP-C|PY)$", re.IGNORECASE)


# -- the platform's day ------------------------------------------------------------------


def platform_zone() -> ZoneInfo:
    """The zone that decides what "today" is (read at call time: tests override it)."""
    name = getattr(settings, "PLATFORM_TIME_ZONE", None) or settings.TIME_ZONE or "UTC"
    return ZoneInfo(name)


def today(now: datetime | None = None) -> date:
    """The platform's date now (or at ``now``)."""
    return (now or timezone.now()).astimezone(platform_zone()).date()


def day_start(day: date) -> datetime:
    """Midnight opening ``day`` in the platform zone, as an aware datetime."""
    return datetime.combine(day, time(0), tzinfo=platform_zone())


def day_end(day: date) -> datetime:
    """The midnight that closes ``day``: its deals' codes are revealed from then on."""
    return day_start(day + timedelta(days=1))


def next_change_at(now: datetime | None = None) -> datetime:
    """When the daily deals change next (the countdown clients show)."""
    return day_end(today(now))


def is_closed(daily: DailyDeal, now: datetime | None = None) -> bool:
    """Has the daily deal's day ended (codes revealed, play unranked)?"""
    return (now or timezone.now()) >= day_end(daily.date)


# -- naming a daily deal without its code -------------------------------------------------


def daily_ref(daily: DailyDeal) -> str:
    """``daily-2026-11-30-TP-E``: how URLs name a daily deal whose code is still secret."""
    return f"daily-{daily.date.isoformat()}-{daily.variant}"


def parse_daily_ref(text: str) -> tuple[date, str] | None:
    """``daily-YYYY-MM-DD-<variant>`` -> (date, variant), or None if ``text`` is not one."""
    match = _REF.match(text.strip())
    if match is None:
        return None
    try:
        day = date.fromisoformat(match.group(1))
    except ValueError:
        return None
    return day, match.group(2).upper()


def daily_deals_on(day: date) -> list[DailyDeal]:
    """The daily deals of ``day`` in VARIANTS order (those that exist)."""
    rows = {d.variant: d for d in DailyDeal.objects.select_related("deal").filter(date=day)}
    return [rows[v.value] for v in VARIANTS if v.value in rows]


def daily_of_deal(deal: Deal) -> DailyDeal | None:
    """The daily deal a deal was picked for (the first, should an admin reuse one)."""
    return DailyDeal.objects.filter(deal=deal).order_by("date").first()


# -- picking ------------------------------------------------------------------------------


Vetter = Callable[[str], Vetting]


def draw_sealed_code(variant: Variant, options: str = "") -> DealCode:
    """A fresh sealed code: a number drawn by ``secrets`` from [26^7, 26^28); ``options``:
    the literature's options of its rule set (a match's, issue 17; dailies take none)."""
    return DealCode(variant, SEALED_MIN + secrets.randbelow(SEALED_LIMIT - SEALED_MIN), options)


def daily_budget_s() -> float:
    """The solver's time budget per daily candidate (``DAILY_SOLVER_TIME_BUDGET_S``)."""
    return float(getattr(settings, "DAILY_SOLVER_TIME_BUDGET_S", 10.0))


def solver_vetter(time_budget_s: float | None = None) -> Vetter | None:
    """The real solver as a Vetter, or None while ``games.engine.solver`` is missing."""
    try:
        from games.engine.solver import solve
    except ImportError:
        return None
    budget = time_budget_s if time_budget_s is not None else daily_budget_s()

    def vet(code: str) -> Vetting:
        return Vetting.of(solve(code, time_budget_s=budget))

    return vet


def find_winnable_sealed(
    variant: Variant, vet: Vetter, attempts: int = DEFAULT_ATTEMPTS, options: str = ""
) -> tuple[DealCode, Vetting] | None:
    """Draw sealed codes until the solver proves one winnable (None after ``attempts``)."""
    for _ in range(attempts):
        code = draw_sealed_code(variant, options)
        vetting = vet(code.text)
        if vetting.winnable is True:
            return code, vetting
    return None


def do_pick_daily_deal(
    day: date,
    variant: Variant | str,
    deal: Deal,
    picked_by: str = DailyDeal.PickedBy.ADMIN,
) -> DailyDeal:
    """Make ``deal`` the daily deal of ``day``; a sealed deal's code is kept until the day
    closes. IntegrityError if the day already has a deal for that variant."""
    chosen = Variant(variant)
    if deal.variant != chosen.value:
        raise ValueError(f"{deal} is a {deal.variant} deal, not {chosen.value}")
    with transaction.atomic():
        if deal.sealed:
            close = day_end(day)
            if deal.reveal_after is None or deal.reveal_after < close:
                deal.reveal_after = close
                deal.save(update_fields=["reveal_after"])
        nonce, commitment = new_seal(deal.code)
        return DailyDeal.objects.create(
            date=day,
            variant=chosen.value,
            deal=deal,
            picked_by=picked_by,
            nonce=nonce,
            commitment=commitment,
        )


def ensure_daily_deals(
    days: int = DEFAULT_DAYS_AHEAD,
    *,
    vet: Vetter | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
) -> list[DailyDeal]:
    """Fill every empty (day, variant) from today to ``days - 1`` days ahead with a
    solver-vetted winnable sealed deal. Returns what it created.

    Safe to run concurrently: a slot someone else filled meanwhile is skipped (the
    unique (date, variant) constraint decides, and the losing deal is rolled back).
    Without a solver nothing is created (a warning is logged): an unvetted deal would
    stay the day's deal for good. With the real solver (no ``vet`` given) the slots are
    searched side by side, one process per core (``games.vetting_pool``,
    ``DAILY_VET_PROCESSES``); a given ``vet`` is called here, slot after slot.
    """
    first = today()
    slots: list[tuple[date, Variant]] = []
    for offset in range(days):
        day = first + timedelta(days=offset)
        taken = set(DailyDeal.objects.filter(date=day).values_list("variant", flat=True))
        slots.extend((day, variant) for variant in VARIANTS if variant.value not in taken)
    found = _vet_slots(slots, vet, attempts)
    if found is None:
        logger.warning("games.engine.solver is not importable: no daily deal created")
        return []
    created: list[DailyDeal] = []
    for (day, variant), answer in zip(slots, found, strict=True):
        if answer is None:
            logger.warning("no winnable %s deal found for %s in %d tries", variant, day, attempts)
            continue
        daily = _fill_slot(day, variant, answer)
        if daily is not None:
            created.append(daily)
    return created


def _vet_slots(
    slots: list[tuple[date, Variant]], vet: Vetter | None, attempts: int
) -> list[tuple[DealCode, Vetting] | None] | None:
    """Each slot's first candidate proven winnable (slow: outside any transaction);
    None when there is no solver to vet with."""
    if vet is not None:
        return [find_winnable_sealed(variant, vet, attempts) for _day, variant in slots]
    if solver_vetter() is None:
        return None
    from games import vetting_pool

    wanted = getattr(settings, "DAILY_VET_PROCESSES", None)
    processes = vetting_pool.pool_size(len(slots), wanted)
    batches = [[draw_sealed_code(variant).text for _ in range(attempts)] for _d, variant in slots]
    answers = vetting_pool.first_winnable_each(batches, daily_budget_s(), processes)
    return [
        None if answer is None else (parse_code(answer[0]), Vetting.of(answer[1]))
        for answer in answers
    ]


def _fill_slot(day: date, variant: Variant, found: tuple[DealCode, Vetting]) -> DailyDeal | None:
    code, vetting = found
    try:
        with transaction.atomic():
            deal = Deal.objects.create(
                code=code.text,
                variant=variant.value,
                number=None,
                sealed=True,
                reveal_after=day_end(day),
            )
            store_solver_fact(deal, vetting)
            return do_pick_daily_deal(day, variant, deal, DailyDeal.PickedBy.AUTO)
    except IntegrityError:
        logger.info("daily deal %s %s was picked meanwhile", day, variant)
        return None
