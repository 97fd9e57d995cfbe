"""The deal admin: searchable list, layout drawn as cards, solver facts, "Solve now"."""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.engine import card_symbol, new_game
from games.models import Deal, Game, SolverFact
from games.services import deals, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client: Client) -> Client:
    admin = get_user_model().objects.create_superuser("root", "root@example.com", "pw-123456")
    client.force_login(admin)
    return client


def make_deal(code: str) -> Deal:
    return deals.get_or_create_deal(deals.check_deal_request(code))


def test_the_deal_list_searches_by_code_and_number_and_filters(admin_client: Client) -> None:
    make_deal("TP1-E-AAAAAAB")
    make_deal("PY1-N-AAAABCD")
    number = make_deal("TP1-C-AAAABCD").number
    page = admin_client.get("/admin/games/deal/", {"q": f"#{number}"}).content.decode()
    assert "TP1-C-AAAABCD" in page and "PY1-N-AAAABCD" in page and "TP1-E-AAAAAAB" not in page
    page = admin_client.get("/admin/games/deal/", {"q": "py1-n"}).content.decode()
    assert "PY1-N-AAAABCD" in page and "TP1-C-AAAABCD" not in page
    page = admin_client.get("/admin/games/deal/", {"variant__exact": "TP-E"}).content.decode()
    assert "TP1-E-AAAAAAB" in page and "PY1-N-AAAABCD" not in page
    assert admin_client.get("/admin/games/deal/", {"sealed__exact": "1"}).status_code == 200


@pytest.mark.parametrize("code", ["TP1-E-AAAAAAB", "PY1-N-AAAAAAS"])
def test_the_deal_page_draws_every_card_and_the_stock(admin_client: Client, code: str) -> None:
    deal = make_deal(code)
    page = admin_client.get(f"/admin/games/deal/{deal.pk}/change/").content.decode()
    game = new_game(code)
    for card in (*game.tableau, *game.stock, game.discard[-1]):
        assert card_symbol(card) in page
    assert "Not solved yet" in page
    assert "#c00" in page  # red suits are drawn red


def test_the_deal_page_shows_the_solvers_facts(admin_client: Client) -> None:
    deal = make_deal("TP1-E-AAAAAAB")
    SolverFact.objects.create(
        deal=deal,
        winnable=True,
        par_moves=41,
        solution="D 2C",
        best_cards_left=0,
        best_moves=41,
        nodes=1234,
        ms=5.5,
    )
    page = admin_client.get(f"/admin/games/deal/{deal.pk}/change/").content.decode()
    assert "par: 41 moves" in page and "1234 nodes" in page


def test_solve_now_enqueues_one_task_per_deal(
    admin_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.tasks import solving

    queued: list[int] = []
    monkeypatch.setattr(solving.solve_deal, "delay", lambda deal_id: queued.append(deal_id))
    ids = [make_deal("TP1-E-AAAAAAB").pk, make_deal("PY1-N-AAAAAAC").pk]
    response = admin_client.post(
        "/admin/games/deal/", {"action": "solve_now", "_selected_action": ids}
    )
    assert response.status_code == 302
    assert sorted(queued) == sorted(ids)


def test_the_solve_task_stores_the_solvers_answer(
    monkeypatch: pytest.MonkeyPatch, celery_eager: Any
) -> None:
    """The task loads the deal, solves it and stores via games.solver_facts."""
    solver = pytest.importorskip("games.engine.solver")
    from games.tasks.solving import solve_deal

    deal = make_deal("TP1-E-AAAAAAB")
    answer = solver.solve(deal.code, time_budget_s=10)
    stored: list[tuple[Deal, Any]] = []

    def do_store_solution(deal: Deal, solution: Any) -> SolverFact:
        stored.append((deal, solution))
        return SolverFact(deal=deal, winnable=solution.winnable, par_moves=solution.moves)

    fake = types.ModuleType("games.solver_facts")
    fake.do_store_solution = do_store_solution  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "games.solver_facts", fake)
    result = solve_deal.delay(deal.pk).get()
    assert stored and stored[0][0] == deal and stored[0][1].winnable == answer.winnable
    assert result == {"deal": deal.pk, "winnable": answer.winnable, "par": answer.moves}
    assert solve_deal.delay(10**9).get() is None


def test_games_are_listed_read_only(admin_client: Client) -> None:
    deal = make_deal("TP1-E-AAAAAAB")
    game = play.do_start_game(deal, None, "some-session")
    assert admin_client.get("/admin/games/game/").status_code == 200
    page = admin_client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert admin_client.post(f"/admin/games/game/{game.pk}/delete/").status_code == 403
    assert Game.objects.count() == 1


def test_solve_now_stores_the_solvers_facts_for_real(celery_eager: Any) -> None:
    solver = pytest.importorskip("games.engine.solver")
    from games.tasks.solving import solve_deal

    deal = make_deal("TP1-E-AAAAAAB")
    answer = solver.solve(deal.code, time_budget_s=10)
    solve_deal.delay(deal.pk, 10).get()
    fact = SolverFact.objects.get(deal=deal)
    assert (fact.winnable, fact.par_moves) == (answer.winnable, answer.moves)
    assert fact.solution == answer.log and fact.nodes == answer.nodes


def test_an_unknown_verdict_never_replaces_a_known_one() -> None:
    Solution = pytest.importorskip("games.engine.solver").Solution
    from games.solver_facts import do_store_solution

    deal = make_deal("TP1-E-AAAAAAB")
    known = Solution(code=deal.code, variant="TP-E", winnable=True, moves=40, solution=["D"])
    unknown = Solution(code=deal.code, variant="TP-E", winnable=None, moves=None,
                       budget_exhausted="time")  # fmt: skip
    do_store_solution(deal, known)
    fact = do_store_solution(deal, unknown)
    assert (fact.winnable, fact.par_moves) == (True, 40)
    assert SolverFact.objects.get(deal=deal).winnable is True
