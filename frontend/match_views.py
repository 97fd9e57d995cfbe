"""The pages of live matches: the list (create one, join by code) and one match (lobby,
countdown, standings, round summaries, podium). Like every page here they only name
what they show; the scripts read ``/api/matches`` and ``/ws/matches/<id>/``."""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from frontend.cards import rule_set_label
from frontend.views import VARIANTS, _common, _player_name
from matches.rules import match_options


def match_variants() -> list[tuple[str, str]]:
    """The "Variants" group of the match form: each TriPeaks base with each one option
    matches take (``rules.MATCH_OPTIONS``; combinations by the API), named in words."""
    names = [
        f"{base}+{option}"
        for base in VARIANTS
        if base.startswith("TP")
        for option in match_options()
    ]
    return [(name, rule_set_label(name)) for name in names]


@ensure_csrf_cookie
def matches_page(request: HttpRequest) -> HttpResponse:
    boot = {"me": _player_name(request.user)}
    context = _common(request, "matches", boot=boot, match_variants=match_variants())
    return render(request, "frontend/matches.html", context)


@ensure_csrf_cookie
def match_page(request: HttpRequest, match_id: uuid.UUID) -> HttpResponse:
    boot = {"id": str(match_id), "me": _player_name(request.user)}
    return render(request, "frontend/match.html", _common(request, "matches", boot=boot))
