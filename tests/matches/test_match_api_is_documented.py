"""Issue 16's API is in the OpenAPI document: every match call, the round game's
``POST /api/games {"match"}``, and the snapshot's fields (coalesced frames, the end
reason, games not played, the side-by-side replays)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
def test_every_match_call_and_the_snapshot_fields_are_documented() -> None:
    schema = Client().get("/api/openapi.json").json()
    calls = {(path, method) for path, item in schema["paths"].items() for method in item}
    for path, method in [
        ("/api/matches", "post"),
        ("/api/matches", "get"),
        ("/api/matches/{ref}", "get"),
        ("/api/matches/{ref}/join", "post"),
        ("/api/matches/{ref}/ready", "post"),
        ("/api/matches/{ref}/start", "post"),
        ("/api/matches/{ref}/leave", "post"),
        ("/api/games", "post"),
        ("/api/deals/{ref}/ghost", "get"),
        ("/api/players/{name}/matches", "get"),
    ]:
        assert (path, method) in calls, (path, method)
    snapshot = schema["components"]["schemas"]["MatchOut"]["properties"]
    assert "changed_at" in snapshot and "no_deal" in snapshot["type"]["description"]
    assert "end_reason" in snapshot["match"]["description"]
    assert "played" in snapshot["players"]["description"]
    assert "side-by-side" in snapshot["rounds"]["description"]
    game_in = schema["components"]["schemas"]["GameCreateIn"]["properties"]
    assert "match" in game_in
