"""ASGI entry point: HTTP to Django, WebSockets to the routes of games, leaderboards, matches.

Serve with ``uvicorn config.asgi:application``.
"""

import os
from typing import Any

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set up Django (apps, models) before anything imports consumers or models; what
# django.core.asgi.get_asgi_application() does, with our handler (config/http_handler.py:
# the middleware chain in one hop on a reused request thread).
django.setup(set_prefix=False)
from config.http_handler import OneHopASGIHandler  # noqa: E402

django_asgi_app = OneHopASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

if settings.BENCH_VIEWS:
    # The benchmarks' hooks in every server process as it starts (config/bench_views.py),
    # not only with the URLconf, which Django loads on a process's first HTTP request: of
    # ``--workers N``, a process may serve WebSockets only, and its fan-out went unreported
    # (bench/fanout.py's server-side line, docs/performance.md 0e).
    from config.bench_views import stamp_live_pushes

    stamp_live_pushes()

from config.body_limit import BodyLimitMiddleware  # noqa: E402
from config.origins import SameOriginValidator  # noqa: E402
from config.proxies import TrustedProxyMiddleware  # noqa: E402
from games.routing import websocket_urlpatterns as games_sockets  # noqa: E402
from leaderboards.routing import websocket_urlpatterns as leaderboards_sockets  # noqa: E402
from matches.routing import websocket_urlpatterns as matches_sockets  # noqa: E402

websocket_urlpatterns: list[Any] = [*games_sockets, *leaderboards_sockets, *matches_sockets]
# Last: any other path is closed with 4404 instead of raising (config/ws_fallback.py).
from config.ws_fallback import websocket_fallback  # noqa: E402

websocket_urlpatterns += websocket_fallback

# uvicorn serves no static files by itself: with SERVE_STATIC on (the default) Django's
# static handler answers /static/ (the app's CSS/JS and the API docs' Swagger UI).
http_app: Any = django_asgi_app
if settings.SERVE_STATIC:
    http_app = ASGIStaticFilesHandler(django_asgi_app)

# The client address is rewritten first, for trusted proxies only (config/proxies.py);
# bodies over the limit are refused before Django reads them (config/body_limit.py);
# sockets open only from the site's own origin (config/origins.py).
application = TrustedProxyMiddleware(
    ProtocolTypeRouter(
        {
            "http": BodyLimitMiddleware(http_app),
            "websocket": SameOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    )
)
