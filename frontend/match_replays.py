"""A finished match's round, replayed side by side: the round's deal code and every
player's timed replay on one page, on one clock (issue 16: "each round's deal code is
revealed with every player's timed replay side by side").

Each replay is the one of the replay page (``frontend.replays.replay_steps``: the
result's log folded through the engine on the server, cached per result), so nothing
is replayed in the browser and nothing new is computed per request. One round a page:
a round holds at most 8 replays of at most ``MAX_REPLAY_BYTES`` each. Only once the
match is over (its codes revealed); before, the page is 404 like a sealed deal's.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from frontend.replays import ReplayUnavailable, replay_steps
from frontend.views import _common
from leaderboards.models import Result
from leaderboards.presenters import player_name
from matches.models import Match, RoundGame
from matches.standings import snapshot


def round_replays(match: Match, number: int) -> dict[str, Any]:
    """The round's code, its players in rank order with their figures, and each one's
    replay (None for a player without a stored result: a forfeit before the round)."""
    frame = snapshot(match)
    summary = next((r for r in frame["rounds"] if r["number"] == number), None)
    if summary is None or summary["deal"] is None:
        raise Http404("no such round, or its code is not revealed yet")
    entries = RoundGame.objects.filter(round__match=match, round__number=number).select_related(
        "round__deal", "seat__player__profile"
    )
    results = dict(
        Result.objects.filter(game__match_entry__in=entries).values_list("game_id", "pk")
    )
    by_name = {player_name(e.seat.player): e for e in entries}
    players = []
    for line in summary["results"]:
        entry = by_name.get(line["name"])
        replay = None
        if entry is not None and entry.game_id in results:
            try:
                replay = replay_steps(entry.round.deal, results[entry.game_id])
            except ReplayUnavailable:  # held for review: shown to staff on its own page
                replay = None
        players.append({**line, "replay_steps": replay})
    return {
        "match": frame["match"],
        "number": number,
        "rounds": [r["number"] for r in frame["rounds"]],
        "code": summary["deal"],
        "variant": match.variant,
        "players": players,
    }


def match_round_replays_page(
    request: HttpRequest, match_id: uuid.UUID, number: int
) -> HttpResponse:
    match = Match.objects.select_related("creator__profile").filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED:
        raise Http404("the replays are shown once the match is over")
    boot = round_replays(match, number)
    context = _common(request, "matches", boot=boot, replays=boot)
    return render(request, "frontend/match_replays.html", context)
