"""Project-wide error views: JSON under /api/, Django's HTML pages elsewhere."""

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from config.body_limit import too_large_response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def handler400(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's own refusals: a body over DATA_UPLOAD_MAX_MEMORY_SIZE (413, though
    config/body_limit.py refuses those before Django reads them), a bad Host…"""
    if isinstance(exception, RequestDataTooBig):
        return too_large_response(request.path)
    if _is_api(request):
        body = {"reason": "bad_request", "message": "Bad request."}
        return JsonResponse({"error": body}, status=400)
    return defaults.bad_request(request, exception)


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
