"""Which deal a client asks for, checked before anything is stored.

Clients name a deal by its code (any case or spacing), or by "#12345" / "12345" with a
variant. Sealed codes are refused here, and never repeated back: a sealed deal is reached
through its daily deal only (SPEC §10), so accepting its code would let anyone who has
learnt it play (and study) the day's deal outside the daily flow.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings

from core import fast_rows
from games.daily import today
from games.engine import DealCode, DealCodeError, Variant, parse_code, parse_rule_set
from games.models import DailyDeal, Deal, numbered_label
from games.payloads import DealNames
from games.services.errors import BadDealCode, DealRequestError, NumberOutOfRange

MAX_REQUEST_CHARS = 64
_NUMBER = re.compile(r"^#?\s*(\d{1,18})$")


def check_rule_set(text: str | None) -> tuple[Variant, str]:
    """A rule set's name (``TP-E``, ``TP-C``, ``PY``, or a literature variant such as
    ``TP-E+OH``) -> (base variant, canonical options)."""
    if not isinstance(text, str) or not text.strip():
        raise DealRequestError(
            "variant_required", "a deal number needs a variant: TP-E, TP-C or PY"
        )
    try:
        return parse_rule_set(text[:MAX_REQUEST_CHARS])
    except DealCodeError as err:
        raise DealRequestError("bad_variant", str(err)) from None


def check_variant(text: str | None) -> Variant:
    """One of the app's three rule sets (the dailies have no other)."""
    variant, options = check_rule_set(text)
    if options:
        raise DealRequestError(
            "bad_variant", f"unknown variant {str(text)[:20]!r}: expected TP-E, TP-C or PY"
        )
    return variant


def check_number(number: int) -> int:
    limit: int = settings.NUMBERED_DEALS
    if not 1 <= number <= limit:
        raise NumberOutOfRange(number, limit)
    return number


def check_deal_request(text: str | int, variant: str | None = None) -> DealCode:
    """A numbered deal's code from a client's request; DealRequestError says what is wrong."""
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not text.strip():
        raise DealRequestError("bad_code", "give a deal code (e.g. TP1-E-AAAAAAB) or a number")
    cleaned = "".join(text.split())  # "tp1-e- aaaaaab", " # 12345 "
    if len(cleaned) > MAX_REQUEST_CHARS:
        raise DealRequestError(
            "bad_code", f"a deal code has at most {MAX_REQUEST_CHARS} characters"
        )
    match = _NUMBER.match(cleaned)
    if match is not None:
        base, options = check_rule_set(variant)
        return DealCode(base, check_number(int(match.group(1))), options)
    try:
        code = parse_code(cleaned)
    except DealCodeError as err:
        raise BadDealCode(err) from None
    if code.sealed:
        # Once its day has closed a sealed deal is public and stays playable in the
        # archive (unranked, SPEC §8); before that, its code starts nothing.
        deal = Deal.objects.filter(code=code.text).first()
        if deal is None or deal.public_code is None:
            raise DealRequestError(
                "sealed_code", "sealed deals cannot be started from a code: use the daily deal"
            )
    if variant is not None and check_rule_set(variant) != (code.variant, code.options):
        raise DealRequestError(
            "bad_request", f"the code is a {code.rule_set} deal, not {variant.strip()[:16]}"
        )
    if not code.sealed:
        check_number(code.number)
    return code


def get_or_create_deal(code: DealCode) -> Deal:
    """The Deal row of a code (numbered or sealed), created on first use."""
    deal, _ = Deal.objects.get_or_create(
        code=code.text,
        defaults={
            "variant": code.rule_set,
            "number": None if code.sealed else code.number,
            "sealed": code.sealed,
        },
    )
    return deal


def deal_payload(deal: Deal) -> DealNames:
    """How a deal is named in every answer: the code only once it may be shown."""
    return {
        "code": deal.public_code,
        "label": deal.label,
        "variant": deal.variant,
        "number": None if deal.sealed else deal.number,
    }


def check_public_deal(text: str) -> tuple[DealCode, Deal | None]:
    """A deal asked about by code (GET /api/deals/{code}): numbered, or sealed and revealed.

    A sealed code is answered only once its deal's code is public; before that the answer
    is "not found", exactly as for a code nobody has played, so it confirms nothing.
    """
    if not isinstance(text, str) or len(text) > MAX_REQUEST_CHARS:
        raise DealRequestError("bad_code", "not a deal code")
    try:
        code = parse_code("".join(text.split()))
    except DealCodeError as err:
        raise BadDealCode(err) from None
    # Every request naming a deal asks this: one uncompiled lookup by its unique code,
    # with its solver fact (the answers' par).
    deal = fast_rows.get(Deal, code.text, by="code", joined=("solver_fact",))
    if code.sealed:
        if deal is None or deal.public_code is None:
            raise DealRequestError("deal_not_found", "no such deal", status=404)
        return code, deal
    check_number(code.number)
    return code, deal


def deal_facts(code: DealCode, deal: Deal | None) -> dict[str, Any]:
    """Public facts of a deal: never the solver's line, which would spoil it."""
    return {
        "code": code.text,
        "label": deal.label if deal is not None else numbered_label(code.number, code.rule_set),
        "variant": code.rule_set,
        "number": None if code.sealed else code.number,
        "sealed": code.sealed,
        **_solver_facts(deal),
    }


def daily_deal_facts(deal: Deal) -> dict[str, Any]:
    """The facts of a daily deal named by its daily reference (``daily-YYYY-MM-DD-TP-E``):
    its code only once it is public, since the reference must not give the cards away."""
    return {
        "code": deal.public_code,
        "label": deal.label,
        "variant": deal.variant,
        "number": None if deal.sealed else deal.number,
        "sealed": deal.sealed,
        **_solver_facts(deal),
    }


def _solver_facts(deal: Deal | None) -> dict[str, Any]:
    fact = getattr(deal, "solver_fact", None) if deal is not None else None
    return {
        "winnable": fact.winnable if fact is not None else None,
        "par": fact.par_moves if fact is not None else None,
        "solved": fact is not None,
    }


def check_daily_request(variant: str) -> DailyDeal:
    """Today's daily deal (platform time zone) for a variant; 404 when none is picked yet."""
    chosen = check_variant(variant)
    daily = (
        DailyDeal.objects.select_related("deal").filter(date=today(), variant=chosen.value).first()
    )
    if daily is None:
        raise DealRequestError("no_daily", f"no daily deal for {chosen.value} today", status=404)
    return daily
