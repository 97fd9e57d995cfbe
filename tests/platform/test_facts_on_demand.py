"""A numbered deal's solver facts are solved when first asked for (GET /api/deals/<code>,
Celery eager here) and pushed to the deal's watchers (/ws/deals/<code>/) when stored.
The answers are checked against the golden file tests/data/solver_facts.txt."""

from __future__ import annotations

from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.engine import parse_code
from games.models import Deal, SolverFact
from games.services.deals import get_or_create_deal
from games.tasks.solving import solve_deal

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "solver_facts.txt"


def golden(code: str) -> tuple[bool, int | None]:
    for line in GOLDEN.read_text().splitlines():
        parts = line.split()
        if parts and parts[0] == code:
            return parts[1] == "won", None if parts[2] == "-" else int(parts[2])
    raise KeyError(code)


@pytest.mark.django_db
@pytest.mark.usefixtures("celery_eager")
@pytest.mark.parametrize("code", ["TP1-E-AAAAAAC", "TP1-C-AAAAAAD"])
def test_the_first_request_solves_a_numbered_deal(code: str) -> None:
    assert not SolverFact.objects.exists()
    facts = Client().get(f"/api/deals/{code}").json()
    winnable, par = golden(code)
    assert (facts["solved"], facts["winnable"], facts["par"]) == (True, winnable, par)
    assert "solution" not in facts
    # Asked again: the stored answer, no second solve.
    fact = SolverFact.objects.get(deal__code=code)
    Client().get(f"/api/deals/{code}")
    assert SolverFact.objects.get(deal__code=code).solved_at == fact.solved_at


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("celery_eager")
async def test_the_stored_facts_are_pushed_to_the_deal_page() -> None:
    code = "TP1-E-AAAAAAE"
    deal = await sync_to_async(get_or_create_deal)(parse_code(code))
    watcher = WebsocketCommunicator(
        application,
        f"/ws/deals/{code}/",
        headers=[(b"origin", b"http://localhost"), (b"host", b"localhost")],
    )
    connected, _ = await watcher.connect()
    assert connected
    first = await watcher.receive_json_from(timeout=5)
    assert first["type"] == "board"
    await sync_to_async(solve_deal)(deal.pk)  # what a worker runs
    pushed = await watcher.receive_json_from(timeout=10)
    winnable, par = golden(code)
    assert pushed["type"] == "facts"
    assert (pushed["facts"]["code"], pushed["facts"]["winnable"], pushed["facts"]["par"]) == (
        code,
        winnable,
        par,
    )
    await watcher.disconnect()
    assert await sync_to_async(Deal.objects.filter(code=code).count)() == 1
