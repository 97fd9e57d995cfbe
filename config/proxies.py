"""The client's address behind a trusted reverse proxy, and nobody else's word for it.

``X-Forwarded-For`` is a header anyone can send. It is read only when the connection
comes from an address in ``TRUSTED_PROXIES`` (a setting, empty by default: then the
header is ignored and the address is the TCP peer's). The client is the right-most address
of the header that is not itself a trusted proxy: a proxy appends the address it saw, so
everything left of that may have been written by the client. The ASGI ``client`` of HTTP
requests and WebSockets is rewritten here, so every reader of the address (the rate
limits, Django's ``REMOTE_ADDR``) sees the same one. uvicorn's own proxy-header handling
is turned off (config/serve.py): it trusts 127.0.0.1 by default.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable
from typing import Any

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """``["10.0.0.1", "172.16.0.0/12"]`` as networks; raises ValueError on a bad entry."""
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries)


@functools.lru_cache(maxsize=8)
def _networks_of(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return parse_networks(entries)


def trusted_networks() -> tuple[Network, ...]:
    """The ``TRUSTED_PROXIES`` setting, parsed (once per distinct value)."""
    from django.conf import settings

    return _networks_of(tuple(settings.TRUSTED_PROXIES))


def is_trusted(address: str | None, networks: tuple[Network, ...]) -> bool:
    if not address or not networks:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def forwarded_client(
    peer: str | None, header: str | None, networks: tuple[Network, ...]
) -> str | None:
    """The client's address: ``peer``, unless ``peer`` is a trusted proxy that forwarded
    for someone; then the right-most untrusted address of ``header``."""
    if not header or not is_trusted(peer, networks):
        return peer
    hops = [hop.strip() for hop in header.split(",") if hop.strip()]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer  # a malformed chain: keep the proxy's own address
        if not is_trusted(hop, networks):
            return hop
    return hops[0] if hops else peer


class TrustedProxyMiddleware:
    """ASGI middleware: rewrites ``scope["client"]`` from ``X-Forwarded-For`` for
    connections from ``TRUSTED_PROXIES`` only (HTTP and WebSocket)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            networks = trusted_networks()
            client = scope.get("client")
            if networks and client:
                header = _header(scope, b"x-forwarded-for")
                address = forwarded_client(str(client[0]), header, networks)
                if address != client[0]:
                    scope = {**scope, "client": (address, 0)}
        await self.app(scope, receive, send)


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    values = [value.decode("latin-1") for key, value in scope.get("headers", []) if key == name]
    return ",".join(values) if values else None
