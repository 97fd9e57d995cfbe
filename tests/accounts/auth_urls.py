"""A URLconf for tests: the site's URLs plus a small API guarded by BearerOrSession."""

from django.http import HttpRequest
from django.urls import path
from ninja import NinjaAPI

from accounts.auth import BearerOrSession
from config.api import install_error_handlers
from config.urls import urlpatterns as site_urlpatterns

api = NinjaAPI(urls_namespace="test_auth_api", docs_url=None)
install_error_handlers(api)


@api.get("/whoami", auth=BearerOrSession())
def whoami(request: HttpRequest) -> dict[str, object]:
    return {"user": request.auth.get_username(), "same": request.user == request.auth}


@api.post("/poke", auth=BearerOrSession(guest=True))
def poke(request: HttpRequest) -> dict[str, object]:
    return {"authenticated": request.auth.is_authenticated}


urlpatterns = [path("api/_test_auth/", api.urls), *site_urlpatterns]
