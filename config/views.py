"""Project-wide error views: JSON under /api/, Django's HTML pages elsewhere."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"error": {"reason": "not_found", "message": "Not found."}}, status=404)
    return defaults.page_not_found(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(
            {"error": {"reason": "server_error", "message": "Internal server error."}},
            status=500,
        )
    return defaults.server_error(request)
