"""The pages of live matches: the list (create one, join by code) and one match (lobby,
countdown, standings, round summaries, podium). Like every page here they only name
what they show; the scripts read ``/api/matches`` and ``/ws/matches/<id>/``."""

from __future__ import annotations

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from frontend.views import _common, _player_name


@ensure_csrf_cookie
def matches_page(request: HttpRequest) -> HttpResponse:
    boot = {"me": _player_name(request.user)}
    return render(request, "frontend/matches.html", _common(request, "matches", boot=boot))


@ensure_csrf_cookie
def match_page(request: HttpRequest, match_id: uuid.UUID) -> HttpResponse:
    boot = {"id": str(match_id), "me": _player_name(request.user)}
    return render(request, "frontend/match.html", _common(request, "matches", boot=boot))
