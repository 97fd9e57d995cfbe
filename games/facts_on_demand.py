"""Solver facts for every numbered deal, solved the first time someone needs them.

``GET /api/deals/<code>`` (the deal page) asks ``request_facts``: a numbered deal nobody
has solved gets one ``games.solve_deal`` Celery task (a cache key keeps a deal from
being queued twice while it waits). In development Celery is eager, so the answer is
stored before the request goes on; with a worker it comes later, and ``publish_facts``
pushes it to the deal's watchers (``/ws/deals/<code>/``, frame ``{"type": "facts"}``).
Sealed deals are solved when they are made (daily deal vetting), never from here.
Only winnable and par leave the server; the solver's line never does.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.models import Deal, SolverFact

#: How long a queued solve keeps others from queueing it again (seconds).
QUEUED_FOR_S = 600


def has_facts(deal: Deal) -> bool:
    return SolverFact.objects.filter(deal=deal).exists()


def request_facts(deal: Deal) -> bool:
    """Queue the solve of a numbered deal without facts; True if a task was sent."""
    from games.tasks.solving import solve_deal

    # Sealed deals are vetted when made; any numbered deal, of the app's rules or of a
    # variant's (issue 17), is solved under its code's own rules.
    if deal.sealed or has_facts(deal):
        return False
    if not cache.add(f"arena:solving:{deal.code}", 1, timeout=QUEUED_FOR_S):
        return False
    solve_deal.delay(deal.pk)
    return True


def facts_payload(deal: Deal) -> dict[str, Any]:
    """The facts frame of a numbered deal (the same fields as its API answer)."""
    from games.engine import parse_code
    from games.services.deals import deal_facts

    fresh = Deal.objects.select_related("solver_fact").get(pk=deal.pk)
    return {"type": "facts", "facts": deal_facts(parse_code(fresh.code), fresh)}


def publish_facts(deal: Deal) -> None:
    """Tell the deal's watchers its facts, once the transaction that stored them commits."""
    from core.pushes import publish_on_commit
    from games.groups import deal_group

    if deal.sealed:
        return
    publish_on_commit([deal_group(deal)], facts_payload(deal))
