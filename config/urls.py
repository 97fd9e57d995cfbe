from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from config.api import api

urlpatterns: list[URLPattern | URLResolver] = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", api.urls),
    path("", include("frontend.urls")),
]

if settings.BENCH_VIEWS:  # bench/submissions.py's baseline (config/bench_views.py)
    from config.bench_views import stamp_live_pushes
    from config.bench_views import urlpatterns as bench_urlpatterns

    urlpatterns = [*bench_urlpatterns, *urlpatterns]
    stamp_live_pushes()  # done already by config/asgi.py under uvicorn; does nothing twice

handler400 = "config.views.handler400"
handler404 = "config.views.handler404"
handler500 = "config.views.handler500"
