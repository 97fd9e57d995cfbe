"""The HTTP API (django-ninja), mounted at /api/; interactive docs at /api/docs.

Every error is JSON with one shape, ``{"error": {"reason": ..., "message": ...}}``:

* request validation -> 422, ``reason="invalid"``, plus ``fields`` naming each bad field;
* an engine error (``games.engine.errors.EngineError``, a ValueError) -> 400, its
  ``reason`` code and its message in the request's language;
* 401 / 403 / 404 / other ``HttpError`` -> that status.

The routers of ``games.api``, ``leaderboards.api``, ``leaderboards.review_api`` and
``matches.api`` are mounted here (config/ sees every app).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import get_language
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError

from games.api import router as games_router
from games.engine import EngineError
from games.services.errors import engine_message
from leaderboards.api import router as leaderboards_router
from leaderboards.review_api import router as review_router
from matches.api import router as matches_router

api = NinjaAPI(
    title="Solitaire Arena API",
    version="1",
    description="Deals, live games, results and records. Authenticate with "
    "`Authorization: Bearer <token>` (create a token on the account page) or a session.",
    docs_url="/docs",
    urls_namespace="api",
)


def error_body(reason: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"error": {"reason": reason, "message": message, **extra}}


def _field_name(loc: Any) -> str:
    parts = [str(p) for p in (loc or [])]
    # ninja prefixes the parameter source and the schema argument name: ["body", "payload", "x"]
    if len(parts) >= 3 and parts[0] in ("body", "form", "file"):
        parts = parts[2:]
    elif len(parts) >= 2 and parts[0] in ("query", "path", "header", "cookie", "body", "form"):
        parts = parts[1:]
    return ".".join(parts) or "request"


def _on_validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    fields = {_field_name(err.get("loc")): str(err.get("msg", "invalid")) for err in exc.errors}
    message = "; ".join(f"{name}: {msg}" for name, msg in fields.items()) or "invalid request"
    return json_response(request, error_body("invalid", message, fields=fields), status=422)


def _on_authentication_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return json_response(
        request,
        error_body("unauthorized", "A valid Bearer token or a logged-in session is required."),
        status=exc.status_code,
    )


def _on_http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    reason = {
        400: "bad_request",
        403: "forbidden",
        404: "not_found",
        409: "conflict",
        429: "throttled",
    }.get(exc.status_code, "error")
    return json_response(request, error_body(reason, str(exc)), status=exc.status_code)


def _on_not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return json_response(request, error_body("not_found", "Not found."), status=404)


def _on_value_error(request: HttpRequest, exc: ValueError) -> HttpResponse:
    if not isinstance(exc, EngineError):
        raise exc  # a bug, not a refused move: let Django answer 500
    lang = getattr(request, "LANGUAGE_CODE", None) or get_language() or "en"
    return json_response(request, error_body(exc.reason, engine_message(exc, lang)), status=400)


def json_response(request: HttpRequest, body: dict[str, Any], status: int) -> HttpResponse:
    return JsonResponse(body, status=status)


E = TypeVar("E", bound=Exception)


def _raised(
    handler: Callable[[HttpRequest, E], HttpResponse],
) -> Callable[[HttpRequest, E | type[E]], HttpResponse]:
    """``handler`` as ninja's type has it (an exception or its class); ninja passes the
    raised exception (``NinjaAPI.on_exception``), which is all our handlers read."""

    def handle(request: HttpRequest, exc: E | type[E]) -> HttpResponse:
        assert isinstance(exc, Exception)
        return handler(request, exc)

    return handle


def install_error_handlers(target: NinjaAPI) -> None:
    """Give ``target`` the platform's JSON error shape (used by ``api`` and by tests)."""
    target.add_exception_handler(ValidationError, _raised(_on_validation_error))
    target.add_exception_handler(AuthenticationError, _raised(_on_authentication_error))
    target.add_exception_handler(HttpError, _raised(_on_http_error))
    target.add_exception_handler(Http404, _raised(_on_not_found))
    target.add_exception_handler(ValueError, _raised(_on_value_error))


install_error_handlers(api)


class Health(Schema):
    ok: bool


@api.get("/health", response=Health, tags=["platform"], summary="Liveness check")
def health(request: HttpRequest) -> dict[str, bool]:
    return {"ok": True}


api.add_router("/", games_router)
api.add_router("/", leaderboards_router)
api.add_router("/", matches_router)
api.add_router("/", review_router)
