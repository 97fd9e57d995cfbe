"""WebSocket handshakes only from the site's own pages: scheme, host and port must match.

channels' ``AllowedHostsOriginValidator`` compared the ``Origin`` header's host with
``ALLOWED_HOSTS`` and ignored its scheme and port, so a page served by anything else on
the same host (``http://127.0.0.1:9999``, another local service) could open sockets with
the player's cookies. Here the origin must be the socket's own origin: the ``Host`` the
browser connected to (itself one of ``ALLOWED_HOSTS``) with the scheme of the connection
(``https`` for ``wss``, or when ``TRUST_X_FORWARDED_PROTO`` is on and the proxy says
``X-Forwarded-Proto: https``), or one of ``CSRF_TRUSTED_ORIGINS`` exactly. Default ports
(80, 443) compare equal to no port. A refused handshake is closed before it is accepted
(HTTP 403). Tested by tests/reliability/test_security.py.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def normalised_origin(text: str) -> str | None:
    """``scheme://host[:port]`` lower-cased, without a default port; None if not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is None or port == DEFAULT_PORTS[parts.scheme]:
        return f"{parts.scheme}://{host}"
    return f"{parts.scheme}://{host}:{port}"


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def own_origin(scope: dict[str, Any]) -> str | None:
    """The origin of the page that may open this socket, from its Host and scheme."""
    host = _header(scope, b"host")
    if not host:
        return None
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    secure = scope.get("scheme") == "wss"
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header is not None:
        secure = secure or (_header(scope, b"x-forwarded-proto") or "").lower() == "https"
    return normalised_origin(f"{'https' if secure else 'http'}://{host}")


def origin_allowed(scope: dict[str, Any]) -> bool:
    origin = _header(scope, b"origin")
    if origin is None:
        return False
    wanted = normalised_origin(origin)
    if wanted is None:
        return False
    trusted = {normalised_origin(o) for o in settings.CSRF_TRUSTED_ORIGINS}
    return wanted == own_origin(scope) or wanted in trusted


class SameOriginValidator:
    """ASGI middleware for the ``websocket`` router: refuses foreign-origin handshakes."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            denier = WebsocketDenier()
            return await denier(scope, receive, send)
        return await self.app(scope, receive, send)
