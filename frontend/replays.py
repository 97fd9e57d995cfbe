"""Replays of results, computed by the engine on the server, once per result.

A result's log goes through the engine's ``replay_steps``, which gives the player's view
after every token, so the page steps through exactly what the player saw, and the browser never
replays a rule itself. Only public deals are replayed: a numbered deal's layout is public
through its code anyway, and a sealed daily deal only once its day has closed.

Bounded work and size (issue 12: a 20 KB log of "D U" made every anonymous view compute
3,000 views, 4.7 MB per answer):

* :func:`fold_log` is the only place here that asks the engine. Its answer is cached per
  result and log (``CACHE_PREFIX``, in Django's cache: Redis on the real stack), so a
  result's replay costs O(its log) once, not once per request;
* the answer is compact: the starting view once, then per step only what changed (the
  tableau entries that changed, the other fields that changed), each tableau entry as
  ``[card, face_up, free]``; ``legal`` is left out (a replay plays nothing). A step is
  at most ``MAX_STEP_BYTES`` of JSON (tests/reliability/test_replays_are_bounded.py
  checks the worst logs), so a replay of at most ``MAX_STEPS`` steps is under
  ``MAX_REPLAY_BYTES``;
* anonymous replay requests are rate-limited per address (``RATE_LIMIT_REPLAYS``,
  core/ratelimit.py).
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

from django.core.cache import cache

from games.engine import EngineError, GameView, TableauEntry, new_game, parse_log
from games.engine import replay_steps as replay_frames
from games.models import Deal


class ReplayUnavailable(Exception):
    """No replay for this result: unknown, of another deal, or its deal is still sealed."""


#: Longest log replayed on a page (a game holds at most 3000 actions on the server).
MAX_STEPS: Final = 3000
#: The largest step (a Pyramid pair that frees four cards, with every counter changing)
#: encodes to well under this; checked by the tests on the worst logs.
MAX_STEP_BYTES: Final = 200
#: The starting view and the result's facts.
MAX_START_BYTES: Final = 4096
MAX_REPLAY_BYTES: Final = MAX_START_BYTES + MAX_STEPS * MAX_STEP_BYTES  # 604,096 bytes
#: Bump when the shape of :func:`fold_log`'s answer changes: old cache entries are unused.
CACHE_PREFIX: Final = "replay:v1"
CACHE_SECONDS: Final = 7 * 24 * 3600
#: View fields a replay does not need.
LEFT_OUT: Final = ("legal",)


def starting_view(code: str) -> GameView:
    """What a player sees when they deal ``code``."""
    return new_game(code).view()


def pack_entry(entry: TableauEntry | None) -> list[Any] | None:
    """A tableau entry as ``[card, face_up, free]`` (``null`` for a removed card)."""
    if entry is None:
        return None
    return [entry["card"], int(bool(entry["face_up"])), int(bool(entry["free"]))]


def pack_view(view: GameView) -> dict[str, Any]:
    packed: dict[str, Any] = {key: value for key, value in view.items() if key not in LEFT_OUT}
    packed["tableau"] = [pack_entry(entry) for entry in view["tableau"]]
    return packed


def view_diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What changed from one packed view to the next: ``{"t": [[index, entry], ...],
    field: new value, ...}``."""
    diff: dict[str, Any] = {
        key: value for key, value in after.items()
        if key != "tableau" and before.get(key) != value
    }  # fmt: skip
    changed = [
        [index, entry]
        for index, (old, entry) in enumerate(zip(before["tableau"], after["tableau"], strict=True))
        if old != entry
    ]
    if changed:
        diff["t"] = changed
    return diff


def fold_log(code: str, log: str) -> dict[str, Any]:
    """``{"start": packed view, "steps": [[token, diff], ...]}``: the engine's work."""
    try:
        tokens = parse_log(log)
    except EngineError as err:
        raise ReplayUnavailable(f"the log does not read: {err}") from None
    frames = replay_frames(code, tokens[:MAX_STEPS])
    previous = start = pack_view(next(frames).view)
    steps: list[list[Any]] = []
    try:
        for frame in frames:
            current = pack_view(frame.view)
            assert frame.step is not None  # only the first frame has no step
            steps.append([frame.step.action, view_diff(previous, current)])
            previous = current
    except EngineError:
        pass  # a stored log always replays; stop quietly if it ever does not
    return {"start": start, "steps": steps}


def cached_fold(result_id: int, code: str, log: str) -> dict[str, Any]:
    """:func:`fold_log`, computed once per result and log, then read from the cache."""
    digest = hashlib.sha256(f"{code}\n{log}".encode()).hexdigest()[:32]
    key = f"{CACHE_PREFIX}:{result_id}:{digest}"
    folded: dict[str, Any] | None = cache.get(key)
    if folded is None:
        folded = fold_log(code, log)
        cache.set(key, folded, CACHE_SECONDS)
    return folded


def replay_steps(deal: Deal, result_id: int, *, staff: bool = False) -> dict[str, Any]:
    """The result's facts, its starting view and the changes made by each of its tokens.
    A result held for bot-speed review is shown to staff only (the admin's timed replay)."""
    from leaderboards.models import Result
    from leaderboards.presenters import player_name

    if deal.public_code is None:
        raise ReplayUnavailable("this deal is sealed until its day closes")
    result = (
        Result.objects.select_related("player__profile", "deal")
        .filter(pk=result_id, deal=deal)
        .first()
    )
    if result is None or result.disqualified or (result.held and not staff):
        raise ReplayUnavailable("no such result on this deal")
    folded = cached_fold(result.pk, deal.code, result.log)
    return {
        "result": {
            "id": result.pk,
            "player": player_name(result.player),
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
            # Played with a hint (issue 15): shown on the replay, on no board.
            "assisted": result.assisted,
        },
        **folded,
    }
