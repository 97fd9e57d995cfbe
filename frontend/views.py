"""The browser pages. Each page is a template plus a small script module; the scripts read
the HTTP API and the WebSockets, and every game action goes to the server.

Views here only name what a page is about (a game, a deal, a day, a series, a player) and
embed what the page needs at once; rules, records and boards stay in their apps.
"""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from accounts.users import Account, AnyUser
from frontend.cards import page_language, rule_names, variant_labels, variant_options
from frontend.replays import ReplayUnavailable, replay_steps, starting_view
from games.engine import parse_code
from leaderboards.presenters import player_name

VARIANTS = ("TP-E", "TP-C", "PY")


def _common(request: HttpRequest, nav: str = "", **extra: Any) -> dict[str, Any]:
    context = {
        "nav": nav,
        "variants": [(v, variant_labels()[v], rule_names()[v]) for v in VARIANTS],
        "variant_options": variant_options(),
        "numbered_deals": settings.NUMBERED_DEALS,
    }
    context.update(extra)
    return context


def _player_name(user: AnyUser) -> str | None:
    """The signed-in player's public name; None for the anonymous user."""
    return player_name(user) if isinstance(user, Account) and user.is_authenticated else None


# ---- Home and starting games ------------------------------------------------------------


@ensure_csrf_cookie
def home(request: HttpRequest) -> HttpResponse:
    boot = {"numberedDeals": settings.NUMBERED_DEALS, "me": _player_name(request.user)}
    return render(request, "frontend/home.html", _common(request, "home", boot=boot))


def _chosen_rule_set(data: Any) -> str | None:
    """The rule set a picker names: its rule (``variant``) and its "Variants" choice
    (``options``, the literature's option letters), as the engine names it (``TP-E+OH``);
    the engine checks it."""
    variant = data.get("variant", "").strip() or None
    options = data.get("options", "").strip()
    return f"{variant}+{options}" if variant and options else variant


def _guest_key(request: HttpRequest) -> str:
    from games.guest_carry_over import guest_session_key

    return guest_session_key(request.session)


def _back(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.headers.get("referer") or "/"
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return "/"


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    """Start a game from a form (works without scripts; the scripts call the API)."""
    from games.services import deals, opening, play
    from games.services.errors import AccountRequired, GameServiceError

    daily_variant = request.POST.get("daily", "").strip()
    code_text = request.POST.get("code", "").strip()
    number_text = request.POST.get("number", "").strip()
    variant = _chosen_rule_set(request.POST)
    try:
        daily = None
        if daily_variant:
            daily = deals.check_daily_request(daily_variant)
            deal = daily.deal
        else:
            if not code_text and not number_text:
                import secrets

                number_text = str(1 + secrets.randbelow(settings.NUMBERED_DEALS))
            code = deals.check_deal_request(code_text or number_text, variant)
            deal = deals.get_or_create_deal(code)
        user = request.user if request.user.is_authenticated else None
        guest = "" if user is not None else _guest_key(request)
        game = opening.do_open_game(deal, play.Actor(user=user, guest_key=guest), daily).game
    except AccountRequired as err:
        messages.error(request, err.message(page_language()))
        return redirect(f"{reverse('accounts:signup')}?next=/")
    except GameServiceError as err:
        messages.error(request, err.message(page_language()))
        return HttpResponseRedirect(_back(request))
    return redirect("frontend:play", game_id=game.id)


@ensure_csrf_cookie
def play_page(request: HttpRequest, game_id: uuid.UUID) -> HttpResponse:
    from games.services import play
    from games.services.errors import GameForbidden, GameNotFound
    from games.services.listeners import in_a_contest

    try:
        game = play.load_game(game_id)
    except GameNotFound:
        raise Http404("no such game") from None
    user = request.user if request.user.is_authenticated else None
    try:
        play.check_can_act(game, user, request.session.session_key)
    except GameForbidden:
        return render(request, "frontend/forbidden.html", _common(request), status=403)
    payload = play.game_payload(game)
    elapsed = None
    if game.finished_at is None:
        elapsed = max(0, int((timezone.now() - game.started_at).total_seconds() * 1000))
    boot = {
        "gameId": str(game.id),
        "variant": game.deal.variant,
        "game": payload,
        "elapsedMs": elapsed,
        "numberedDeals": settings.NUMBERED_DEALS,
        "me": _player_name(request.user),
    }
    context = _common(
        request,
        "play",
        boot=boot,
        game=payload,
        variant=game.deal.variant,
        deal_code=payload["deal"]["code"],
        deal_number=payload["deal"]["number"],
        daily=game.daily,
        # Hint and the par pacer: practice and numbered games only (games.services.pacer).
        solver_help=not game.ranked and not in_a_contest(game),
        rules_page=rules_page_of(game.deal.variant),
        brief_template=f"frontend/rules/_brief_{rules_page_of(game.deal.variant)}.html",
    )
    return render(request, "frontend/play.html", context)


# ---- How to play ----------------------------------------------------------------------------

#: The how-to-play pages: the rule books' sections (seeds 000/003 for TriPeaks, 002 for
#: Pyramid), in the catalogs word for word in French and Romanian.
RULE_PAGES = {
    "tripeaks": ("frontend/rules/tripeaks.html", gettext_noop("The rules of TriPeaks")),
    "pyramid": ("frontend/rules/pyramid.html", gettext_noop("The rules of Pyramid")),
}


def rules_page_of(variant: str) -> str:
    """The how-to-play page's slug for a rule set (TriPeaks Easy and Classic share one;
    a variant's rule set, ``PY+SR1``, is its base game's)."""
    return "pyramid" if variant.split("+")[0] == "PY" else "tripeaks"


def how_to_play(request: HttpRequest, game: str) -> HttpResponse:
    if game not in RULE_PAGES:
        raise Http404("no such game")
    template, title = RULE_PAGES[game]
    context = _common(request, "rules", game=game, rules_template=template, title=_(title))
    return render(request, "frontend/how_to_play.html", context)


# ---- Deals and replays --------------------------------------------------------------------


def _deal_of(ref: str) -> tuple[str, str, Any]:
    """A public deal from its URL (a code, or a daily reference): (code or "", ref, deal).
    The one resolver (``games.refs.resolve_deal_ref``): a future daily is 404 here
    exactly as on the API, so the pages tell nothing of the days ahead."""
    from games.refs import resolve_deal_ref
    from games.services.errors import GameServiceError

    try:
        deal, parsed = resolve_deal_ref(ref)
    except GameServiceError:
        raise Http404("no such deal") from None
    if parsed is None:  # a daily reference
        assert deal is not None
        return deal.public_code or "", ref, deal
    return parsed.text, parsed.text, deal


@ensure_csrf_cookie
def deal_page(request: HttpRequest, ref: str) -> HttpResponse:
    asked = ref
    code, ref, deal = _deal_of(ref)
    if code and asked != code and not asked.lower().startswith("daily-"):
        return redirect("frontend:deal", ref=code)  # one URL per deal: its canonical code
    variant = deal.variant if deal is not None else _variant_of_code(code)
    number = None
    if code and not (deal is not None and deal.sealed):
        number = deal.number if deal is not None else _number_of_code(code)
    view = starting_view(code) if code else None
    boot = {
        "ref": ref,
        "code": code or None,
        "variant": variant,
        "startView": view,
        "me": _player_name(request.user),
        "numberedDeals": settings.NUMBERED_DEALS,
    }
    context = _common(
        request, "deal", boot=boot, code=code, ref=ref, variant=variant, deal=deal, number=number
    )
    base, _plus, options = variant.partition("+")
    context.update(variant_base=base, variant_current_options=options)
    return render(request, "frontend/deal.html", context)


def deal_lookup(request: HttpRequest) -> HttpResponse:
    """``/deals/?number=12&variant=TP-E`` or ``?code=…``: the deal page of what was typed."""
    from games.services import deals
    from games.services.errors import GameServiceError

    text = request.GET.get("code", "").strip() or request.GET.get("number", "").strip()
    variant = _chosen_rule_set(request.GET)
    if not text:
        messages.error(request, _("Give a deal number or a deal code."))
        return HttpResponseRedirect(_back(request))
    try:
        code = deals.check_deal_request(text, None if request.GET.get("code") else variant)
    except GameServiceError as err:
        messages.error(request, err.message(page_language()))
        return HttpResponseRedirect(_back(request))
    return redirect("frontend:deal", ref=code.text)


def _variant_of_code(code: str) -> str:
    return parse_code(code).rule_set


def _number_of_code(code: str) -> int:
    return parse_code(code).number


def replay_page(request: HttpRequest, ref: str, result_id: int) -> HttpResponse:
    code, ref, deal = _deal_of(ref)
    if not code or deal is None:
        raise Http404("this deal's moves are not public yet")
    try:
        replay = replay_steps(deal, result_id, staff=request.user.is_staff)
    except ReplayUnavailable as err:
        raise Http404(str(err)) from None
    boot = {"code": code, "variant": deal.variant, **replay}
    context = _common(request, "deal", boot=boot, code=code, variant=deal.variant, replay=replay)
    return render(request, "frontend/replay.html", context)


# ---- Daily archive, series, players -------------------------------------------------------


def daily_page(request: HttpRequest, day: str | None = None) -> HttpResponse:
    if day is None and request.GET.get("day"):
        return redirect("frontend:daily_day", day=request.GET["day"][:10])
    if day is not None:
        try:
            date.fromisoformat(day)
        except ValueError:
            raise Http404("not a date") from None
    boot = {"date": day, "me": _player_name(request.user)}
    return render(request, "frontend/daily.html", _common(request, "daily", boot=boot, day=day))


def series_list(request: HttpRequest) -> HttpResponse:
    boot = {"slug": None, "me": _player_name(request.user)}
    return render(request, "frontend/series.html", _common(request, "series", boot=boot))


@ensure_csrf_cookie
def series_page(request: HttpRequest, slug: str) -> HttpResponse:
    boot = {"slug": slug, "me": _player_name(request.user)}
    return render(request, "frontend/series.html", _common(request, "series", boot=boot, slug=slug))


def player_page(request: HttpRequest, name: str) -> HttpResponse:
    me = _player_name(request.user)
    boot = {"name": name, "me": me}
    nav = "me" if me is not None and me.lower() == name.lower() else ""
    return render(request, "frontend/player.html", _common(request, nav, boot=boot, name=name))


def player_stats_page(request: HttpRequest, name: str) -> HttpResponse:
    """A player's statistics (leaderboards/player_stats.py), embedded in the page."""
    from leaderboards.player_stats import player_statistics

    stats = player_statistics(name)
    if stats is None:
        raise Http404("no such player")
    me = _player_name(request.user)
    nav = "me" if me is not None and me.lower() == name.lower() else ""
    context = _common(request, nav, boot=stats, name=stats["name"])
    return render(request, "frontend/player_stats.html", context)


def me(request: HttpRequest) -> HttpResponse:
    name = _player_name(request.user)
    if name is None:
        return redirect(f"{reverse('accounts:login')}?next={reverse('frontend:me')}")
    return redirect("frontend:player", name=name)
