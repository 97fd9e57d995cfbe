from django.contrib import admin
from django.urls import include, path

from config.api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("api/", api.urls),
    path("", include("frontend.urls")),
]

handler400 = "config.views.handler400"
handler404 = "config.views.handler404"
handler500 = "config.views.handler500"
