"""``python -m config.serve``: uvicorn with the platform's hardening options, in one place.

``make run``, docker-compose, the Dockerfile and the tests that need a real ASGI server all
start uvicorn through this module, so that none of them forgets an option:

* ``proxy_headers=False``: uvicorn's own ``X-Forwarded-For`` handling trusts 127.0.0.1 by
  default (and anyone with ``--forwarded-allow-ips='*'``), which let any local client pick
  its address and dodge per-address rate limits. The client address is rewritten by
  config/proxies.py instead, and only for the peers listed in ``TRUSTED_PROXIES``.
* ``ws_max_size``: a WebSocket message over this many bytes closes the socket with 1009
  (uvicorn's default is 16 MiB); messages under it but over the consumers' own limit
  (core/ws_frames.py) get an error frame.
* ``timeout_keep_alive``: an idle keep-alive connection is closed after 5 s.

uvicorn has no timeout for a request whose headers or body arrive slowly, and its httptools
parser (the one ``uvicorn[standard]`` picks) no limit on header size (a 200 KB header was
served, 2026-12-01): in production it runs behind the reverse proxy, and
deploy/nginx.conf holds those timeouts and limits.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, Final

WS_MAX_BYTES: Final = 64 * 1024
KEEP_ALIVE_SECONDS: Final = 5


def uvicorn_options() -> dict[str, Any]:
    """The options every uvicorn of the platform runs with (see the module docstring)."""
    return {
        "lifespan": "off",
        "proxy_headers": False,
        "ws_max_size": WS_MAX_BYTES,
        "ws_per_message_deflate": False,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "server_header": False,
    }


def main(argv: Sequence[str] | None = None) -> None:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m config.serve", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    uvicorn.run(
        "config.asgi:application",
        host=args.host,
        port=args.port,
        workers=args.workers,
        **uvicorn_options(),
    )


if __name__ == "__main__":
    main()
