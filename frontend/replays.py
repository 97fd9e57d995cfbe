"""Replays of results, computed by the engine on the server.

A result's log is folded through the engine and the player's view is taken after every
token, so the page steps through exactly what the player saw, and the browser never
replays a rule itself. Only public deals are replayed: a numbered deal's layout is public
through its code anyway, and a sealed daily deal only once its day has closed.
"""

from __future__ import annotations

from typing import Any

from games.engine import EngineError, new_game, parse_log


class ReplayUnavailable(Exception):
    """No replay for this result: unknown, of another deal, or its deal is still sealed."""


#: Longest log replayed on a page (a game holds at most 3000 actions on the server).
MAX_STEPS = 3000


def starting_view(code: str) -> dict[str, Any]:
    """What a player sees when they deal ``code``."""
    return new_game(code).view()


def _player_name(user: Any) -> str:
    profile = getattr(user, "profile", None)
    return str(getattr(profile, "display_name", None) or user.get_username())


def replay_steps(deal: Any, result_id: int, *, staff: bool = False) -> dict[str, Any]:
    """The result's facts and the view after each of its tokens (step 0: the deal).
    A result held for bot-speed review is shown to staff only (the admin's timed replay)."""
    from leaderboards.models import Result

    if deal.public_code is None:
        raise ReplayUnavailable("this deal is sealed until its day closes")
    result = (
        Result.objects.select_related("player__profile", "deal")
        .filter(pk=result_id, deal=deal)
        .first()
    )
    if result is None or result.disqualified or (result.held and not staff):
        raise ReplayUnavailable("no such result on this deal")
    try:
        tokens = parse_log(result.log)
    except EngineError as err:
        raise ReplayUnavailable(f"the log does not read: {err}") from None
    tokens = tokens[:MAX_STEPS]
    game = new_game(deal.code)
    steps: list[dict[str, Any]] = [{"token": None, "view": game.view()}]
    for token in tokens:
        try:
            game.apply(token)
        except EngineError:
            break  # a stored log always replays; stop quietly if it ever does not
        steps.append({"token": token, "view": game.view()})
    return {
        "result": {
            "id": result.pk,
            "player": _player_name(result.player),
            "won": result.won,
            "cards_left": result.cards_left,
            "score": result.score,
            "moves": result.moves,
            "duration_ms": result.duration_ms,
            "created_at": result.created_at.isoformat(),
            "source": result.source,
            # The server's ms from the start to each action: the replay's recorded pace.
            "timings": list(result.timings or []),
            "held": result.held,
        },
        "steps": steps,
    }
