"""Django's messages, with the storage built only by a request that uses it.

``MessageMiddleware`` builds its storage for every request: the fallback storage makes a
cookie storage, and that a signer (``signing.get_cookie_signer``: the backend imported by
name, the key derived), about 4 % of the server's CPU under API submissions, which never
read or add a message (docs/performance.md §0d). Here the storage is a lazy object, built
the first time a view, a template's ``messages`` context or ``messages.add_message``
touches it. A request that never touched it has nothing to save: the storage's own
``update`` would do nothing then either (neither read nor added), so a messages cookie
it carried is left as it was, exactly as before.

Tested by tests/platform/test_messages_are_built_only_when_used.py (a message added by
the deal lookup survives its redirect and shows once; an API request builds no cookie
signer; a pending message outlives requests that do not read it).
"""

from __future__ import annotations

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject, empty


class LazyMessageMiddleware(MessageMiddleware):
    """``MessageMiddleware`` (a subclass, so the admin's system check still finds it)
    whose storage is built on first use."""

    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        messages = getattr(request, "_messages", None)
        if isinstance(messages, SimpleLazyObject) and messages._wrapped is empty:
            return response  # never built, so never read nor added to: nothing to save
        return super().process_response(request, response)
