"""Finding a match by its id or its join code, optionally under its row lock."""

from __future__ import annotations

import uuid

from django.db import connection
from django.db.models import F

from matches.codes import looks_like_code, normalise
from matches.errors import not_found
from matches.models import Match


def match_key(ref: str | uuid.UUID) -> dict[str, object]:
    """The lookup for a match id (UUID) or a join code; MatchError 404 if neither."""
    if isinstance(ref, uuid.UUID):
        return {"pk": ref}
    text = str(ref).strip()
    try:
        return {"pk": uuid.UUID(text)}
    except ValueError:
        pass
    if looks_like_code(text):
        return {"code": normalise(text)}
    raise not_found()


def load_match(ref: str | uuid.UUID, *, lock: bool = False) -> Match:
    """The match named by ``ref``. ``lock``: under its row lock (inside a transaction),
    so that every change to a match (joins, starts, round ends) runs one at a time."""
    key = match_key(ref)
    queryset = Match.objects.select_related("creator__profile")
    if lock:
        queryset = queryset.select_for_update(of=("self",))
        if connection.vendor == "sqlite":
            # SQLite ignores FOR UPDATE: writing first takes the database's write lock
            # (as games.services.play does for a game's row).
            Match.objects.filter(**key).update(status=F("status"))
    match = queryset.filter(**key).first()
    if match is None:
        raise not_found()
    return match
